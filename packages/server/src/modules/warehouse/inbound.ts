import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  InboundLookupResult,
  InboundReceiveBody,
  InboundReceiveResult,
  UnclaimedAssignBody,
  UnclaimedCreateBody,
  UnclaimedListQuery,
  UnclaimedParcel,
} from '@waystation/shared/contract/warehouse';
import { volumeCm3 } from '@waystation/shared/vocab/label';
import { UnclaimedStatus } from '@waystation/shared/vocab/goods-in';
import { type UnclaimedEvent, unclaimedMachine } from '@waystation/shared/machines/unclaimed';
import type { Db } from '../../db';
import { members, purchaseOrders, shopOrders, unclaimedParcels, warehouseItems } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { filters, iso, offsetPage } from '../../core/paging';
import { toItem, type UrlMakers } from '../purchase/queries';
import { applyTransition, assertAllowed, type BoundMachine, isAllowed, isRepeat } from '../../core/transition';
import { applyStep, loadLine, purchaseLines, staleState } from '../purchase/transition';

export interface StationOp {
  actor: Actor;
  now: Date;
  urls: UrlMakers;
}

/** The label barcode of a line's item: one item per line arrival. */
export const itemCodeOf = (purchaseId: number) => `WI${String(purchaseId).padStart(8, '0')}`;

/** The purchase lines a domestic parcel carries (several lines or several orders may share one parcel). */
export async function inboundLookup(db: Db, trackingNo: string, urls: UrlMakers): Promise<InboundLookupResult> {
  const rows = await db
    .select({ line: purchaseOrders, orderNo: shopOrders.orderNo, userCode: members.userCode, item: warehouseItems })
    .from(purchaseOrders)
    .innerJoin(shopOrders, eq(shopOrders.id, purchaseOrders.orderId))
    .innerJoin(members, eq(members.id, purchaseOrders.memberId))
    .leftJoin(warehouseItems, eq(warehouseItems.purchaseId, purchaseOrders.id))
    .where(eq(purchaseOrders.trackingNo, trackingNo))
    .orderBy(asc(purchaseOrders.id))
    .limit(100);
  const [open] = await db
    .select({ id: unclaimedParcels.id })
    .from(unclaimedParcels)
    .where(and(eq(unclaimedParcels.trackingNo, trackingNo), eq(unclaimedParcels.status, 'open')))
    .limit(1);
  return {
    trackingNo,
    unclaimedId: open?.id ?? null,
    lines: rows.map((r) => ({
      id: r.line.id,
      purchaseNo: r.line.purchaseNo,
      orderNo: r.orderNo,
      userCode: r.userCode,
      title: r.line.title,
      image: r.line.image,
      propsList: r.line.props,
      quantity: r.line.quantity,
      status: r.line.status as InboundLookupResult['lines'][number]['status'],
      receivable: isAllowed(purchaseLines, r.line, 'inbound'),
      item: r.item ? toItem(r.item, urls) : null,
    })),
  };
}

/**
 * Receives the ticked lines of one parcel with their measures (purchased → stocking_input) and creates their
 * items, all in one transaction. A line already received from this parcel is reported as repeated.
 */
export async function inboundReceive(db: Db, body: z.infer<typeof InboundReceiveBody>, op: StationOp): Promise<InboundReceiveResult> {
  const ids = body.lines.map((l) => l.id);
  if (new Set(ids).size !== ids.length) throw invalid('lines', '同一商品不能重复勾选');
  return db.transaction(async (tx) => {
    const out: InboundReceiveResult['lines'] = [];
    for (const l of body.lines) {
      // The line, its member's code and any item already received, in one query (the hot path of the station).
      const [found] = await tx
        .select({ row: purchaseOrders, userCode: members.userCode, existing: warehouseItems })
        .from(purchaseOrders)
        .innerJoin(members, eq(members.id, purchaseOrders.memberId))
        .leftJoin(warehouseItems, eq(warehouseItems.purchaseId, purchaseOrders.id))
        .where(eq(purchaseOrders.id, l.id))
        .limit(1);
      if (!found) throw notFound('采购单不存在');
      const { row, userCode, existing } = found;
      if (row.trackingNo !== body.trackingNo) throw invalid('lines', `采购单 ${row.purchaseNo} 不属于包裹 ${body.trackingNo}`);
      if (!isAllowed(purchaseLines, row, 'inbound')) {
        if (existing && existing.trackingNo === body.trackingNo) {
          out.push({ id: row.id, status: row.status as never, repeated: true, item: toItem(existing, op.urls) });
          continue;
        }
        throw staleState(row, 'inbound');
      }
      const { row: after } = await applyStep(tx, row, {
        event: 'inbound',
        actor: op.actor,
        now: op.now,
        note: `${body.trackingNo} ${l.weightG} g`,
        set: { logisticsStatus: 'SIGN' },
        audit: { trackingNo: body.trackingNo, weightG: l.weightG },
      });
      const [item] = await tx
        .insert(warehouseItems)
        .values({
          itemCode: itemCodeOf(row.id),
          purchaseId: row.id,
          memberId: row.memberId,
          quickTop: userCode,
          quickBottom: String(row.id % 10000).padStart(4, '0'),
          trackingNo: body.trackingNo,
          quantity: row.quantity,
          weightG: l.weightG,
          lengthMm: l.lengthMm,
          widthMm: l.widthMm,
          heightMm: l.heightMm,
          volumeCm3: volumeCm3(l.lengthMm, l.widthMm, l.heightMm),
          creatorId: op.actor.id,
          creatorName: op.actor.name,
          createdAt: op.now,
          updatedAt: op.now,
        })
        .returning();
      out.push({ id: row.id, status: after.status as never, repeated: false, item: toItem(item, op.urls) });
    }
    return { lines: out };
  });
}

const toParcel = (r: typeof unclaimedParcels.$inferSelect): UnclaimedParcel => ({
  id: r.id,
  trackingNo: r.trackingNo,
  weightG: r.weightG,
  note: r.note,
  status: r.status as UnclaimedParcel['status'],
  purchaseId: r.purchaseId,
  creatorName: r.creatorName,
  assignedBy: r.assignedBy,
  assignedAt: iso(r.assignedAt),
  createTime: r.createdAt.toISOString(),
});

/** Records a parcel that matched no purchase line; the same open parcel scanned again is returned as is. */
export async function createUnclaimed(db: Db, body: z.infer<typeof UnclaimedCreateBody>, op: StationOp): Promise<UnclaimedParcel> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(unclaimedParcels)
      .where(and(eq(unclaimedParcels.trackingNo, body.trackingNo), eq(unclaimedParcels.status, 'open')));
    if (open) return toParcel(open);
    const [line] = await tx.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.trackingNo, body.trackingNo)).limit(1);
    if (line) throw conflict('该快递单号已匹配采购单，请直接入库');
    const [row] = await tx
      .insert(unclaimedParcels)
      .values({ trackingNo: body.trackingNo, weightG: body.weightG, note: body.note, creatorId: op.actor.id, creatorName: op.actor.name, createdAt: op.now })
      .returning();
    await writeAudit(
      tx,
      op.actor,
      { action: 'unclaimed.create', targetType: 'unclaimed_parcel', targetId: row.id, after: { trackingNo: row.trackingNo } },
      op.now,
    );
    return toParcel(row);
  });
}

export async function listUnclaimed(db: Db, q: z.infer<typeof UnclaimedListQuery>): Promise<{ list: UnclaimedParcel[]; total: number }> {
  const { rows, total } = await offsetPage(db, {
    table: unclaimedParcels,
    select: db.select().from(unclaimedParcels).$dynamic(),
    filter: filters(q, { status: (s) => eq(unclaimedParcels.status, s), trackingNo: (no) => eq(unclaimedParcels.trackingNo, no) }),
    orderBy: [desc(unclaimedParcels.id)],
    q,
  });
  return { list: rows.map(toParcel), total };
}

/** An unclaimed parcel's machine bound to its table (audit and domain event unclaimed.assign). */
type UnclaimedRow = typeof unclaimedParcels.$inferSelect & { updatedAt: Date };
const unclaimedRows: BoundMachine<UnclaimedRow, UnclaimedEvent> = {
  name: 'unclaimed',
  targetType: 'unclaimed_parcel',
  table: unclaimedParcels,
  // A parcel has no modify time of its own: it changes once, when assigned.
  columns: { id: unclaimedParcels.id, status: unclaimedParcels.status, updatedAt: unclaimedParcels.assignedAt, ref: unclaimedParcels.trackingNo },
  transitionOf: unclaimedMachine.transitionOf,
  toStatuses: unclaimedMachine.toStatuses,
  describe: (p) => ({ noun: `无主包裹 ${p.trackingNo}`, target: p.id }),
  label: (status) => UnclaimedStatus.label(status, 'zh'),
};

/**
 * Assigns an unclaimed parcel to a purchased line: the line takes the parcel's tracking number, so scanning the
 * parcel again at the station finds it.
 */
export async function assignUnclaimed(db: Db, body: z.infer<typeof UnclaimedAssignBody>, op: StationOp): Promise<UnclaimedParcel> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(unclaimedParcels).where(eq(unclaimedParcels.id, body.id));
    if (!found) throw notFound('无主包裹不存在');
    const parcel: UnclaimedRow = { ...found, updatedAt: found.assignedAt ?? found.createdAt };
    if (isRepeat(unclaimedRows, parcel, 'assign', { purchaseId: body.purchaseId })) return toParcel(found);
    if (!isAllowed(unclaimedRows, parcel, 'assign')) throw conflict('该包裹已被认领');
    const row = await loadLine(tx, body.purchaseId);
    assertAllowed(purchaseLines, row, 'logistics');
    await applyStep(tx, row, {
      event: 'logistics',
      actor: op.actor,
      now: op.now,
      note: `认领无主包裹 ${parcel.trackingNo}`,
      set: { trackingNo: parcel.trackingNo, logisticsStatus: 'SIGN' },
    });
    const { row: assigned } = await applyTransition(tx, unclaimedRows, parcel, {
      event: 'assign',
      op,
      set: { purchaseId: row.id, assignedBy: op.actor.name },
      audit: { purchaseId: row.id },
    });
    return toParcel(assigned);
  });
}
