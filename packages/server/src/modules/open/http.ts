import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, envelope } from '@waystation/shared/contract/common';
import { IDEMPOTENCY_KEY, OPEN_PREFIX } from '@waystation/shared/contract/open';
import { SITE_KEY_RATE } from '@waystation/shared/contract/notification';
import { type Db, reusableQuery } from '../../db';
import { memberAuthTries, memberSignups, openIdempotency, openRateWindows } from '../../db/schema';
import { AppError, conflict } from '../../core/errors';
import type { AgentCaller } from '../proxy/agentTerminal';
import type { Member } from '../vip/memberAccounts';
import { authenticate, type OpenAuth, type SiteCaller } from './auth';

/**
 * The open API's own route helper (issue 13): member tokens, agent-terminal tokens and member sites' API keys (never
 * staff tokens), a per-caller rate limit kept in the database, and an Idempotency-Key on every write, whose first answer
 * is replayed to a retry of the same request.
 */

export interface OpenCtx<Q, B> {
  query: Q;
  body: B;
  /** The signed-in member (routes with auth 'member'). */
  member: Member;
  /** The signed-in agent (routes with auth 'agent'). */
  agent: AgentCaller;
  /** The site whose key made the call (auth 'site', or 'member' through a key). */
  site: SiteCaller | undefined;
  now: Date;
  /** The write's Idempotency-Key, scoped to the caller: money postings use it so a re-run posts once. */
  idempotencyKey: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface OpenRouteSpec<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType> {
  method: 'GET' | 'POST';
  /** Under /api/open/v1. */
  path: string;
  auth: OpenAuth;
  summary: string;
  query?: Q;
  body?: B;
  data: D;
  /** A write that cannot take a key (sign-in, a provider's callback) says why; every other POST requires one. */
  withoutIdempotencyKey?: string;
  /** Requests per minute per caller (default: the server's member-API limit). */
  ratePerMinute?: number;
  /**
   * A provider's notification: when this says the call is validly signed (the body as sent, once read), it is never
   * refused for rate; any other call to the route counts in the caller's window, once its body is read, and is
   * refused past the limit as usual.
   */
  rateExemptWhenSigned?: (req: FastifyRequest, now: Date) => Promise<boolean>;
  /** A read the terminals may cache this many seconds, revalidated by its ETag (304 when unchanged). */
  cacheSeconds?: number;
  /**
   * A provider that wants its own word back instead of the envelope (Alipay: `success`): the text sent, as text/plain,
   * for a handled call (errors keep the envelope).
   */
  plainAnswer?: (data: z.input<D>) => string;
  handler: (ctx: OpenCtx<Out<Q>, Out<B>>) => Promise<z.input<D>>;
}

/** Default requests per minute: per signed-in member, and per IP for calls without a member. */
export const OPEN_RATE = { member: 600, anonymous: 120, agent: 600, site: SITE_KEY_RATE };

/** What the open routes declare (for the open API's own tests: the member matrix, the bad-input corpus). */
export interface OpenRouteInfo {
  method: 'GET' | 'POST';
  url: string;
  auth: OpenAuth;
  query?: z.ZodType;
  body?: z.ZodType;
  idempotent: boolean;
}
const routesByApp = new WeakMap<FastifyInstance, OpenRouteInfo[]>();
export const openRoutesOf = (app: FastifyInstance): OpenRouteInfo[] => routesByApp.get(app) ?? [];

/** The caller's name for rate windows and idempotency scopes. */
function callerKey(req: FastifyRequest): string {
  if (req.member) return `m:${req.member.id}`;
  if (req.agent) return `a:${req.agent.id}`;
  if (req.site) return `k:${req.site.keyId}`;
  return `ip:${req.ip}`;
}
/** The window a call counts in and its limit: a site's key has its own (whichever member it acts for). */
function rateOf(req: FastifyRequest): { window: string; limit: number } {
  if (req.site) return { window: `k:${req.site.keyId}`, limit: req.site.ratePerMinute };
  if (req.member) return { window: callerKey(req), limit: OPEN_RATE.member };
  if (req.agent) return { window: callerKey(req), limit: OPEN_RATE.agent };
  return { window: callerKey(req), limit: OPEN_RATE.anonymous };
}

// Every open call runs these statements (its count, its key's claim and answer): each is built once, not per call.
const countInWindow = reusableQuery('open_rate_count', (db) =>
  db
    .insert(openRateWindows)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({ target: [openRateWindows.key, openRateWindows.windowStart], set: { count: sql`${openRateWindows.count} + 1` } })
    .returning({ count: openRateWindows.count }),
);
const insertKey = reusableQuery('open_key_claim', (db) =>
  db
    .insert(openIdempotency)
    .values({
      scope: sql.placeholder('scope'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('hash'),
      createdAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: [openIdempotency.scope, openIdempotency.key],
      set: { createdAt: sql`${sql.placeholder('now')}::timestamptz` },
      setWhere: and(
        isNull(openIdempotency.response),
        eq(openIdempotency.requestHash, sql.placeholder('hash')),
        lt(openIdempotency.createdAt, sql.placeholder('abandonedBefore')),
      ),
    })
    .returning({ key: openIdempotency.key }),
);
const answerKey = reusableQuery('open_key_answer', (db) =>
  db
    .update(openIdempotency)
    .set({ response: sql.placeholder('response') })
    .where(and(eq(openIdempotency.scope, sql.placeholder('scope')), eq(openIdempotency.key, sql.placeholder('key'))))
    .returning({ key: openIdempotency.key }),
);

/** Counts the request in the caller's current minute; 42900 past the limit. */
async function countRequest(db: Db, key: string, limit: number, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await countInWindow(db, { key, windowStart });
  if (row.count > limit) throw new AppError(ErrorCode.RATE_LIMITED, '请求过于频繁，请稍后再试', { retryAfterSeconds: 60 - now.getUTCSeconds() });
}

const requestHash = (url: string, query: unknown, body: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([url, query ?? null, body ?? null]))
    .digest('hex');
/** A key left unanswered this long (its server died mid-write) may be taken again: the writes themselves post once per key. */
const ABANDONED_MS = 60_000;

/**
 * Claims the key for this request. Returns the stored answer when the same request already has one; 40900 when the key
 * was used for another request, or the same request is still being answered.
 */
async function claimKey(db: Db, scope: string, key: string, hash: string, now: Date): Promise<{ replay: unknown } | null> {
  const [claimed] = await insertKey(db, { scope, key, hash, now: now.toISOString(), abandonedBefore: new Date(now.getTime() - ABANDONED_MS) });
  if (claimed) return null;
  const [row] = await db
    .select()
    .from(openIdempotency)
    .where(and(eq(openIdempotency.scope, scope), eq(openIdempotency.key, key)));
  if (!row) return claimKey(db, scope, key, hash, now);
  if (row.requestHash !== hash) throw conflict('该 Idempotency-Key 已用于另一请求');
  if (row.response === null) throw conflict('相同的请求正在处理中，请稍后重试');
  return { replay: row.response };
}

/** The OpenAPI security requirement of each kind of caller (the schemes are named in the open API's document). */
const SECURITY: Record<OpenAuth, Record<string, string[]>[] | undefined> = {
  member: [{ member: [] }, { siteKey: [], memberCode: [] }],
  agent: [{ agent: [] }],
  site: [{ siteKey: [] }],
  public: undefined,
};
export const OPEN_SECURITY_SCHEMES = {
  member: { type: 'http', scheme: 'bearer', description: 'A member token from /auth/login or /auth/siteLogin' },
  agent: { type: 'http', scheme: 'bearer', description: 'An agent-terminal token from /agent/auth/login' },
  siteKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'A member site’s key (server to server; staff create it in 系统管理 › 站点密钥)' },
  memberCode: { type: 'apiKey', in: 'header', name: 'X-Member-Code', description: 'With a site key: the member the site acts for' },
} as const;

/** Registers one open-API call. */
export function openApi<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  app: FastifyInstance,
  spec: OpenRouteSpec<Q, B, D>,
): void {
  const url = OPEN_PREFIX + spec.path;
  const needsKey = spec.method === 'POST' && !spec.withoutIdempotencyKey;
  const list = routesByApp.get(app) ?? [];
  routesByApp.set(app, list);
  list.push({ method: spec.method, url, auth: spec.auth, query: spec.query, body: spec.body, idempotent: needsKey });
  const { db, now: clock } = app.services;
  const countCall = (req: FastifyRequest, now: Date) => {
    // A call with its own limit (sign-in, password tries) counts in its own window.
    if (spec.ratePerMinute) return countRequest(db, `${callerKey(req)}:${spec.path}`, spec.ratePerMinute, now);
    const { window, limit } = rateOf(req);
    return countRequest(db, window, limit, now);
  };
  app.route({
    method: spec.method,
    url,
    // Staff access control leaves these routes alone ('public' to it): the member token is checked here instead.
    config: { permission: 'public' },
    schema: {
      summary: spec.summary,
      tags: ['open'],
      ...(SECURITY[spec.auth] ? { security: SECURITY[spec.auth] } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: { 200: envelope(spec.data) },
    },
    // Before the body is read: who calls, and whether they are within their rate.
    onRequest: async (req) => {
      const now = clock();
      await authenticate(db, spec.auth, req, now);
      if (spec.rateExemptWhenSigned) return;
      await countCall(req, now);
    },
    // A provider's signed notification is judged with its body (see rateExemptWhenSigned); before validation, so a
    // malformed body counts too.
    preValidation: async (req) => {
      if (!spec.rateExemptWhenSigned) return;
      const now = clock();
      if (!(await spec.rateExemptWhenSigned(req, now))) await countCall(req, now);
    },
    handler: async (req, reply) => {
      const now = clock();
      const member = req.member as Member;
      const agent = req.agent as AgentCaller;
      let key = '';
      let scope = '';
      if (needsKey) {
        const header = req.headers['idempotency-key'];
        key = (Array.isArray(header) ? header[0] : header) ?? '';
        if (!IDEMPOTENCY_KEY.test(key)) {
          throw new AppError(ErrorCode.VALIDATION, '请在 Idempotency-Key 请求头中提供8~100位的请求标识', { fields: { 'Idempotency-Key': '请求标识无效' } });
        }
        scope = `${callerKey(req)}:${spec.path}`;
        const claimed = await claimKey(db, scope, key, requestHash(url, req.query, req.body), now);
        if (claimed) {
          reply.header('Idempotent-Replayed', 'true');
          return claimed.replay;
        }
      }
      try {
        const data = await spec.handler({
          query: req.query as Out<Q>,
          body: req.body as Out<B>,
          member,
          agent,
          site: req.site,
          now,
          idempotencyKey: key ? `open:${scope}:${key}` : '',
          req,
          reply,
        });
        // A string with no content type set goes out as text/plain, past the response schema.
        if (spec.plainAnswer) return spec.plainAnswer(data);
        const answer = { code: ErrorCode.OK, message: 'success', data: data ?? null };
        if (spec.cacheSeconds) {
          const etag = `"${crypto.createHash('sha1').update(JSON.stringify(answer)).digest('base64url')}"`;
          reply.header('ETag', etag).header('Cache-Control', `public, max-age=${spec.cacheSeconds}`);
          if (req.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304 as never).send();
        }
        if (needsKey) {
          await answerKey(db, { scope, key, response: answer });
        }
        return answer;
      } catch (err) {
        // A refused or failed write leaves nothing behind: the same key may try again.
        if (needsKey)
          await db.delete(openIdempotency).where(and(eq(openIdempotency.scope, scope), eq(openIdempotency.key, key), isNull(openIdempotency.response)));
        throw err;
      }
    },
  });
}

/** Old rate windows and answered keys older than a day are dropped (the daily prune job). */
export async function pruneOpenState(db: Db, now: Date): Promise<{ windows: number; keys: number; authTries: number; signups: number }> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const windows = await db
    .delete(openRateWindows)
    .where(lt(openRateWindows.windowStart, new Date(now.getTime() - 3_600_000)))
    .returning({ k: openRateWindows.key });
  const keys = await db.delete(openIdempotency).where(lt(openIdempotency.createdAt, dayAgo)).returning({ k: openIdempotency.key });
  // Sign-in, sign-up and reset limits look back an hour at most: a day-old try counts for nothing.
  const authTries = await db.delete(memberAuthTries).where(lt(memberAuthTries.createdAt, dayAgo)).returning({ id: memberAuthTries.id });
  const signups = await db.delete(memberSignups).where(lt(memberSignups.expiresAt, dayAgo)).returning({ id: memberSignups.id });
  return { windows: windows.length, keys: keys.length, authTries: authTries.length, signups: signups.length };
}
