import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { purchaseMachine, type PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import type { PurchaseDetail, PurchaseLine, PurchaseListQuery, PurchaseListResult } from '@waystation/shared/contract/purchase';
import type { ItemSummary } from '@waystation/shared/contract/purchase';
import { type Db, queryRows } from '../../db';
import { adminRoles, admins, members, purchaseOrders, roleRoutes, roles, shopOrders, traceEvents, traceEventsArchive, warehouseItems } from '../../db/schema';
import type { Caller } from '../../core/auth';
import { notFound } from '../../core/errors';
import { iso, pageByIds } from '../../core/paging';
import { type SignedDoc, signedUrl, signingKey } from '../../platform/signing';
import { agedRows } from '../badge/service';
import { patchAllows } from './transition';

const lineColumns = {
  line: purchaseOrders,
  orderNo: shopOrders.orderNo,
  userCode: members.userCode,
  memberName: members.name,
  memberEmail: members.email,
};

function selectLines(db: Db) {
  return db
    .select(lineColumns)
    .from(purchaseOrders)
    .innerJoin(shopOrders, eq(shopOrders.id, purchaseOrders.orderId))
    .innerJoin(members, eq(members.id, purchaseOrders.memberId));
}

type LineRow = { line: typeof purchaseOrders.$inferSelect; orderNo: string; userCode: string; memberName: string; memberEmail: string };

export function toLine(r: LineRow): PurchaseLine {
  const l = r.line;
  return {
    id: l.id,
    purchaseNo: l.purchaseNo,
    orderId: l.orderId,
    orderNo: r.orderNo,
    memberId: l.memberId,
    userCode: r.userCode,
    memberName: r.memberName,
    status: l.status as PurchaseLine['status'],
    mallType: l.mallType as PurchaseLine['mallType'],
    productUrl: l.productUrl,
    title: l.title,
    image: l.image,
    propsList: l.props,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    paidAmount: l.paidAmount,
    currency: l.currency,
    memberRemark: l.memberRemark,
    purchaserId: l.purchaserId,
    purchaserName: l.purchaserName,
    holdReason: l.holdReason,
    patchStatus: l.patchStatus as PurchaseLine['patchStatus'],
    patchAmount: l.patchAmount,
    mallOrderNo: l.mallOrderNo,
    realPrice: l.realPrice,
    domesticFee: l.domesticFee,
    trackingNo: l.trackingNo,
    logisticsStatus: l.logisticsStatus as PurchaseLine['logisticsStatus'],
    refundedAmount: l.refundedAmount,
    payTime: iso(l.payTime),
    purchaseEndTime: iso(l.purchaseEndTime),
    cancelTime: iso(l.cancelTime),
    createTime: l.createdAt.toISOString(),
    modifyTime: l.updatedAt.toISOString(),
  };
}

/** The queryForm number filter as a condition on purchase lines. */
function numberFilter(q: PurchaseListQuery): SQL | undefined {
  const v = q.numberValue;
  if (!v) return undefined;
  switch (q.numberType ?? 'purchaseNo') {
    case 'purchaseNo':
      return eq(purchaseOrders.purchaseNo, v.toUpperCase());
    case 'orderNo':
      return inArray(purchaseOrders.orderId, sql`(select id from shop_orders where order_no = ${v.toUpperCase()})`);
    case 'mallOrderNo':
      return eq(purchaseOrders.mallOrderNo, v);
    case 'trackingNo':
      return eq(purchaseOrders.trackingNo, v);
    case 'userCode':
      return inArray(purchaseOrders.memberId, sql`(select id from members where user_code = ${v.toUpperCase()})`);
    case 'itemCode':
      return inArray(purchaseOrders.id, sql`(select purchase_id from warehouse_items where item_code = ${v.toUpperCase()})`);
  }
}

/**
 * Purchase lines by status and queryForm filters. Sorted by id unless a SPEC sort field is given; keyset-paged by id
 * with a cursor (default sort only), and counted exactly only up to 10,000.
 */
export async function listPurchases(db: Db, q: PurchaseListQuery, callerId: number): Promise<PurchaseListResult> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(purchaseOrders.status, q.status));
  if (q.mallType) where.push(eq(purchaseOrders.mallType, q.mallType));
  if (q.mine === '1') where.push(eq(purchaseOrders.purchaserId, callerId));
  const nf = numberFilter(q);
  if (nf) where.push(nf);
  const page = await pageByIds(db, {
    table: purchaseOrders,
    id: purchaseOrders.id,
    filter: and(...where),
    q,
    sortColumns: {
      id: purchaseOrders.id,
      create_time: purchaseOrders.createdAt,
      modify_time: purchaseOrders.updatedAt,
      pay_time: purchaseOrders.payTime,
      purchase_end_time: purchaseOrders.purchaseEndTime,
      cancel_time: purchaseOrders.cancelTime,
    },
    load: (ids) => selectLines(db).where(inArray(purchaseOrders.id, ids)),
    idOf: (r) => r.line.id,
  });
  return { list: page.rows.map(toLine), total: page.total, totalExact: page.totalExact, nextCursor: page.nextCursor };
}

export type ItemRow = typeof warehouseItems.$inferSelect;

/** An item as the API shows it; `urlOf` turns stored media URIs and the label into URLs. */
export function toItem(i: ItemRow, urls: { media: (uri: string) => string; label: (code: string) => string }): ItemSummary {
  return {
    id: i.id,
    itemCode: i.itemCode,
    quickCode: [i.quickTop, i.quickBottom],
    weightG: i.weightG,
    lengthMm: i.lengthMm,
    widthMm: i.widthMm,
    heightMm: i.heightMm,
    volumeCm3: i.volumeCm3,
    media: i.media.map((m) => ({ ...m, fileUrl: urls.media(m.fileUri) })),
    qcProblem: i.qcProblem,
    qcNote: i.qcNote,
    shelfCode: i.shelfCode,
    creatorName: i.creatorName,
    labelUrl: urls.label(i.itemCode),
    createTime: i.createdAt.toISOString(),
    shelvedAt: iso(i.shelvedAt),
  };
}

export type UrlMakers = Parameters<typeof toItem>[1];

/** The actions a caller may take on a line now: the machine's rows, the caller's keys, the hold's origin. */
export function actionsFor(line: typeof purchaseOrders.$inferSelect, caller: Caller): PurchaseEvent[] {
  return purchaseMachine.allowed(line.status, caller.permissions).filter((e) => {
    if (e === 'release') return line.holdFrom !== 'stocking_input';
    if (e === 'qc_release') return line.holdFrom === 'stocking_input';
    // The server refuses these where the price difference does not allow them (a top-up outstanding, a difference settled).
    if (e === 'purchase' || e === 'patch_refund' || e === 'patch_match') return patchAllows(line, e);
    return true;
  });
}

/** One line with its shop order's other lines, its warehouse item and its trace timeline. */
export async function purchaseDetail(db: Db, id: number, caller: Caller, urls: UrlMakers): Promise<PurchaseDetail> {
  const [row] = await selectLines(db).where(eq(purchaseOrders.id, id)).limit(1);
  if (!row) throw notFound('采购单不存在');
  const siblings = await db
    .select({ id: purchaseOrders.id, purchaseNo: purchaseOrders.purchaseNo, status: purchaseOrders.status, title: purchaseOrders.title })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.orderId, row.line.orderId)))
    .orderBy(asc(purchaseOrders.id))
    .limit(50);
  const [order] = await db
    .select({
      paidAmount: shopOrders.paidAmount,
      levelDiscount: shopOrders.levelDiscount,
      pointsUsed: shopOrders.pointsUsed,
      serviceFee: shopOrders.serviceFee,
      feeBp: shopOrders.serviceFeeBp,
      serviceFeeRefunded: shopOrders.serviceFeeRefunded,
    })
    .from(shopOrders)
    .where(eq(shopOrders.id, row.line.orderId));
  const [item] = await db.select().from(warehouseItems).where(eq(warehouseItems.purchaseId, id)).limit(1);
  // The timeline's older rows may have moved to the archive table (monthly archiving): both are read.
  const trace = await unionAll(
    db.select().from(traceEvents).where(eq(traceEvents.purchaseId, id)),
    db.select().from(traceEventsArchive).where(eq(traceEventsArchive.purchaseId, id)),
  )
    .orderBy(asc(traceEvents.id))
    .limit(500);
  return {
    ...toLine(row),
    memberEmail: row.memberEmail,
    siblings: siblings.filter((s) => s.id !== id) as PurchaseDetail['siblings'],
    order: {
      paidAmount: order?.paidAmount ?? 0,
      levelDiscount: order?.levelDiscount ?? 0,
      pointsUsed: order?.pointsUsed ?? 0,
      serviceFee: order?.serviceFee ?? 0,
      serviceFeePercent: String((order?.feeBp ?? 0) / 100),
      serviceFeeRefunded: order?.serviceFeeRefunded ?? 0,
    },
    item: item ? toItem(item, urls) : null,
    trace: trace.map((t) => ({
      id: t.id,
      type: t.type as PurchaseDetail['trace'][number]['type'],
      event: t.event,
      fromStatus: t.fromStatus,
      toStatus: t.toStatus,
      actorName: t.actorName,
      note: t.note,
      createTime: t.createdAt.toISOString(),
    })),
    actions: actionsFor(row.line, caller),
  };
}

/** Active staff who may buy (a role granting the purchase desk, or all routes): transfer targets. */
export async function purchasers(db: Db): Promise<{ id: number; name: string; username: string }[]> {
  return db
    .selectDistinct({ id: admins.id, name: admins.name, username: admins.username })
    .from(admins)
    .innerJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .leftJoin(roleRoutes, and(eq(roleRoutes.roleId, roles.id), eq(roleRoutes.routePath, '/buyModule/buyOrder')))
    .where(and(eq(admins.status, 'activity'), or(eq(roles.allRoutes, true), sql`${roleRoutes.roleId} is not null`)))
    .orderBy(asc(admins.id));
}

/** Badge counters: lines waiting for a purchaser, lines on hold. */
export async function countByStatus(db: Db, status: string): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from purchase_orders where status = ${status}`);
  return n;
}

/** The desk's queue clocks (badge SLA): a waiting line from its payment, a held line from being held (its last change). */
export const purchaseWaitAge = agedRows('purchase_orders', 'coalesce(pay_time, created_at)', sql`status = 'purchase_wait'`);
export const purchaseHoldAge = agedRows('purchase_orders', 'updated_at', sql`status = 'purchase_hold'`);

/** An item's label PDF (served by the warehouse), signed so the print driver can fetch it without a token. */
export const ITEM_LABEL_DOC: SignedDoc = { path: '/api/warehouse/labelPdf', scope: 'label', param: 'code' };

/** URL makers for items in API answers: stored media → file URLs, item code → signed label URL. */
export async function itemUrls(db: Db, storage: { urlOf(uri: string): string }, now: Date): Promise<UrlMakers> {
  const key = await signingKey(db);
  return { media: (uri: string) => storage.urlOf(uri), label: (code: string) => signedUrl(key, ITEM_LABEL_DOC, code, now) };
}
