import { useCallback, useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { urlFilterEntries } from './useListQuery';

/** Two sets of filters compare equal when the URL would keep them alike (in key order). */
const asFilters = (values: object): string => JSON.stringify(urlFilterEntries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

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
    const kept = new Set(urlFilterEntries(values).map(([name]) => name));
    const gone = Object.keys(values).filter((name) => !kept.has(name));
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
