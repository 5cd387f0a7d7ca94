import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useT } from '../../i18n';
import { showFieldErrors, validValues } from '../zodRule';

/**
 * The save step of every edit form and dialog, as `saveForm(form, save, done?, success?)`: validate (a field error
 * stops here, shown under the field), save, say 操作成功 (or `success`, which may read the result), then `done` (close the dialog, go to the new
 * record). A server refusal goes under the fields it names and leaves the dialog open.
 */
export function useFormSave() {
  const t = useT();
  const { message } = App.useApp();
  return async function saveForm<T, R>(
    form: FormInstance<T>,
    save: (values: T) => Promise<R>,
    done?: (result: R) => unknown,
    success?: string | ((result: R) => string),
  ) {
    const values = await validValues(form);
    if (!values) return;
    try {
      const result = await save(values);
      message.success(typeof success === 'function' ? success(result) : (success ?? t('common.success')));
      await done?.(result);
    } catch (e) {
      showFieldErrors(form as FormInstance, e);
    }
  };
}

/** Which record an edit dialog is open for: a row, 'new', or none. */
export function useEditor<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return { editing, open: setEditing, close: () => setEditing(null) };
}
