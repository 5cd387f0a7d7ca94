import { create } from 'zustand';

/** SPEC §3/§9 layout settings and their defaults. The theme colour must be a string (SPEC §5). */
export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
  /** antd's dark algorithm, and the shell's own surfaces in dark. */
  darkMode: boolean;
  /** antd's compact algorithm: tighter rows and controls, more on a screen. */
  compact: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: '#409EFF',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  showSettings: true,
  darkMode: false,
  compact: false,
};

export const THEME_PRESETS = ['#409EFF', '#646cff', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

const STORAGE_KEY = 'waystation-settings';

function load(): Settings {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Record<keyof Settings, unknown>>;
    const out = { ...DEFAULT_SETTINGS };
    if (typeof raw.theme === 'string' && /^#[0-9a-fA-F]{6}$/.test(raw.theme)) out.theme = raw.theme;
    for (const k of ['tagsView', 'fixedHeader', 'sidebarLogo', 'showSettings', 'darkMode', 'compact'] as const) {
      if (typeof raw[k] === 'boolean') out[k] = raw[k];
    }
    return out;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

interface SettingsState extends Settings {
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

/** Saved per browser in localStorage. */
export const useSettings = create<SettingsState>((set, get) => ({
  ...load(),
  change(key, value) {
    if (key === 'theme' && typeof value !== 'string') return;
    set({ [key]: value } as Partial<Settings>);
    const { theme, tagsView, fixedHeader, sidebarLogo, showSettings, darkMode, compact } = get();
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ theme, tagsView, fixedHeader, sidebarLogo, showSettings, darkMode, compact }));
    } catch {
      /* storage unavailable: the setting lasts for this page */
    }
  },
}));
