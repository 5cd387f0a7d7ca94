import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { AdminInfo, LoginBody, SessionStart } from '@waystation/shared/contract/admin';
import type { Db } from '../../db';
import { adminRoles, admins, loginAttempts, roles, sessions } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import {
  ABSOLUTE_TIMEOUT_MS,
  authenticate,
  type Caller,
  grantsOfRoles,
  grantsWithin,
  hashToken,
  loadGrants,
  newToken,
  revokeSessions,
  rolesWithin,
} from '../../core/auth';
import { AppError, forbidden, isUniqueViolation, notFound } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/password';
import { secondLoginStep } from '../verification/login';
import type { BadgeRegistry } from '../badge/service';
import { enableRoutes } from '../role/service';
import { isActive } from '../../core/status';

/** Failures of one name from one address within the window before each further try waits. */
export const FREE_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;

/** The wait after `n` failures of a name from an address: none for the first five, then 5 s, 10 s, 20 s … ≤ 15 min. */
export const throttleDelayMs = (n: number) => (n < FREE_FAILURES ? 0 : Math.min(5000 * 2 ** (n - FREE_FAILURES), MAX_DELAY_MS));

/**
 * Failures of one name from all addresses together (rotating addresses): the first ten within the window are free, then
 * each try waits 30 s, 60 s, 120 s … at most 5 minutes. The cap and the exemption of the name's own addresses (where it
 * signed in within KNOWN_ADDRESS_MS) keep a stranger from locking the owner out: at their usual desk the owner is never
 * held by this wait, elsewhere at most 5 minutes; 解除登录限制 clears it.
 */
export const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_MAX_DELAY_MS = 5 * 60 * 1000;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
export const accountDelayMs = (n: number) => (n < ACCOUNT_FREE_FAILURES ? 0 : Math.min(30_000 * 2 ** (n - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_DELAY_MS));

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
 * fails too often, and so does a name failing from many addresses (capped at 5 minutes, never at an address where the
 * name signed in before). A super admin can clear the waits (unlock).
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
  if (!isActive(admin)) throw forbidden('账号已停用，请联系管理员');
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
  const addressWait = delay && f.last ? Math.max(0, new Date(f.last).getTime() + delay - now.getTime()) : 0;
  // The name across every address: rotating addresses do not reset the count.
  const [all] = await db
    .select({ n: count(), last: sql<Date | string | null>`max(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(and(byName, eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  const accountDelay = accountDelayMs(all.n);
  if (!accountDelay || !all.last) return addressWait;
  const accountWait = Math.max(0, new Date(all.last).getTime() + accountDelay - now.getTime());
  if (accountWait <= addressWait) return addressWait;
  const [known] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(and(byName, eq(loginAttempts.ip, ctx.ip), eq(loginAttempts.success, true), gt(loginAttempts.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_MS))))
    .limit(1);
  return known ? addressWait : accountWait;
}

/** A super admin clears a name's login waits (counted as a fresh start, audited). */
export async function unlockLogin(db: Db, username: string, actor: { id: number; name: string; ip: string }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ username, ip: `unlock:${actor.id}`, success: true, createdAt: now });
    await tx.update(admins).set({ lockedUntil: null }).where(sql`lower(${admins.username}) = lower(${username})`);
    await writeAudit(tx, actor, { action: 'admin.login.unlock', targetType: 'admin', targetId: username }, now);
  });
}

/**
 * Opens a session for an account; one live session per account, so older ones end (and then get 50012) — except a
 * role's demo account, which several people may preview at once (demoSwitch: `by` is who switched, for the audit).
 */
export async function startSession(
  db: Db,
  admin: typeof admins.$inferSelect,
  ctx: Omit<LoginContext, 'ipLimit'>,
  action: 'admin.login' | 'admin.demoSwitch',
  by?: Pick<Caller, 'id' | 'name'>,
): Promise<{ token: string }> {
  const { now } = ctx;
  const token = newToken();
  await db.transaction(async (tx) => {
    if (!admin.demoRole) {
      await tx.insert(loginAttempts).values({ username: admin.username, ip: ctx.ip, success: true, createdAt: now });
      await revokeSessions(tx, admin.id, 'replaced', now);
    }
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
    await writeAudit(tx, { id: by?.id ?? admin.id, name: by?.name ?? admin.name, ip: ctx.ip }, { action, targetType: 'admin', targetId: admin.id }, now);
  });
  return { token };
}

/**
 * Demo mode: the caller previews a role within their rights as that role's own demo account (created on first use,
 * holding that role only, no password sign-in). It never opens, ends or hands over a session of a person's account.
 */
export async function demoSwitch(db: Db, caller: Caller, roleKey: string, ctx: Omit<LoginContext, 'ipLimit'>): Promise<{ token: string }> {
  const refused = () => forbidden('只能切换到权限不超过当前账号的演示角色');
  const [role] = await db.select().from(roles).where(eq(roles.key, roleKey)).limit(1);
  if (!role) throw notFound('角色不存在');
  if (!grantsWithin(await grantsOfRoles(db, [role.id]), caller)) throw refused();
  let [account] = await db.select().from(admins).where(eq(admins.demoRole, role.key)).limit(1);
  if (!account) {
    const passwordHash = await hashPassword(newToken());
    for (const username of [`demo.${role.key}`, `demo.${role.key}.${newToken().slice(0, 6).toLowerCase()}`]) {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(admins)
            .values({ username, name: `演示·${role.name}`, passwordHash, demoRole: role.key, status: 'activity', createdAt: ctx.now, updatedAt: ctx.now })
            .returning({ id: admins.id });
          await tx.insert(adminRoles).values({ adminId: row.id, roleId: role.id });
        });
        break;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    [account] = await db.select().from(admins).where(eq(admins.demoRole, role.key)).limit(1);
    if (!account) throw notFound('该角色没有可用的演示账号');
  }
  if (!isActive(account)) throw forbidden('该角色的演示账号已停用');
  // Its roles may have been edited since: still nothing beyond the caller's rights.
  if (!grantsWithin(await loadGrants(db, account.id), caller)) throw refused();
  return startSession(db, account, ctx, 'admin.demoSwitch', caller);
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
