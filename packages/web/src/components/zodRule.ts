import { createElement } from 'react';
import type { z } from 'zod';
import type { FormInstance, FormRule } from 'antd';
import { zodErrorMap } from '@waystation/shared/rules/messages';
import { ApiError } from '../api/request';
import { ValidationMessage } from './LiveText';
import { isFormValidationFailure } from './formValidation';

// Rules judge with the Chinese texts, the table's keys; ValidationMessage says them in the language chosen at display.
const inChinese = zodErrorMap('zh');

/**
 * The schema's verdict on a field's value. An untouched text field holds undefined: for a text schema that refuses
 * empty text, say what it says about that ("请输入姓名"), as after typing and clearing, rather than "required".
 */
function verdict(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value, { error: inChinese });
  if (r.success || value !== undefined) return r;
  const asEmpty = schema.safeParse('', { error: inChinese });
  return !asEmpty.success && asEmpty.error.issues[0]?.code !== 'invalid_type' ? asEmpty : r;
}

/**
 * An antd form rule that runs a field's schema from packages/shared: the server's own rule, with the message in the
 * chosen language (and in the new one when the language changes). A schema that refuses an empty field marks the
 * field as required (antd's asterisk).
 */
export function zodRule(schema: z.ZodType, opts: { emptyAsUndefined?: boolean } = {}): FormRule {
  const normalize = (value: unknown) => (opts.emptyAsUndefined && (value === '' || value === null) ? undefined : value);
  return {
    required: !schema.safeParse(normalize(undefined)).success,
    validator: (_, value: unknown) => {
      const r = verdict(schema, normalize(value));
      if (r.success) return Promise.resolve();
      // Not an Error: antd shows a rejected element as it is, so the message stays live.
      return Promise.reject(createElement(ValidationMessage, { text: r.error.issues[0]?.message ?? '' }));
    },
  };
}

/** Puts a 40001 validation error's field messages under the form's fields. */
export function showFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError)) return;
  const fields = Object.entries(err.fields).map(([name, message]) => ({ name: name.split('.'), errors: [message] }));
  if (fields.length) form.setFields(fields as never);
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
