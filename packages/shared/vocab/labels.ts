/** A vocabulary value with its zh-CN and English labels. */
export interface VocabEntry<V extends string = string> {
  value: V;
  zh: string;
  en: string;
}

export function vocab<const V extends string>(entries: readonly VocabEntry<V>[]) {
  const byValue = new Map(entries.map((e) => [e.value, e]));
  return {
    entries,
    values: entries.map((e) => e.value) as [V, ...V[]],
    label(value: string, lang: 'zh' | 'en' = 'zh'): string {
      return byValue.get(value as V)?.[lang] ?? value;
    },
  };
}
