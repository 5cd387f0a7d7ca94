import crypto from 'node:crypto';
import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { toMinor } from '@waystation/shared/contract/ledger';
import type { CreateRefundBody, Refund, RefundDetail, RefundListQuery } from '@waystation/shared/contract/afterSales';
import { refundMachine, type RefundChannel, type RefundEvent, type RefundReason, RefundStatus, type ReviewResult } from '@waystation/shared/machines/refund';
import type { PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import type { Db } from '../../db';
import { members, packages, purchaseOrders, refundRequests } from '../../db/schema';
import { applyStep, purchaseLines, staleState } from '../purchase/transition';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { applyTransition, type BoundMachine, isAllowed } from '../../core/transition';
import { containsPattern, filters, iso, offsetPage, orderBy } from '../../core/paging';
import * as ledger from '../ledger/service';
import { settleOrderRefund } from '../purchase/lineRefunds';
import { countAfterSalesRefund, refundableOf } from '../goodsOut/freight';
import { refundBillToPayer } from '../payment/bills';
import { paymentRefundsFor, sendPaymentRefund } from '../payment/providerRefunds';
import type { SecretBox } from '../../core/secrets';

const stamp = (now: Date) => now.toISOString().slice(0, 10).replace(/-/g, '');
const newNo = (prefix: string, now: Date) => `${prefix}${stamp(now)}${crypto.randomInt(100000, 999999)}`;

/**
 * Moves the member's purchase line along the goods-in machine when the after-sales record belongs to one
 * (conditional update + trace row); 40900 when the line is no longer where the machine allows the event.
 */
export async function movePurchaseLine(
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
    .where(eq(purchaseOrders.id, Number(purchaseOrderId)))
    .for('update');
  if (!line) return;
  // Refunded elsewhere since the refund was opened (the member's own refundLine, another after-sales path): no more than is left.
  if (refunded > line.paidAmount - line.refundedAmount) {
    throw conflict(`采购单 ${line.purchaseNo} 可退金额只剩 ${(Math.max(0, line.paidAmount - line.refundedAmount) / 100).toFixed(2)} CNY`);
  }
  const addRefunded = refunded ? { refundedAmount: sql`${purchaseOrders.refundedAmount} + ${refunded}` } : {};
  if (!isAllowed(purchaseLines, line, event)) {
    if (strict) throw staleState(line, event);
    // A refund of a line that stays where it is (lost goods on the shelf…): only the refunded amount changes.
    if (refunded) {
      await tx
        .update(purchaseOrders)
        .set({ ...addRefunded, updatedAt: now })
        .where(eq(purchaseOrders.id, line.id));
      await settleOrderRefund(tx, line.orderId, { actor, now });
    }
    return;
  }
  await applyStep(tx, line, {
    event,
    actor,
    now,
    note,
    set: addRefunded as Partial<typeof purchaseOrders.$inferInsert>,
    ...(refunded ? { eventData: { amount: refunded, currency: line.currency } } : {}),
  });
  if (refunded) await settleOrderRefund(tx, line.orderId, { actor, now });
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
  const { rows, total } = await offsetPage(db, {
    table: refundRequests,
    select: refundQuery(db).$dynamic(),
    filter: filters(q, {
      refundNo: (no) => ilike(refundRequests.refundNo, containsPattern(no)),
      sourceNo: (no) => ilike(refundRequests.sourceNo, containsPattern(no)),
      userCode: (c) => eq(members.userCode, c.toUpperCase()),
      status: (s) => eq(refundRequests.status, s),
      reason: (r) => eq(refundRequests.reason, r),
    }),
    orderBy: orderBy(
      q.sort,
      q.order,
      { id: refundRequests.id, create_time: refundRequests.createdAt, modify_time: refundRequests.updatedAt },
      refundRequests.id,
    ),
    q,
    count: async (filter) =>
      (await db.select({ n: count() }).from(refundRequests).leftJoin(members, eq(members.id, refundRequests.memberId)).where(filter))[0].n,
  });
  return { list: rows.map(toRefund), total };
}

export async function refundDetail(db: Db, id: number): Promise<RefundDetail> {
  const [row] = await refundQuery(db).where(eq(refundRequests.id, id));
  if (!row) throw notFound('退款申请不存在');
  return { ...toRefund(row), paymentRefunds: await paymentRefundsFor(db, 'afterSales.refund', String(id)) };
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

/**
 * What a refund's source still has to give back to the member, its number and currency: a purchase line (by id) or a
 * package (by number) of this member; null for a manual refund. 40001 on sourceId when it is no source of the member's.
 */
async function refundSource(
  tx: Db,
  memberId: number,
  sourceType: string,
  sourceId: string,
): Promise<{ refundable: number; no: string; currency: string } | null> {
  if (sourceType === 'purchase_order') {
    const [line] = /^\d{1,15}$/.test(sourceId)
      ? await tx
          .select()
          .from(purchaseOrders)
          .where(and(eq(purchaseOrders.id, Number(sourceId)), eq(purchaseOrders.memberId, memberId)))
      : [];
    if (!line) throw invalid('sourceId', `该会员没有采购单 ${sourceId}`);
    return { refundable: line.paidAmount - line.refundedAmount, no: line.purchaseNo, currency: 'CNY' };
  }
  if (sourceType === 'package') {
    const [row] = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.packageNo, sourceId), eq(packages.memberId, memberId)));
    if (!row) throw invalid('sourceId', `该会员没有包裹 ${sourceId}`);
    return { refundable: refundableOf(row), no: row.packageNo, currency: row.currency };
  }
  return null;
}

export async function createRefund(db: Db, actor: Actor, body: CreateRefundBody, now: Date): Promise<{ id: number; refundNo: string }> {
  const [m] = await db.select({ id: members.id }).from(members).where(eq(members.id, body.memberId));
  if (!m) throw notFound('会员不存在');
  const amount = toMinor(body.amount);
  return db.transaction(async (tx) => {
    const source = await refundSource(tx, m.id, body.sourceType, body.sourceId);
    // Never more than the source has left to give back (what was paid, less what was refunded already).
    if (source && amount > source.refundable) {
      throw invalid('amount', `退款金额不能超过可退金额 ${(Math.max(0, source.refundable) / 100).toFixed(2)} ${source.currency}`);
    }
    return openRefund(tx, actor, { ...body, sourceNo: body.sourceNo || source?.no || '', amount, currency: source?.currency ?? 'CNY' }, now);
  });
}

/**
 * Reviews a refund (refund_review). Pass pays it exactly once — a conditional status update plus a ledger row
 * keyed by the refund — to the member's balance, or returns it through the original channel: back through the payment
 * gateway that paid the bill (refundBillToPayer; sent to the provider after the commit, followed by its job), or, for a
 * bill not paid through a gateway, recorded as returned outside Waystation.
 */
export async function reviewRefund(
  db: Db,
  actor: Actor,
  body: { id: number; result: ReviewResult; remark?: string },
  now: Date,
  secrets?: SecretBox,
): Promise<RefundDetail> {
  const event = body.result === 'REVIEW_SUCCESS' ? 'pass' : 'fail';
  let toSend: number[] = [];
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(refundRequests).where(eq(refundRequests.id, body.id));
    if (!r) throw notFound('退款申请不存在');
    await applyTransition(tx, refundRows, r, {
      event,
      op: { actor, now },
      set: { reviewResult: body.result, reviewRemark: body.remark ?? '', reviewerId: actor.id, reviewerName: actor.name, reviewedAt: now },
      audit: { remark: body.remark },
      eventData: { amount: r.amount, currency: r.currency },
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
      } else {
        const back = await refundBillToPayer(tx, actor, r, now);
        if (back) {
          entryId = back.entryId;
          toSend = back.paymentRefundIds;
          await tx.update(refundRequests).set({ ledgerEntryId: entryId }).where(eq(refundRequests.id, r.id));
        }
      }
      if (r.sourceType === 'purchase_order')
        await movePurchaseLine(tx, r.sourceId, 'refund', actor, r.refundNo, now, { refunded: r.amount, strict: r.reason === 'return_goods' });
      if (r.sourceType === 'package') await countAfterSalesRefund(tx, r.sourceId, r.amount, now, actor);
    }
    if (entryId)
      await writeAudit(tx, actor, { action: 'afterSales.refund.paid', targetType: 'refund', targetId: r.id, after: { transactionId: entryId } }, now);
  });
  // A provider that cannot be reached now leaves its refund 'sending': the follow-up job sends it.
  if (secrets) for (const id of toSend) await sendPaymentRefund(db, secrets, id, now);
  return refundDetail(db, body.id);
}

/** Newest-first refunds of one purchase line or package (for other domains' detail screens). */
export async function refundsOf(db: Db, sourceType: string, sourceId: string): Promise<Refund[]> {
  const rows = await refundQuery(db)
    .where(and(eq(refundRequests.sourceType, sourceType), eq(refundRequests.sourceId, sourceId)))
    .orderBy(desc(refundRequests.id));
  return rows.map(toRefund);
}
