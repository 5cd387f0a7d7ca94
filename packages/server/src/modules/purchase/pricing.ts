import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { memberProfiles, type shopOrders } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { accrueCommission } from '../finance/service';
import { earnPoints, pointsEarnedBy } from '../marketing/points';
import { numberParam } from '../reference/settings';
import { levelDiscountBp, raiseLevel } from '../vip/levels';

/**
 * What a shop order costs when it is paid (issue 30 item 4), one reckoning for the member's own payment (payOrder)
 * and for staff marking it paid (manualPaid): the member level's discount, then the coupon's and the points' (worked out
 * by the member's payment), each line carrying its share; the purchase service fee on the goods that remain.
 */

/** The rates an order is priced at, in basis points: the member level's price (10000: no discount) and the service fee. */
export type PayRates = { levelBp: number; feeBp: number };

/** The purchase service fee as set now (setting service.feePercent), in basis points. */
export async function serviceFeeBp(db: Db): Promise<number> {
  return Math.round((await numberParam(db, 'service.feePercent', 0, { min: 0, max: 100 })) * 100);
}

/** The rates the member's order is priced at now. */
export async function payRates(db: Db, memberId: number): Promise<PayRates> {
  return { levelBp: await levelDiscountBp(db, memberId), feeBp: await serviceFeeBp(db) };
}

/** The service fee on `goods` at `feeBp`, rounded to the minor unit. */
export const feeOn = (goods: number, feeBp: number) => Math.round((goods * feeBp) / 10000);

export type OrderPrice = {
  gross: number;
  levelDiscount: number;
  couponDiscount: number;
  pointsUsed: number;
  /** Each line's price after its share of the discounts, in the order of the amounts given. */
  linePaid: number[];
  /** The goods after the discounts: what the fee, the points earned and the agent's commission are on. */
  goods: number;
  feeBp: number;
  serviceFee: number;
  /** What the member pays: goods + service fee. */
  total: number;
  pointsEarned: number;
};

/**
 * Prices lines costing `amounts` at `rates`; `off` is what a coupon and points take off after the level's discount
 * (the caller works them out on `goods` of the price without them).
 */
export function priceOrder(amounts: number[], rates: PayRates, off: { couponDiscount?: number; pointsUsed?: number } = {}): OrderPrice {
  const { couponDiscount = 0, pointsUsed = 0 } = off;
  const gross = amounts.reduce((s, a) => s + a, 0);
  const levelDiscount = gross - Math.round((gross * rates.levelBp) / 10000);
  const shares = shareOut(levelDiscount + couponDiscount + pointsUsed, amounts);
  const goods = gross - levelDiscount - couponDiscount - pointsUsed;
  const serviceFee = feeOn(goods, rates.feeBp);
  return {
    gross,
    levelDiscount,
    couponDiscount,
    pointsUsed,
    linePaid: amounts.map((a, i) => a - shares[i]!),
    goods,
    feeBp: rates.feeBp,
    serviceFee,
    total: goods + serviceFee,
    pointsEarned: pointsEarnedBy(goods),
  };
}

/** The order's columns once paid at `price`. */
export const paidColumns = (p: OrderPrice) =>
  ({
    paidAmount: p.total,
    levelDiscount: p.levelDiscount,
    serviceFee: p.serviceFee,
    serviceFeeBp: p.feeBp,
    pointsUsed: p.pointsUsed,
    pointsEarned: p.pointsEarned,
  }) satisfies Partial<typeof shopOrders.$inferInsert>;

/** What the payment's audit row records. */
export const paidAudit = (p: OrderPrice) => ({
  amount: p.total,
  levelDiscount: p.levelDiscount,
  couponDiscount: p.couponDiscount,
  pointsUsed: p.pointsUsed,
  pointsEarned: p.pointsEarned,
  serviceFee: p.serviceFee,
});

/**
 * What follows an order's payment in its transaction, once the order row is paid: the points the goods earn, the
 * member's agent's commission on the goods (once per order), and the member's move up a level if the spend reaches one.
 */
export async function settlePaidOrder(
  tx: Db,
  order: { id: number; orderNo: string; memberId: number; currency: string },
  price: OrderPrice,
  actor: Actor,
  now: Date,
): Promise<void> {
  if (price.pointsEarned > 0) await earnPoints(tx, order.memberId, price.pointsEarned, 'shop_order_earn', order.orderNo, now);
  const [profile] = await tx.select({ agentId: memberProfiles.agentId }).from(memberProfiles).where(eq(memberProfiles.memberId, order.memberId));
  if (profile?.agentId)
    await accrueCommission(
      tx,
      { agentId: profile.agentId, refType: 'shop_order', refId: order.id, orderAmount: price.goods, currency: order.currency },
      now,
      actor,
    );
  await raiseLevel(tx, order.memberId, actor, now);
}

/** Splits `amount` over `weights` in proportion, in whole minor units (the remainder on the last). */
export function shareOut(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (!amount || !sum) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / sum));
  shares[shares.length - 1]! += amount - shares.reduce((s, x) => s + x, 0);
  return shares;
}

/** Basis points as a percent without trailing zeros: 500 → "5", 250 → "2.5". */
export const percentText = (bp: number) => String(bp / 100);
