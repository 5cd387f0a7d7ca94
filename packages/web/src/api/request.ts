import type { z } from 'zod';
import { ErrorCode, LOGOUT_CODES } from '@waystation/shared/contract/codes';
import type { Call, CallData, CallInput } from '@waystation/shared/contract/call';
import { confirm, toast } from './feedback';
import { forgetSession, sessionHeaders } from './token';
import { LIST_KEY, queryClient } from './queryClient';
import { addErrorLog } from '../shell/errorLog/store';
import { acceptLanguage, useLang } from '../i18n';

/** SPEC §9: every call 20 s; agent and agent-user saves 60 s. */
export const DEFAULT_TIMEOUT = 20_000;
export const LONG_SAVE_TIMEOUT = 60_000;
/** SPEC §8/§9: error toasts stay 5 s. */
const TOAST_SECONDS = 5;

/** SPEC §8 re-login prompt, verbatim: what the English UI shows. */
export const LOGOUT_PROMPT = {
  title: 'Confirm logout',
  content: 'You have been logged out, you can cancel to stay on this page, or log in again',
  okText: 'Re-Login',
  cancelText: 'Cancel',
} as const;

/** The same prompt in the Chinese UI. */
export const LOGOUT_PROMPT_ZH: Record<keyof typeof LOGOUT_PROMPT, string> = {
  title: '确认退出登录',
  content: '您已退出登录，可以取消以留在此页面，或重新登录',
  okText: '重新登录',
  cancelText: '取消',
};

/** A rejected call: `code` is the envelope code, or null for network, timeout and HTTP failures. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly data?: unknown,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field → message map of a 40001 validation error. */
  get fields(): Record<string, string> {
    const d = this.data as { fields?: Record<string, string> } | undefined;
    return this.code === ErrorCode.VALIDATION && d?.fields ? d.fields : {};
  }
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST';
  params?: object;
  body?: unknown;
  /** Schema of the envelope's data (from packages/shared/contract). */
  schema: S;
  timeout?: number;
  /** Ends this page's session (logout): the lists on screen are not refreshed after it. */
  endsSession?: boolean;
  /** Show nothing on failure (badge polling, logout): the caller only logs. */
  silent?: boolean;
  /** Extra headers (X-Verify-Ticket of a sensitive operation). */
  headers?: Record<string, string>;
}

function queryString(params?: object): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The session was ended (another login of the account, expiry, a revoked token): nothing is done until a new login. */
export const isLoggedOut = (e: unknown): boolean => e instanceof ApiError && e.code !== null && LOGOUT_CODES.includes(e.code);

let logoutPromptOpen = false;

function promptRelogin(): void {
  if (logoutPromptOpen) return;
  logoutPromptOpen = true;
  void confirm({
    ...(useLang.getState().lang === 'en' ? LOGOUT_PROMPT : LOGOUT_PROMPT_ZH),
    // A station keeps taking scans under it (each kept on the device and told so), so none waits unseen behind it.
    wrapClassName: 'scan-through',
    focusable: { trap: false },
    onOk() {
      forgetSession();
      location.reload();
    },
    afterClose() {
      logoutPromptOpen = false;
    },
  });
}

function toastError(text: string): void {
  toast('error', text, TOAST_SECONDS);
}

interface EnvelopeLike {
  code: number;
  message?: string;
  data?: unknown;
}

function isEnvelope(v: unknown): v is EnvelopeLike {
  return typeof v === 'object' && v !== null && typeof (v as EnvelopeLike).code === 'number';
}

/**
 * One HTTP call to the API (SPEC §7/§8): site-root base, the session cookie with its X-Session marker when logged in (issue #28), timeout, envelope check.
 * Resolves with `data` when code is 20000; otherwise toasts and rejects with an ApiError.
 */
export async function request<S extends z.ZodType>(url: string, opts: RequestOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', params, body, schema, timeout = DEFAULT_TIMEOUT, silent = false } = opts;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage(), ...opts.headers };
  Object.assign(headers, sessionHeaders());
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  let res: Response;
  let payload: unknown;
  try {
    res = await fetch(`${url}${queryString(params)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    payload = await res.json().catch(() => undefined);
  } catch (e) {
    const text = controller.signal.aborted ? `timeout of ${timeout}ms exceeded` : (e as Error).message || 'Network Error';
    if (!silent) toastError(text);
    throw new ApiError(text, null);
  } finally {
    clearTimeout(timer);
  }

  if (!isEnvelope(payload)) {
    const text = res.ok ? 'Invalid response' : `Request failed with status code ${res.status}`;
    if (!silent) toastError(text);
    throw new ApiError(text, null, undefined, res.status);
  }
  if (payload.code !== ErrorCode.OK) {
    const text = payload.message || 'Error';
    // 42800 asks for verification: the verify dialog (useVerify) answers it, not a toast.
    if (!silent && payload.code !== ErrorCode.VERIFICATION_REQUIRED) {
      toastError(text);
      if (LOGOUT_CODES.includes(payload.code)) promptRelogin();
    }
    throw new ApiError(text, payload.code, payload.data, res.status);
  }
  // A write done: the list kit's lists on screen show what it changed (LIST_KEY); not after a logout, whose session a
  // refetch would find ended.
  if (method !== 'GET' && !opts.endsSession) void queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
  const parsed = schema.safeParse(payload.data);
  if (!parsed.success) {
    // The server answered but not in the shape the contract says: keep working with what came, and record it.
    addErrorLog({
      message: `Response of ${url} does not match its contract`,
      info: 'contract',
      stack: parsed.error.message,
    });
    return payload.data as z.output<S>;
  }
  return parsed.data;
}

/** How a declared call is made: everything of RequestOptions but what its declaration says. */
export type CallOptions = Pick<RequestOptions<z.ZodType>, 'timeout' | 'silent' | 'headers' | 'endsSession'>;

/** The input argument of a call: optional when the call takes none, or when every field of it is optional. */
type CallArgs<C extends Call> =
  undefined extends CallInput<C>
    ? [input?: CallInput<C>, options?: CallOptions]
    : object extends CallInput<C>
      ? [input?: CallInput<C>, options?: CallOptions]
      : [input: CallInput<C>, options?: CallOptions];

/**
 * Makes a call declared in packages/shared/contract (issue #29): its method and URL, a GET's input as the query
 * string or a POST's as the body, and its answer checked against its data schema; as request() otherwise.
 */
export function call<C extends Call>(declared: C, ...[input, options]: CallArgs<C>): Promise<CallData<C>> {
  const isGet = declared.method === 'GET';
  return request(declared.url, {
    ...options,
    method: declared.method,
    params: isGet ? (input as object | undefined) : undefined,
    body: isGet ? undefined : input,
    schema: declared.data,
  }) as Promise<CallData<C>>;
}
