import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { LoginBody } from '@waystation/shared/contract/admin';
import { LOGIN_PENDING_TTL_MS } from '@waystation/shared/contract/verification';
import type { SecretBox } from '../../core/secrets';
import type { Db } from '../../db';
import { admins, loginAttempts, verifyTickets } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { AppError } from '../../core/errors';
import { verifyPassword } from '../../core/password';
import { hashSecret, isVerifyEnabled, issueTicket } from '../../core/verification';
import * as service from './service';

const PENDING = 'admin_login_pending';
const LOCK_WINDOW_MS = 15 * 60 * 1000;
const target = (username: string) => username.trim().toLowerCase();

/**
 * admin_login as a second factor, without touching the login handler: when the type is enabled, a login whose
 * password is right (account active, not locked, IP not rate-limited — those the handler answers itself) goes on
 * only with an admin_login ticket in X-Verify-Ticket; otherwise it answers 42800 with a pending token.
 */
export function registerLoginSecondFactor(app: FastifyInstance, ipLimit: number): void {
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'POST' || req.routeOptions.url !== '/api/admin/login') return;
    const { db } = app.services;
    const now = app.services.now();
    if (!(await isVerifyEnabled(db, 'admin_login'))) return;
    const body = req.body as LoginBody;
    const [ipFailures] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, req.ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, new Date(now.getTime() - LOCK_WINDOW_MS))));
    if (ipFailures.n >= ipLimit) return;
    const [admin] = await db.select().from(admins).where(sql`lower(${admins.username}) = lower(${body.username})`).limit(1);
    if (!admin || admin.status !== 'activity' || (admin.lockedUntil && admin.lockedUntil > now)) return;
    if (!(await verifyPassword(admin.passwordHash, body.password))) return;
    const header = req.headers['x-verify-ticket'];
    const ticket = Array.isArray(header) ? header[0] : header;
    if (ticket) {
      const used = await db
        .update(verifyTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(verifyTickets.ticketHash, hashSecret(ticket)), eq(verifyTickets.type, 'admin_login'), eq(verifyTickets.operatorId, admin.id),
            eq(verifyTickets.target, target(admin.username)), isNull(verifyTickets.usedAt), gt(verifyTickets.expiresAt, now),
          ),
        )
        .returning({ id: verifyTickets.id });
      if (used.length) return;
    }
    const operator = { id: admin.id, name: admin.name, username: admin.username };
    const pending = await issueTicket(db, { type: PENDING as never, operatorId: admin.id, subjectId: admin.id, target: target(admin.username), ttlMs: LOGIN_PENDING_TTL_MS, now });
    await writeAudit(
      db,
      { id: admin.id, name: admin.name, ip: req.ip },
      { action: 'verify.refused', targetType: 'admin_login', targetId: target(admin.username), after: { reason: ticket ? 'invalid' : 'missing' }, result: 'refused' },
      now,
    );
    throw new AppError(ErrorCode.VERIFICATION_REQUIRED, '请完成登录验证', {
      type: 'admin_login',
      target: target(admin.username),
      pendingToken: pending.ticket,
      subjectList: await service.subjectsFor(db, 'admin_login', operator),
    });
  });
}

/** The admin behind a pending login token (password already proven), or 42800 when it is unknown or expired. */
export async function pendingOperator(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: admins.id, name: admins.name, username: admins.username, status: admins.status })
    .from(verifyTickets)
    .innerJoin(admins, eq(admins.id, verifyTickets.operatorId))
    .where(and(eq(verifyTickets.ticketHash, hashSecret(token)), eq(verifyTickets.type, PENDING), isNull(verifyTickets.usedAt), gt(verifyTickets.expiresAt, now)))
    .limit(1);
  if (!row || row.status !== 'activity') throw new AppError(ErrorCode.VERIFICATION_REQUIRED, '登录验证已过期，请重新登录', { type: 'admin_login' });
  return row;
}

/** loginDoVerify: checks the code like doLoginVerify and spends the pending token; the ticket opens one login. */
export async function loginDoVerify(
  db: Db,
  secrets: SecretBox,
  body: { pendingToken: string; subjectId: number; code: string; method: 'code' | 'totp' },
  ip: string,
  now: Date,
): Promise<{ ticket: string; expiresAt: string }> {
  const op = await pendingOperator(db, body.pendingToken, now);
  const res = await service.doVerify(db, secrets, op, { id: op.id, name: op.name, ip }, { type: 'admin_login', subjectId: body.subjectId, code: body.code, method: body.method, target: target(op.username) }, now);
  await db.update(verifyTickets).set({ usedAt: now }).where(eq(verifyTickets.ticketHash, hashSecret(body.pendingToken)));
  return res;
}

