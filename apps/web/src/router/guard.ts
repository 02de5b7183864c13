/**
 * The route guard's decision (spec §4), as a pure function so it can be tested on its own.
 * The loader in guard-loader.ts applies it with the stores.
 */

/** Paths reachable without a token (spec §4, exactly as listed). */
export const WHITE_LIST: readonly string[] = [
  '/home',
  '/login',
  '/auth-redirect',
  '/dashboard',
  '/papercheck',
  '/papercheck/check',
  '/papergc/gc',
  '/papermachinesubmit/papermachine',
  '/aigcdown/machine',
  '/paper/check',
  '/paper/report',
  '/paperwirte/gc',
  '/paperwirte/report',
  '/papermachine/papermachine',
  '/papermachine/list',
  '/machine/machine',
  '/machine/list',
];

export type GuardDecision =
  /** Leave for another path (`/` for a signed-in user on /login, /login?redirect=… for a guest). */
  | { action: 'redirect'; to: string }
  /** Signed in with roles loaded. */
  | { action: 'proceed' }
  /** Signed in without roles: load the user, build the routes, then decide again. */
  | { action: 'load-user' }
  /** No token on a whitelisted path: allowed as the default guest (role admin). */
  | { action: 'guest' };

export interface GuardInput {
  /** Path without query. */
  path: string;
  /** Path with query, kept in the redirect parameter. */
  fullPath: string;
  hasToken: boolean;
  hasRoles: boolean;
}

/** `/login?redirect=<original path>`. */
export function loginRedirect(fullPath: string): string {
  return `/login?${new URLSearchParams({ redirect: fullPath }).toString()}`;
}

/**
 * `/redirect/<path>` only re-mounts `<path>` (the tags view's refresh), so the guard judges the target.
 * Every other path is judged as it is.
 */
export function guardedPath(path: string): string {
  if (path.startsWith('/redirect/')) return `/${path.slice('/redirect/'.length)}`.replace(/\/{2,}/g, '/');
  return path;
}

export function decideGuard({ path, fullPath, hasToken, hasRoles }: GuardInput): GuardDecision {
  const target = guardedPath(path);
  if (hasToken) {
    if (target === '/login') return { action: 'redirect', to: '/' };
    return hasRoles ? { action: 'proceed' } : { action: 'load-user' };
  }
  if (WHITE_LIST.includes(target)) return { action: 'guest' };
  return { action: 'redirect', to: loginRedirect(fullPath) };
}

/** Where to go after signing in: the redirect parameter when it is a local path, else `/`. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/login' || value.startsWith('/login?')) return '/';
  return value;
}
