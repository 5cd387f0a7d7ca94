import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CountFinishBody, CountFinishResult, CountedItem, CountLocationResult } from '@waystation/shared/contract/warehouse';
import { isAllowed } from '../../core/transition';
import type { Db } from '../../db';
import { members, packageItems, packages, purchaseOrders, warehouseItems } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { raiseException } from '../goodsOut/exceptions';
import { packageRows } from '../goodsOut/transition';
import { applyStep, purchaseLines } from '../purchase/transition';
import type { StationOp } from './inbound';
import { activeLocation, itemByCode, moveOnto } from './stations';

/**
 * What the records put on a location: its shelved items, those of a pack order included while they wait for
 * removal (an item already taken off into its package is no longer on the shelf).
 */
async function itemsOn(db: Db, locationId: number): Promise<CountedItem[]> {
  const rows = await db
    .select({
      itemCode: warehouseItems.itemCode,
      quickTop: warehouseItems.quickTop,
      quickBottom: warehouseItems.quickBottom,
      title: purchaseOrders.title,
      userCode: members.userCode,
      packageNo: packages.packageNo,
    })
    .from(warehouseItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
    .innerJoin(members, eq(members.id, warehouseItems.memberId))
    .leftJoin(packageItems, and(eq(packageItems.itemId, warehouseItems.id), eq(packageItems.released, false)))
    .leftJoin(packages, eq(packages.id, packageItems.packageId))
    .where(and(eq(warehouseItems.shelfLocationId, locationId), sql`${warehouseItems.shelvedAt} is not null`, isNull(packageItems.removedAt)))
    .orderBy(asc(warehouseItems.itemCode));
  return rows.map((r) => ({ itemCode: r.itemCode, quickCode: [r.quickTop, r.quickBottom], title: r.title, userCode: r.userCode, packageNo: r.packageNo }));
}

/** The count station's list: a location and what the records put on it. */
export async function countLocation(db: Db, locationCode: string): Promise<CountLocationResult> {
  const loc = await activeLocation(db, locationCode);
  return { locationCode: loc.code, items: await itemsOn(db, loc.id) };
}

/**
 * Closes a location's count with the item codes found on it, in one transaction: a missing item is taken off the
 * location (its line records 盘点缺失; an item of a pack order raises item_missing on the package instead, when the
 * package can take one), a shelved item found here but recorded elsewhere is moved here. One audit row holds it all.
 */
export async function finishCount(db: Db, body: z.infer<typeof CountFinishBody>, op: StationOp): Promise<CountFinishResult> {
  return db.transaction(async (tx) => {
    const loc = await activeLocation(tx, body.locationCode);
    const expected = await itemsOn(tx, loc.id);
    const found = new Set(body.itemCodes.map((c) => c.toUpperCase()));
    const missing = expected.filter((i) => !found.has(i.itemCode));
    const exceptions: string[] = [];
    for (const i of missing) {
      if (i.packageNo) {
        const [pkg] = await tx.select().from(packages).where(eq(packages.packageNo, i.packageNo));
        if (!exceptions.includes(i.packageNo) && isAllowed(packageRows, pkg, 'raise')) {
          await raiseException(tx, { packageNo: i.packageNo, type: 'item_missing', reason: `盘点 ${loc.code} 未找到商品 ${i.itemCode}`, photos: [] }, op);
          exceptions.push(i.packageNo);
        }
        continue;
      }
      const { item, row } = await itemByCode(tx, i.itemCode, true);
      await applyStep(tx, row, {
        event: 'count_missing',
        actor: op.actor,
        now: op.now,
        note: loc.code,
        audit: { itemCode: item.itemCode, location: loc.code },
      });
      await tx.update(warehouseItems).set({ shelfLocationId: null, shelfCode: null, updatedAt: op.now }).where(eq(warehouseItems.id, item.id));
    }
    const expectedCodes = new Set(expected.map((i) => i.itemCode));
    const extra: CountFinishResult['extra'] = [];
    const unknown: string[] = [];
    for (const code of found) {
      if (expectedCodes.has(code)) continue;
      const hit = await itemByCode(tx, code, true).catch(() => null);
      if (!hit) {
        unknown.push(code);
        continue;
      }
      const movable = isAllowed(purchaseLines, hit.row, 'move');
      extra.push({ itemCode: code, from: hit.item.shelfCode, moved: movable });
      if (movable) await moveOnto(tx, hit.item, hit.row, loc, op);
    }
    const result = { locationCode: loc.code, expected: expected.length, found: expected.length - missing.length, missing, extra, unknown, exceptions };
    await writeAudit(
      tx,
      op.actor,
      {
        action: 'shelf.count',
        targetType: 'shelf_location',
        targetId: loc.code,
        after: { ...result, missing: missing.map((i) => i.itemCode), extra: extra.map((e) => e.itemCode) },
      },
      op.now,
    );
    return result;
  });
}
