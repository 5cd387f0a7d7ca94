import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, envelope } from '@waystation/shared/contract/common';
import { IDEMPOTENCY_KEY } from '@waystation/shared/contract/open';
import type { Db } from '../../db';
import { members, memberSessions, openIdempotency, openRateWindows } from '../../db/schema';
import { hashToken } from '../../core/auth';
import { AppError, conflict } from '../../core/errors';

/**
 * The member API's own route helper (issue 13): member tokens (never staff ones), a per-caller rate limit kept in the
 * database, and an Idempotency-Key on every write, whose first answer is replayed to a retry of the same request.
 */

export interface Member {
  id: number;
  userCode: string;
  name: string;
  sessionId: number;
}

export interface OpenCtx<Q, B> {
  query: Q;
  body: B;
  /** The signed-in member (routes with auth 'member'). */
  member: Member;
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
  auth: 'member' | 'public';
  summary: string;
  query?: Q;
  body?: B;
  data: D;
  /** A write that cannot take a key (sign-in, a provider's callback) says why; every other POST requires one. */
  withoutIdempotencyKey?: string;
  /** Requests per minute per caller (default: the server's member-API limit). */
  ratePerMinute?: number;
  /** A read the terminals may cache this many seconds, revalidated by its ETag (304 when unchanged). */
  cacheSeconds?: number;
  handler: (ctx: OpenCtx<Out<Q>, Out<B>>) => Promise<z.input<D>>;
}

export const OPEN_PREFIX = '/api/open/v1';
export const MEMBER_SESSION_MS = 30 * 86_400_000;
/** Default requests per minute: per signed-in member, and per IP for calls without a member. */
export const OPEN_RATE = { member: 600, anonymous: 120 };

/** What the open routes declare (for the open API's own tests: the member matrix, the bad-input corpus). */
export interface OpenRouteInfo {
  method: 'GET' | 'POST';
  url: string;
  auth: 'member' | 'public';
  query?: z.ZodType;
  body?: z.ZodType;
  idempotent: boolean;
}
const routesByApp = new WeakMap<FastifyInstance, OpenRouteInfo[]>();
export const openRoutesOf = (app: FastifyInstance): OpenRouteInfo[] => routesByApp.get(app) ?? [];

declare module 'fastify' {
  interface FastifyRequest {
    member?: Member;
  }
}

const refuseToken = (message: string) => new AppError(ErrorCode.ILLEGAL_TOKEN, message);

/** The member behind a bearer token, or 50008/50014. A staff token is not a member token: it is simply unknown here. */
export async function authenticateMember(db: Db, header: string | undefined, now: Date): Promise<Member> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw refuseToken('未登录或登录凭证无效，请重新登录');
  const [row] = await db
    .select({
      sessionId: memberSessions.id,
      memberId: memberSessions.memberId,
      expiresAt: memberSessions.expiresAt,
      revokedAt: memberSessions.revokedAt,
      ...memberCols,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.revokedAt) throw refuseToken('登录凭证无效，请重新登录');
  if (row.status !== 'activity') throw refuseToken('账号已停用，请联系客服');
  if (now >= row.expiresAt) throw new AppError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  return { id: row.memberId, userCode: row.userCode, name: row.name, sessionId: row.sessionId };
}
const memberCols = { userCode: members.userCode, name: members.name, status: members.status };

/** Counts the request in the caller's current minute; 42900 past the limit. */
async function countRequest(db: Db, key: string, limit: number, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await db
    .insert(openRateWindows)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [openRateWindows.key, openRateWindows.windowStart], set: { count: sql`${openRateWindows.count} + 1` } })
    .returning({ count: openRateWindows.count });
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
  const [claimed] = await db
    .insert(openIdempotency)
    .values({ scope, key, requestHash: hash, createdAt: now })
    .onConflictDoUpdate({
      target: [openIdempotency.scope, openIdempotency.key],
      set: { createdAt: now },
      setWhere: and(
        isNull(openIdempotency.response),
        eq(openIdempotency.requestHash, hash),
        lt(openIdempotency.createdAt, new Date(now.getTime() - ABANDONED_MS)),
      ),
    })
    .returning({ key: openIdempotency.key });
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

/** Registers one member-API call. */
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
  app.route({
    method: spec.method,
    url,
    // Staff access control leaves these routes alone ('public' to it): the member token is checked here instead.
    config: { permission: 'public' },
    schema: {
      summary: spec.summary,
      tags: ['open'],
      ...(spec.auth === 'member' ? { security: [{ member: [] }] } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: { 200: envelope(spec.data) },
    },
    // Before the body is read: who calls, and whether they are within their rate.
    onRequest: async (req) => {
      const now = clock();
      if (spec.auth === 'member') req.member = await authenticateMember(db, req.headers.authorization, now);
      const limit = spec.ratePerMinute ?? (req.member ? OPEN_RATE.member : OPEN_RATE.anonymous);
      await countRequest(db, req.member ? `m:${req.member.id}` : `ip:${req.ip}${spec.ratePerMinute ? `:${spec.path}` : ''}`, limit, now);
    },
    handler: async (req, reply) => {
      const now = clock();
      const member = req.member as Member;
      let key = '';
      let scope = '';
      if (needsKey) {
        const header = req.headers['idempotency-key'];
        key = (Array.isArray(header) ? header[0] : header) ?? '';
        if (!IDEMPOTENCY_KEY.test(key)) {
          throw new AppError(ErrorCode.VALIDATION, '请在 Idempotency-Key 请求头中提供8~100位的请求标识', { fields: { 'Idempotency-Key': '请求标识无效' } });
        }
        scope = member ? `m:${member.id}:${spec.path}` : `ip:${req.ip}:${spec.path}`;
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
          now,
          idempotencyKey: key ? `open:${scope}:${key}` : '',
          req,
          reply,
        });
        const answer = { code: ErrorCode.OK, message: 'success', data: data ?? null };
        if (spec.cacheSeconds) {
          const etag = `"${crypto.createHash('sha1').update(JSON.stringify(answer)).digest('base64url')}"`;
          reply.header('ETag', etag).header('Cache-Control', `public, max-age=${spec.cacheSeconds}`);
          if (req.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304 as never).send();
        }
        if (needsKey) {
          await db
            .update(openIdempotency)
            .set({ response: answer })
            .where(and(eq(openIdempotency.scope, scope), eq(openIdempotency.key, key)));
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
export async function pruneOpenState(db: Db, now: Date): Promise<{ windows: number; keys: number }> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const windows = await db
    .delete(openRateWindows)
    .where(lt(openRateWindows.windowStart, new Date(now.getTime() - 3_600_000)))
    .returning({ k: openRateWindows.key });
  const keys = await db.delete(openIdempotency).where(lt(openIdempotency.createdAt, dayAgo)).returning({ k: openIdempotency.key });
  return { windows: windows.length, keys: keys.length };
}
