import crypto from 'node:crypto';
import { SIM_STAFF } from './staff';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A call that answered with an error code: counted as an error, the run goes on. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly code = 0,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  staff?: string;
  member?: string;
  site?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Reads the 6-digit code a sensitive operation's verifier was just sent. */
export type VerifyCodeReader = (verifier: { id: number; username: string }) => Promise<string>;

/** A signed-in session of the simulator's own super admin (SIM_STAFF.admin), made at its first use and shared. */
export type AdminSession = () => Promise<string>;

export function simAdminSession(url: string, password: string): AdminSession {
  let token: Promise<string> | undefined;
  return () =>
    (token ??= fetch(new URL('/api/admin/login', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: SIM_STAFF.admin.username, password }),
    })
      .then((res) => envelopeData<{ token: string }>(res))
      .then((r) => r.token));
}

async function envelopeData<T>(res: Response): Promise<T> {
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 20000) throw new CallError(`${new URL(res.url).pathname}: ${env.code} ${env.message}`, env.code, env.data);
  return env.data;
}

/**
 * A server without a mail sender keeps the verifiers' codes in its outbox (验证配置 › 发件箱, super admins only): the
 * simulator's own super admin reads the newest code sent to the verifier, so nobody's session is ended.
 */
export function outboxCodeReader(url: string, admin: AdminSession): VerifyCodeReader {
  return async (verifier) => {
    const outbox = await envelopeData<{ list: { recipient: string; body: string }[] }>(
      await fetch(new URL('/api/verify/outbox?page=1&limit=20', url), { headers: { 'x-token': await admin() } }),
    );
    const code = outbox.list.find((m) => m.recipient === verifier.username)?.body.match(/验证码 (\d{6})/)?.[1];
    if (!code) throw new CallError(`staff.outbox: no code for ${verifier.username}`);
    return code;
  };
}

/**
 * The simulator's HTTP client: every call timed under its name, rate limits waited out as a real client would, member
 * API writes with an idempotency key; an answer other than 20000 throws a CallError. Given several servers' addresses
 * (one database behind them), it calls each in turn, as a proxy in front of them would.
 */
export function simClient(url: string | string[], log: (line: string) => void, verifyCode?: VerifyCodeReader) {
  const urls = [url].flat();
  let turn = 0;
  const run = crypto.randomBytes(3).toString('hex').toUpperCase();
  const calls = new Map<string, number[]>();
  const errorSamples: string[] = [];
  const counts = { errors: 0 };
  let keySeq = 0;

  async function call<T>(name: string, method: 'GET' | 'POST', path: string, opts: CallOptions = {}): Promise<T> {
    const target = new URL(path, urls[turn++ % urls.length]);
    for (const [k, v] of Object.entries(opts.query ?? {})) target.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.staff) headers['x-token'] = opts.staff;
    if (opts.member) headers.authorization = `Bearer ${opts.member}`;
    if (opts.site) headers['x-api-key'] = opts.site;
    if (path.startsWith('/api/open/') && method === 'POST') headers['idempotency-key'] = `sim-${run}-${++keySeq}`;
    let t0 = performance.now();
    let env: Envelope<T>;
    // Past a rate limit (sign-ups are 20 a minute per address) the simulated client waits as a real one would.
    for (;;) {
      const res = await fetch(target, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
      env = (await res.json()) as Envelope<T>;
      if (env.code !== 42900) break;
      const wait = Math.min(60, Number((env.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds) || 5);
      log(`rate limited on ${name}: waiting ${wait} s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      t0 = performance.now();
    }
    const list = calls.get(name) ?? [];
    list.push(performance.now() - t0);
    calls.set(name, list);
    if (env.code !== 20000) throw new CallError(`${name}: ${env.code} ${env.message}`, env.code, env.data);
    return env.data;
  }
  /**
   * A sensitive staff call (SPEC §6) as the verify dialog makes it: refused with 42800, the code goes to the type's
   * first verifier and is read back (`verifyCode`), and the call is made again with the ticket bound to its values.
   */
  async function verified<T>(name: string, path: string, opts: CallOptions & { staff: string }): Promise<T> {
    try {
      return await call<T>(name, 'POST', path, opts);
    } catch (err) {
      if (!(err instanceof CallError) || err.code !== 42800 || !verifyCode) throw err;
      const asked = err.data as { type: string; target: string; request: string };
      const [verifier] = await call<{ id: number; username: string }[]>('staff.verifiers', 'GET', '/api/admin/fetchVerifySubjectList', {
        staff: opts.staff,
        query: { type: asked.type },
      });
      if (!verifier) throw new CallError(`${name}: nobody verifies ${asked.type}`);
      const body = { type: asked.type, subjectId: verifier.id, request: asked.request };
      await call('staff.sendVerifyCode', 'POST', '/api/admin/sendVerifyCode', { staff: opts.staff, body });
      const code = await verifyCode(verifier);
      const { ticket } = await call<{ ticket: string }>('staff.verify', 'POST', '/api/admin/doLoginVerify', {
        staff: opts.staff,
        body: { ...body, code, target: String(asked.target) },
      });
      return call<T>(name, 'POST', path, { ...opts, headers: { ...opts.headers, 'x-verify-ticket': ticket } });
    }
  }
  const failed = (err: unknown) => {
    counts.errors++;
    if (errorSamples.length < 10) errorSamples.push(err instanceof Error ? err.message : String(err));
  };
  return { run, call, verified, failed, calls, errorSamples, counts, canVerify: !!verifyCode };
}

export type SimClient = ReturnType<typeof simClient>;
