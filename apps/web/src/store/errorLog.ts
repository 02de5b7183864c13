import { create } from 'zustand';
import { settings } from '../settings.ts';

export interface ErrorLogEntry {
  id: number;
  kind: 'runtime' | 'request';
  message: string;
  /** Stack for runtime errors; method and URL for requests. */
  detail: string;
  /** Page path when it happened. */
  url: string;
  time: number;
}

const MAX_ENTRIES = 100;
let nextId = 1;

export interface ErrorLogState {
  logs: ErrorLogEntry[];
  addErrorLog: (entry: Omit<ErrorLogEntry, 'id' | 'time'> & { time?: number }) => void;
  clearErrorLog: () => void;
}

/** Whether the error log records anything in this build (spec §9: enabled in production). */
export function errorLogEnabled(mode: { PROD: boolean } = import.meta.env): boolean {
  if (settings.errorLog === 'always') return true;
  return settings.errorLog === 'production' ? mode.PROD : !mode.PROD;
}

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  addErrorLog: (entry) =>
    set((s) => ({
      logs: [{ ...entry, id: nextId++, time: entry.time ?? Date.now() }, ...s.logs].slice(0, MAX_ENTRIES),
    })),
  clearErrorLog: () => set({ logs: [] }),
}));
