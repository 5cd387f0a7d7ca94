import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { feedback } from '../api/feedback';
import { useLang } from '../i18n';
import '../i18n/schemas';
import { ANTD_SIZE, useApp } from './stores/app';
import { useSettings } from './stores/settings';

/** Hands antd's context-aware message/modal to code outside React (request layer, guard). */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  feedback.message = message;
  feedback.modal = modal;
  useEffect(
    () => () => {
      feedback.message = null;
      feedback.modal = null;
    },
    [],
  );
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The system's "reduce motion" preference, followed live: antd's dialogs, menus and popups then appear without moving. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/** antd's theme as the user set it (colour, dark, compact, size) and its locale. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const lang = useLang((s) => s.lang);
  const theme = useSettings((s) => s.theme);
  const darkMode = useSettings((s) => s.darkMode);
  const compact = useSettings((s) => s.compact);
  const size = useApp((s) => s.size);
  const reducedMotion = useReducedMotion();
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  // The shell's own surfaces (header, tabs, page background) follow through CSS variables (styles.css).
  useEffect(() => {
    document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
  }, [darkMode]);
  const algorithm = [darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, ...(compact ? [antdTheme.compactAlgorithm] : [])];

  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      componentSize={ANTD_SIZE[size]}
      theme={{ token: { colorPrimary: theme, motion: !reducedMotion }, algorithm }}
    >
      {children}
    </ConfigProvider>
  );
}

/** antd theme (colour, size, locale), message/modal context and server state for the logged-in shell. */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <AntdTheme>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </AntdTheme>
  );
}
