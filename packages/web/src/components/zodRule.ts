import type { z } from 'zod';
import type { FormInstance, FormRule } from 'antd';
import { ApiError } from '../api/request';

/** An antd form rule that runs a field's schema from packages/shared (same messages as the server). */
export function zodRule(schema: z.ZodType, opts: { emptyAsUndefined?: boolean } = {}): FormRule {
  return {
    validator: (_, value: unknown) => {
      const v = opts.emptyAsUndefined && (value === '' || value === null) ? undefined : value;
      const r = schema.safeParse(v);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'invalid'));
    },
  };
}

/** Puts a 40001 validation error's field messages under the form's fields. */
export function showFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError)) return;
  const fields = Object.entries(err.fields).map(([name, message]) => ({ name: name.split('.'), errors: [message] }));
  if (fields.length) form.setFields(fields as never);
}
