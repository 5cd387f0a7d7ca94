import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  LoginBody,
  MemberProfile,
  RegisterBody,
  RegisterConfirmBody,
  RegisterStarted,
  ResetBody,
  SiteLoginBody,
} from '@waystation/shared/contract/openAccounts';
import { type Db, nextId } from '../../db';
import {
  agents,
  memberAuthTries,
  memberCredentials,
  memberLogins,
  memberProfiles,
  memberResetCodes,
  members,
  memberSignups,
  memberSessions,
  outboxMessages,
} from '../../db/schema';
import { hashToken, newToken } from '../../core/auth';
import { AppError, invalid, notFound } from '../../core/errors';
import { THROTTLE_WINDOW_MS, throttleDelayMs } from '../admin/auth.service';
import { hashPassword, verifyPassword } from '../../core/password';
import { ErrorCode } from '@waystation/shared/contract/common';
import { accountsOf } from '../ledger/service';
import { pointsOf } from '../marketing/points';
import type { Actor } from '../../core/audit';
import { isActive } from '../../core/status';
import { inviterOf } from './inviter';

/**
 * Member accounts (issue 13): sign-up with a mailed code, sign-in by password or by a member site's key, password
 * reset, sessions; the member's own profile. The member API (modules/open) calls these; addresses: memberAddresses.ts.
 */

/** A member acting through the member API. */
export interface Member {
  id: number;
  userCode: string;
  name: string;
  /** The member's own sign-in; 0 when a site's server calls for the member with its API key. */
  sessionId: number;
}

/** How long a member's token lives. */
export const MEMBER_SESSION_MS = 30 * 86_400_000;

/** The member acting through the member API, as the audit trail and timelines name them. */
export const memberActor = (member: Member, ip: string): Actor => ({ id: null, name: `会员 ${member.userCode}`, ip });

/** A member's own view of themselves: identity, KYC state and balances. */
export async function profileOf(db: Db, memberId: number): Promise<MemberProfile> {
  const [row] = await db
    .select({ m: members, country: memberProfiles.country, kycStatus: memberProfiles.kycStatus })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row) throw notFound('会员不存在');
  return {
    id: row.m.id,
    userCode: row.m.userCode,
    name: row.m.name,
    email: row.m.email,
    country: row.country ?? '',
    kycStatus: row.kycStatus ?? 'none',
    accounts: (await accountsOf(db, 'member', memberId)).map((a) => ({ kind: a.kind, currency: a.currency, balance: a.balance })),
    points: await pointsOf(db, memberId),
  };
}

async function openSession(db: Db, memberId: number, meta: { ip: string; userAgent: string }, now: Date, source = 'password') {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + MEMBER_SESSION_MS);
  await db.insert(memberSessions).values({ memberId, tokenHash: hashToken(token), expiresAt, lastUsedAt: now, createdAt: now });
  await db.insert(memberLogins).values({ memberId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300), source, createdAt: now });
  await db.update(memberProfiles).set({ lastLoginAt: now, updatedAt: now }).where(eq(memberProfiles.memberId, memberId));
  return { token, expiresAt: expiresAt.toISOString(), member: await profileOf(db, memberId) };
}

const CODE_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** Wrong codes a sign-up or reset code takes before it dies. */
export const CODE_TRIES = 5;
/** Per email and hour, whatever the caller's address: codes mailed (sign-up, reset) and wrong codes typed. */
export const CODES_PER_EMAIL_HOUR = 5;
export const WRONG_CODES_PER_EMAIL_HOUR = 10;

type TryKind = 'login' | 'reset_request' | 'reset_code' | 'signup_request' | 'signup_code';
const noteTry = (db: Db, kind: TryKind, email: string, success: boolean, now: Date) =>
  db.insert(memberAuthTries).values({ kind, email, success, createdAt: now });

/** Tries of one kind for an email since a moment (any address). */
async function triesSince(db: Db, kind: TryKind, email: string, since: Date, success = false): Promise<{ n: number; last: Date | null }> {
  const [r] = await db
    .select({ n: count(), last: sql<Date | string | null>`max(${memberAuthTries.createdAt})` })
    .from(memberAuthTries)
    .where(and(eq(memberAuthTries.email, email), eq(memberAuthTries.kind, kind), eq(memberAuthTries.success, success), gt(memberAuthTries.createdAt, since)));
  return { n: r.n, last: r.last ? new Date(r.last) : null };
}

const tooMany = (message: string, waitMs = HOUR_MS) =>
  new AppError(ErrorCode.RATE_LIMITED, message, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });

/** Codes mailed to this email within the hour (sign-up or reset): more wait, so nobody floods an inbox or farms codes. */
async function limitCodesMailed(db: Db, kind: 'reset_request' | 'signup_request', email: string, now: Date) {
  const { n } = await triesSince(db, kind, email, new Date(now.getTime() - HOUR_MS), true);
  if (n >= CODES_PER_EMAIL_HOUR) throw tooMany('该邮箱获取验证码过于频繁，请 1 小时后再试');
  await noteTry(db, kind, email, true, now);
}

/** Wrong codes typed for this email within the hour, from any address: more wait. */
async function limitWrongCodes(db: Db, kind: 'reset_code' | 'signup_code', email: string, now: Date) {
  const { n } = await triesSince(db, kind, email, new Date(now.getTime() - HOUR_MS));
  if (n >= WRONG_CODES_PER_EMAIL_HOUR) throw tooMany('验证码错误次数过多，请 1 小时后重新获取验证码再试');
}

const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
const signupHash = (email: string, code: string) => crypto.createHash('sha256').update(`signup:${email}:${code}`).digest('hex');
const siteLock = (tx: Db, email: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-login:${email}`}))`);

/**
 * A password sign-up: a 6-digit code goes to the email, and the account exists only once the code is confirmed
 * (confirmRegister), so nobody holds an account under someone else's email. A taken email answers exactly alike (its
 * owner gets a note instead of a code), so sign-up does not tell who has an account.
 */
export async function register(db: Db, body: z.output<typeof RegisterBody>, now: Date, fromHost = ''): Promise<RegisterStarted> {
  const agentId = await inviterOf(db, body.agentId, body.domain ?? fromHost);
  await limitCodesMailed(db, 'signup_request', body.email, now);
  const answer = { email: body.email, codeExpiresInSeconds: CODE_MS / 1000 };
  const passwordHash = await hashPassword(body.password);
  const [taken] = await db.select({ memberId: memberCredentials.memberId }).from(memberCredentials).where(eq(memberCredentials.email, body.email));
  if (taken) {
    await db.insert(outboxMessages).values({
      channel: 'email',
      recipient: body.email,
      subject: '注册提醒',
      body: '有人用本邮箱申请注册会员。本邮箱已有账号，可直接登录；如忘记密码，请在登录页选择「忘记密码」。如非本人操作，请忽略本邮件。',
      createdAt: now,
    });
    return answer;
  }
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx.insert(memberSignups).values({
      email: body.email,
      name: body.name,
      country: body.country ?? '',
      agentId,
      passwordHash,
      codeHash: signupHash(body.email, code),
      expiresAt: new Date(now.getTime() + CODE_MS),
      createdAt: now,
    });
    await tx.insert(outboxMessages).values({
      channel: 'email',
      recipient: body.email,
      subject: '注册验证码',
      body: `您的注册验证码为 ${code}，15 分钟内有效。如非本人操作，请忽略本邮件。`,
      createdAt: now,
    });
  });
  return answer;
}

/**
 * The emailed code of a sign-up → the account, signed in. The latest live sign-up of the email counts; a wrong code
 * uses up one of its tries. A member who so far signed in only through a site (same email) gets the password added.
 */
export async function confirmRegister(db: Db, body: z.output<typeof RegisterConfirmBody>, meta: { ip: string; userAgent: string }, now: Date) {
  await limitWrongCodes(db, 'signup_code', body.email, now);
  const outcome = await db.transaction(async (tx) => {
    await siteLock(tx, body.email);
    const [signup] = await tx
      .select()
      .from(memberSignups)
      .where(and(eq(memberSignups.email, body.email), isNull(memberSignups.usedAt), gt(memberSignups.expiresAt, now), lt(memberSignups.tries, CODE_TRIES)))
      .orderBy(desc(memberSignups.id))
      .limit(1)
      .for('update');
    if (!signup || signup.codeHash !== signupHash(body.email, body.code)) {
      if (signup)
        await tx
          .update(memberSignups)
          .set({ tries: sql`${memberSignups.tries} + 1` })
          .where(eq(memberSignups.id, signup.id));
      return { wrong: true as const };
    }
    await tx.update(memberSignups).set({ usedAt: now }).where(eq(memberSignups.id, signup.id));
    const [cred] = await tx.select({ memberId: memberCredentials.memberId }).from(memberCredentials).where(eq(memberCredentials.email, body.email));
    if (cred) return { wrong: true as const };
    const [siteMember] = await tx
      .select({ id: members.id })
      .from(members)
      .where(sql`lower(${members.email}) = ${body.email}`)
      .orderBy(asc(members.id))
      .limit(1);
    let id = siteMember?.id;
    if (id === undefined) {
      id = await insertMember(tx, { name: signup.name, email: body.email, loginSource: 'password', createdAt: now, updatedAt: now });
      await tx.insert(memberProfiles).values({ memberId: id, country: signup.country, agentId: signup.agentId, updatedAt: now });
    }
    await tx.insert(memberCredentials).values({ memberId: id, email: body.email, passwordHash: signup.passwordHash, emailProvenAt: now, updatedAt: now });
    return { wrong: false as const, memberId: id };
  });
  if (outcome.wrong) {
    await noteTry(db, 'signup_code', body.email, false, now);
    throw invalid('code', '验证码错误或已过期');
  }
  return openSession(db, outcome.memberId, meta, now);
}

/**
 * A new member, whose code is U + (100000 + id). A code can be taken already by a member who was given it otherwise
 * (imported, or the demo data's U100101…): the next id is tried then, so a sign-up never fails on it.
 */
async function insertMember(tx: Db, values: Omit<typeof members.$inferInsert, 'id' | 'userCode'>): Promise<number> {
  for (;;) {
    const id = await nextId(tx, 'members');
    const [row] = await tx
      .insert(members)
      .values({ ...values, id, userCode: `U${100000 + id}` })
      .onConflictDoNothing({ target: members.userCode })
      .returning({ id: members.id });
    if (row) return row.id;
  }
}

/** How long sign-ins of this email must wait (0: now): failures from any address count, since its last success. */
async function loginWait(db: Db, email: string, now: Date): Promise<number> {
  const [lastSuccess] = await db
    .select({ at: memberAuthTries.createdAt })
    .from(memberAuthTries)
    .where(and(eq(memberAuthTries.email, email), eq(memberAuthTries.kind, 'login'), eq(memberAuthTries.success, true)))
    .orderBy(desc(memberAuthTries.createdAt))
    .limit(1);
  const since = new Date(Math.max(now.getTime() - THROTTLE_WINDOW_MS, lastSuccess?.at.getTime() ?? 0));
  const f = await triesSince(db, 'login', email, since);
  const delay = throttleDelayMs(f.n);
  if (!delay || !f.last) return 0;
  return Math.max(0, f.last.getTime() + delay - now.getTime());
}

/**
 * Email + password → a member token. Wrong email and wrong password answer alike. Five failures of one email, from
 * whatever addresses, make each further try wait longer (5 s, 10 s, 20 s … at most 15 min, 42900), the same for an
 * email without an account; a success or a password reset starts afresh, so the owner is never locked out for good.
 */
export async function login(db: Db, body: z.output<typeof LoginBody>, meta: { ip: string; userAgent: string }, now: Date) {
  const wait = await loginWait(db, body.email, now);
  if (wait > 0) throw tooMany(`该邮箱登录失败次数过多，请 ${Math.max(1, Math.ceil(wait / 1000))} 秒后再试；忘记密码可用邮箱验证码重设`, wait);
  const [cred] = await db
    .select({ memberId: memberCredentials.memberId, hash: memberCredentials.passwordHash, status: members.status })
    .from(memberCredentials)
    .innerJoin(members, eq(members.id, memberCredentials.memberId))
    .where(eq(memberCredentials.email, body.email));
  const ok = await verifyPassword(cred?.hash, body.password);
  if (!cred || !ok) {
    await noteTry(db, 'login', body.email, false, now);
    throw new AppError(ErrorCode.BAD_CREDENTIALS, '邮箱或密码错误');
  }
  if (!isActive(cred)) throw new AppError(ErrorCode.FORBIDDEN, '账号已停用，请联系客服');
  await noteTry(db, 'login', body.email, true, now);
  return openSession(db, cred.memberId, meta, now);
}

/**
 * A site's Discord/Google sign-in (its server holds a site key and vouches for the email): the member with that email
 * is signed in (its Discord account kept up to date), or a new member is created with that login source.
 */
export async function siteLogin(db: Db, body: z.output<typeof SiteLoginBody>, meta: { ip: string; userAgent: string }, now: Date) {
  const discordId = body.discordId ?? '';
  const find = async (tx: Db) =>
    (
      await tx
        .select({ id: members.id, status: members.status, discordId: members.discordId })
        .from(members)
        .where(sql`lower(${members.email}) = ${body.email}`)
        .orderBy(asc(members.id))
        .limit(1)
    )[0];
  const existing = await find(db);
  // The site vouches for the email: a pending password sign-up of it (maybe someone else's) is void.
  await db
    .update(memberSignups)
    .set({ usedAt: now })
    .where(and(eq(memberSignups.email, body.email), isNull(memberSignups.usedAt)));
  if (existing) {
    if (!isActive(existing)) throw new AppError(ErrorCode.FORBIDDEN, '账号已停用，请联系客服');
    const [cred] = await db.select({ provenAt: memberCredentials.emailProvenAt }).from(memberCredentials).where(eq(memberCredentials.memberId, existing.id));
    if (cred && !cred.provenAt)
      throw new AppError(
        ErrorCode.FORBIDDEN,
        '该邮箱已有以密码注册、尚未验证邮箱的账号，不能直接用此方式登录：请先在登录页「忘记密码」用邮箱验证码重设密码（即验证邮箱），再用此方式登录',
      );
    if (discordId && existing.discordId !== discordId) await db.update(members).set({ discordId, updatedAt: now }).where(eq(members.id, existing.id));
    return openSession(db, existing.id, meta, now, body.loginSource);
  }
  const agentId = await inviterOf(db, body.agentId, body.domain);
  const memberId = await db.transaction(async (tx) => {
    // Two first sign-ins of the same email at once make one member: the second waits on the lock and finds the first.
    await siteLock(tx, body.email);
    const again = await find(tx);
    if (again) return again.id;
    const id = await insertMember(tx, { name: body.name, email: body.email, loginSource: body.loginSource, discordId, createdAt: now, updatedAt: now });
    await tx.insert(memberProfiles).values({ memberId: id, country: body.country ?? '', agentId, updatedAt: now });
    return id;
  });
  return openSession(db, memberId, meta, now, body.loginSource);
}

export async function logout(db: Db, member: Member, now: Date): Promise<null> {
  await db.update(memberSessions).set({ revokedAt: now }).where(eq(memberSessions.id, member.sessionId));
  return null;
}

const codeHash = (memberId: number, code: string) => crypto.createHash('sha256').update(`${memberId}:${code}`).digest('hex');

/**
 * Sends a 6-digit reset code to the member's email (through the outbox of the pluggable sender). The answer is the
 * same whether or not the email has an account, so it reveals nothing; at most five codes an hour per email.
 */
export async function requestReset(db: Db, email: string, now: Date): Promise<null> {
  await limitCodesMailed(db, 'reset_request', email, now);
  const [cred] = await db.select({ memberId: memberCredentials.memberId }).from(memberCredentials).where(eq(memberCredentials.email, email));
  if (!cred) return null;
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .insert(memberResetCodes)
      .values({ memberId: cred.memberId, codeHash: codeHash(cred.memberId, code), expiresAt: new Date(now.getTime() + CODE_MS), createdAt: now });
    await tx.insert(outboxMessages).values({
      channel: 'email',
      recipient: email,
      subject: '重置密码验证码',
      body: `您的重置密码验证码为 ${code}，15 分钟内有效。如非本人操作，请忽略本邮件。`,
      createdAt: now,
    });
  });
  return null;
}

/**
 * A valid, unused reset code sets a new password, proves the email and ends every session of the member. A code dies
 * after five wrong tries, and ten wrong codes for one email within the hour (from any address) wait out the hour.
 */
export async function resetPassword(db: Db, body: z.output<typeof ResetBody>, now: Date): Promise<null> {
  await limitWrongCodes(db, 'reset_code', body.email, now);
  const passwordHash = await hashPassword(body.password);
  const done = await db.transaction(async (tx) => {
    const [cred] = await tx.select({ memberId: memberCredentials.memberId }).from(memberCredentials).where(eq(memberCredentials.email, body.email));
    const memberId = cred?.memberId ?? 0;
    const [code] = await tx
      .select()
      .from(memberResetCodes)
      .where(
        and(
          eq(memberResetCodes.memberId, memberId),
          isNull(memberResetCodes.usedAt),
          gt(memberResetCodes.expiresAt, now),
          lt(memberResetCodes.tries, CODE_TRIES),
        ),
      )
      .orderBy(desc(memberResetCodes.id))
      .limit(1)
      .for('update');
    if (!code || code.codeHash !== codeHash(memberId, body.code)) {
      if (code)
        await tx
          .update(memberResetCodes)
          .set({ tries: sql`${memberResetCodes.tries} + 1` })
          .where(eq(memberResetCodes.id, code.id));
      return false;
    }
    await tx.update(memberResetCodes).set({ usedAt: now }).where(eq(memberResetCodes.id, code.id));
    await tx
      .update(memberCredentials)
      .set({ passwordHash, emailProvenAt: sql`coalesce(${memberCredentials.emailProvenAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(eq(memberCredentials.memberId, memberId));
    await tx
      .update(memberSessions)
      .set({ revokedAt: now })
      .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)));
    // The owner proved the email: sign-in waits start afresh.
    await noteTry(tx, 'login', body.email, true, now);
    return true;
  });
  if (!done) {
    await noteTry(db, 'reset_code', body.email, false, now);
    throw invalid('code', '验证码错误或已过期');
  }
  return null;
}
