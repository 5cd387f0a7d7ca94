import crypto from 'node:crypto';
import { and, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { toMinor } from '@waystation/shared/contract/ledger';
import type { CreateRefundBody, Refund, RefundListQuery, ReturnItem, ReturnListQuery } from '@waystation/shared/contract/afterSales';
import { refundMachine, type RefundChannel, type RefundEvent, type RefundReason, RefundStatus, type ReviewResult } from '@waystation/shared/machines/refund';
import { returnMachine, returnStateLabel, type ReturnEvent } from '@waystation/shared/machines/return';
import { nextStatus, type PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import { type Db, nextId } from '../../db';
import { members, packageItems, purchaseOrders, refundRequests, returnRequests } from '../../db/schema';
import { applyStep, staleState } from '../purchase/transition';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { applyTransition, type BoundMachine } from '../../core/transition';
import { containsPattern, iso, offsetOf, orderBy } from '../../core/paging';
import * as ledger from '../ledger/service';

const stamp = (now: Date) => now.toISOString().slice(0, 10).replace(/-/g, '');
const newNo = (prefix: string, now: Date) => `${prefix}${stamp(now)}${crypto.randomInt(100000, 999999)}`;

/**
 * Moves the member's purchase line along the goods-in machine when the after-sales record belongs to one
 * (conditional update + trace row); 40900 when the line is no longer where the machine allows the event.
 */
async function movePurchaseLine(
  tx: Db,
  purchaseOrderId: string,
  event: PurchaseEvent,
  actor: Actor,
  note: string,
  now: Date,
  opts: { refunded?: number; strict?: boolean } = {},
): Promise<void> {
  const { refunded = 0, strict = true } = opts;
  if (!/^\d{1,15}$/.test(purchaseOrderId)) return;
  const [line] = await tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, Number(purchaseOrderId)));
  if (!line) return;
  const addRefunded = refunded ? { refundedAmount: sql`${purchaseOrders.refundedAmount} + ${refunded}` } : {};
  if (!nextStatus(line.status, event)) {
    if (strict) throw staleState(line, event);
    // A refund of a line that stays where it is (lost goods on the shelf…): only the refunded amount changes.
    if (refunded)
      await tx
        .update(purchaseOrders)
        .set({ ...addRefunded, updatedAt: now })
        .where(eq(purchaseOrders.id, line.id));
    return;
  }
  await applyStep(tx, line, { event, actor, now, note, set: addRefunded as Partial<typeof purchaseOrders.$inferInsert> });
}

// ---------------------------------------------------------------- refunds

type RefundRow = typeof refundRequests.$inferSelect;

/** The refund machine bound to its table, for the transition engine. */
const refundRows: BoundMachine<RefundRow, RefundEvent> = {
  name: 'afterSales.refund',
  targetType: 'refund',
  table: refundRequests,
  columns: {
    id: refundRequests.id,
    status: refundRequests.status,
    updatedAt: refundRequests.updatedAt,
    member: refundRequests.memberId,
    ref: refundRequests.refundNo,
  },
  transitionOf: refundMachine.transitionOf,
  toStatuses: refundMachine.toStatuses,
  describe: (r) => ({ noun: `退款申请 ${r.refundNo}`, target: r.id }),
  label: (status) => RefundStatus.label(status),
};

function refundQuery(db: Db) {
  return db.select({ r: refundRequests, userCode: members.userCode }).from(refundRequests).leftJoin(members, eq(members.id, refundRequests.memberId));
}

const toRefund = ({ r, userCode }: { r: typeof refundRequests.$inferSelect; userCode: string | null }): Refund => ({
  id: r.id,
  refundNo: r.refundNo,
  memberId: r.memberId,
  userCode: userCode ?? '',
  sourceType: r.sourceType,
  sourceId: r.sourceId,
  sourceNo: r.sourceNo,
  reason: r.reason as RefundReason,
  description: r.description,
  amount: r.amount,
  currency: r.currency,
  channel: r.channel as RefundChannel,
  status: r.status as Refund['status'],
  reviewResult: (r.reviewResult as ReviewResult | null) ?? null,
  reviewRemark: r.reviewRemark,
  reviewerName: r.reviewerName,
  reviewTime: iso(r.reviewedAt),
  transactionId: r.ledgerEntryId ?? null,
  createTime: r.createdAt.toISOString(),
});

export async function listRefunds(db: Db, q: RefundListQuery): Promise<Page<Refund>> {
  const where: SQL[] = [];
  if (q.refundNo) where.push(ilike(refundRequests.refundNo, containsPattern(q.refundNo)));
  if (q.sourceNo) where.push(ilike(refundRequests.sourceNo, containsPattern(q.sourceNo)));
  if (q.userCode) where.push(eq(members.userCode, q.userCode.toUpperCase()));
  if (q.status) where.push(eq(refundRequests.status, q.status));
  if (q.reason) where.push(eq(refundRequests.reason, q.reason));
  const [{ n }] = await db
    .select({ n: count() })
    .from(refundRequests)
    .leftJoin(members, eq(members.id, refundRequests.memberId))
    .where(and(...where));
  const rows = await refundQuery(db)
    .where(and(...where))
    .orderBy(
      ...orderBy(q.sort, q.order, { id: refundRequests.id, create_time: refundRequests.createdAt, modify_time: refundRequests.updatedAt }, refundRequests.id),
    )
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  return { list: rows.map(toRefund), total: n };
}

export async function refundDetail(db: Db, id: number): Promise<Refund> {
  const [row] = await refundQuery(db).where(eq(refundRequests.id, id));
  if (!row) throw notFound('退款申请不存在');
  return toRefund(row);
}

/** Opens a refund awaiting review (in `tx` when given); a source has at most one refund that is not refused. */
export async function openRefund(
  tx: Db,
  actor: Actor,
  r: {
    memberId: number;
    sourceType: string;
    sourceId: string;
    sourceNo?: string;
    reason: RefundReason;
    amount: number;
    currency: string;
    channel?: RefundChannel;
    description?: string;
  },
  now: Date,
): Promise<{ id: number; refundNo: string }> {
  if (r.sourceType !== 'manual') {
    const [open] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.sourceType, r.sourceType), eq(refundRequests.sourceId, r.sourceId), ne(refundRequests.status, 'return_apply_refuse')))
      .limit(1);
    if (open) throw conflict('该单据已有退款申请', { refundId: open.id });
  }
  const [row] = await tx
    .insert(refundRequests)
    .values({
      refundNo: newNo('RF', now),
      memberId: r.memberId,
      sourceType: r.sourceType,
      sourceId: r.sourceId,
      sourceNo: r.sourceNo ?? '',
      reason: r.reason,
      description: r.description ?? '',
      amount: r.amount,
      currency: r.currency,
      channel: r.channel ?? 'balance',
      status: 'return_refund_check',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refundRequests.id, refundNo: refundRequests.refundNo });
  await writeAudit(tx, actor, { action: 'afterSales.createRefund', targetType: 'refund', targetId: row.id, after: { ...r } }, now);
  return row;
}

export async function createRefund(db: Db, actor: Actor, body: CreateRefundBody, now: Date): Promise<{ id: number; refundNo: string }> {
  const [m] = await db.select({ id: members.id }).from(members).where(eq(members.id, body.memberId));
  if (!m) throw notFound('会员不存在');
  return db.transaction((tx) => openRefund(tx, actor, { ...body, sourceNo: body.sourceNo ?? '', amount: toMinor(body.amount), currency: 'CNY' }, now));
}

/**
 * Reviews a refund (refund_review). Pass pays it exactly once — a conditional status update plus a ledger row
 * keyed by the refund — to the member's balance, or records it as returned through the original channel.
 */
export async function reviewRefund(db: Db, actor: Actor, body: { id: number; result: ReviewResult; remark?: string }, now: Date): Promise<Refund> {
  const event = body.result === 'REVIEW_SUCCESS' ? 'pass' : 'fail';
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(refundRequests).where(eq(refundRequests.id, body.id));
    if (!r) throw notFound('退款申请不存在');
    await applyTransition(tx, refundRows, r, {
      event,
      op: { actor, now },
      set: { reviewResult: body.result, reviewRemark: body.remark ?? '', reviewerId: actor.id, reviewerName: actor.name, reviewedAt: now },
      audit: { remark: body.remark },
    });
    let entryId: number | null = null;
    if (event === 'pass') {
      if (r.channel === 'balance') {
        const { entry } = await ledger.post(
          tx,
          {
            ownerType: 'member',
            ownerId: r.memberId,
            kind: 'balance',
            currency: r.currency,
            amount: r.amount,
            type: 'refund',
            refType: 'refund',
            refId: r.id,
            remark: r.refundNo,
            idempotencyKey: `refund:${r.id}`,
            operator: actor,
          },
          now,
        );
        entryId = entry.id;
        await tx.update(refundRequests).set({ ledgerEntryId: entry.id }).where(eq(refundRequests.id, r.id));
      }
      if (r.sourceType === 'purchase_order')
        await movePurchaseLine(tx, r.sourceId, 'refund', actor, r.refundNo, now, { refunded: r.amount, strict: r.reason === 'return_goods' });
    }
    if (entryId)
      await writeAudit(tx, actor, { action: 'afterSales.refund.paid', targetType: 'refund', targetId: r.id, after: { transactionId: entryId } }, now);
  });
  return refundDetail(db, body.id);
}

// ---------------------------------------------------------------- returns

type ReturnRow = typeof returnRequests.$inferSelect;

/** The return machine bound to its table: review status and shipping status are its two status columns. */
const returnRows: BoundMachine<ReturnRow, ReturnEvent> = {
  name: 'afterSales.return',
  targetType: 'return',
  table: returnRequests,
  columns: {
    id: returnRequests.id,
    status: returnRequests.status,
    subStatus: returnRequests.shippingStatus,
    updatedAt: returnRequests.updatedAt,
    member: returnRequests.memberId,
    ref: returnRequests.returnNo,
  },
  transitionOf: returnMachine.transitionOf,
  toStatuses: returnMachine.toStatuses,
  describe: (r) => ({ noun: `退货申请 ${r.returnNo}`, target: r.id }),
  label: returnStateLabel,
};

function returnQuery(db: Db) {
  return db.select({ r: returnRequests, userCode: members.userCode }).from(returnRequests).leftJoin(members, eq(members.id, returnRequests.memberId));
}

const toReturn = ({ r, userCode }: { r: typeof returnRequests.$inferSelect; userCode: string | null }): ReturnItem => ({
  id: r.id,
  returnNo: r.returnNo,
  memberId: r.memberId,
  userCode: userCode ?? '',
  purchaseOrderId: r.purchaseOrderId,
  purchaseOrderNo: r.purchaseOrderNo,
  goodsTitle: r.goodsTitle,
  quantity: r.quantity,
  amount: r.amount,
  currency: r.currency,
  reason: r.reason,
  images: (r.images as string[]) ?? [],
  status: r.status as ReturnItem['status'],
  reviewResult: (r.reviewResult as ReviewResult | null) ?? null,
  reviewRemark: r.reviewRemark,
  reviewerName: r.reviewerName,
  reviewTime: iso(r.reviewedAt),
  shippingStatus: (r.shippingStatus as ReturnItem['shippingStatus']) ?? null,
  shippingCompany: r.shippingCompany,
  shippingNo: r.shippingNo,
  refundId: r.refundId ?? null,
  createTime: r.createdAt.toISOString(),
});

export async function listReturns(db: Db, q: ReturnListQuery): Promise<Page<ReturnItem>> {
  const where: SQL[] = [];
  if (q.returnNo) where.push(ilike(returnRequests.returnNo, containsPattern(q.returnNo)));
  if (q.purchaseOrderNo) where.push(ilike(returnRequests.purchaseOrderNo, containsPattern(q.purchaseOrderNo)));
  if (q.userCode) where.push(eq(members.userCode, q.userCode.toUpperCase()));
  if (q.status) where.push(eq(returnRequests.status, q.status));
  if (q.shippingStatus) where.push(eq(returnRequests.shippingStatus, q.shippingStatus));
  const [{ n }] = await db
    .select({ n: count() })
    .from(returnRequests)
    .leftJoin(members, eq(members.id, returnRequests.memberId))
    .where(and(...where));
  const rows = await returnQuery(db)
    .where(and(...where))
    .orderBy(
      ...orderBy(q.sort, q.order, { id: returnRequests.id, create_time: returnRequests.createdAt, modify_time: returnRequests.updatedAt }, returnRequests.id),
    )
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  return { list: rows.map(toReturn), total: n };
}

export async function returnDetail(db: Db, id: number): Promise<ReturnItem> {
  const [row] = await returnQuery(db).where(eq(returnRequests.id, id));
  if (!row) throw notFound('退货申请不存在');
  return toReturn(row);
}

const PURCHASE_EVENT: Record<ReturnEvent, PurchaseEvent | null> = { pass: 'return_pass', fail: 'return_refuse', send: null, sign: 'return_done' };

/**
 * One step of a return: review (return_review; pass → return_doing awaiting shipment, fail → return_apply_refuse),
 * shipment sent, signed by the seller (→ returned, and a refund awaiting review is opened).
 */
export async function moveReturn(
  db: Db,
  actor: Actor,
  id: number,
  event: ReturnEvent,
  extra: { result?: ReviewResult; remark?: string; shippingCompany?: string; shippingNo?: string },
  now: Date,
): Promise<ReturnItem> {
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id));
    if (!r) throw notFound('退货申请不存在');
    const set: Partial<ReturnRow> = {};
    if (event === 'pass' || event === 'fail')
      Object.assign(set, { reviewResult: extra.result, reviewRemark: extra.remark ?? '', reviewerId: actor.id, reviewerName: actor.name, reviewedAt: now });
    if (event === 'send') Object.assign(set, { shippingCompany: extra.shippingCompany, shippingNo: extra.shippingNo });
    await applyTransition(tx, returnRows, r, { event, op: { actor, now }, set, audit: set });
    const purchaseEvent = PURCHASE_EVENT[event];
    if (purchaseEvent) await movePurchaseLine(tx, r.purchaseOrderId, purchaseEvent, actor, r.returnNo, now);
    if (event === 'sign') {
      const refund = await openRefund(
        tx,
        actor,
        {
          memberId: r.memberId,
          sourceType: 'purchase_order',
          sourceId: r.purchaseOrderId,
          sourceNo: r.purchaseOrderNo,
          reason: 'return_goods',
          amount: r.amount,
          currency: r.currency,
          description: r.returnNo,
        },
        now,
      );
      await tx.update(returnRequests).set({ refundId: refund.id }).where(eq(returnRequests.id, r.id));
    }
  });
  return returnDetail(db, id);
}

/** Returns awaiting review: the return_wait badge. */
export async function countReturnsWaiting(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.status, 'return_checking'));
  return n;
}

/** Newest-first refunds of one purchase line or package (for other domains' detail screens). */
export async function refundsOf(db: Db, sourceType: string, sourceId: string): Promise<Refund[]> {
  const rows = await refundQuery(db)
    .where(and(eq(refundRequests.sourceType, sourceType), eq(refundRequests.sourceId, sourceId)))
    .orderBy(desc(refundRequests.id));
  return rows.map(toRefund);
}

/**
 * A member asks to return a shelved item to the seller (member API): the line goes shelved → return_checking and a
 * return request awaits review in 退货管理. An item already in a pack order cannot be returned.
 */
export async function applyReturn(db: Db, memberId: number, body: { purchaseNo: string; reason: string }, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.purchaseNo, body.purchaseNo), eq(purchaseOrders.memberId, memberId)))
      .for('update');
    if (!line) throw notFound('采购单不存在');
    const [packed] = await tx
      .select({ id: packageItems.packageId })
      .from(packageItems)
      .where(and(eq(packageItems.purchaseId, line.id), eq(packageItems.released, false)));
    if (packed) throw conflict('商品已提交打包，不能申请退货');
    await applyStep(tx, line, { event: 'return_apply', actor, now, note: body.reason });
    const id = await nextId(tx, 'return_requests');
    const [r] = await tx
      .insert(returnRequests)
      .values({
        id,
        returnNo: `RT${String(id).padStart(10, '0')}`,
        memberId,
        purchaseOrderId: String(line.id),
        purchaseOrderNo: line.purchaseNo,
        goodsTitle: line.title,
        quantity: line.quantity,
        amount: line.paidAmount - line.refundedAmount,
        currency: line.currency,
        reason: body.reason,
        status: 'return_checking',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeAudit(
      tx,
      actor,
      { action: 'afterSales.return.apply', targetType: 'return', targetId: r!.returnNo, after: { purchaseNo: line.purchaseNo } },
      now,
    );
    return { returnNo: r!.returnNo, status: r!.status, amount: r!.amount, currency: r!.currency };
  });
}
