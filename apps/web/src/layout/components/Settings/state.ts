import { create } from 'zustand';

/** Whether the settings drawer is open (the drawer itself is loaded on first use). */
export const useSettingsDrawer = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
