import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { settings } from '../settings.ts';

/** Settings drawer state (spec §3): theme, fixedHeader, tagsView, sidebarLogo — persisted across reloads. */
export interface SettingsState {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
  change: <K extends 'theme' | 'tagsView' | 'fixedHeader' | 'sidebarLogo'>(
    key: K,
    value: SettingsState[K],
  ) => void;
}

export const SETTINGS_STORAGE_KEY = 'paperdesk-settings';

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      theme: settings.theme,
      tagsView: settings.tagsView,
      fixedHeader: settings.fixedHeader,
      sidebarLogo: settings.sidebarLogo,
      showSettings: settings.showSettings,
      change: (key, value) => set({ [key]: value } as Partial<SettingsState>),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        theme: s.theme,
        tagsView: s.tagsView,
        fixedHeader: s.fixedHeader,
        sidebarLogo: s.sidebarLogo,
      }),
    },
  ),
);
