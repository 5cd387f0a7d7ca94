import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MoveBody, QcPhotoBody, QcProblemBody, ScannedItem, ScanResult, ShelveBody } from '@waystation/shared/contract/warehouse';
import { QcProblem } from '@waystation/shared/vocab/goods-in';
import { type Db, queryRows } from '../../db';
import { members, packageItems, packages, purchaseOrders, shelfLocations, warehouseItems } from '../../db/schema';
import { AppError, conflict, invalid } from '../../core/errors';
import { ErrorCode } from '@waystation/shared/contract/common';
import { toItem } from '../purchase/queries';
import { purchaseMachine } from '@waystation/shared/machines/purchase-order';
import { assertAllowed, isRepeat } from '../../core/transition';
import { applyStep, type PurchaseRow, purchaseLines } from '../purchase/transition';
import type { StationOp } from './inbound';
import { URI_PATTERN } from '../../platform/storage';

export type ItemRow = typeof warehouseItems.$inferSelect;
const ITEM_CODE = /^WI\d{8,}$/;

/**
 * An item and its purchase line by the label code, in one query (the hot path of every station scan); `lock` holds
 * both rows until the transaction ends, for a change the status alone cannot guard (a move: shelved → shelved).
 */
export async function itemByCode(db: Db, code: string, lock = false): Promise<{ item: ItemRow; row: PurchaseRow }> {
  const query = db
    .select({ item: warehouseItems, row: purchaseOrders })
    .from(warehouseItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
    .where(eq(warehouseItems.itemCode, code.toUpperCase()))
    .limit(1);
  const [found] = lock ? await query.for('update') : await query;
  if (!found) {
    throw new AppError(ErrorCode.NOT_FOUND, ITEM_CODE.test(code.toUpperCase()) ? `商品 ${code} 不存在` : `未识别的条码 ${code}：请扫描商品标签上的条码`, {
      code,
    });
  }
  return found;
}

/**
 * Where to shelve a member's item: the location of their latest shelved item that is still active (a member's
 * goods together), else the first active empty location.
 */
export async function suggestLocation(db: Db, memberId: number, exceptItem?: number): Promise<string | null> {
  const [same] = await queryRows<{ code: string }>(
    db,
    sql`select l.code from warehouse_items i join shelf_locations l on l.id = i.shelf_location_id
        where i.member_id = ${memberId} and i.shelved_at is not null and l.active ${exceptItem ? sql`and i.id <> ${exceptItem}` : sql``}
        order by i.shelved_at desc limit 1`,
  );
  if (same) return same.code;
  const [empty] = await queryRows<{ code: string }>(
    db,
    sql`select l.code from shelf_locations l where l.active
        and not exists (select 1 from warehouse_items i where i.shelf_location_id = l.id) order by l.code limit 1`,
  );
  return empty?.code ?? null;
}

/**
 * An item by its label code, with its line and what `permissions` may do to it next (the machine's actions, which
 * the station switches on); the shelving station also gets a location suggestion.
 */
export async function scanItem(db: Db, code: string, op: StationOp, withSuggestion: boolean, permissions: ReadonlySet<string>): Promise<ScannedItem> {
  const { item } = await itemByCode(db, code);
  const [row] = await db
    .select({ line: purchaseOrders, userCode: members.userCode })
    .from(purchaseOrders)
    .innerJoin(members, eq(members.id, purchaseOrders.memberId))
    .where(eq(purchaseOrders.id, item.purchaseId));
  return {
    purchaseId: row.line.id,
    purchaseNo: row.line.purchaseNo,
    status: row.line.status as ScannedItem['status'],
    userCode: row.userCode,
    title: row.line.title,
    image: row.line.image,
    propsList: row.line.props,
    quantity: row.line.quantity,
    memberRemark: row.line.memberRemark,
    item: toItem(item, op.urls),
    suggestedLocation: withSuggestion ? (item.shelfCode ?? (await suggestLocation(db, item.memberId, item.id))) : null,
    actions: purchaseMachine.allowed(row.line.status, permissions),
  };
}

const scanResult = (item: ItemRow, status: string, repeated: boolean): ScanResult => ({
  purchaseId: item.purchaseId,
  itemCode: item.itemCode,
  status: status as ScanResult['status'],
  repeated,
  shelfCode: item.shelfCode,
});

function checkMedia(media: { fileUri: string }[]): void {
  for (const m of media) if (!URI_PATTERN.test(m.fileUri)) throw invalid('media', `文件 ${m.fileUri} 不是本系统上传的文件`);
}

/** QC photos/videos of a received item: stocking_input → stocking_photo. Photographing it again changes nothing. */
export async function qcPhoto(db: Db, body: z.infer<typeof QcPhotoBody>, op: StationOp): Promise<ScanResult> {
  checkMedia(body.media);
  return db.transaction(async (tx) => {
    const { item, row } = await itemByCode(tx, body.itemCode);
    // Photographed already: waiting for its shelf, or shelved with its photos.
    if (isRepeat(purchaseLines, row, 'photo') || (isRepeat(purchaseLines, row, 'shelve') && item.media.length)) return scanResult(item, row.status, true);
    await applyStep(tx, row, { event: 'photo', actor: op.actor, now: op.now, note: `${body.media.length} 个文件`, audit: { itemCode: item.itemCode } });
    const [updated] = await tx
      .update(warehouseItems)
      .set({ media: [...item.media, ...body.media], updatedAt: op.now })
      .where(eq(warehouseItems.id, item.id))
      .returning();
    return scanResult(updated, 'stocking_photo', false);
  });
}

/** A QC problem (wrong size or colour, damage…): the line goes on hold with the reason for the member to decide. */
export async function qcProblem(db: Db, body: z.infer<typeof QcProblemBody>, op: StationOp): Promise<ScanResult> {
  checkMedia(body.media);
  const reason = `质检问题：${QcProblem.label(body.problem)}${body.note ? `，${body.note}` : ''}`;
  return db.transaction(async (tx) => {
    const { item, row } = await itemByCode(tx, body.itemCode);
    if (isRepeat(purchaseLines, row, 'qc_hold') && item.qcProblem === body.problem) return scanResult(item, row.status, true);
    await applyStep(tx, row, {
      event: 'qc_hold',
      actor: op.actor,
      now: op.now,
      note: reason,
      set: { holdReason: reason, holdFrom: 'stocking_input' },
      audit: { itemCode: item.itemCode, problem: body.problem },
      // The member is told (qc_problem notification) and answers through POST /orders/qcDecision.
      eventData: { problem: `${QcProblem.label(body.problem)}${body.note ? `，${body.note}` : ''}` },
    });
    const [updated] = await tx
      .update(warehouseItems)
      .set({ qcProblem: body.problem, qcNote: body.note, media: [...item.media, ...body.media], updatedAt: op.now })
      .where(eq(warehouseItems.id, item.id))
      .returning();
    return scanResult(updated, 'purchase_hold', false);
  });
}

/** An active shelf location by its scanned code; an item code or an unknown or inactive location is refused. */
export async function activeLocation(db: Db, code: string) {
  const locationCode = code.toUpperCase();
  const [loc] = await db.select().from(shelfLocations).where(eq(shelfLocations.code, locationCode)).limit(1);
  if (!loc) {
    if (ITEM_CODE.test(locationCode)) throw invalid('locationCode', `${locationCode} 是商品条码，请扫描库位条码`);
    throw new AppError(ErrorCode.NOT_FOUND, `库位 ${locationCode} 不存在`, { fields: { locationCode: `库位 ${locationCode} 不存在` } });
  }
  if (!loc.active) throw invalid('locationCode', `库位 ${loc.code} 已停用，请换一个库位`);
  return loc;
}

/**
 * Shelves an item on a scanned location: stocking_photo → shelved. The location must exist and be active; the
 * same scan again is a no-op; an item already on another location, or taken by another station meanwhile, is 40900.
 */
export async function shelve(db: Db, body: z.infer<typeof ShelveBody>, op: StationOp): Promise<ScanResult> {
  return db.transaction(async (tx) => {
    const { item, row } = await itemByCode(tx, body.itemCode);
    const loc = await activeLocation(tx, body.locationCode);
    if (isRepeat(purchaseLines, row, 'shelve')) {
      if (item.shelfLocationId === loc.id) return scanResult(item, row.status, true);
      throw conflict(`商品 ${item.itemCode} 已上架在 ${item.shelfCode}，不能再上架到 ${loc.code}`, { status: row.status, shelfCode: item.shelfCode });
    }
    assertAllowed(purchaseLines, row, 'shelve');
    await applyStep(tx, row, { event: 'shelve', actor: op.actor, now: op.now, note: loc.code, audit: { itemCode: item.itemCode, location: loc.code } });
    const [updated] = await tx
      .update(warehouseItems)
      .set({ shelfLocationId: loc.id, shelfCode: loc.code, shelvedAt: op.now, updatedAt: op.now })
      .where(eq(warehouseItems.id, item.id))
      .returning();
    return scanResult(updated, 'shelved', false);
  });
}

/**
 * Moves a shelved item to another location (shelved → shelved, the move in its trace as "from → to"); an item that
 * is on no location (found after a count missed it) is put on one the same way. An item already taken off its shelf
 * into its package is refused; one that waits in a pack order keeps its pick list right (the new location).
 */
export async function moveItem(db: Db, body: z.infer<typeof MoveBody>, op: StationOp): Promise<ScanResult> {
  return db.transaction(async (tx) => {
    const { item, row } = await itemByCode(tx, body.itemCode, true);
    const loc = await activeLocation(tx, body.locationCode);
    if (item.shelfLocationId === loc.id) return scanResult(item, row.status, true);
    return scanResult(await moveOnto(tx, item, row, loc, op), row.status, false);
  });
}

/** The move itself, inside the caller's transaction with the item's rows locked. */
export async function moveOnto(tx: Db, item: ItemRow, row: PurchaseRow, loc: { id: number; code: string }, op: StationOp): Promise<ItemRow> {
  assertAllowed(purchaseLines, row, 'move');
  const [inPackage] = await tx
    .select({ id: packageItems.id, removedAt: packageItems.removedAt, packageNo: packages.packageNo })
    .from(packageItems)
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(and(eq(packageItems.itemId, item.id), eq(packageItems.released, false)));
  if (inPackage?.removedAt) throw conflict(`商品 ${item.itemCode} 已下架到包裹 ${inPackage.packageNo}，不能移库`, { status: row.status, shelfCode: null });
  const note = `${item.shelfCode ?? '-'} → ${loc.code}`;
  await applyStep(tx, row, { event: 'move', actor: op.actor, now: op.now, note, audit: { itemCode: item.itemCode, from: item.shelfCode, to: loc.code } });
  if (inPackage) await tx.update(packageItems).set({ shelfCode: loc.code }).where(eq(packageItems.id, inPackage.id));
  const [updated] = await tx
    .update(warehouseItems)
    .set({ shelfLocationId: loc.id, shelfCode: loc.code, updatedAt: op.now })
    .where(eq(warehouseItems.id, item.id))
    .returning();
  return updated;
}
