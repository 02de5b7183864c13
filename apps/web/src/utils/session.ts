import { usePermissionStore } from '../store/permission.ts';
import { useUserStore } from '../store/user.ts';

/** Loads the signed-in user and builds the routes its roles allow. */
export async function loadSession(): Promise<void> {
  await useUserStore.getState().getInfo();
  usePermissionStore.getState().generateRoutes(useUserStore.getState().roles);
}

/** A token from QR login or registration: store it, then load the user. */
export async function signInWithToken(token: string): Promise<void> {
  useUserStore.getState().setSessionToken(token);
  await loadSession();
}
