import { and, count, eq, ilike } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import type { ReturnItem, ReturnKind, ReturnListQuery } from '@waystation/shared/contract/afterSales';
import type { ReviewResult } from '@waystation/shared/machines/refund';
import { returnMachine, returnStateLabel, type ReturnEvent } from '@waystation/shared/machines/return';
import type { PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import { type Db, nextId } from '../../db';
import { members, packageItems, purchaseOrders, returnRequests, warehouseItems } from '../../db/schema';
import { applyStep, lockMemberLine, purchaseLines, staleState } from '../purchase/transition';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { applyTransition, type BoundMachine, isAllowed } from '../../core/transition';
import { containsPattern, filters, iso, offsetPage, orderBy } from '../../core/paging';
import { movePurchaseLine, openRefund } from './refunds';

/**
 * Returns of purchased goods to the seller: review, shipping, and what the seller's signature brings — the refund of a
 * return, or for an exchange the line bought again awaiting the seller's replacement.
 */

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
  kind: r.kind as ReturnKind,
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
  const { rows, total } = await offsetPage(db, {
    table: returnRequests,
    select: returnQuery(db).$dynamic(),
    filter: filters(q, {
      returnNo: (no) => ilike(returnRequests.returnNo, containsPattern(no)),
      purchaseOrderNo: (no) => ilike(returnRequests.purchaseOrderNo, containsPattern(no)),
      userCode: (c) => eq(members.userCode, c.toUpperCase()),
      status: (s) => eq(returnRequests.status, s),
      shippingStatus: (s) => eq(returnRequests.shippingStatus, s),
    }),
    orderBy: orderBy(
      q.sort,
      q.order,
      { id: returnRequests.id, create_time: returnRequests.createdAt, modify_time: returnRequests.updatedAt },
      returnRequests.id,
    ),
    q,
    count: async (filter) =>
      (await db.select({ n: count() }).from(returnRequests).leftJoin(members, eq(members.id, returnRequests.memberId)).where(filter))[0].n,
  });
  return { list: rows.map(toReturn), total };
}

export async function returnDetail(db: Db, id: number): Promise<ReturnItem> {
  const [row] = await returnQuery(db).where(eq(returnRequests.id, id));
  if (!row) throw notFound('退货申请不存在');
  return toReturn(row);
}

const PURCHASE_EVENT: Record<ReturnEvent, PurchaseEvent | null> = { pass: 'return_pass', fail: 'return_refuse', send: null, sign: 'return_done' };

/**
 * One step of a return: review (return_review; pass → return_doing awaiting shipment, fail → return_apply_refuse),
 * shipment sent, signed by the seller (→ returned, and a refund awaiting review is opened; an exchange instead →
 * purchased, awaiting the seller's replacement, and nothing is refunded).
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
    if (event === 'sign' && r.kind === 'exchange') {
      await awaitReplacement(tx, r, actor, now);
      return;
    }
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

/**
 * The seller signed for an exchanged line (in `tx`): the line is purchased again (exchange_done) with the money still
 * paid, awaiting the seller's replacement parcel. The inbound station finds a line by its domestic tracking number, so the
 * old parcel's number is cleared: the purchaser enters the replacement's (logistics), or an unclaimed replacement parcel
 * is assigned to the line. The item received from the old parcel left with the seller: its record goes (its code, QC
 * problem and photos stay in the audit row), so the replacement is received as a new item under the same label.
 */
async function awaitReplacement(tx: Db, r: ReturnRow, actor: Actor, now: Date): Promise<void> {
  const [line] = /^\d{1,15}$/.test(r.purchaseOrderId)
    ? await tx
        .select()
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, Number(r.purchaseOrderId)))
        .for('update')
    : [];
  if (!line) throw notFound('采购单不存在');
  if (!isAllowed(purchaseLines, line, 'exchange_done')) throw staleState(line, 'exchange_done');
  const [item] = await tx.delete(warehouseItems).where(eq(warehouseItems.purchaseId, line.id)).returning();
  await applyStep(tx, line, {
    event: 'exchange_done',
    actor,
    now,
    note: line.trackingNo ? `${r.returnNo}，原国内单号 ${line.trackingNo} 已清除` : r.returnNo,
    set: { trackingNo: '', logisticsStatus: null, holdReason: '' },
    audit: {
      returnNo: r.returnNo,
      oldTrackingNo: line.trackingNo,
      ...(item
        ? { removedItem: { itemCode: item.itemCode, trackingNo: item.trackingNo, qcProblem: item.qcProblem, qcNote: item.qcNote, media: item.media } }
        : {}),
    },
  });
}

/** Returns awaiting review: the return_wait badge. */
export async function countReturnsWaiting(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.status, 'return_checking'));
  return n;
}

/**
 * A member asks to return a shelved item to the seller (member API): the line goes shelved → return_checking and a
 * return request awaits review in 退货管理. An item already in a pack order cannot be returned.
 */
export async function applyReturn(db: Db, memberId: number, body: { purchaseNo: string; reason: string }, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const line = await lockMemberLine(tx, memberId, body.purchaseNo);
    const [packed] = await tx
      .select({ id: packageItems.packageId })
      .from(packageItems)
      .where(and(eq(packageItems.purchaseId, line.id), eq(packageItems.released, false)));
    if (packed) throw conflict('商品已提交打包，不能申请退货');
    await applyStep(tx, line, { event: 'return_apply', actor, now, note: body.reason });
    return openReturn(tx, line, body.reason, actor, now);
  });
}

/** A return (or exchange) request of a line that has just had return_apply, awaiting review in 退货管理 (in `tx`). */
export async function openReturn(tx: Db, line: typeof purchaseOrders.$inferSelect, reason: string, actor: Actor, now: Date, kind: ReturnKind = 'return') {
  const id = await nextId(tx, 'return_requests');
  const [r] = await tx
    .insert(returnRequests)
    .values({
      id,
      returnNo: `RT${String(id).padStart(10, '0')}`,
      kind,
      memberId: line.memberId,
      purchaseOrderId: String(line.id),
      purchaseOrderNo: line.purchaseNo,
      goodsTitle: line.title,
      quantity: line.quantity,
      amount: line.paidAmount - line.refundedAmount,
      currency: line.currency,
      reason,
      status: 'return_checking',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeAudit(
    tx,
    actor,
    { action: 'afterSales.return.apply', targetType: 'return', targetId: r!.returnNo, after: { purchaseNo: line.purchaseNo, kind } },
    now,
  );
  return { returnNo: r!.returnNo, status: r!.status, amount: r!.amount, currency: r!.currency };
}
