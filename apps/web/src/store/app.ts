import Cookies from 'js-cookie';
import { create } from 'zustand';
import { SIDEBAR_COOKIE, SIZE_COOKIE } from '../settings.ts';

export type Device = 'desktop' | 'mobile';
/** Spec §1 sizes: Default, Medium, Small, Mini. */
export type Size = 'default' | 'medium' | 'small' | 'mini';
export const SIZES: readonly Size[] = ['default', 'medium', 'small', 'mini'];
/** Control height per size (px). */
export const CONTROL_HEIGHT: Record<Size, number> = { default: 40, medium: 36, small: 32, mini: 28 };

const readSize = (): Size => {
  const v = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(v ?? '') ? (v as Size) : 'medium';
};
/** `sidebarStatus` "1" open, "0" closed; open when never set. */
const readSidebar = (): boolean => {
  const v = Cookies.get(SIDEBAR_COOKIE);
  return v === undefined ? true : v === '1';
};

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  /** The login panel (LoginModal). */
  loginOpen: boolean;
  toggleSideBar: () => void;
  closeSideBar: (opts: { withoutAnimation: boolean }) => void;
  toggleDevice: (device: Device) => void;
  setSize: (size: Size) => void;
  openLogin: () => void;
  closeLogin: () => void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: readSidebar(), withoutAnimation: false },
  device: 'desktop',
  size: readSize(),
  loginOpen: false,
  // The cookie remembers the desktop choice; opening and closing the overlay on mobile leaves it alone,
  // so returning to a wide window restores the sidebar as the user left it.
  toggleSideBar: () => {
    const opened = !get().sidebar.opened;
    if (get().device === 'desktop') Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSideBar: ({ withoutAnimation }) => {
    if (get().device === 'desktop') Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  toggleDevice: (device) => {
    if (device === get().device) return;
    set(
      device === 'desktop'
        ? { device, sidebar: { opened: readSidebar(), withoutAnimation: true } }
        : { device },
    );
  },
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
  openLogin: () => set({ loginOpen: true }),
  closeLogin: () => set({ loginOpen: false }),
}));
