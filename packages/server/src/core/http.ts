import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode, envelope } from '@waystation/shared/contract/common';
import type { Call, Download } from '@waystation/shared/contract/call';
import type { Db } from '../db';
import type { Actor } from './audit';
import { writeAudit } from './audit';
import { clearSessionCookies, tokenOf } from './sessionCookie';
import { authenticate, type Caller } from './auth';
import { AppError, forbidden } from './errors';
import type { SecretBox } from './secrets';
import { consumeTicket, digestOf, releaseTicket, sealPending } from './verification';
import { describeValues } from './verifySummary';
import { requestLang } from './language';
import { requestScope } from './requestScope';
import type { SensitiveOperation } from '@waystation/shared/vocab/account';

/**
 * Who may call a route: nobody logged in, anybody logged in, holders of a permission key from the catalogue, or
 * holders of any one of several keys (a call that serves several screens, e.g. a package's detail at every station).
 */
export type Permission = 'public' | 'authenticated' | (string & {}) | readonly string[];

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

export interface Services {
  db: Db;
  now: () => Date;
  /** Encryption at rest for secrets the server reads back (core/secrets.ts). */
  secrets: SecretBox;
  /** Whether the demo carrier may book (AppConfig.carrierSandbox). */
  carrierSandbox: boolean;
}

export interface Ctx<Q, B> {
  query: Q;
  body: B;
  caller: Caller;
  actor: Actor;
  now: Date;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteSpec<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  permission: Permission;
  summary: string;
  tags?: string[];
  query?: Q;
  body?: B;
  data: D;
  /**
   * A sensitive operation (SPEC §6): the call needs a ticket from doLoginVerify in the X-Verify-Ticket header, bound
   * to this type, the caller and `verifyTarget` (else 42800, audited); while the type is switched off it is refused (40300).
   */
  verify?: SensitiveOperation;
  /**
   * The ledger refuses a credit to a balance from a call without a verification ticket (money never goes back to a
   * balance unverified). A call that legitimately does so says why here (e.g. "the agent's own held withdrawal").
   */
  creditsWithoutTicket?: string;
  /** Only some calls of the route are sensitive (e.g. the refund step of a return): verification applies when this says so. */
  verifyIf?: (input: { query: Out<Q>; body: Out<B> }) => boolean | Promise<boolean>;
  /** The target the ticket must name, from the parsed input (default ''). */
  verifyTarget?: (input: { query: Out<Q>; body: Out<B> }) => string | number | undefined;
  handler: (ctx: Ctx<Out<Q>, Out<B>>) => Promise<z.input<D>>;
}

/** What an app's API calls declare about permission and verification (for the security tests). */
export interface ApiRouteInfo {
  method: 'GET' | 'POST';
  url: string;
  permission: RouteSpec<undefined, undefined, z.ZodType>['permission'];
  verify?: SensitiveOperation;
  conditionalVerify: boolean;
  creditsWithoutTicket?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's data schema (the envelope's `data`). */
  data?: z.ZodType;
  /**
   * A GET call's handler for an input already parsed and a caller already checked: what an export job pages through
   * (lists only read; none of them needs the request or the reply).
   */
  read?: (input: { query: unknown; caller: Caller; actor: Actor; now: Date }) => Promise<unknown>;
}
const routesByApp = new WeakMap<FastifyInstance, ApiRouteInfo[]>();
export const apiRoutesOf = (app: FastifyInstance): ApiRouteInfo[] => routesByApp.get(app) ?? [];

/** What a route adds to its call's declaration (packages/shared/contract): who may call it, how, and what it does. */
export type CallRouteSpec<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType> = Omit<
  RouteSpec<Q, B, D>,
  'method' | 'url' | 'query' | 'body' | 'data'
>;

/**
 * Registers one API call: zod-validated input, permission from the catalogue, response in the envelope. The call's
 * method, URL, input and output come from its declaration (`defineCall` in packages/shared/contract).
 */
export function api<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  app: FastifyInstance,
  call: Call<Q, B, D>,
  route: CallRouteSpec<Q, B, D>,
): void {
  const spec: RouteSpec<Q, B, D> = { ...route, method: call.method, url: call.url, query: call.query, body: call.body, data: call.data };
  const list = routesByApp.get(app) ?? [];
  routesByApp.set(app, list);
  list.push({
    method: spec.method,
    url: spec.url,
    permission: spec.permission,
    verify: spec.verify,
    conditionalVerify: !!spec.verifyIf,
    creditsWithoutTicket: spec.creditsWithoutTicket,
    query: spec.query,
    body: spec.body,
    data: spec.data,
    read:
      spec.method === 'GET'
        ? (input) => spec.handler({ ...input, query: input.query as Out<Q>, body: undefined as Out<B>, req: undefined as never, reply: undefined as never })
        : undefined,
  });
  app.route({
    method: spec.method,
    url: spec.url,
    config: { permission: spec.permission },
    schema: {
      summary: spec.summary,
      tags: spec.tags ?? [spec.url.split('/')[2] ?? 'api'],
      ...(spec.permission === 'public' ? {} : { security: [{ token: [] }] }),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: { 200: envelope(spec.data) },
    },
    handler: async (req, reply) => {
      const caller = req.caller as Caller;
      const actor: Actor = { id: caller?.id ?? null, name: caller?.name ?? '', ip: req.ip };
      const now = app.services.now();
      const input = { query: req.query as Out<Q>, body: req.body as Out<B> };
      let ticketId: number | null = null;
      if (spec.verify && ((await spec.verifyIf?.(input)) ?? true)) {
        const header = req.headers['x-verify-ticket'];
        const target = String(spec.verifyTarget?.(input) ?? '');
        // The ticket approves these values only: another amount, weight or address needs its own verification.
        const values = { ...(input.query as object | undefined), ...(input.body as object | undefined) } as Record<string, unknown>;
        const digest = digestOf(values);
        try {
          ticketId = await consumeTicket(app.services.db, {
            type: spec.verify,
            operatorId: caller.id,
            target,
            digest,
            ticket: Array.isArray(header) ? header[0] : header,
            actor,
            now,
          });
        } catch (err) {
          if (err instanceof AppError && err.code === ErrorCode.VERIFICATION_REQUIRED) {
            // What the verifier will be shown and the code and ticket will be bound to, sealed against edits.
            // (in Chinese for the verifier's code message and the audit; the dialog shows them in the operator's language).
            const summary = await describeValues(app.services.db, spec.verify, values, 'zh');
            const request = sealPending(app.services.secrets, { type: spec.verify, target, operatorId: caller.id, digest, summary }, now);
            const lang = requestLang(req);
            const shown = lang === 'zh' ? summary : await describeValues(app.services.db, spec.verify, values, lang);
            throw new AppError(err.code, err.message, { type: spec.verify, target, request, summary: shown });
          }
          throw err;
        }
      }
      let data: unknown;
      try {
        const scope = { url: spec.url, verified: ticketId !== null, creditsWithoutTicket: spec.creditsWithoutTicket };
        data = await requestScope.run(scope, () => spec.handler({ ...input, caller, actor, now, req, reply }));
      } catch (err) {
        if (ticketId !== null) await releaseTicket(app.services.db, ticketId);
        throw err;
      }
      return { code: ErrorCode.OK, message: 'success', data: data ?? null };
    },
  });
}

/** A download: the bytes of a file instead of the envelope (errors still answer in the envelope). */
export interface FileRouteSpec<Q extends z.ZodType> {
  url: string;
  permission: Permission;
  summary: string;
  query: Q;
  handler: (ctx: Omit<Ctx<z.output<Q>, undefined>, 'body'>) => Promise<{ stream: Readable | Buffer; bytes?: number; type: string; fileName: string }>;
}

/**
 * Registers a GET that streams a file, with the same permission check and input validation as api(), and listed with
 * the API calls so the permission matrix and the bad-input corpus cover it. The file name must be plain ASCII.
 */
export function fileApi<Q extends z.ZodType>(app: FastifyInstance, download: Download<Q>, route: Omit<FileRouteSpec<Q>, 'url' | 'query'>): void {
  const spec: FileRouteSpec<Q> = { ...route, url: download.url, query: download.query };
  const list = routesByApp.get(app) ?? [];
  routesByApp.set(app, list);
  list.push({ method: 'GET', url: spec.url, permission: spec.permission, conditionalVerify: false, query: spec.query });
  app.route({
    method: 'GET',
    url: spec.url,
    config: { permission: spec.permission },
    schema: { summary: spec.summary, tags: [spec.url.split('/')[2] ?? 'api'], security: [{ token: [] }], querystring: spec.query },
    handler: async (req, reply) => {
      const caller = req.caller as Caller;
      const actor: Actor = { id: caller?.id ?? null, name: caller?.name ?? '', ip: req.ip };
      const file = await spec.handler({ query: req.query as z.output<Q>, caller, actor, now: app.services.now(), req, reply });
      reply
        .type(file.type)
        .header('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`)
        .header('Cache-Control', 'no-store');
      if (file.bytes !== undefined) reply.header('Content-Length', file.bytes);
      return reply.send(file.stream);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const WRITE_PATH = /\/(save|modify|delete|update|add|edit|reset|batch|send|do)[A-Za-z]*$/i;

/** Whether the caller holds a route's permission (any of its keys). */
export function permits(caller: Pick<Caller, 'permissions'>, permission: Permission): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  const keys: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return keys.some((key) => caller.permissions.has(key));
}

/** Authenticates and authorizes every API request before its body is even parsed. */
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const permission = req.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    // The token travels in X-Token or the HttpOnly cookie, never in a URL (issue #28).
    const { token, fromCookie } = tokenOf(req);
    const { db, now } = app.services;
    const caller = await authenticate(db, token, now()).catch((e: unknown) => {
      // The cookie's session has ended: the browser forgets it (the page cannot, it never sees the token).
      if (fromCookie && token) clearSessionCookies(req, reply);
      throw e;
    });
    req.caller = caller;
    if (permits(caller, permission)) return;
    if (req.method !== 'GET' || WRITE_PATH.test(req.routeOptions.url ?? '')) {
      await writeAudit(
        db,
        { id: caller.id, name: caller.name, ip: req.ip },
        { action: 'permission.refused', targetType: 'route', targetId: req.routeOptions.url, after: { permission }, result: 'refused' },
        now(),
      );
    }
    throw forbidden();
  });
}

export { AppError };
