import Cookies from 'js-cookie';
import { create } from 'zustand';

/** SPEC §9 */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

export type Device = 'desktop' | 'mobile';

/** Matches while the window is narrower than the breakpoint. */
export const mobileQuery = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
export type UiSize = 'large' | 'medium' | 'small';
const SIZES: UiSize[] = ['large', 'medium', 'small'];

interface AppState {
  sidebarOpened: boolean;
  withoutAnimation: boolean;
  device: Device;
  size: UiSize;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setSize(size: UiSize): void;
}

function readSize(): UiSize {
  const v = Cookies.get('size') as UiSize | undefined;
  return v && SIZES.includes(v) ? v : 'medium';
}

/** Sidebar and device state; sidebarStatus (1 open, 0 closed, default open) and size live in cookies (SPEC §3). */
export const useApp = create<AppState>((set, get) => ({
  sidebarOpened: Cookies.get('sidebarStatus') !== '0',
  withoutAnimation: false,
  device: typeof window !== 'undefined' && mobileQuery().matches ? 'mobile' : 'desktop',
  size: readSize(),
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    Cookies.set('sidebarStatus', opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar(withoutAnimation) {
    Cookies.set('sidebarStatus', '0');
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice(device) {
    set({ device });
  },
  setSize(size) {
    Cookies.set('size', size);
    set({ size });
  },
}));

/** antd's name for each UI size. */
export const ANTD_SIZE: Record<UiSize, 'large' | 'middle' | 'small'> = { large: 'large', medium: 'middle', small: 'small' };
