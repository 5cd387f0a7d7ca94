// The envelope's codes without zod: the browser's entry (the login page) needs them before anything else.

/** DESIGN §4 envelope codes. HTTP status mirrors the class. */
export const ErrorCode = {
  OK: 20000,
  VALIDATION: 40001,
  BAD_CREDENTIALS: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  LOCKED: 42300,
  VERIFICATION_REQUIRED: 42800,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  ILLEGAL_TOKEN: 50008,
  LOGGED_IN_ELSEWHERE: 50012,
  TOKEN_EXPIRED: 50014,
  UNAVAILABLE: 50300,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes after which the browser offers a re-login (SPEC §8). */
export const LOGOUT_CODES: readonly number[] = [ErrorCode.ILLEGAL_TOKEN, ErrorCode.LOGGED_IN_ELSEWHERE, ErrorCode.TOKEN_EXPIRED];

export function httpStatusOf(code: number): number {
  if (code === ErrorCode.OK) return 200;
  if (code === ErrorCode.ILLEGAL_TOKEN || code === ErrorCode.LOGGED_IN_ELSEWHERE || code === ErrorCode.TOKEN_EXPIRED) return 401;
  if (code === ErrorCode.UNAVAILABLE) return 503;
  return Math.floor(code / 100);
}
