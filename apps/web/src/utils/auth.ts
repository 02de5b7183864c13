import { TOKEN_KEY } from '../settings.ts';

/** The session token lives in localStorage under the spec's key and travels as a bearer credential. */
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function removeToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}
