import type { z } from 'zod';
import type { FormInstance, FormRule } from 'antd';
import { translate } from '@waystation/shared/rules/messages';
import { ApiError } from '../api/request';
import { useLang } from '../i18n';

/**
 * An antd form rule that runs a field's schema from packages/shared: the server's own rule, with the message in the
 * chosen language. A schema that refuses an empty field marks the field as required (antd's asterisk).
 */
export function zodRule(schema: z.ZodType, opts: { emptyAsUndefined?: boolean } = {}): FormRule {
  const normalize = (value: unknown) => (opts.emptyAsUndefined && (value === '' || value === null) ? undefined : value);
  return {
    required: !schema.safeParse(normalize(undefined)).success,
    validator: (_, value: unknown) => {
      const r = schema.safeParse(normalize(value));
      if (r.success) return Promise.resolve();
      const message = r.error.issues[0]?.message ?? '';
      return Promise.reject(new Error(translate(message, useLang.getState().lang)));
    },
  };
}

/** Puts a 40001 validation error's field messages under the form's fields. */
export function showFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError)) return;
  const fields = Object.entries(err.fields).map(([name, message]) => ({ name: name.split('.'), errors: [message] }));
  if (fields.length) form.setFields(fields as never);
}

/** antd's rejection of validateFields when a rule failed (its messages already show under the fields). */
export function isFormValidationFailure(err: unknown): boolean {
  return typeof err === 'object' && err !== null && Array.isArray((err as { errorFields?: unknown }).errorFields);
}

/**
 * The form's values when every rule passes, or null when one failed: the messages show under the fields and nothing is
 * thrown, so a refused form is no uncaught error in the header's error log.
 */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (err) {
    if (isFormValidationFailure(err)) return null;
    throw err;
  }
}
