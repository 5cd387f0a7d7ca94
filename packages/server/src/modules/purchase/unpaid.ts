import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ManualPaidBody, WaitPaidCancelBody, WaitPaidDetail, WaitPaidListQuery, WaitPaidOrder } from '@waystation/shared/contract/purchase';
import type { Db } from '../../db';
import { members, purchaseOrders, shopOrders } from '../../db/schema';
import { ErrorCode } from '@waystation/shared/contract/common';
import { AppError, conflict, notFound } from '../../core/errors';
import { cappedCount, filters, offsetPage } from '../../core/paging';
import { applyTransition, isAllowed, isRepeat } from '../../core/transition';
import { shopOrderMachine } from '@waystation/shared/machines/shop-order';
import { levelDiscountBps } from '../vip/levels';
import { paidAudit, paidColumns, type PayRates, payRates, percentText, priceOrder, serviceFeeBp, settlePaidOrder } from './pricing';
import { toLine } from './queries';
import type { Op } from './service';
import { applyStep, shopOrderRows } from './transition';

const orderColumns = {
  order: shopOrders,
  userCode: members.userCode,
  memberName: members.name,
  // The goods of the lines still to pay for (a line canceled on its own is not paid for).
  amount:
    sql<number>`(select coalesce(sum(p.unit_price * p.quantity), 0)::bigint from purchase_orders p where p.order_id = ${shopOrders.id} and p.status <> 'canceled')`.mapWith(
      Number,
    ),
  lineCount: sql<number>`(select count(*)::int from purchase_orders p where p.order_id = ${shopOrders.id})`.mapWith(Number),
};

type OrderRow = { order: typeof shopOrders.$inferSelect; userCode: string; memberName: string; amount: number; lineCount: number };
const toOrder = (r: OrderRow, rates: PayRates): WaitPaidOrder => {
  // Still to collect: priced now; paid (or canceled): what the payment charged.
  const price = isAllowed(shopOrderRows, r.order, 'manual_paid')
    ? priceOrder([r.amount], rates)
    : { levelDiscount: r.order.levelDiscount, serviceFee: r.order.serviceFee, feeBp: r.order.serviceFeeBp, total: r.order.paidAmount };
  return {
    id: r.order.id,
    orderNo: r.order.orderNo,
    memberId: r.order.memberId,
    userCode: r.userCode,
    memberName: r.memberName,
    status: r.order.status,
    currency: r.order.currency,
    amount: r.amount,
    levelDiscount: price.levelDiscount,
    serviceFee: price.serviceFee,
    serviceFeePercent: percentText(price.feeBp),
    due: price.total,
    lineCount: r.lineCount,
    createTime: r.order.createdAt.toISOString(),
    payDeadline: r.order.payDeadline?.toISOString() ?? null,
  };
};

/** Each order with what to collect for it now: its member's level discount and the service fee as set now. */
async function withDue(db: Db, rows: OrderRow[]): Promise<WaitPaidOrder[]> {
  const feeBp = await serviceFeeBp(db);
  const levelBp = await levelDiscountBps(db, [...new Set(rows.map((r) => r.order.memberId))]);
  return rows.map((r) => toOrder(r, { levelBp: levelBp.get(r.order.memberId)!, feeBp }));
}

/** Unpaid shop orders, newest first. */
export async function listUnpaid(db: Db, q: z.infer<typeof WaitPaidListQuery>): Promise<{ list: WaitPaidOrder[]; total: number; totalExact: boolean }> {
  const { rows, ...count } = await offsetPage(db, {
    table: shopOrders,
    select: db.select(orderColumns).from(shopOrders).innerJoin(members, eq(members.id, shopOrders.memberId)).$dynamic(),
    filter: [
      eq(shopOrders.status, 'ordered'),
      ...filters(q, {
        orderNo: (no) => eq(shopOrders.orderNo, no.toUpperCase()),
        userCode: (c) => inArray(shopOrders.memberId, sql`(select id from members where user_code = ${c.toUpperCase()})`),
      }),
    ],
    orderBy: [desc(shopOrders.id)],
    q,
    count: (filter) => cappedCount(db, shopOrders, filter),
  });
  return { list: await withDue(db, rows), ...count };
}

async function loadOrder(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select(orderColumns).from(shopOrders).innerJoin(members, eq(members.id, shopOrders.memberId)).where(eq(shopOrders.id, id)).limit(1);
  if (!row) throw notFound('订单不存在');
  return row;
}

/** An unpaid order with its lines. */
export async function unpaidDetail(db: Db, id: number): Promise<WaitPaidDetail> {
  const row = await loadOrder(db, id);
  const lines = await db
    .select({ line: purchaseOrders, orderNo: shopOrders.orderNo, userCode: members.userCode, memberName: members.name, memberEmail: members.email })
    .from(purchaseOrders)
    .innerJoin(shopOrders, eq(shopOrders.id, purchaseOrders.orderId))
    .innerJoin(members, eq(members.id, purchaseOrders.memberId))
    .where(eq(purchaseOrders.orderId, id))
    .orderBy(asc(purchaseOrders.id));
  const [order] = await withDue(db, [row]);
  return { ...order!, lines: lines.map(toLine) };
}

/**
 * Payment received outside the member site: the order is priced as the member's own payment would be, without coupon
 * or points (priceOrder: level discount shared over the lines, service fee on the goods), marked paid at that, and each
 * line queues for a purchaser (manual_paid); the agent's commission, the points earned and a level up follow as after a
 * payment. Nothing is taken from the balance: the money came outside it.
 */
export async function manualPaid(db: Db, body: z.infer<typeof ManualPaidBody>, op: Op): Promise<{ id: number; status: string; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, body.id)).for('update');
    if (!order) throw notFound('订单不存在');
    if (isRepeat(shopOrderRows, order, 'manual_paid')) return { id: body.id, status: order.status, repeated: true };
    const lines = await tx
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.orderId, body.id), eq(purchaseOrders.status, 'ordered')))
      .orderBy(asc(purchaseOrders.id));
    const price = priceOrder(
      lines.map((l) => l.unitPrice * l.quantity),
      await payRates(tx, order.memberId),
    );
    // A canceled order is refused by the machine below; an open one with nothing left to buy is not paid for.
    if (isAllowed(shopOrderRows, order, 'manual_paid') && price.gross <= 0) throw conflict(`订单 ${order.orderNo} 没有待支付的商品`);
    const { row } = await applyTransition(tx, shopOrderRows, order, {
      event: 'manual_paid',
      op,
      note: body.note,
      set: { ...paidColumns(price), payTime: op.now },
      audit: paidAudit(price),
    });
    for (const [i, line] of lines.entries()) {
      await applyStep(tx, line, {
        event: 'manual_paid',
        actor: op.actor,
        now: op.now,
        note: body.note,
        // Each line carries its share of the level's discount: what it refunds later is what was really paid for it.
        set: { paidAmount: price.linePaid[i]!, payTime: op.now },
      });
    }
    await settlePaidOrder(tx, order, price, op.actor, op.now);
    return { id: body.id, status: row.status, repeated: false };
  });
}

/** Cancels an unpaid order and its lines (nothing to refund). */
export async function cancelUnpaid(db: Db, body: z.infer<typeof WaitPaidCancelBody>, op: Op): Promise<{ id: number; status: string; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const { order } = await loadOrder(tx, body.id);
    if (isRepeat(shopOrderRows, order, 'cancel')) return { id: body.id, status: order.status, repeated: true };
    const row = await cancelOrder(tx, order, body.reason, op);
    return { id: body.id, status: row.status, repeated: false };
  });
}

/** The order and each of its lines take `cancel` (one event and audit row each), in the caller's transaction. */
async function cancelOrder(tx: Db, order: OrderRow['order'], reason: string, op: Pick<Op, 'actor' | 'now'>) {
  const { row } = await applyTransition(tx, shopOrderRows, order, { event: 'cancel', op, note: reason });
  const lines = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.orderId, order.id)).orderBy(asc(purchaseOrders.id));
  for (const line of lines) {
    await applyStep(tx, line, { event: 'cancel', actor: op.actor, now: op.now, note: reason, set: { cancelTime: op.now, holdReason: reason } });
  }
  return row;
}

/**
 * Cancels the shop orders still unpaid at their pay deadline (order.autoCancelMinutes when they were placed; none:
 * never), each in its own transaction through the machine like a staff cancel. An order paid meanwhile is left alone
 * (the conditional update refuses it), so a payment racing the job wins or loses cleanly.
 */
export async function autoCancelUnpaid(db: Db, now: Date): Promise<{ canceled: number }> {
  const overdue = await db
    .select({ id: shopOrders.id, createdAt: shopOrders.createdAt, payDeadline: shopOrders.payDeadline })
    .from(shopOrders)
    .where(and(inArray(shopOrders.status, shopOrderMachine.fromStatuses('cancel')), isNotNull(shopOrders.payDeadline), lte(shopOrders.payDeadline, now)))
    .orderBy(asc(shopOrders.payDeadline))
    .limit(500);
  const op = { actor: { id: null, name: 'system', ip: '' }, now };
  let canceled = 0;
  for (const { id, ...due } of overdue) {
    const minutes = Math.round((due.payDeadline!.getTime() - due.createdAt.getTime()) / 60_000);
    try {
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
        // Paid or canceled since the job read it: the machine no longer cancels it from there.
        if (!order || !isAllowed(shopOrderRows, order, 'cancel')) return;
        await cancelOrder(tx, order, `超过 ${minutes} 分钟未支付，自动取消`, op);
        canceled++;
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === ErrorCode.CONFLICT)) throw err;
    }
  }
  return { canceled };
}
