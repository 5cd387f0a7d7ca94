/**
 * antd's rejection of validateFields when a rule failed (its messages already show under the fields). On its own so
 * the error log, part of the entry bundle, does not pull the form rules (and zod) into it.
 */
export function isFormValidationFailure(err: unknown): boolean {
  return typeof err === 'object' && err !== null && Array.isArray((err as { errorFields?: unknown }).errorFields);
}
