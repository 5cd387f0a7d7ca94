import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import type { SendCrowdBody, SendResult, SendTargetedBody } from '@waystation/shared/contract/marketing/grants';
import type { CouponSource } from '@waystation/shared/marketing/vocab';
import type { z } from 'zod';
import type { SendCrowdBody as CrowdSchema, SendTargetedBody as TargetedSchema } from '@waystation/shared/contract/marketing/grants';
import { type Db, queryRows } from '../../db';
import { couponGrants, coupons, couponSendBatches, members } from '../../db/schema';
import { writeAudit, type Actor } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { crowdCount, crowdMembers, type MemberRef, membersByCodes, randomCode } from './common';
import type { CouponRow } from './coupons';
import { isActive } from '../../core/status';

export interface GrantOptions {
  sourceType: CouponSource;
  quantity: number;
  /** The unique reason of the n-th coupon (0-based) a member gets from this grant. */
  keyOf: (memberId: number, n: number) => string;
  batchId?: number | null;
  operator?: Actor | null;
  /** Fixed coupons count every coupon a member holds against the per-member limit; cycle coupons don't. */
  enforceLimit: boolean;
}

export interface GrantOutcome {
  granted: { id: number; grantNo: string; memberId: number }[];
  skipped: { userCode: string; reason: string }[];
}

const CHUNK = 5000;

/** Locks a coupon for a grant: it must exist, be switched on and (fixed dates) not have ended. */
export async function lockCoupon(tx: Db, couponId: number, now: Date): Promise<CouponRow> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
  if (!coupon) throw notFound('优惠券不存在');
  if (!isActive(coupon)) throw conflict('优惠券已停用，不能发放');
  if (coupon.validityType === 'fixed' && coupon.validTo && coupon.validTo <= now) throw conflict('优惠券已过有效期，不能发放');
  if (coupon.kind === 'cycle' && coupon.cycleEnd && coupon.cycleEnd <= now) throw conflict('周期优惠券已结束');
  return coupon;
}

function validity(coupon: CouponRow, now: Date): { validFrom: Date; validTo: Date } {
  if (coupon.validityType === 'fixed') return { validFrom: coupon.validFrom!, validTo: coupon.validTo! };
  return { validFrom: now, validTo: new Date(now.getTime() + (coupon.validDays ?? 1) * 86_400_000) };
}

const grantNo = (now: Date) => `CP${now.toISOString().slice(2, 10).replace(/-/g, '')}${randomCode(10)}`;

/**
 * Grants a locked coupon to members in `tx`: skips members of other levels or at their per-member limit, inserts
 * one row per coupon under its unique key (a retried grant inserts nothing again), then raises the issued count
 * only while it stays within the stock — else 40900 and the caller's transaction rolls back entirely.
 */
export async function grantLocked(tx: Db, coupon: CouponRow, targets: MemberRef[], opts: GrantOptions, now: Date): Promise<GrantOutcome> {
  const levels = (coupon.levelIds as number[]) ?? [];
  const skipped: GrantOutcome['skipped'] = [];
  const held = new Map<number, number>();
  if (opts.enforceLimit && targets.length) {
    const rows = await tx
      .select({ memberId: couponGrants.memberId, n: sql<number>`count(*)::int` })
      .from(couponGrants)
      .where(
        and(
          eq(couponGrants.couponId, coupon.id),
          inArray(
            couponGrants.memberId,
            targets.map((m) => m.id),
          ),
        ),
      )
      .groupBy(couponGrants.memberId);
    for (const r of rows) held.set(r.memberId, r.n);
  }
  const { validFrom, validTo } = validity(coupon, now);
  const rows: [number, string, string][] = [];
  for (const m of targets) {
    if (levels.length && (m.levelId === null || !levels.includes(m.levelId))) {
      skipped.push({ userCode: m.userCode, reason: '会员等级不符' });
      continue;
    }
    const give = opts.enforceLimit ? Math.min(opts.quantity, coupon.perMemberLimit - (held.get(m.id) ?? 0)) : opts.quantity;
    if (give <= 0) {
      skipped.push({ userCode: m.userCode, reason: '已达每人限领数量' });
      continue;
    }
    for (let n = 0; n < give; n++) rows.push([m.id, grantNo(now), opts.keyOf(m.id, n)]);
  }
  const granted: GrantOutcome['granted'] = [];
  // Set-based insert (one statement per chunk, rows as one JSON parameter): a crowd of 10,000 is one round trip
  // per chunk instead of thousands of bound parameters.
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await queryRows<{ id: string | number; grantNo: string; memberId: number }>(
      tx,
      sql`
      insert into coupon_grants (coupon_id, member_id, grant_no, grant_key, source_type, send_target, batch_id, status, valid_from, valid_to, operator_id, operator_name, created_at)
      select ${coupon.id}, (e->>0)::int, e->>1, e->>2, ${opts.sourceType}, 'USER', ${opts.batchId ?? null}::int, 'activity',
             ${validFrom.toISOString()}::timestamptz, ${validTo.toISOString()}::timestamptz, ${opts.operator?.id ?? null}::int, ${opts.operator?.name ?? ''}, ${now.toISOString()}::timestamptz
      from jsonb_array_elements(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb) e
      on conflict (grant_key) do nothing
      returning id, grant_no as "grantNo", member_id as "memberId"`,
    );
    granted.push(...inserted.map((r) => ({ id: Number(r.id), grantNo: r.grantNo, memberId: Number(r.memberId) })));
  }
  if (granted.length) {
    const [ok] = await tx
      .update(coupons)
      .set({ issuedCount: sql`${coupons.issuedCount} + ${granted.length}` })
      .where(and(eq(coupons.id, coupon.id), sql`(${coupons.totalStock} is null or ${coupons.issuedCount} + ${granted.length} <= ${coupons.totalStock})`))
      .returning({ issuedCount: coupons.issuedCount });
    if (!ok) {
      const left = coupon.totalStock === null ? 0 : Math.max(0, coupon.totalStock - coupon.issuedCount);
      throw conflict(`优惠券库存不足：剩余 ${left} 张，本次需发放 ${granted.length} 张`, { remaining: left, needed: granted.length });
    }
    coupon.issuedCount += granted.length;
  }
  return { granted, skipped };
}

type BatchRow = typeof couponSendBatches.$inferSelect;

function replayOf(batch: BatchRow): SendResult {
  return { batchId: batch.id, granted: batch.grantedCount, skipped: batch.skipped as SendResult['skipped'], replayed: true };
}

async function existingBatch(db: Db, requestId: string, couponId: number, sourceType: string): Promise<BatchRow | undefined> {
  const [batch] = await db.select().from(couponSendBatches).where(eq(couponSendBatches.requestId, requestId));
  if (batch && (batch.couponId !== couponId || batch.sourceType !== sourceType)) throw conflict('请求标识已用于另一次发放');
  return batch;
}

/** One staff sending in one transaction; a retried request (same requestId) returns the first result. */
async function send(
  db: Db,
  actor: Actor,
  now: Date,
  p: { couponId: number; requestId: string; sourceType: CouponSource; quantity: number; filter: object; resolve: (tx: Db) => Promise<MemberRef[]> },
): Promise<SendResult> {
  const first = await existingBatch(db, p.requestId, p.couponId, p.sourceType);
  if (first) return replayOf(first);
  try {
    return await db.transaction(async (tx) => {
      const coupon = await lockCoupon(tx, p.couponId, now);
      const targets = await p.resolve(tx);
      const [batch] = await tx
        .insert(couponSendBatches)
        .values({
          couponId: coupon.id,
          sourceType: p.sourceType,
          requestId: p.requestId,
          filter: p.filter,
          quantity: p.quantity,
          targetCount: targets.length,
          operatorId: actor.id,
          operatorName: actor.name,
          createdAt: now,
        })
        .returning();
      const out = await grantLocked(
        tx,
        coupon,
        targets,
        {
          sourceType: p.sourceType,
          quantity: p.quantity,
          keyOf: (memberId, n) => `batch:${batch.id}:${memberId}:${n}`,
          batchId: batch.id,
          operator: actor,
          enforceLimit: coupon.kind === 'const',
        },
        now,
      );
      await tx.update(couponSendBatches).set({ grantedCount: out.granted.length, skipped: out.skipped }).where(eq(couponSendBatches.id, batch.id));
      await writeAudit(
        tx,
        actor,
        {
          action: `marketing.coupon.${p.sourceType}`,
          targetType: 'coupon',
          targetId: coupon.id,
          after: {
            batchId: batch.id,
            filter: p.filter,
            quantity: p.quantity,
            targets: targets.length,
            granted: out.granted.length,
            skipped: out.skipped.length,
          },
        },
        now,
      );
      return { batchId: batch.id, granted: out.granted.length, skipped: out.skipped, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const winner = await existingBatch(db, p.requestId, p.couponId, p.sourceType);
      if (winner) return replayOf(winner);
    }
    throw err;
  }
}

/** Grants a coupon to listed user codes (targetedGrant); an unknown code refuses the whole sending. */
export async function sendTargeted(db: Db, actor: Actor, body: SendTargetedBody, now: Date): Promise<SendResult> {
  const b = body as z.output<typeof TargetedSchema>;
  const codes = [...new Set(b.userCodes.map((c) => c.trim().toUpperCase()))];
  return send(db, actor, now, {
    couponId: b.couponId,
    requestId: b.requestId,
    sourceType: 'targetedGrant',
    quantity: b.quantity,
    filter: { userCodes: codes },
    resolve: (tx) => membersByCodes(tx, codes),
  });
}

/**
 * Grants a coupon to a crowd (crowdSelectGrant). The crowd must still have the size the operator previewed,
 * else 40900 and nothing is sent.
 */
export async function sendCrowd(db: Db, actor: Actor, body: SendCrowdBody, now: Date): Promise<SendResult> {
  const b = body as z.output<typeof CrowdSchema>;
  return send(db, actor, now, {
    couponId: b.couponId,
    requestId: b.requestId,
    sourceType: 'crowdSelectGrant',
    quantity: b.quantity,
    filter: b.filter,
    resolve: async (tx) => {
      const targets = await crowdMembers(tx, b.filter);
      if (targets.length !== b.expectedCount) throw conflict(`人群数量已变化（当前 ${targets.length} 人），请重新预览后发放`, { count: targets.length });
      return targets;
    },
  });
}

/** The size of a crowd and a few of its members, for the preview before a crowd grant. */
export async function previewCrowd(db: Db, filter: CrowdFilter) {
  const [count, sample] = await Promise.all([crowdCount(db, filter), crowdMembers(db, filter, { limit: 10 })]);
  const names = sample.length
    ? await db
        .select({ id: members.id, name: members.name })
        .from(members)
        .where(
          inArray(
            members.id,
            sample.map((s) => s.id),
          ),
        )
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return { count, sample: sample.map((s) => ({ userCode: s.userCode, name: nameOf.get(s.id) ?? '' })) };
}

/** Why a member's coupon that is no longer usable refuses, by its status: to spend it, and to revoke it. */
const REFUSED: Record<string, { spend: string; revoke: string }> = {
  used: { spend: '优惠券已使用', revoke: '优惠券已使用，不能作废' },
  disabled: { spend: '优惠券已作废', revoke: '优惠券已作废' },
};

/** Revokes (disables) an unused coupon with a reason; used or already disabled coupons answer 40900. */
export async function revokeGrant(db: Db, actor: Actor, id: number, reason: string, now: Date): Promise<null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(couponGrants)
      .set({ status: 'disabled', disabledAt: now, disabledReason: reason })
      .where(and(eq(couponGrants.id, id), eq(couponGrants.status, 'activity')))
      .returning({ id: couponGrants.id, grantNo: couponGrants.grantNo });
    if (!row) {
      const [found] = await tx.select({ status: couponGrants.status }).from(couponGrants).where(eq(couponGrants.id, id));
      if (!found) throw notFound('发放记录不存在');
      throw conflict(REFUSED[found.status]?.revoke ?? '优惠券已作废');
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'marketing.grant.revoke',
        targetType: 'coupon_grant',
        targetId: row.grantNo,
        before: { status: 'activity' },
        after: { status: 'disabled', reason },
      },
      now,
    );
    return null;
  });
}

/**
 * Marks a member's coupon used, for the checkout of the order that spends it (call it in that order's
 * transaction): only an unused coupon of this member inside its validity turns used, exactly once; else 40900.
 */
export async function consumeGrant(tx: Db, p: { grantNo: string; memberId: number }, now: Date): Promise<{ id: number; couponId: number }> {
  const [row] = await tx
    .update(couponGrants)
    .set({ status: 'used', usedAt: now })
    .where(
      and(
        eq(couponGrants.grantNo, p.grantNo),
        eq(couponGrants.memberId, p.memberId),
        eq(couponGrants.status, 'activity'),
        lte(couponGrants.validFrom, now),
        sql`${couponGrants.validTo} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: couponGrants.id, couponId: couponGrants.couponId });
  if (row) return row;
  const [found] = await tx
    .select()
    .from(couponGrants)
    .where(and(eq(couponGrants.grantNo, p.grantNo), eq(couponGrants.memberId, p.memberId)));
  if (!found) throw notFound('优惠券不存在');
  throw conflict(REFUSED[found.status]?.spend ?? '优惠券不在有效期内');
}

/**
 * Gives a used coupon back to its member when what it paid for is refunded whole (a canceled or returned package), in
 * that refund's transaction: usable again until its own end date. A coupon not used (or not this member's) is left as is.
 */
export async function reinstateGrant(tx: Db, actor: Actor, p: { grantNo: string; memberId: number; why: string }, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(couponGrants)
    .set({ status: 'activity', usedAt: null })
    .where(and(eq(couponGrants.grantNo, p.grantNo), eq(couponGrants.memberId, p.memberId), eq(couponGrants.status, 'used')))
    .returning({ grantNo: couponGrants.grantNo });
  if (!row) return false;
  await writeAudit(
    tx,
    actor,
    {
      action: 'marketing.grant.reinstate',
      targetType: 'coupon_grant',
      targetId: row.grantNo,
      before: { status: 'used' },
      after: { status: 'activity', reason: p.why },
    },
    now,
  );
  return true;
}

/**
 * Uses the member's coupon on `gross` minor units of goods (purchase) or freight (shipping), in the payment's
 * transaction, and answers the discount; 40900 when the coupon does not apply (a refused payment leaves it unused).
 */
export async function spendCoupon(
  tx: Db,
  p: { grantNo: string; memberId: number; gross: number; currency: string; on: 'purchase' | 'shipping' },
  now: Date,
): Promise<number> {
  const grant = await consumeGrant(tx, p, now);
  const [c] = await tx.select().from(coupons).where(eq(coupons.id, grant.couponId));
  if (!c || (c.scope !== p.on && c.scope !== 'all')) throw conflict(p.on === 'purchase' ? '该优惠券不能用于商品订单' : '该优惠券不能用于运费');
  if (c.currency !== p.currency) throw conflict(`该优惠券只能用于 ${c.currency} 订单`);
  if (p.gross < c.minSpend) throw conflict(`订单满 ${(c.minSpend / 100).toFixed(2)} ${c.currency} 才能使用该优惠券`);
  const off = c.discountType === 'amount' ? c.amount : p.gross - Math.floor((p.gross * c.discountBp) / 10000);
  return Math.max(0, Math.min(p.gross, c.maxDiscount ?? off, off));
}
