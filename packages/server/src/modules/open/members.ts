import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AddressSaveBody, LoginBody, MemberProfile, RegisterBody, ResetBody, SiteLoginBody } from '@waystation/shared/contract/open';
import { type Db, nextId } from '../../db';
import {
  agents,
  memberAddresses,
  memberCredentials,
  memberLogins,
  memberProfiles,
  memberResetCodes,
  members,
  memberSessions,
  outboxMessages,
} from '../../db/schema';
import { hashToken, newToken } from '../../core/auth';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/password';
import { ErrorCode } from '@waystation/shared/contract/common';
import { accountsOf } from '../ledger/service';
import { toAddress } from '../vip/service';
import { MEMBER_SESSION_MS, type Member } from './http';

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

/** A new member account (email + password), signed in at once. */
export async function register(db: Db, body: z.output<typeof RegisterBody>, meta: { ip: string; userAgent: string }, now: Date) {
  if (body.agentId !== undefined) {
    const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.id, body.agentId));
    if (agent?.status !== 'activity') throw invalid('agentId', '代理不存在或已停用');
  }
  const passwordHash = await hashPassword(body.password);
  let memberId: number;
  try {
    memberId = await db.transaction(async (tx) => {
      const id = await nextId(tx, 'members');
      await tx
        .insert(members)
        .values({ id, userCode: `U${100000 + id}`, name: body.name, email: body.email, loginSource: 'password', createdAt: now, updatedAt: now });
      await tx.insert(memberCredentials).values({ memberId: id, email: body.email, passwordHash, updatedAt: now });
      await tx.insert(memberProfiles).values({ memberId: id, country: body.country ?? '', agentId: body.agentId ?? null, updatedAt: now });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('email', '该邮箱已注册');
    throw err;
  }
  return openSession(db, memberId, meta, now);
}

/** Email + password → a member token. Wrong email and wrong password answer alike. */
export async function login(db: Db, body: z.output<typeof LoginBody>, meta: { ip: string; userAgent: string }, now: Date) {
  const [cred] = await db
    .select({ memberId: memberCredentials.memberId, hash: memberCredentials.passwordHash, status: members.status })
    .from(memberCredentials)
    .innerJoin(members, eq(members.id, memberCredentials.memberId))
    .where(eq(memberCredentials.email, body.email));
  const ok = await verifyPassword(cred?.hash, body.password);
  if (!cred || !ok) throw new AppError(ErrorCode.BAD_CREDENTIALS, '邮箱或密码错误');
  if (cred.status !== 'activity') throw new AppError(ErrorCode.FORBIDDEN, '账号已停用，请联系客服');
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
  if (existing) {
    if (existing.status !== 'activity') throw new AppError(ErrorCode.FORBIDDEN, '账号已停用，请联系客服');
    if (discordId && existing.discordId !== discordId) await db.update(members).set({ discordId, updatedAt: now }).where(eq(members.id, existing.id));
    return openSession(db, existing.id, meta, now, body.loginSource);
  }
  if (body.agentId !== undefined) {
    const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.id, body.agentId));
    if (agent?.status !== 'activity') throw invalid('agentId', '代理不存在或已停用');
  }
  const memberId = await db.transaction(async (tx) => {
    // Two first sign-ins of the same email at once make one member: the second waits on the lock and finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-login:${body.email}`}))`);
    const again = await find(tx);
    if (again) return again.id;
    const id = await nextId(tx, 'members');
    await tx.insert(members).values({
      id,
      userCode: `U${100000 + id}`,
      name: body.name,
      email: body.email,
      loginSource: body.loginSource,
      discordId,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(memberProfiles).values({ memberId: id, country: body.country ?? '', agentId: body.agentId ?? null, updatedAt: now });
    return id;
  });
  return openSession(db, memberId, meta, now, body.loginSource);
}

export async function logout(db: Db, member: Member, now: Date): Promise<null> {
  await db.update(memberSessions).set({ revokedAt: now }).where(eq(memberSessions.id, member.sessionId));
  return null;
}

const RESET_CODE_MS = 15 * 60_000;
const codeHash = (memberId: number, code: string) => crypto.createHash('sha256').update(`${memberId}:${code}`).digest('hex');

/**
 * Sends a 6-digit reset code to the member's email (through the outbox of the pluggable sender). The answer is the
 * same whether or not the email has an account, so it reveals nothing.
 */
export async function requestReset(db: Db, email: string, now: Date): Promise<null> {
  const [cred] = await db.select({ memberId: memberCredentials.memberId }).from(memberCredentials).where(eq(memberCredentials.email, email));
  if (!cred) return null;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .insert(memberResetCodes)
      .values({ memberId: cred.memberId, codeHash: codeHash(cred.memberId, code), expiresAt: new Date(now.getTime() + RESET_CODE_MS), createdAt: now });
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

/** A valid, unused reset code sets a new password and ends every session of the member. */
export async function resetPassword(db: Db, body: z.output<typeof ResetBody>, now: Date): Promise<null> {
  const [cred] = await db.select({ memberId: memberCredentials.memberId }).from(memberCredentials).where(eq(memberCredentials.email, body.email));
  const memberId = cred?.memberId ?? 0;
  const [code] = await db
    .select()
    .from(memberResetCodes)
    .where(and(eq(memberResetCodes.memberId, memberId), isNull(memberResetCodes.usedAt), gt(memberResetCodes.expiresAt, now)))
    .orderBy(desc(memberResetCodes.id))
    .limit(1);
  if (!code || code.codeHash !== codeHash(memberId, body.code)) throw invalid('code', '验证码错误或已过期');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(memberResetCodes)
      .set({ usedAt: now })
      .where(and(eq(memberResetCodes.id, code.id), isNull(memberResetCodes.usedAt)))
      .returning({ id: memberResetCodes.id });
    if (!used.length) throw invalid('code', '验证码错误或已过期');
    await tx.update(memberCredentials).set({ passwordHash, updatedAt: now }).where(eq(memberCredentials.memberId, memberId));
    await tx
      .update(memberSessions)
      .set({ revokedAt: now })
      .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)));
  });
  return null;
}

export async function listAddresses(db: Db, memberId: number) {
  const rows = await db
    .select()
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(desc(memberAddresses.isDefault), asc(memberAddresses.id));
  return { list: rows.map(toAddress) };
}

const MAX_ADDRESSES = 50;

/** Adds or edits one of the member's own addresses; a default one makes the others not default. */
export async function saveAddress(db: Db, memberId: number, body: z.output<typeof AddressSaveBody>, now: Date) {
  return db.transaction(async (tx) => {
    const { id, ...fields } = body;
    const mine = await tx.select({ id: memberAddresses.id }).from(memberAddresses).where(eq(memberAddresses.memberId, memberId));
    if (id !== undefined && !mine.some((a) => a.id === id)) throw notFound('地址不存在');
    if (id === undefined && mine.length >= MAX_ADDRESSES) throw conflict(`最多保存${MAX_ADDRESSES}个地址`);
    if (fields.isDefault) await tx.update(memberAddresses).set({ isDefault: false, updatedAt: now }).where(eq(memberAddresses.memberId, memberId));
    const isDefault = fields.isDefault || mine.length === 0 || (mine.length === 1 && id !== undefined);
    const [row] =
      id === undefined
        ? await tx
            .insert(memberAddresses)
            .values({ ...fields, isDefault, memberId, createdAt: now, updatedAt: now })
            .returning()
        : await tx
            .update(memberAddresses)
            .set({ ...fields, ...(fields.isDefault ? { isDefault: true } : {}), updatedAt: now })
            .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
            .returning();
    return toAddress(row);
  });
}
