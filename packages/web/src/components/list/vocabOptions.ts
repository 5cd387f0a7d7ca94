import type { Lang } from '../../i18n';

interface Vocab {
  values: readonly string[];
  label(value: string, lang?: Lang): string;
}

/** A vocabulary's values as Select options, labelled in the chosen language. */
export function vocabOptions(v: Vocab, lang: Lang, only?: readonly string[]): { value: string; label: string }[] {
  return (only ?? v.values).map((value) => ({ value, label: v.label(value, lang) }));
}

/** A vocabulary's labels by value (an export column writes the label, not the code). */
export function vocabLabels(v: Vocab, lang: Lang): Record<string, string> {
  return Object.fromEntries(v.values.map((value) => [value, v.label(value, lang)]));
}
