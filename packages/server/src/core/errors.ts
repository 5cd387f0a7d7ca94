import { ErrorCode } from '@waystation/shared/contract/common';

/** A refusal the caller should see: its code goes into the envelope and decides the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const forbidden = (message = '没有权限执行此操作') => new AppError(ErrorCode.FORBIDDEN, message);
export const notFound = (message = '记录不存在') => new AppError(ErrorCode.NOT_FOUND, message);
export const conflict = (message: string, data: unknown = null) => new AppError(ErrorCode.CONFLICT, message, data);
/** A validation failure found by a service rule (not by the schema): names the field. */
export const invalid = (field: string, message: string) => new AppError(ErrorCode.VALIDATION, message, { fields: { [field]: message } });

/** One problem a request schema found: where (path of keys) and what. */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * A request schema's refusal as 40001: each field's first message under its dotted path (an unknown field under its
 * own name), and the first of them as the message — a sentence for a person, never prefixed by a field key.
 */
export function schemaInvalid(issues: readonly SchemaIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) path.push(issue.keys[0]!);
    fields[path.join('.') || '_'] ??= issue.message;
  }
  return new AppError(ErrorCode.VALIDATION, Object.values(fields)[0] ?? '参数校验失败', { fields });
}

/** PostgreSQL and driver errors that mean "the database cannot be reached right now". */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  // Connection failures, server shutting down, too many connections (53300), a database not accepting work (55000).
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08003',
    '08006',
    '08001',
    '08004',
    '53300',
    '55000',
  ];
  if (e.code && codes.includes(e.code)) return true;
  if (
    typeof e.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)
  )
    return true;
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}

/** Unique-violation from PostgreSQL (23505), looking through drizzle's wrapper. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23505') return true;
  return e.cause ? isUniqueViolation(e.cause) : false;
}
