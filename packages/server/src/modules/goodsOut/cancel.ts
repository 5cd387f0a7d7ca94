import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { PackageCancelBody } from '@waystation/shared/contract/goodsOut/packages';
import type { PretrialReopenBody } from '@waystation/shared/contract/goodsOut/pretrial';
import { UNPAID_CANCEL_FROM } from '@waystation/shared/machines/package';
import type { PackageStatus } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../../db';
import { packageItems, packages, purchaseOrders, warehouseItems } from '../../db/schema';
import { isRepeat } from '../../core/transition';
import { applyStep as applyLineStep } from '../purchase/transition';
import { refundPackage } from './orders';
import { actionResult, applyStep, lockPackage, type Op, packageRows, packageStale, type PackageRow, writeTrace } from './transition';
import { markShipmentCancel } from './carriers/booking';

/** Pack orders that fail or stall (issue 30): cancel and back to pre-review, for staff (包裹详情) and the member API. */

/**
 * Frees a canceled package's items for other packages. Those still on their shelf stay there; those already taken
 * off (removal, packing) are in someone's hands, not on a shelf: their lines go back to the shelving station
 * (shelved → stocking_photo), which records where they are really put, and they are packable again once shelved.
 */
async function releaseItems(tx: Db, row: PackageRow, op: Op): Promise<number> {
  const removed = await tx
    .select({ pi: packageItems, line: purchaseOrders })
    .from(packageItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, packageItems.purchaseId))
    .where(and(eq(packageItems.packageId, row.id), eq(packageItems.released, false), isNotNull(packageItems.removedAt)));
  for (const { pi, line } of removed) {
    await applyLineStep(tx, line, {
      event: 'restock',
      actor: op.actor,
      now: op.now,
      note: `包裹 ${row.packageNo} 已取消${pi.shelfCode ? `，原库位 ${pi.shelfCode}` : ''}`,
      audit: { itemCode: pi.itemCode, packageNo: row.packageNo },
    });
  }
  if (removed.length) {
    await tx
      .update(warehouseItems)
      .set({ shelfLocationId: null, shelfCode: null, shelvedAt: null, updatedAt: op.now })
      .where(
        inArray(
          warehouseItems.id,
          removed.map((r) => r.pi.itemId),
        ),
      );
  }
  await tx
    .update(packageItems)
    .set({ released: true })
    .where(and(eq(packageItems.packageId, row.id), eq(packageItems.released, false)));
  return removed.length;
}

/**
 * Cancels a package in `tx` (the machine's cancel row where it is): its items are freed (see releaseItems) and what
 * the member paid and has not had back is refunded to the balance.
 */
export async function cancelPackageIn(tx: Db, row: PackageRow, op: Op, note: string): Promise<PackageRow> {
  const { row: after } = await applyStep(tx, row, { event: 'cancel', op, note, set: { cancelTime: op.now } });
  await markShipmentCancel(tx, row.id, op.now);
  const restocked = await releaseItems(tx, row, op);
  if (restocked) {
    await writeTrace(tx, row.id, { type: 'cancel', event: 'restock', from: 'canceled', to: 'canceled', note: `${restocked} 件商品待重新上架` }, op);
  }
  const due = await refundPackage(tx, after, op, '取消');
  if (due > 0) {
    await writeTrace(
      tx,
      row.id,
      { type: 'refund', event: 'refund', from: 'canceled', to: 'canceled', note: `退款 ${(due / 100).toFixed(2)} ${row.currency}` },
      op,
    );
  }
  const [fresh] = await tx.select().from(packages).where(eq(packages.id, row.id));
  return fresh;
}

/** Cancels a pack order not yet paid (a canceled one again: done, nothing changes); a paid one goes through an exception. */
async function cancelUnpaid(tx: Db, row: PackageRow, op: Op, note: string) {
  if (isRepeat(packageRows, row, 'cancel')) return actionResult(row, true);
  if (!UNPAID_CANCEL_FROM.includes(row.status as PackageStatus)) throw packageStale(row, 'cancel');
  return actionResult(await cancelPackageIn(tx, row, op, note));
}

/** Staff cancel an unpaid pack order from 包裹详情 with a reason. */
export async function staffCancelPackage(db: Db, body: z.infer<typeof PackageCancelBody>, op: Op) {
  return db.transaction(async (tx) => cancelUnpaid(tx, await lockPackage(tx, { id: body.id }), op, body.reason));
}

/** The member cancels their own unpaid pack order (the caller has checked it is theirs). */
export async function memberCancelPackage(db: Db, packageId: number, op: Op) {
  return db.transaction(async (tx) => cancelUnpaid(tx, await lockPackage(tx, { id: packageId }), op, '会员取消'));
}

/** Staff send a failed pre-review back to pre-review (pack_pretrial_fail → pack_pretrial). */
export async function reopenPretrial(db: Db, body: z.infer<typeof PretrialReopenBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: body.id });
    if (isRepeat(packageRows, row, 'reopen')) return actionResult(row, true);
    const { row: after } = await applyStep(tx, row, { event: 'reopen', op, note: body.note || '重新预审' });
    return actionResult(after);
  });
}
