import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { CodeListQuery } from '@waystation/shared/contract/marketing/codes';
import type { Db } from '../../db';
import { couponCodes, coupons, couponSendBatches, members } from '../../db/schema';
import { writeAudit, type Actor } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { filters, offsetPage } from '../../core/paging';
import { memberByCode, randomCode } from './common';
import { grantLocked, lockCoupon } from './grants';
import { isActive } from '../../core/status';

const CODE_LENGTH = 12;

/** Generates a batch of redeem codes (activityCode) for a coupon; requestId makes a retry return the same batch. */
export async function generateCodes(db: Db, actor: Actor, body: { couponId: number; count: number; requestId: string }, now: Date) {
  const replay = async () => {
    const [b] = await db.select().from(couponSendBatches).where(eq(couponSendBatches.requestId, body.requestId));
    if (!b) return null;
    if (b.couponId !== body.couponId || b.sourceType !== 'activityCode') throw conflict('请求标识已用于另一次发放');
    return { batchNo: (b.filter as { batchNo: string }).batchNo, count: b.targetCount, replayed: true };
  };
  const first = await replay();
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      const coupon = await lockCoupon(tx, body.couponId, now);
      if (coupon.kind !== 'const') throw conflict('周期优惠券不能生成兑换码');
      const batchNo = `B${now.toISOString().replace(/\D/g, '').slice(2, 14)}${randomCode(4)}`;
      await tx.insert(couponSendBatches).values({
        couponId: coupon.id,
        sourceType: 'activityCode',
        requestId: body.requestId,
        filter: { batchNo },
        quantity: 1,
        targetCount: body.count,
        operatorId: actor.id,
        operatorName: actor.name,
        createdAt: now,
      });
      let made = 0;
      // 60 random bits per code: a clash is very unlikely, and a clashing code is simply drawn again.
      while (made < body.count) {
        const want = Math.min(1000, body.count - made);
        const rows = await tx
          .insert(couponCodes)
          .values(Array.from({ length: want }, () => ({ couponId: coupon.id, batchNo, code: randomCode(CODE_LENGTH), createdAt: now })))
          .onConflictDoNothing({ target: couponCodes.code })
          .returning({ id: couponCodes.id });
        made += rows.length;
      }
      await writeAudit(tx, actor, { action: 'marketing.code.generate', targetType: 'coupon', targetId: coupon.id, after: { batchNo, count: body.count } }, now);
      return { batchNo, count: body.count, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await replay();
      if (again) return again;
    }
    throw err;
  }
}

function codeWhere(q: Partial<CodeListQuery>): SQL | undefined {
  return and(
    ...filters(q, {
      couponId: (id) => eq(couponCodes.couponId, id),
      batchNo: (no) => eq(couponCodes.batchNo, no),
      status: (s) => eq(couponCodes.status, s),
    }),
  );
}

const codeColumns = {
  id: couponCodes.id,
  couponId: couponCodes.couponId,
  batchNo: couponCodes.batchNo,
  code: couponCodes.code,
  status: couponCodes.status,
  userCode: members.userCode,
  redeemedAt: couponCodes.redeemedAt,
  createdAt: couponCodes.createdAt,
};

type CodeRow = {
  id: number;
  couponId: number;
  batchNo: string;
  code: string;
  status: string;
  userCode: string | null;
  redeemedAt: Date | null;
  createdAt: Date;
};
const toCode = (r: CodeRow) => ({
  id: r.id,
  couponId: r.couponId,
  batchNo: r.batchNo,
  code: r.code,
  status: r.status as 'activity' | 'used' | 'disabled',
  userCode: r.userCode ?? '',
  redeemedAt: r.redeemedAt?.toISOString() ?? null,
  createTime: r.createdAt.toISOString(),
});

export async function listCodes(db: Db, q: CodeListQuery) {
  const { rows, total } = await offsetPage(db, {
    table: couponCodes,
    select: db.select(codeColumns).from(couponCodes).leftJoin(members, eq(members.id, couponCodes.memberId)).$dynamic(),
    filter: codeWhere(q),
    orderBy: [desc(couponCodes.id)],
    q,
  });
  return { list: rows.map(toCode), total };
}

/** Why a redeem code no longer open refuses, by its status (any other: 兑换码已失效). */
const REFUSED: Record<string, string> = { used: '兑换码已被使用' };

/**
 * Redeems a code for a member: the code turns used by a conditional update (so only one redemption can win)
 * and the coupon is granted (activityCode) in the same transaction; if the grant is refused the code stays unused.
 */
export async function redeemCode(
  db: Db,
  actor: Actor | null,
  body: { code: string; userCode: string },
  now: Date,
): Promise<{ grantNo: string; couponName: string }> {
  const member = await memberByCode(db, body.userCode);
  if (!isActive(member)) throw conflict('会员账号不可用');
  const code = body.code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(couponCodes)
      .set({ status: 'used', memberId: member.id, redeemedAt: now })
      .where(and(eq(couponCodes.code, code), eq(couponCodes.status, 'activity')))
      .returning({ id: couponCodes.id, couponId: couponCodes.couponId });
    if (!row) {
      const [found] = await tx.select({ status: couponCodes.status }).from(couponCodes).where(eq(couponCodes.code, code));
      if (!found) throw notFound('兑换码不存在');
      throw conflict(REFUSED[found.status] ?? '兑换码已失效');
    }
    // Said in the code's words: the member holds a code, not a coupon (the code stays unused: the transaction rolls back).
    const [of] = await tx.select().from(coupons).where(eq(coupons.id, row.couponId));
    if (of?.validityType === 'fixed' && of.validTo && of.validTo <= now) throw conflict('兑换码已过期');
    if (!isActive(of)) throw conflict('兑换码已失效');
    const coupon = await lockCoupon(tx, row.couponId, now);
    const out = await grantLocked(
      tx,
      coupon,
      [member],
      { sourceType: 'activityCode', quantity: 1, keyOf: () => `code:${row.id}`, operator: actor, enforceLimit: true },
      now,
    );
    if (!out.granted.length) throw conflict(out.skipped[0]?.reason ?? '无法兑换');
    await tx.update(couponCodes).set({ grantId: out.granted[0].id }).where(eq(couponCodes.id, row.id));
    if (actor)
      await writeAudit(
        tx,
        actor,
        { action: 'marketing.code.redeem', targetType: 'coupon_code', targetId: code, after: { userCode: member.userCode, grantNo: out.granted[0].grantNo } },
        now,
      );
    const [c] = await tx.select({ name: coupons.name }).from(coupons).where(eq(coupons.id, row.couponId));
    return { grantNo: out.granted[0].grantNo, couponName: c.name };
  });
}
