import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { toMinor } from '@waystation/shared/contract/ledger';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import type { Coupon, CouponListQuery, SaveConstCouponBody, SaveCycleCouponBody } from '@waystation/shared/contract/marketing/coupons';
import { formatPercent, parsePercent } from '@waystation/shared/marketing/probability';
import type { z } from 'zod';
import type { SaveCycleCouponBody as CycleSchema, SaveConstCouponBody as ConstSchema } from '@waystation/shared/contract/marketing/coupons';
import type { Db } from '../../db';
import { couponGrants, coupons } from '../../db/schema';
import { auditedToggle, writeAudit, type Actor } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage, orderBy } from '../../core/paging';
import { isoOrNull } from './common';

export type CouponRow = typeof coupons.$inferSelect;
type ConstInput = z.output<typeof ConstSchema>;
type CycleInput = z.output<typeof CycleSchema>;

export function toCoupon(r: CouponRow, usedCount = 0): Coupon {
  return {
    id: r.id,
    kind: r.kind as Coupon['kind'],
    name: r.name,
    discountType: r.discountType as Coupon['discountType'],
    amount: r.amount,
    discount: r.discountType === 'discount' ? formatPercent(r.discountBp) : '',
    maxDiscount: r.maxDiscount,
    minSpend: r.minSpend,
    currency: r.currency,
    scope: r.scope as Coupon['scope'],
    validityType: r.validityType as Coupon['validityType'],
    validFrom: isoOrNull(r.validFrom),
    validTo: isoOrNull(r.validTo),
    validDays: r.validDays,
    totalStock: r.totalStock,
    issuedCount: r.issuedCount,
    usedCount,
    perMemberLimit: r.perMemberLimit,
    levelIds: (r.levelIds as number[]) ?? [],
    newUser: r.newUser,
    cycleType: r.cycleType as Coupon['cycleType'],
    cycleDay: r.cycleDay,
    cycleQuantity: r.cycleQuantity,
    cycleStart: isoOrNull(r.cycleStart),
    cycleEnd: isoOrNull(r.cycleEnd),
    segment: (r.segment as CrowdFilter) ?? {},
    status: r.status as Coupon['status'],
    remark: r.remark,
    createdBy: r.createdBy,
    createTime: r.createdAt.toISOString(),
    modifyTime: r.updatedAt.toISOString(),
  };
}

function commonValues(b: ConstInput | CycleInput) {
  return {
    name: b.name,
    discountType: b.discountType,
    amount: b.discountType === 'amount' && b.amount ? toMinor(b.amount) : 0,
    discountBp: b.discountType === 'discount' && b.discount ? parsePercent(b.discount)! : 10000,
    maxDiscount: b.discountType === 'discount' && b.maxDiscount ? toMinor(b.maxDiscount) : null,
    minSpend: toMinor(b.minSpend),
    scope: b.scope,
    validityType: b.validityType,
    validFrom: b.validityType === 'fixed' && b.validFrom ? new Date(b.validFrom) : null,
    validTo: b.validityType === 'fixed' && b.validTo ? new Date(b.validTo) : null,
    validDays: b.validityType === 'days' ? (b.validDays ?? null) : null,
    totalStock: b.totalStock,
    perMemberLimit: b.perMemberLimit,
    levelIds: b.levelIds,
    remark: b.remark,
  };
}

/** Creates or edits a fixed coupon; stock can never go below what was already issued. */
export async function saveConstCoupon(db: Db, actor: Actor, body: SaveConstCouponBody, now: Date): Promise<{ id: number }> {
  const b = body as ConstInput;
  return saveCoupon(db, actor, 'const', b.id, { ...commonValues(b), newUser: b.newUser }, b.totalStock, now);
}

/** Creates or edits a cycle coupon (its schedule and segment); the job runner issues it. */
export async function saveCycleCoupon(db: Db, actor: Actor, body: SaveCycleCouponBody, now: Date): Promise<{ id: number }> {
  const b = body as CycleInput;
  return saveCoupon(
    db,
    actor,
    'cycle',
    b.id,
    {
      ...commonValues(b),
      newUser: false,
      cycleType: b.cycleType,
      cycleDay: b.cycleDay,
      cycleQuantity: b.cycleQuantity,
      cycleStart: new Date(b.cycleStart),
      cycleEnd: b.cycleEnd ? new Date(b.cycleEnd) : null,
      segment: b.segment,
    },
    b.totalStock,
    now,
  );
}

async function saveCoupon(
  db: Db,
  actor: Actor,
  kind: 'const' | 'cycle',
  id: number | undefined,
  values: Partial<CouponRow>,
  totalStock: number | null,
  now: Date,
) {
  return db.transaction(async (tx) => {
    if (!id) {
      const [row] = await tx
        .insert(coupons)
        .values({ ...(values as CouponRow), kind, createdBy: actor.name, createdAt: now, updatedAt: now })
        .returning();
      await writeAudit(tx, actor, { action: 'marketing.coupon.create', targetType: 'coupon', targetId: row.id, after: values }, now);
      return { id: row.id };
    }
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before || before.kind !== kind) throw notFound('优惠券不存在');
    if (totalStock !== null && totalStock < before.issuedCount) throw conflict(`总库存不能少于已发放数量（${before.issuedCount}）`);
    await tx
      .update(coupons)
      .set({ ...values, updatedAt: now })
      .where(eq(coupons.id, id));
    await writeAudit(tx, actor, { action: 'marketing.coupon.edit', targetType: 'coupon', targetId: id, before, after: values }, now);
    return { id };
  });
}

/** Coupons, newest first, with how many of each were used. */
export async function listCoupons(db: Db, q: CouponListQuery): Promise<{ list: Coupon[]; total: number }> {
  const { rows, total: n } = await offsetPage(db, {
    table: coupons,
    select: db.select().from(coupons).$dynamic(),
    filter: filters(q, {
      name: (name) => ilike(coupons.name, containsPattern(name)),
      kind: (k) => eq(coupons.kind, k),
      status: (s) => eq(coupons.status, s),
    }),
    orderBy: orderBy(q.sort, q.order, { id: coupons.id, create_time: coupons.createdAt, modify_time: coupons.updatedAt }, coupons.id),
    q,
  });
  const used = rows.length
    ? await db
        .select({ couponId: couponGrants.couponId, n: sql<number>`count(*)::int` })
        .from(couponGrants)
        .where(
          and(
            inArray(
              couponGrants.couponId,
              rows.map((r) => r.id),
            ),
            eq(couponGrants.status, 'used'),
          ),
        )
        .groupBy(couponGrants.couponId)
    : [];
  const usedBy = new Map(used.map((u) => [u.couponId, u.n]));
  return { list: rows.map((r) => toCoupon(r, usedBy.get(r.id) ?? 0)), total: n };
}

export async function couponDetail(db: Db, id: number): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound('优惠券不存在');
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponGrants)
    .where(and(eq(couponGrants.couponId, id), eq(couponGrants.status, 'used')));
  return toCoupon(row, n);
}

/** Active coupons for selectors. */
export async function couponOptions(db: Db) {
  const rows = await db
    .select({ id: coupons.id, name: coupons.name, kind: coupons.kind })
    .from(coupons)
    .where(eq(coupons.status, 'activity'))
    .orderBy(desc(coupons.id))
    .limit(500);
  return rows as { id: number; name: string; kind: 'const' | 'cycle' }[];
}

/** Switches a coupon on or off for new grants (held coupons stay valid). */
export async function setCouponStatus(db: Db, actor: Actor, id: number, status: 'activity' | 'disabled', now: Date): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: coupons.id, status: coupons.status }).from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw notFound('优惠券不存在');
    return auditedToggle(tx, actor, { table: coupons, row: before, status, action: 'marketing.coupon.status', targetType: 'coupon', now });
  });
}
