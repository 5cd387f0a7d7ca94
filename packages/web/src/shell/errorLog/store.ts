import { create } from 'zustand';

export interface ErrorLogEntry {
  id: number;
  message: string;
  /** Where it came from: window.onerror, unhandledrejection, a React component stack, 'page not available'… */
  info: string;
  url: string;
  stack: string;
  time: number;
}

const MAX_ENTRIES = 200;
let nextId = 1;

interface ErrorLogState {
  logs: ErrorLogEntry[];
  clear(): void;
}

/** Client errors collected for the header's error-log viewer (SPEC §2, §8). */
export const useErrorLog = create<ErrorLogState>((set) => ({
  logs: [],
  clear: () => set({ logs: [] }),
}));

export function addErrorLog(entry: { message: string; info: string; stack?: string; url?: string }): void {
  const full: ErrorLogEntry = {
    id: nextId++,
    message: entry.message,
    info: entry.info,
    url: entry.url ?? location.href,
    stack: entry.stack ?? '',
    time: Date.now(),
  };
  useErrorLog.setState((s) => ({ logs: [...s.logs, full].slice(-MAX_ENTRIES) }));
}
