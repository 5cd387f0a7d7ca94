import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type Page } from '@waystation/shared/contract/common';
import {
  type DoVerifyResult,
  type OutboxMessage,
  type SendVerifyCodeResult,
  type VerifyConfigItem,
  type VerifyConfigSaveBody,
  type VerifyEnableResult,
  type VerifySubject,
  VERIFY_CODE_RESEND_MS,
  VERIFY_CODE_TTL_MS,
  VERIFY_MAX_FAILURES,
  VERIFY_TICKET_TTL_MS,
} from '@waystation/shared/contract/verification';
import { SensitiveOperation } from '@waystation/shared/vocab/account';
import type { SecretBox } from '../../core/secrets';
import type { Db } from '../../db';
import { adminTotp, admins, outboxMessages, verifyAttempts, verifyCodes, verifyConfigs, verifySubjects } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import type { Caller } from '../../core/auth';
import { AppError, conflict, forbidden, invalid } from '../../core/errors';
import { iso, offsetPage } from '../../core/paging';
import { hashSecret, issueTicket, openPending, type PendingOperation, summaryText } from '../../core/verification';
import { recentFailures, tooMany } from './attempts';
import { checkTotp } from './totp';

type OpType = SensitiveOperation;

/** Delivers a message to a staff member. The outbox always keeps a copy; a mail sender is plugged in here. */
export interface VerifySender {
  /** Shown to the operator: where the code went. */
  channel: string;
  deliver(message: { recipient: string; subject: string; body: string }): Promise<void>;
}

let sender: VerifySender | null = null;
/** Plugs in a real delivery channel (mail, IM). Without one, codes are read from the outbox by super admins. */
export function setVerifySender(s: VerifySender | null): void {
  sender = s;
}

/** Who asks for verification: the signed-in caller, or the admin half-way through an admin_login. */
export type Operator = Pick<Caller, 'id' | 'name' | 'username'>;

/** A code is good for one operator, verifier, type and set of values (digest; '' when none was sealed). */
const codeHash = (code: string, operatorId: number, subjectId: number, type: string, digest = '') =>
  hashSecret(`${type}:${operatorId}:${subjectId}:${digest}:${code}`);

/** The staff allowed to verify a type, with whether each has an authenticator app. */
export async function subjectsOf(db: Db, type: OpType): Promise<VerifySubject[]> {
  const rows = await db
    .select({ id: admins.id, name: admins.name, username: admins.username, totp: adminTotp.confirmed })
    .from(verifySubjects)
    .innerJoin(admins, eq(admins.id, verifySubjects.adminId))
    .leftJoin(adminTotp, eq(adminTotp.adminId, admins.id))
    .where(and(eq(verifySubjects.type, type), eq(admins.status, 'activity')))
    .orderBy(asc(admins.id));
  return rows.map((r) => ({ ...r, totp: !!r.totp }));
}

/** SPEC §6 enable check: whether the type needs verification and who may verify it. */
export async function enableOf(db: Db, type: OpType): Promise<VerifyEnableResult> {
  const [cfg] = await db.select().from(verifyConfigs).where(eq(verifyConfigs.type, type)).limit(1);
  const enable = !!cfg?.enabled;
  return { enable, subjectList: enable ? await subjectsOf(db, type) : [] };
}

/** The subjects an operator may use: the type's list, plus (admin_login only) the operator's own authenticator. */
export async function subjectsFor(db: Db, type: OpType, operator: Operator): Promise<VerifySubject[]> {
  const { enable, subjectList } = await enableOf(db, type);
  if (!enable) throw conflict('该操作未开启安全验证');
  if (type !== 'admin_login' || subjectList.some((s) => s.id === operator.id)) return subjectList;
  const [own] = await db.select({ confirmed: adminTotp.confirmed }).from(adminTotp).where(eq(adminTotp.adminId, operator.id));
  return own?.confirmed ? [{ id: operator.id, name: operator.name, username: operator.username, totp: true }, ...subjectList] : subjectList;
}

async function requireSubject(db: Db, type: OpType, subjectId: number, operator: Operator): Promise<VerifySubject> {
  const subjectList = await subjectsFor(db, type, operator);
  const subject = subjectList.find((s) => s.id === subjectId);
  if (!subject) throw invalid('subjectId', '该人员不是此操作的验证人');
  // Four eyes where there are four: with another verifier on the list, nobody approves their own operation.
  if (type !== 'admin_login' && subject.id === operator.id && subjectList.some((s) => s.id !== operator.id)) {
    throw invalid('subjectId', '不能验证自己发起的操作，请选择其他验证人');
  }
  return subject;
}

/** The pending operation a code or ticket call names (sealed in the 42800), checked against the call. */
function pendingOf(secrets: SecretBox | undefined, body: { type: OpType; request?: string }, operator: Operator, now: Date): PendingOperation | null {
  if (!body.request || !secrets) return null;
  return openPending(secrets, body.request, operator.id, body.type, now);
}

/** Sends a one-time 6-digit code for the caller's pending operation to the chosen subject. */
export async function sendCode(
  db: Db,
  caller: Operator,
  actor: Actor,
  body: { type: OpType; subjectId: number; request?: string },
  now: Date,
  secrets?: SecretBox,
): Promise<SendVerifyCodeResult> {
  const pending = pendingOf(secrets, body, caller, now);
  const subject = await requireSubject(db, body.type, body.subjectId, caller);
  const [last] = await db
    .select({ createdAt: verifyCodes.createdAt })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.operatorId, caller.id), eq(verifyCodes.type, body.type)))
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  if (last && now.getTime() - last.createdAt.getTime() < VERIFY_CODE_RESEND_MS) {
    throw new AppError(ErrorCode.RATE_LIMITED, '验证码发送过于频繁，请稍后再试', {
      resendAfter: new Date(last.createdAt.getTime() + VERIFY_CODE_RESEND_MS).toISOString(),
    });
  }
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const expiresAt = new Date(now.getTime() + VERIFY_CODE_TTL_MS);
  const label = SensitiveOperation.label(body.type, 'zh');
  const message = {
    recipient: subject.username,
    subject: `敏感操作验证码：${label}`,
    body:
      `${caller.name}（${caller.username}）请求执行「${label}」` +
      (pending ? `（对象 ${pending.target || '-'}；${summaryText(pending.summary)}）` : '') +
      `，验证码 ${code}，5分钟内有效。如非本人知情，请勿告知。`,
  };
  await db.transaction(async (tx) => {
    // A new code replaces the operator's earlier ones for this type.
    await tx
      .update(verifyCodes)
      .set({ usedAt: now })
      .where(and(eq(verifyCodes.operatorId, caller.id), eq(verifyCodes.type, body.type), isNull(verifyCodes.usedAt)));
    await tx.insert(verifyCodes).values({
      type: body.type,
      operatorId: caller.id,
      subjectId: subject.id,
      codeHash: codeHash(code, caller.id, subject.id, body.type, pending?.digest),
      expiresAt,
      createdAt: now,
    });
    await tx.insert(outboxMessages).values({
      channel: sender?.channel ?? 'outbox',
      recipientAdminId: subject.id,
      ...message,
      sentAt: null,
      createdAt: now,
    });
    await writeAudit(tx, actor, { action: 'verify.sendCode', targetType: body.type, after: { subjectId: subject.id } }, now);
  });
  if (sender) await sender.deliver(message); // outside systems are called after commit
  return {
    channel: sender?.channel ?? 'outbox',
    expiresAt: expiresAt.toISOString(),
    resendAfter: new Date(now.getTime() + VERIFY_CODE_RESEND_MS).toISOString(),
  };
}

/** SPEC doLoginVerify: checks the subject's code and returns a short-lived single-use ticket for the operation. */
export async function doVerify(
  db: Db,
  secrets: SecretBox,
  caller: Operator,
  actor: Actor,
  body: { type: OpType; subjectId: number; code: string; method: 'code' | 'totp'; target: string; request?: string },
  now: Date,
): Promise<DoVerifyResult> {
  if ((await recentFailures(db, caller.id, now)) >= VERIFY_MAX_FAILURES) throw tooMany();
  const pending = pendingOf(secrets, body, caller, now);
  if (pending && body.target && pending.target !== body.target) throw invalid('target', '验证对象与待验证的操作不一致');
  const target = pending?.target ?? body.target;
  const subject = await requireSubject(db, body.type, body.subjectId, caller);
  let ok = false;
  let codeId: number | null = null;
  if (body.method === 'totp') {
    if (!subject.totp) throw invalid('method', '该验证人未绑定验证器');
    ok = await checkTotp(db, secrets, subject.id, body.code, now);
  } else {
    const [row] = await db
      .select()
      .from(verifyCodes)
      .where(
        and(
          eq(verifyCodes.operatorId, caller.id),
          eq(verifyCodes.type, body.type),
          eq(verifyCodes.subjectId, subject.id),
          isNull(verifyCodes.usedAt),
          gt(verifyCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verifyCodes.id))
      .limit(1);
    if (!row || row.attempts >= VERIFY_MAX_FAILURES) throw invalid('code', '验证码已失效，请重新发送');
    codeId = row.id;
    ok = crypto.timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(codeHash(body.code, caller.id, subject.id, body.type, pending?.digest)));
    if (!ok)
      await db
        .update(verifyCodes)
        .set({ attempts: sql`${verifyCodes.attempts} + 1` })
        .where(eq(verifyCodes.id, row.id));
  }
  if (!ok) {
    await db.insert(verifyAttempts).values({ operatorId: caller.id, type: body.type, success: false, createdAt: now });
    await writeAudit(
      db,
      actor,
      { action: 'verify.fail', targetType: body.type, targetId: target, after: { subjectId: subject.id, method: body.method }, result: 'refused' },
      now,
    );
    throw invalid('code', '验证码错误');
  }
  return db.transaction(async (tx) => {
    if (codeId !== null) {
      const used = await tx
        .update(verifyCodes)
        .set({ usedAt: now })
        .where(and(eq(verifyCodes.id, codeId), isNull(verifyCodes.usedAt)))
        .returning({ id: verifyCodes.id });
      if (!used.length) throw invalid('code', '验证码已失效，请重新发送');
    }
    await tx.insert(verifyAttempts).values({ operatorId: caller.id, type: body.type, success: true, createdAt: now });
    const t = await issueTicket(tx, {
      type: body.type,
      operatorId: caller.id,
      subjectId: subject.id,
      target,
      digest: pending?.digest,
      ttlMs: VERIFY_TICKET_TTL_MS,
      now,
    });
    await writeAudit(
      tx,
      actor,
      { action: 'verify.pass', targetType: body.type, targetId: target, after: { subjectId: subject.id, method: body.method, values: pending?.summary } },
      now,
    );
    return { ticket: t.ticket, expiresAt: t.expiresAt.toISOString() };
  });
}

// ---------------------------------------------------------------- configuration

/** All 21 types with their switch and subjects. */
export async function configList(db: Db): Promise<VerifyConfigItem[]> {
  const cfgs = await db.select().from(verifyConfigs);
  const subjects = await db
    .select({ type: verifySubjects.type, id: admins.id, name: admins.name, username: admins.username, totp: adminTotp.confirmed })
    .from(verifySubjects)
    .innerJoin(admins, eq(admins.id, verifySubjects.adminId))
    .leftJoin(adminTotp, eq(adminTotp.adminId, admins.id))
    .orderBy(asc(admins.id));
  return SensitiveOperation.values.map((type) => {
    const cfg = cfgs.find((c) => c.type === type);
    return {
      type,
      enabled: !!cfg?.enabled,
      subjects: subjects.filter((s) => s.type === type).map(({ id, name, username, totp }) => ({ id, name, username, totp: !!totp })),
      updatedAt: iso(cfg?.updatedAt),
    };
  });
}

/**
 * Switches a type's verification and sets who may verify it: super admins only (the page is theirs alone), so no
 * delegate can name themselves the verifier of what they do.
 */
export async function saveConfig(db: Db, caller: Caller, actor: Actor, body: VerifyConfigSaveBody, now: Date): Promise<void> {
  if (!caller.allRoutes) throw forbidden('仅超级管理员可以设置敏感操作验证');
  const ids = [...new Set(body.subjectIds)];
  if (ids.length) {
    const found = await db
      .select({ id: admins.id })
      .from(admins)
      .where(and(inArray(admins.id, ids), eq(admins.status, 'activity')));
    if (found.length !== ids.length) throw invalid('subjectIds', '验证人不存在或已停用');
  }
  await db.transaction(async (tx) => {
    const before = (await configList(tx)).find((c) => c.type === body.type);
    await tx
      .insert(verifyConfigs)
      .values({ type: body.type, enabled: body.enabled, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: verifyConfigs.type, set: { enabled: body.enabled, updatedBy: actor.id, updatedAt: now } });
    await tx.delete(verifySubjects).where(eq(verifySubjects.type, body.type));
    if (ids.length) await tx.insert(verifySubjects).values(ids.map((adminId) => ({ type: body.type, adminId })));
    await writeAudit(
      tx,
      actor,
      {
        action: 'verify.saveConfig',
        targetType: 'verify_config',
        targetId: body.type,
        before: before && { enabled: before.enabled, subjectIds: before.subjects.map((s) => s.id) },
        after: { enabled: body.enabled, subjectIds: ids },
      },
      now,
    );
  });
}

// ---------------------------------------------------------------- outbox

/** The sender's messages, newest first: super admins only (they hold the codes when no mail server is set). */
export async function outboxList(db: Db, caller: Caller, q: { page: number; limit: number }): Promise<Page<OutboxMessage>> {
  if (!caller.allRoutes) throw forbidden('仅超级管理员可查看发件箱');
  const { rows, total } = await offsetPage(db, {
    table: outboxMessages,
    select: db.select().from(outboxMessages).$dynamic(),
    orderBy: [desc(outboxMessages.id)],
    q,
  });
  return {
    list: rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, createTime: r.createdAt.toISOString() })),
    total,
  };
}
