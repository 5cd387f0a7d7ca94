import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { type MemberOrder, type OrderCreateBody, purchaseFacing } from '@waystation/shared/contract/openOrders';
import { shopOrderMachine } from '@waystation/shared/machines/shop-order';
import { type Db, nextId } from '../../db';
import { couponGrants, coupons, purchaseOrders, shopOrders, warehouseItems } from '../../db/schema';
import { spendCoupon } from '../marketing/grants';
import { spendPoints } from '../marketing/points';
import type { Actor } from '../../core/audit';
import { writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { offsetPage } from '../../core/paging';
import { applyTransition, isAllowed } from '../../core/transition';
import { post } from '../ledger/service';
import { numberParam } from '../reference/settings';
import type { Member } from '../vip/memberAccounts';
import { memberDeclinePatch, memberPayPatch, memberRefundLine } from './service';
import { paidAudit, paidColumns, payRates, percentText, priceOrder, settlePaidOrder } from './pricing';
import { applyStep, type PurchaseRow, purchaseLines, shopOrderRows } from './transition';

/** Shop orders of members (issue 13): created and paid through the member API, their lines bought by the purchasers. */

const orderNoOf = (id: number) => `SO${String(id).padStart(10, '0')}`;
const purchaseNoOf = (id: number) => `P${String(id).padStart(10, '0')}`;

/** A shop order from marketplace product lines, unpaid: the order and its lines start at `ordered`. */
export async function createOrder(db: Db, member: Member, body: z.output<typeof OrderCreateBody>, actor: Actor, now: Date): Promise<MemberOrder> {
  const orderNo = await db.transaction(async (tx) => {
    const id = await nextId(tx, 'shop_orders');
    const orderNo = orderNoOf(id);
    // The deadline is fixed when the order is placed: changing the setting later does not cancel orders placed before.
    const minutes = await numberParam(tx, 'order.autoCancelMinutes', 0, { min: 0 });
    const payDeadline = minutes ? new Date(now.getTime() + minutes * 60_000) : null;
    await tx
      .insert(shopOrders)
      .values({ id, orderNo, memberId: member.id, status: 'ordered', currency: body.currency, payDeadline, createdAt: now, updatedAt: now });
    const lines = [];
    for (const l of body.lines) {
      const lineId = await nextId(tx, 'purchase_orders');
      lines.push({
        id: lineId,
        purchaseNo: purchaseNoOf(lineId),
        orderId: id,
        memberId: member.id,
        status: 'ordered',
        mallType: l.mallType,
        productUrl: l.productUrl,
        title: l.title,
        image: l.image,
        props: l.props,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        paidAmount: l.unitPrice * l.quantity,
        currency: body.currency,
        memberRemark: l.remark,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.insert(purchaseOrders).values(lines);
    await writeAudit(tx, actor, { action: 'order.create', targetType: 'shop_order', targetId: orderNo, after: { lines: lines.length } }, now);
    return orderNo;
  });
  return orderDetail(db, member.id, orderNo, () => '');
}

/** The member's order, locked (40400 when the member has no such order). */
export async function lockMemberOrder(tx: Db, memberId: number, orderNo: string) {
  const [order] = await tx
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.orderNo, orderNo), eq(shopOrders.memberId, memberId)))
    .for('update');
  if (!order) throw notFound('订单不存在');
  return order;
}

/**
 * What paying the order costs (priceOrder), the coupon and the points spent in the caller's transaction: the level's
 * discount first, then the coupon on what it leaves, then the points on what is left, never more. 40900 unless the order
 * waits for payment.
 */
export async function spendOnOrder(
  tx: Db,
  memberId: number,
  order: typeof shopOrders.$inferSelect,
  spend: { couponGrantNo?: string; points?: number },
  now: Date,
) {
  if (!isAllowed(shopOrderRows, order, 'pay')) throw conflict(`订单 ${order.orderNo} 当前不是待支付状态`, { status: order.status });
  const lines = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.orderId, order.id), eq(purchaseOrders.status, 'ordered')));
  const amounts = lines.map((l) => l.paidAmount);
  const rates = await payRates(tx, memberId);
  const { gross, goods: afterLevel } = priceOrder(amounts, rates);
  if (!lines.length || gross <= 0) throw conflict(`订单 ${order.orderNo} 没有待支付的商品`);
  // A coupon is used up here, in the payment's transaction: a refused payment leaves it unused.
  const couponDiscount = spend.couponGrantNo
    ? await spendCoupon(tx, { grantNo: spend.couponGrantNo, memberId, gross: afterLevel, currency: order.currency, on: 'purchase' }, now)
    : 0;
  const pointsUsed = Math.min(spend.points ?? 0, afterLevel - couponDiscount);
  if (pointsUsed > 0) await spendPoints(tx, memberId, pointsUsed, 'shop_order_pay', order.orderNo, now);
  return { lines, price: priceOrder(amounts, rates, { couponDiscount, pointsUsed }), couponDiscount, pointsUsed };
}

/**
 * Pays an order from the balance, priced by priceOrder: the goods are priced down by the member level's discount, then
 * the coupon's and the points'; the purchase service fee (setting service.feePercent) is charged on what remains. Two debits (goods, once per
 * idempotency key; the fee, once per order), and each line moves ordered → paying → paid → purchase_wait through the
 * purchase machine, so the purchasers' queue gets it at once. The member then moves up a level if the spend reaches one.
 */
export async function payOrder(
  db: Db,
  member: Member,
  orderNo: string,
  actor: Actor,
  now: Date,
  idempotencyKey: string,
  spend: { couponGrantNo?: string; points?: number } = {},
) {
  const { couponGrantNo } = spend;
  await db.transaction(async (tx) => {
    const order = await lockMemberOrder(tx, member.id, orderNo);
    // Paid already under this very key (its first answer was lost when the server died): the retry answers the order.
    if (idempotencyKey && order.payIdempotencyKey === idempotencyKey) return;
    const { lines, price, couponDiscount, pointsUsed } = await spendOnOrder(tx, member.id, order, spend, now);
    const { levelDiscount, goods, serviceFee, feeBp } = price;
    const debit = (amount: number, remark: string, key: string) =>
      post(
        tx,
        {
          ownerType: 'member',
          ownerId: member.id,
          kind: 'balance',
          currency: order.currency,
          amount: -amount,
          type: 'payment',
          refType: 'shop_order',
          refId: orderNo,
          remark,
          idempotencyKey: key,
          operator: actor,
        },
        now,
      );
    const off = [
      levelDiscount ? `会员等级折扣 ${money(levelDiscount)}` : '',
      couponDiscount ? `优惠券 ${couponGrantNo} 抵扣 ${money(couponDiscount)}` : '',
      pointsUsed ? `${pointsUsed} 积分抵扣 ${money(pointsUsed)}` : '',
    ].filter(Boolean);
    if (goods > 0) await debit(goods, `订单 ${orderNo} 商品款${off.length ? `（${off.join('，')}）` : ''}`, idempotencyKey || `shop-order-${order.id}-pay`);
    if (serviceFee > 0) await debit(serviceFee, `订单 ${orderNo} 代购服务费（${percentText(feeBp)}%）`, `shop-order-${order.id}-fee`);
    const op = { actor, now };
    for (let [i, line] of (lines as PurchaseRow[]).entries()) {
      // Each line carries its share of the discounts: what it refunds later is what was really paid for it.
      ({ row: line } = await applyStep(tx, line, { event: 'pay', ...op, set: { paidAmount: price.linePaid[i]! } }));
      ({ row: line } = await applyStep(tx, line, { event: 'pay_done', ...op, set: { payTime: now } }));
      await applyStep(tx, line, { event: 'queue', ...op });
    }
    await applyTransition(tx, shopOrderRows, order, {
      event: 'pay',
      op,
      set: { ...paidColumns(price), couponGrantNo: couponDiscount ? couponGrantNo : '', payTime: now, payIdempotencyKey: idempotencyKey || null },
      audit: paidAudit(price),
    });
    await settlePaidOrder(tx, order, price, actor, now);
  });
  return orderDetail(db, member.id, orderNo, () => '');
}

const money = (minor: number) => (minor / 100).toFixed(2);

/** Whole-order status in the member's words: the lines' common one, or part_shelved when some are in the warehouse. */
function orderFacing(order: { status: string }, lines: { status: string }[]) {
  if (shopOrderMachine.transitionOf(order.status, 'pay')) return 'ordered' as const;
  const facing = lines.map((l) => purchaseFacing(l.status));
  if (facing.length && facing.every((f) => f === facing[0])) return facing[0]!;
  if (facing.includes('shelved')) return 'part_shelved' as const;
  return facing.find((f) => f !== 'canceled' && f !== 'refunded' && f !== 'closed') ?? 'closed';
}

async function toOrders(db: Db, orders: (typeof shopOrders.$inferSelect)[], mediaUrl: (uri: string) => string): Promise<MemberOrder[]> {
  if (!orders.length) return [];
  const lines = await db
    .select({ l: purchaseOrders, media: warehouseItems.media })
    .from(purchaseOrders)
    .leftJoin(warehouseItems, eq(warehouseItems.purchaseId, purchaseOrders.id))
    .where(
      inArray(
        purchaseOrders.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(purchaseOrders.id);
  return orders.map((o) => {
    const mine = lines.filter((r) => r.l.orderId === o.id);
    return {
      orderNo: o.orderNo,
      status: o.status,
      memberStatus: orderFacing(
        o,
        mine.map((r) => r.l),
      ),
      currency: o.currency,
      totalAmount: mine.reduce((s, r) => s + r.l.paidAmount, 0),
      levelDiscount: o.levelDiscount,
      serviceFee: o.serviceFee,
      serviceFeeRefunded: o.serviceFeeRefunded,
      pointsUsed: o.pointsUsed,
      pointsEarned: o.pointsEarned,
      paidAmount: o.paidAmount,
      createTime: o.createdAt.toISOString(),
      payTime: o.payTime?.toISOString() ?? null,
      payDeadline: o.status === 'ordered' ? (o.payDeadline?.toISOString() ?? null) : null,
      lines: mine.map(({ l, media }) => ({
        purchaseNo: l.purchaseNo,
        mallType: l.mallType,
        title: l.title,
        props: l.props,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        paidAmount: l.paidAmount,
        status: l.status,
        memberStatus: purchaseFacing(l.status),
        patchAmount: l.patchStatus === 'purchase_patch' || l.status === 'purchase_patch' ? l.patchAmount : 0,
        trackingNo: l.trackingNo,
        qcProblem: isAllowed(purchaseLines, l, 'qc_release') && l.holdFrom === 'stocking_input' ? l.holdReason : null,
        photos: (media ?? []).filter((m) => m.kind === 'image').map((m) => mediaUrl(m.fileUri)),
      })),
    };
  });
}

export async function orderDetail(db: Db, memberId: number, orderNo: string, mediaUrl: (uri: string) => string): Promise<MemberOrder> {
  const [order] = await db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.orderNo, orderNo), eq(shopOrders.memberId, memberId)));
  if (!order) throw notFound('订单不存在');
  const [out] = await toOrders(db, [order], mediaUrl);
  return out!;
}

export async function listOrders(db: Db, memberId: number, q: { page: number; limit: number }, mediaUrl: (uri: string) => string) {
  const { rows, total } = await offsetPage(db, {
    table: shopOrders,
    select: db.select().from(shopOrders).$dynamic(),
    filter: eq(shopOrders.memberId, memberId),
    orderBy: [desc(shopOrders.id)],
    q,
  });
  return { list: await toOrders(db, rows, mediaUrl), total };
}

/** The order a line of the member's belongs to. */
export async function orderOfLine(db: Db, memberId: number, purchaseNo: string, mediaUrl: (uri: string) => string): Promise<MemberOrder> {
  const [row] = await db
    .select({ orderNo: shopOrders.orderNo })
    .from(purchaseOrders)
    .innerJoin(shopOrders, eq(shopOrders.id, purchaseOrders.orderId))
    .where(and(eq(purchaseOrders.purchaseNo, purchaseNo), eq(purchaseOrders.memberId, memberId)));
  if (!row) throw notFound('采购单不存在');
  return orderDetail(db, memberId, row.orderNo, mediaUrl);
}

/** The member's usable coupons (unused, inside their validity), soonest to expire first. */
export async function memberCoupons(db: Db, memberId: number, now: Date) {
  const rows = await db
    .select({ g: couponGrants, c: coupons })
    .from(couponGrants)
    .innerJoin(coupons, eq(coupons.id, couponGrants.couponId))
    .where(and(eq(couponGrants.memberId, memberId), eq(couponGrants.status, 'activity'), lte(couponGrants.validFrom, now), gt(couponGrants.validTo, now)))
    .orderBy(asc(couponGrants.validTo))
    .limit(200);
  return {
    list: rows.map(({ g, c }) => ({
      grantNo: g.grantNo,
      name: c.name,
      discountType: c.discountType,
      amount: c.amount,
      discountBp: c.discountBp,
      maxDiscount: c.maxDiscount,
      minSpend: c.minSpend,
      currency: c.currency,
      scope: c.scope,
      validTo: g.validTo.toISOString(),
    })),
  };
}

/** The member pays a line's price top-up from the balance (the purchaser buys on); answers the line's order. */
export async function payLinePatch(db: Db, member: Member, purchaseNo: string, actor: Actor, now: Date, mediaUrl: (uri: string) => string) {
  await memberPayPatch(db, member.id, purchaseNo, { actor, now });
  return orderOfLine(db, member.id, purchaseNo, mediaUrl);
}

/** The member declines a line's price top-up: the line is given up and its payment goes back to the balance. */
export async function declineLinePatch(db: Db, member: Member, purchaseNo: string, actor: Actor, now: Date, mediaUrl: (uri: string) => string) {
  await memberDeclinePatch(db, member.id, purchaseNo, { actor, now });
  return orderOfLine(db, member.id, purchaseNo, mediaUrl);
}

/** The member asks for the money of a line nobody has bought yet: canceled and refunded to the balance at once. */
export async function refundLine(db: Db, member: Member, purchaseNo: string, reason: string, actor: Actor, now: Date, mediaUrl: (uri: string) => string) {
  await memberRefundLine(db, member.id, purchaseNo, reason, { actor, now });
  return orderOfLine(db, member.id, purchaseNo, mediaUrl);
}
