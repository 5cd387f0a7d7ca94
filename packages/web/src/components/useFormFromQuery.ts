import { useCallback, useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';

/** Filter values as the URL keeps them (trimmed text, no empty ones, in key order), to tell two sets apart. */
function asFilters(values: object): string {
  const kept = Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== '')
    .map(([k, v]) => [k, String(v).trim()]);
  return JSON.stringify(kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Puts the URL's filter values into a filter form when they change (back/forward, a shared link, Reset).
 * Only real changes are applied: a kept-alive page whose effects re-run when its tab is shown again must
 * not lose what the user had typed but not yet submitted. Call the returned `searched()` when the form searches: the
 * URL that then shows what the form held is its own echo and is not put back, for the user may have typed on
 * meanwhile (on a busy PC the list renders the new URL a few hundred ms after Enter; the keys typed in between were lost).
 */
export function useFormFromQuery<T extends object>(form: FormInstance<T>, values: T): { searched(): void } {
  const applied = useRef<string | null>(null);
  const searchedWith = useRef<string | null>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    if (applied.current === key) return;
    const first = applied.current === null;
    applied.current = key;
    const echo = !first && searchedWith.current === asFilters(values);
    searchedWith.current = null;
    if (echo) return;
    // A filter the URL no longer has is reset: set to undefined, a field keeps showing its text (back to the whole list).
    const gone = Object.entries(values).flatMap(([name, value]) => (value === undefined || value === null || value === '' ? [name] : []));
    if (!first && gone.length) form.resetFields(gone as Parameters<FormInstance<T>['resetFields']>[0]);
    form.setFieldsValue(values as Parameters<FormInstance<T>['setFieldsValue']>[0]);
    // `key` stands for `values`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key]);
  const searched = useCallback(() => {
    searchedWith.current = asFilters(form.getFieldsValue());
  }, [form]);
  return { searched };
}
