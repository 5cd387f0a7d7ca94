import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { KycSubmitBody } from '@waystation/shared/contract/openAccounts';
import { type KycEvent, kycMachine } from '@waystation/shared/machines/kyc';
import type { Db } from '../../db';
import { memberKyc, memberProfiles } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { applyTransition, type BoundMachine, isAllowed, isRepeat } from '../../core/transition';
import type { SecretBox } from '../../core/secrets';

/** The member's identity check: submitted from the member API, reviewed by staff on the member detail. */

/** A check has no modify time of its own: its review time is the one its review sets. */
type KycRow = typeof memberKyc.$inferSelect & { updatedAt: Date };

/** The identity check machine bound to its table (audit actions member.kyc.pass / member.kyc.reject). */
const kycRows: BoundMachine<KycRow, KycEvent> = {
  name: 'member.kyc',
  targetType: 'member_kyc',
  table: memberKyc,
  columns: { id: memberKyc.id, status: memberKyc.status, updatedAt: memberKyc.reviewedAt, member: memberKyc.memberId },
  transitionOf: kycMachine.transitionOf,
  toStatuses: kycMachine.toStatuses,
  describe: (k) => ({ noun: '该身份认证', target: k.id }),
  label: (status) => status,
};

const toState = (k: typeof memberKyc.$inferSelect | undefined) => ({
  status: (k?.status ?? 'none') as 'none' | 'pending' | 'passed' | 'rejected',
  fullName: k?.fullName ?? '',
  documentType: k?.documentType ?? '',
  documentHint: k ? `••••${k.documentHint}` : '',
  reason: k?.reason ?? '',
  submitTime: k?.createdAt.toISOString() ?? null,
});

export async function latestKyc(db: Db, memberId: number) {
  const [k] = await db.select().from(memberKyc).where(eq(memberKyc.memberId, memberId)).orderBy(desc(memberKyc.id)).limit(1);
  return k;
}

export const kycState = async (db: Db, memberId: number) => toState(await latestKyc(db, memberId));

/** A submission waits for review; a pending or passed check cannot be submitted again. */
export async function submitKyc(db: Db, secrets: SecretBox, memberId: number, body: z.output<typeof KycSubmitBody>, now: Date) {
  return db.transaction(async (tx) => {
    const last = await latestKyc(tx, memberId);
    // A pending check awaits its review; a passed one is final (the machine leads nowhere from there).
    const check = last && { ...last, updatedAt: last.reviewedAt ?? last.createdAt };
    if (check && isAllowed(kycRows, check, 'pass')) throw conflict('身份认证正在审核中');
    if (check && isRepeat(kycRows, check, 'pass')) throw conflict('身份认证已通过');
    await tx.insert(memberKyc).values({
      memberId,
      fullName: body.fullName,
      documentType: body.documentType,
      documentNo: secrets.seal(body.documentNo.toUpperCase()),
      documentHint: body.documentNo.toUpperCase().slice(-4),
      country: body.country,
      createdAt: now,
    });
    await tx.update(memberProfiles).set({ kycStatus: 'pending', updatedAt: now }).where(eq(memberProfiles.memberId, memberId));
    return toState(await latestKyc(tx, memberId));
  });
}

/** Staff approve or reject (with a reason the member sees) the member's pending check. */
export async function reviewKyc(db: Db, actor: Actor, memberId: number, result: 'passed' | 'rejected', reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const k = await latestKyc(tx, memberId);
    if (!k) throw notFound('该会员没有提交身份认证');
    const event: KycEvent = result === 'passed' ? 'pass' : 'reject';
    const check = { ...k, updatedAt: k.reviewedAt ?? k.createdAt };
    if (!isAllowed(kycRows, check, event)) throw conflict('该身份认证已审核，请刷新后重试', { status: k.status });
    const { row: done } = await applyTransition(tx, kycRows, check, {
      event,
      op: { actor, now },
      set: { reason, reviewerName: actor.name },
      audit: { memberId, reason },
    });
    await tx
      .update(memberProfiles)
      .set({ kycStatus: result, kycName: result === 'passed' ? k.fullName : '', updatedAt: now })
      .where(eq(memberProfiles.memberId, memberId));
    return toState(done);
  });
}
