import { useCallback } from 'react';
import { create } from 'zustand';
import type { Lang } from '@waystation/shared/rules/messages';
import { messages, type MessageKey } from './messages';

export type { Lang };
export type { MessageKey };

const STORAGE_KEY = 'waystation-lang';

function initialLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

interface LangState {
  lang: Lang;
  setLang(lang: Lang): void;
}

/** The chosen UI language: Chinese by default, English when picked in the user menu; remembered per browser. */
export const useLang = create<LangState>((set) => ({
  lang: initialLang(),
  setLang(lang) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      /* storage may be unavailable (private mode); the choice then lasts for this page only */
    }
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    set({ lang });
  },
}));

/** The language the server should answer in (its 40001 field messages), as an Accept-Language value. */
export function acceptLanguage(): string {
  return useLang.getState().lang === 'en' ? 'en' : 'zh-CN';
}

function format(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** Translates outside React (request layer, guard). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  return format(messages[useLang.getState().lang][key], vars);
}

export type Translate = typeof t;

/** Translates inside components and re-renders on a language change. */
export function useT(): Translate {
  const lang = useLang((s) => s.lang);
  return useCallback<Translate>((key, vars) => format(messages[lang][key], vars), [lang]);
}

/** Picks the title of a route in the current language. */
export function useRouteTitle(): (meta: { title: string; titleEn?: string }) => string {
  const lang = useLang((s) => s.lang);
  return useCallback((meta: { title: string; titleEn?: string }) => (lang === 'en' && meta.titleEn ? meta.titleEn : meta.title), [lang]);
}

export function routeTitle(meta: { title: string; titleEn?: string }): string {
  return useLang.getState().lang === 'en' && meta.titleEn ? meta.titleEn : meta.title;
}

type Table = Record<string, string>;
const pageTables: { zh: Table; en: Table }[] = [];

/**
 * Every text table of the UI in `lang`: the shell's and each page's that has been loaded. The end-to-end checks build
 * from it (with the shared validation table) the list of texts a screen may show in that language.
 */
export function messageTables(lang: Lang): Table[] {
  return [messages[lang], ...pageTables.map((t) => t[lang])];
}

/**
 * A page's own texts, kept beside the page: `const useMsg = defineMessages(zh, en)`, then `const m = useMsg()`.
 * The English table must have every key of the Chinese one.
 */
export function defineMessages<K extends string>(zh: Record<K, string>, en: Record<K, string>): () => Record<K, string> {
  pageTables.push({ zh, en });
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page module at load, never inside a component
  return function useMessages() {
    return useLang((s) => s.lang) === 'en' ? en : zh;
  };
}

export function fill(text: string, vars: Record<string, string | number>): string {
  return format(text, vars);
}
