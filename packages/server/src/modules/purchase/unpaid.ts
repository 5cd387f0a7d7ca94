import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ManualPaidBody, WaitPaidCancelBody, WaitPaidDetail, WaitPaidListQuery, WaitPaidOrder } from '@waystation/shared/contract/purchase';
import type { Db } from '../../db';
import { members, purchaseOrders, shopOrders } from '../../db/schema';
import { ErrorCode } from '@waystation/shared/contract/common';
import { AppError, notFound } from '../../core/errors';
import { cappedCount, filters, offsetPage } from '../../core/paging';
import { applyTransition, isAllowed, isRepeat } from '../../core/transition';
import { shopOrderMachine } from '@waystation/shared/machines/shop-order';
import { numberParam } from '../reference/settings';
import { toLine } from './queries';
import type { Op } from './service';
import { applyStep, shopOrderRows } from './transition';

const orderColumns = {
  order: shopOrders,
  userCode: members.userCode,
  memberName: members.name,
  amount: sql<number>`(select coalesce(sum(p.unit_price * p.quantity), 0)::bigint from purchase_orders p where p.order_id = ${shopOrders.id})`.mapWith(Number),
  lineCount: sql<number>`(select count(*)::int from purchase_orders p where p.order_id = ${shopOrders.id})`.mapWith(Number),
};

type OrderRow = { order: typeof shopOrders.$inferSelect; userCode: string; memberName: string; amount: number; lineCount: number };
const toOrder = (r: OrderRow): WaitPaidOrder => ({
  id: r.order.id,
  orderNo: r.order.orderNo,
  memberId: r.order.memberId,
  userCode: r.userCode,
  memberName: r.memberName,
  status: r.order.status,
  currency: r.order.currency,
  amount: r.amount,
  lineCount: r.lineCount,
  createTime: r.order.createdAt.toISOString(),
});

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
  return { list: rows.map(toOrder), ...count };
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
  return { ...toOrder(row), lines: lines.map(toLine) };
}

/** Payment received outside the member site: the order is paid and each line queues for a purchaser (manual_paid). */
export async function manualPaid(db: Db, body: z.infer<typeof ManualPaidBody>, op: Op): Promise<{ id: number; status: string; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const { order, amount } = await loadOrder(tx, body.id);
    if (isRepeat(shopOrderRows, order, 'manual_paid')) return { id: body.id, status: order.status, repeated: true };
    const { row } = await applyTransition(tx, shopOrderRows, order, {
      event: 'manual_paid',
      op,
      note: body.note,
      set: { payTime: op.now, paidAmount: amount },
      audit: { amount },
    });
    const lines = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.orderId, body.id)).orderBy(asc(purchaseOrders.id));
    for (const line of lines) {
      await applyStep(tx, line, {
        event: 'manual_paid',
        actor: op.actor,
        now: op.now,
        note: body.note,
        set: { paidAmount: line.unitPrice * line.quantity, payTime: op.now },
      });
    }
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
 * Cancels the shop orders still unpaid `order.autoCancelMinutes` after they were placed (0 or no setting: never), each
 * in its own transaction through the machine like a staff cancel. An order paid meanwhile is left alone (the
 * conditional update refuses it), so a payment racing the job wins or loses cleanly.
 */
export async function autoCancelUnpaid(db: Db, now: Date): Promise<{ canceled: number }> {
  const minutes = await numberParam(db, 'order.autoCancelMinutes', 0, { min: 0 });
  if (!minutes) return { canceled: 0 };
  const due = await db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(inArray(shopOrders.status, shopOrderMachine.fromStatuses('cancel')), lt(shopOrders.createdAt, new Date(now.getTime() - minutes * 60_000))))
    .orderBy(asc(shopOrders.id))
    .limit(500);
  const op = { actor: { id: null, name: 'system', ip: '' }, now };
  let canceled = 0;
  for (const { id } of due) {
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
