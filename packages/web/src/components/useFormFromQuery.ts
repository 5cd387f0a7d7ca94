import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';

/**
 * Puts the URL's filter values into a filter form when they change (back/forward, a shared link, Reset).
 * Only real changes are applied: a kept-alive page whose effects re-run when its tab is shown again must
 * not lose what the user had typed but not yet submitted.
 */
export function useFormFromQuery<T extends object>(form: FormInstance<T>, values: T): void {
  const applied = useRef<string | null>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    if (applied.current === key) return;
    applied.current = key;
    form.setFieldsValue(values as Parameters<FormInstance<T>['setFieldsValue']>[0]);
    // `key` stands for `values`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key]);
}
