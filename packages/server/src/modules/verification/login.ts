import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import { LOGIN_PENDING_TTL_MS } from '@waystation/shared/contract/verification';
import type { SecretBox } from '../../core/secrets';
import type { Db } from '../../db';
import { admins, verifyTickets } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { AppError } from '../../core/errors';
import { hashSecret, isVerifyEnabled, issueTicket } from '../../core/verification';
import * as service from './service';
import { isActive } from '../../core/status';

const PENDING = 'admin_login_pending';
const target = (username: string) => username.trim().toLowerCase();

/**
 * admin_login, the second step of the admin login (auth.service's login calls it once the password is proven and the
 * account may log in): when the type is enabled, the login goes on only with an admin_login ticket (X-Verify-Ticket),
 * spent here; otherwise it answers 42800 with a pending token for loginDoVerify.
 */
export async function secondLoginStep(
  db: Db,
  admin: { id: number; name: string; username: string },
  ticket: string | undefined,
  ip: string,
  now: Date,
): Promise<void> {
  if (!(await isVerifyEnabled(db, 'admin_login'))) return;
  if (ticket) {
    const used = await db
      .update(verifyTickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(verifyTickets.ticketHash, hashSecret(ticket)),
          eq(verifyTickets.type, 'admin_login'),
          eq(verifyTickets.operatorId, admin.id),
          eq(verifyTickets.target, target(admin.username)),
          isNull(verifyTickets.usedAt),
          gt(verifyTickets.expiresAt, now),
        ),
      )
      .returning({ id: verifyTickets.id });
    if (used.length) return;
  }
  const pending = await issueTicket(db, {
    type: PENDING as never,
    operatorId: admin.id,
    subjectId: admin.id,
    target: target(admin.username),
    ttlMs: LOGIN_PENDING_TTL_MS,
    now,
  });
  await writeAudit(
    db,
    { id: admin.id, name: admin.name, ip },
    {
      action: 'verify.refused',
      targetType: 'admin_login',
      targetId: target(admin.username),
      after: { reason: ticket ? 'invalid' : 'missing' },
      result: 'refused',
    },
    now,
  );
  throw new AppError(ErrorCode.VERIFICATION_REQUIRED, '请完成登录验证', {
    type: 'admin_login',
    target: target(admin.username),
    pendingToken: pending.ticket,
    subjectList: await service.subjectsFor(db, 'admin_login', admin),
  });
}

/** The admin behind a pending login token (password already proven), or 42800 when it is unknown or expired. */
export async function pendingOperator(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: admins.id, name: admins.name, username: admins.username, status: admins.status })
    .from(verifyTickets)
    .innerJoin(admins, eq(admins.id, verifyTickets.operatorId))
    .where(
      and(eq(verifyTickets.ticketHash, hashSecret(token)), eq(verifyTickets.type, PENDING), isNull(verifyTickets.usedAt), gt(verifyTickets.expiresAt, now)),
    )
    .limit(1);
  if (!isActive(row)) throw new AppError(ErrorCode.VERIFICATION_REQUIRED, '登录验证已过期，请重新登录', { type: 'admin_login' });
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
  const res = await service.doVerify(
    db,
    secrets,
    op,
    { id: op.id, name: op.name, ip },
    { type: 'admin_login', subjectId: body.subjectId, code: body.code, method: body.method, target: target(op.username) },
    now,
  );
  await db
    .update(verifyTickets)
    .set({ usedAt: now })
    .where(eq(verifyTickets.ticketHash, hashSecret(body.pendingToken)));
  return res;
}
