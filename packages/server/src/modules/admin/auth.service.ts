import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { AdminInfo, LoginBody } from '@waystation/shared/contract/admin';
import type { Db } from '../../db';
import { admins, loginAttempts, sessions } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ABSOLUTE_TIMEOUT_MS, type Caller, hashToken, newToken, revokeSessions, rolesWithin } from '../../core/auth';
import { AppError, forbidden } from '../../core/errors';
import { verifyPassword } from '../../core/password';

export const LOCK_THRESHOLD = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

export interface LoginContext {
  ip: string;
  userAgent: string;
  now: Date;
  ipLimit: number;
}

const lockedError = (until: Date, now: Date) =>
  new AppError(ErrorCode.LOCKED, `登录失败次数过多，账号已锁定，请 ${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60000))} 分钟后再试`, {
    lockedUntil: until.toISOString(),
  });

/** Checks the password and opens a session; five failures in 15 minutes lock the account for 15 minutes. */
export async function login(db: Db, input: LoginBody, ctx: LoginContext): Promise<{ token: string }> {
  const { now } = ctx;
  const windowStart = new Date(now.getTime() - LOCK_WINDOW_MS);
  const [ipFailures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ctx.ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, windowStart)));
  if (ipFailures.n >= ctx.ipLimit) throw new AppError(ErrorCode.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');

  const [admin] = await db.select().from(admins).where(sql`lower(${admins.username}) = lower(${input.username})`).limit(1);
  if (admin?.lockedUntil && admin.lockedUntil > now) throw lockedError(admin.lockedUntil, now);

  const passwordOk = await verifyPassword(admin?.passwordHash, input.password);
  if (!passwordOk || !admin) {
    await db.insert(loginAttempts).values({ username: input.username, ip: ctx.ip, success: false, createdAt: now });
    if (admin) await lockIfTooManyFailures(db, admin, ctx);
    throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
  }
  if (admin.status !== 'activity') throw forbidden('账号已停用，请联系管理员');

  return startSession(db, admin, ctx, 'admin.login');
}

/** Opens a session for an account; one live session per account, so older ones end (and then get 50012). */
export async function startSession(
  db: Db,
  admin: typeof admins.$inferSelect,
  ctx: Omit<LoginContext, 'ipLimit'>,
  action: 'admin.login' | 'admin.demoSwitch',
): Promise<{ token: string }> {
  const { now } = ctx;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ username: admin.username, ip: ctx.ip, success: true, createdAt: now });
    await revokeSessions(tx, admin.id, 'replaced', now);
    await tx.insert(sessions).values({
      adminId: admin.id,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 300),
    });
    await tx.update(admins).set({ lastLoginAt: now }).where(eq(admins.id, admin.id));
    await writeAudit(tx, { id: admin.id, name: admin.name, ip: ctx.ip }, { action, targetType: 'admin', targetId: admin.id }, now);
  });
  return { token };
}

async function lockIfTooManyFailures(db: Db, admin: typeof admins.$inferSelect, ctx: LoginContext): Promise<void> {
  const { now } = ctx;
  // Failures count from the latest of: the window start, the last success, the end of an earlier lock.
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(sql`lower(${loginAttempts.username}) = lower(${admin.username})`, eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const since = Math.max(now.getTime() - LOCK_WINDOW_MS, lastSuccess?.at.getTime() ?? 0, admin.lockedUntil?.getTime() ?? 0);
  const [failures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        sql`lower(${loginAttempts.username}) = lower(${admin.username})`,
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, new Date(since)),
      ),
    );
  if (failures.n < LOCK_THRESHOLD) return;
  const until = new Date(now.getTime() + LOCK_WINDOW_MS);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ lockedUntil: until }).where(eq(admins.id, admin.id));
    await writeAudit(
      tx,
      { id: null, name: admin.username, ip: ctx.ip },
      { action: 'admin.login.locked', targetType: 'admin', targetId: admin.id, after: { lockedUntil: until.toISOString() }, result: 'refused' },
      now,
    );
  });
  throw lockedError(until, now);
}

/** Ends the caller's session. */
export async function logout(db: Db, caller: Caller, ip: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: now, revokedReason: 'logout' }).where(eq(sessions.id, caller.sessionId));
    await writeAudit(tx, { id: caller.id, name: caller.name, ip }, { action: 'admin.logout', targetType: 'admin', targetId: caller.id }, now);
  });
}

/** SPEC §3 user info for the signed-in caller. */
export async function info(db: Db, caller: Caller, demo: boolean): Promise<AdminInfo> {
  const [admin] = await db.select().from(admins).where(eq(admins.id, caller.id)).limit(1);
  return {
    id: admin.id,
    username: admin.username,
    roles: caller.roles,
    name: admin.name,
    avatar: admin.avatar,
    introduction: admin.introduction,
    permissions: [...caller.permissions].sort(),
    demo,
    demoRoles: demo ? await rolesWithin(db, caller) : [],
  };
}
