import type { CurrentUser } from '@paperdesk/contracts';
import { useMemo } from 'react';
import { create } from 'zustand';
import { CLIENT_ROLES, type ClientRole, type Viewer } from '../access.ts';
import { getCurrent, login as loginApi, logout as logoutApi } from '../shared/api/login.ts';
import i18n from '../locales/index.ts';
import { getToken, removeToken, setToken } from '../utils/auth.ts';

export interface UserState {
  token: string | null;
  /** Account id, shown as 用户ID：{id}. */
  id: number | null;
  /** Login name of the account. */
  name: string;
  avatar: string;
  introduction: string;
  roles: ClientRole[];
  /** The server says this account is an administrator (CurrentUser.roles), unlike the client role above. */
  isAdmin: boolean;
  /** Signs in with a username and password; stores the token. Throws RequestError on failure. */
  login: (form: { username: string; password: string }) => Promise<void>;
  /** Stores a token obtained elsewhere (QR login). */
  setSessionToken: (token: string) => void;
  /** Loads the current user; an empty result is an error (spec §5). */
  getInfo: () => Promise<CurrentUser>;
  /** The default guest: no token, role admin (spec §4). */
  becomeGuest: () => void;
  /** Calls `current` then `logout` (spec §4), then clears the session. */
  logout: () => Promise<void>;
  /** Clears token and roles locally. */
  resetToken: () => void;
}

const emptySession = {
  id: null,
  name: '',
  avatar: '',
  introduction: '',
  roles: [] as ClientRole[],
  isAdmin: false,
};

export const useUserStore = create<UserState>()((set, get) => ({
  token: getToken(),
  ...emptySession,
  login: async ({ username, password }) => {
    const res = await loginApi({ username: username.trim(), password }, { silent: true });
    const token = res.result.access_token;
    setToken(token);
    set({ token, roles: [] });
  },
  setSessionToken: (token) => {
    setToken(token);
    set({ token, roles: [] });
  },
  getInfo: async () => {
    const res = await getCurrent({ silent: true });
    const user = res.result;
    if (!user) throw new Error(i18n.t('common:verificationFailed'));
    set({
      id: user.id,
      name: user.loginName,
      avatar: user.avatar,
      introduction: '',
      roles: [...CLIENT_ROLES],
      isAdmin: user.roles.includes('admin'),
    });
    return user;
  },
  becomeGuest: () => {
    if (get().roles.length === 0) set({ ...emptySession, roles: [...CLIENT_ROLES] });
  },
  logout: async () => {
    try {
      await getCurrent({ silent: true });
      await logoutApi();
    } catch {
      // signing out locally must succeed even when the server cannot be reached
    }
    get().resetToken();
  },
  resetToken: () => {
    removeToken();
    set({ token: null, ...emptySession });
  },
}));

/** Signed in: a token and a loaded account. */
export const selectLoggedIn = (s: UserState) => Boolean(s.token && s.id !== null);

/** The current viewer for `access.ts`: a session, and the server's administrator role. */
export function useViewer(): Viewer {
  const signedIn = useUserStore((s) => Boolean(s.token));
  const admin = useUserStore((s) => s.isAdmin);
  return useMemo(() => ({ signedIn, admin }), [signedIn, admin]);
}
