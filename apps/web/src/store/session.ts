import { useUserStore } from './user.ts';

/** Loads the signed-in user (menus and the guard follow the user store). */
export async function loadSession(): Promise<void> {
  await useUserStore.getState().getInfo();
}

/** A token from QR login or registration: store it, then load the user. */
export async function signInWithToken(token: string): Promise<void> {
  useUserStore.getState().setSessionToken(token);
  await loadSession();
}
