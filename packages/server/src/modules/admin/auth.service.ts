import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { AdminInfo, LoginBody, SessionStart } from '@waystation/shared/contract/admin';
import type { Db } from '../../db';
import { admins, loginAttempts, sessions } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ABSOLUTE_TIMEOUT_MS, authenticate, type Caller, hashToken, newToken, revokeSessions, rolesWithin } from '../../core/auth';
import { AppError, forbidden } from '../../core/errors';
import { verifyPassword } from '../../core/password';
import { secondLoginStep } from '../verification/login';
import type { BadgeRegistry } from '../badge/service';
import { enableRoutes } from '../role/service';

/** Failures of one name from one address within the window before each further try waits. */
export const FREE_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;

/** The wait after `n` failures of a name from an address: none for the first five, then 5 s, 10 s, 20 s … ≤ 15 min. */
export const throttleDelayMs = (n: number) => (n < FREE_FAILURES ? 0 : Math.min(5000 * 2 ** (n - FREE_FAILURES), MAX_DELAY_MS));

export interface LoginContext {
  ip: string;
  userAgent: string;
  now: Date;
  ipLimit: number;
  /** X-Verify-Ticket: the admin_login ticket, when the second login step is switched on. */
  verifyTicket?: string;
}

const tooFast = (waitMs: number) =>
  new AppError(ErrorCode.RATE_LIMITED, `登录尝试过于频繁，请 ${Math.max(1, Math.ceil(waitMs / 1000))} 秒后再试`, {
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });

/**
 * Checks the password and opens a session. A wrong name and a wrong password answer alike (40100), so names cannot be
 * listed; repeated failures of one name from one address wait longer and longer (42900), and so does an address that
 * fails too often; nothing a stranger does elsewhere locks the account. A super admin can clear the waits (unlock).
 */
export async function login(db: Db, input: LoginBody, ctx: LoginContext): Promise<{ token: string }> {
  const { now } = ctx;
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [ipFailures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ctx.ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, windowStart)));
  if (ipFailures.n >= ctx.ipLimit) throw new AppError(ErrorCode.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');

  const wait = await waitFor(db, input.username, ctx);
  if (wait > 0) throw tooFast(wait);

  const [admin] = await db.select().from(admins).where(sql`lower(${admins.username}) = lower(${input.username})`).limit(1);
  const passwordOk = await verifyPassword(admin?.passwordHash, input.password);
  if (!passwordOk || !admin) {
    await db.insert(loginAttempts).values({ username: input.username, ip: ctx.ip, success: false, createdAt: now });
    throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
  }
  if (admin.status !== 'activity') throw forbidden('账号已停用，请联系管理员');
  await secondLoginStep(db, admin, ctx.verifyTicket, ctx.ip, now);

  return startSession(db, admin, ctx, 'admin.login');
}

/** How long this name must wait before trying again from this address (0: now). */
async function waitFor(db: Db, username: string, ctx: LoginContext): Promise<number> {
  const { now } = ctx;
  const byName = sql`lower(${loginAttempts.username}) = lower(${username})`;
  // Failures count from the latest of: the window start, the name's last success (or unlock).
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(byName, eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const since = new Date(Math.max(now.getTime() - THROTTLE_WINDOW_MS, lastSuccess?.at.getTime() ?? 0));
  const [f] = await db
    .select({ n: count(), last: sql<Date | string | null>`max(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(and(byName, eq(loginAttempts.ip, ctx.ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  const delay = throttleDelayMs(f.n);
  if (!delay || !f.last) return 0;
  return Math.max(0, new Date(f.last).getTime() + delay - now.getTime());
}

/** A super admin clears a name's login waits (counted as a fresh start, audited). */
export async function unlockLogin(db: Db, username: string, actor: { id: number; name: string; ip: string }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ username, ip: `unlock:${actor.id}`, success: true, createdAt: now });
    await tx.update(admins).set({ lockedUntil: null }).where(sql`lower(${admins.username}) = lower(${username})`);
    await writeAudit(tx, actor, { action: 'admin.login.unlock', targetType: 'admin', targetId: username }, now);
  });
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

/** The new session's first screen: its caller's info, menu routes and queue counters, as their own calls would answer. */
export async function sessionStart(db: Db, token: string, now: Date, opts: { demo: boolean; badges: BadgeRegistry }): Promise<SessionStart> {
  const caller = await authenticate(db, token, now);
  const [userInfo, taskNum] = await Promise.all([info(db, caller, opts.demo), opts.badges.all(db, caller)]);
  return { info: userInfo, routes: enableRoutes(caller), taskNum };
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
