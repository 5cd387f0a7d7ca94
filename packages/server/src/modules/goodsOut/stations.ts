import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  LabelConfirmBody,
  PackingItemBody,
  PackingItemResult,
  PackingWeighBody,
  PackingWeighResult,
  RemovalPackage,
  RemovalScanBody,
  RemovalScanResult,
} from '@waystation/shared/contract/goodsOut/stations';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { ItemAttr } from '@waystation/shared/vocab/config-content';
import { PACKAGE_CODE, type PackageStatus } from '@waystation/shared/vocab/goods-out';
import { freightOutcome } from '@waystation/shared/freight/outcome';
import { volumeCm3 } from '@waystation/shared/vocab/label';
import { type Db, queryRows, reusableQuery } from '../../db';
import { members, packageItems, packages, purchaseOrders, shelfLocations, shipChannels, warehouseItems } from '../../db/schema';
import { AppError, invalid } from '../../core/errors';
import { channelFreight } from '../logistics/freight';
import { type PackageEvent, packageMachine } from '@waystation/shared/machines/package';
import { assertAllowed, isRepeat } from '../../core/transition';
import { refundFreightDifference } from './freight';
import { actionResult, applyStep, lockPackage, lockPackageCounted, type Op, packageRows, packageStale, type PackageRow, writeTrace } from './transition';

const ITEM_CODE = /^WI\d{8,}$/;
/** A station step's actor and time, and the caller's permissions: its answer carries what they may do next (the machine's actions). */
type StationOp = Op & { permissions?: ReadonlySet<string> };

function unknownCode(code: string, expect: 'item' | 'package'): AppError {
  if (expect === 'item' && PACKAGE_CODE.test(code)) return invalid('itemCode', `${code} 是包裹条码，请扫描商品条码`);
  if (expect === 'item' && ITEM_CODE.test(code)) return new AppError(ErrorCode.NOT_FOUND, `商品 ${code} 不在任何包裹中`, { code });
  if (expect === 'package' && PACKAGE_CODE.test(code)) return new AppError(ErrorCode.NOT_FOUND, `包裹 ${code} 不存在`, { code });
  return new AppError(ErrorCode.NOT_FOUND, `未识别的条码 ${code}`, { code });
}

/** The live package holding an item (by its label code), or 40400. */
async function packageOfItem(tx: Db, itemCode: string) {
  const [found] = await tx
    .select({ pi: packageItems, packageNo: packages.packageNo })
    .from(packageItems)
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(and(eq(packageItems.itemCode, itemCode), eq(packageItems.released, false)))
    .limit(1);
  if (!found) throw unknownCode(itemCode, 'item');
  return found;
}

async function itemCounts(tx: Db, packageId: number) {
  const [r] = await tx
    .select({ total: count(), removed: count(packageItems.removedAt), checked: count(packageItems.checkedAt) })
    .from(packageItems)
    .where(and(eq(packageItems.packageId, packageId), eq(packageItems.released, false)));
  return r;
}

/**
 * The package a removal scan locks (by its package no., or by one of its items) with its live items in pick order:
 * by location code — zone, row, level, slot — so one walk takes them off; items without a location last. With what
 * `permissions` may do to it next (the machine's actions), which the station switches on.
 */
export async function removalPackage(db: Db, rawCode: string, permissions?: ReadonlySet<string>): Promise<RemovalPackage> {
  const code = rawCode.toUpperCase();
  const packageId = PACKAGE_CODE.test(code) ? undefined : (await packageOfItem(db, code)).pi.packageId;
  const [p] = await db
    .select({
      id: packages.id,
      packageNo: packages.packageNo,
      status: packages.status,
      userCode: members.userCode,
      channelName: shipChannels.name,
      countryCode: packages.countryCode,
    })
    .from(packages)
    .innerJoin(members, eq(members.id, packages.memberId))
    .leftJoin(shipChannels, eq(shipChannels.id, packages.channelId))
    .where(packageId !== undefined ? eq(packages.id, packageId) : eq(packages.packageNo, code))
    .limit(1);
  if (!p) throw unknownCode(code, 'package');
  const items = await db
    .select({
      itemCode: packageItems.itemCode,
      title: purchaseOrders.title,
      props: purchaseOrders.props,
      quickTop: warehouseItems.quickTop,
      quickBottom: warehouseItems.quickBottom,
      shelfCode: packageItems.shelfCode,
      removedAt: packageItems.removedAt,
    })
    .from(packageItems)
    .innerJoin(warehouseItems, eq(warehouseItems.id, packageItems.itemId))
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, packageItems.purchaseId))
    .leftJoin(shelfLocations, eq(shelfLocations.code, packageItems.shelfCode))
    .where(and(eq(packageItems.packageId, p.id), eq(packageItems.released, false)))
    .orderBy(
      sql`${shelfLocations.zone} nulls last`,
      asc(shelfLocations.row),
      asc(shelfLocations.level),
      asc(shelfLocations.slot),
      asc(packageItems.shelfCode),
      asc(packageItems.id),
    );
  return {
    ...p,
    status: p.status as PackageStatus,
    channelName: p.channelName ?? '',
    actions: packageMachine.allowed(p.status, permissions),
    items: items.map((i) => ({
      itemCode: i.itemCode,
      title: i.title,
      propsList: i.props,
      quickCode: [i.quickTop, i.quickBottom],
      shelfCode: i.shelfCode,
      removed: !!i.removedAt,
    })),
  };
}

const removalLock = reusableQuery('removal_scan_lock', (db) =>
  db
    .select({ item: { id: packageItems.id, shelfCode: packageItems.shelfCode, removedAt: packageItems.removedAt }, row: packages })
    .from(packageItems)
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(and(eq(packageItems.itemCode, sql.placeholder('code')), eq(packageItems.released, false)))
    .limit(1)
    .for('update'),
);

/**
 * Takes an item off its shelf: the first item moves its package remove_wait → removing, the last one → removed.
 * With packageNo the item must belong to that package (another package's item is refused); the same scan again
 * changes nothing and says so. The answer carries what the caller may do next to the package.
 */
export async function removalScan(db: Db, body: z.infer<typeof RemovalScanBody>, op: StationOp): Promise<RemovalScanResult> {
  const code = body.itemCode.toUpperCase();
  return db.transaction(async (tx) => {
    // The item and its package in one statement, both rows locked: concurrent scans of one package queue here and
    // the later one sees the earlier one's work (the hot path of the station).
    const [found] = await removalLock(tx, { code });
    if (!found) throw unknownCode(code, 'item');
    const { item } = found;
    let { row } = found;
    if (body.packageNo && row.packageNo !== body.packageNo.toUpperCase()) {
      throw invalid('itemCode', `商品 ${code} 属于包裹 ${row.packageNo}，不属于当前包裹 ${body.packageNo.toUpperCase()}`);
    }
    const result = (r: PackageRow, repeated: boolean, c: { removed: number; total: number }) => ({
      ...actionResult(r, repeated),
      actions: packageMachine.allowed(r.status, op.permissions),
      itemCode: code,
      shelfCode: item.shelfCode,
      removedCount: c.removed,
      itemCount: c.total,
    });
    if (item.removedAt) return result(row, true, await itemCounts(tx, row.id));
    if (!packageRows.transitionOf(row.status, 'remove_start') && !packageRows.transitionOf(row.status, 'remove_done')) throw packageStale(row, 'remove_start');
    // One statement (the hot path): mark the item removed, free its shelf location, count the package's items. The
    // count runs on the statement's snapshot, so the item just marked is added by hand.
    const now = op.now.toISOString();
    const [counted] = await queryRows<{ total: number; removed: number }>(
      tx,
      sql`with marked as (update ${packageItems} set removed_at = ${now}::timestamptz, removed_by = ${op.actor.name} where id = ${item.id} returning item_id),
          freed as (update ${warehouseItems} set shelf_location_id = null, shelf_code = null, updated_at = ${now}::timestamptz where id in (select item_id from marked))
        select (count(*) + 1)::int as total, (count(removed_at) + 1)::int as removed from ${packageItems}
        where package_id = ${row.id} and not released and id <> ${item.id}`,
    );
    const c = { total: Number(counted.total), removed: Number(counted.removed) };
    const note = `${code}${item.shelfCode ? ` @ ${item.shelfCode}` : ''}`;
    if (packageRows.transitionOf(row.status, 'remove_start')) ({ row } = await applyStep(tx, row, { event: 'remove_start', op, note }));
    else if (c.removed < c.total) await writeTrace(tx, row.id, { type: 'remove', event: 'remove_item', from: row.status, to: row.status, note }, op);
    if (c.removed === c.total) ({ row } = await applyStep(tx, row, { event: 'remove_done', op, note: `${note}，${c.total} 件商品已下架` }));
    return result(row, false, c);
  });
}

/** The packing station's steps after opening: a package with one of them next is already open at packing. */
const LATER_PACKING_STEPS = ['pack_done', 'patch_paid', 'label_confirm'] as const;

/**
 * Opens a package at the packing station by its label code (or one of its items): removed → packing. A package
 * already being packed (repeated), packed and waiting for its label, waiting for its freight top-up or paid since
 * is reopened as is.
 */
export async function packingOpen(db: Db, code: string, op: Op): Promise<{ id: number; repeated: boolean }> {
  const c = code.toUpperCase();
  return db.transaction(async (tx) => {
    const id = PACKAGE_CODE.test(c) ? undefined : (await packageOfItem(tx, c)).pi.packageId;
    const row = await lockPackage(tx, id ? { id } : { packageNo: c });
    // Scanned again where it already is: only a package still being packed is a repeat (nothing changed). One that
    // was weighed, set aside for its freight top-up or paid since (a later packing step is its next) resumes there.
    if (LATER_PACKING_STEPS.some((e) => packageRows.transitionOf(row.status, e))) return { id: row.id, repeated: isRepeat(packageRows, row, 'pack_start') };
    assertAllowed(packageRows, row, 'pack_start');
    await applyStep(tx, row, { event: 'pack_start', op, set: { packerName: op.actor.name } });
    return { id: row.id, repeated: false };
  });
}

/** Ticks one item of the package being packed; an item of another package is refused. */
export async function packingCheckItem(db: Db, body: z.infer<typeof PackingItemBody>, op: Op): Promise<PackingItemResult> {
  const code = body.itemCode.toUpperCase();
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { packageNo: body.packageNo });
    const [item] = await tx
      .select()
      .from(packageItems)
      .where(and(eq(packageItems.packageId, row.id), eq(packageItems.itemCode, code), eq(packageItems.released, false)));
    if (!item) {
      const [other] = await tx
        .select({ packageNo: packages.packageNo })
        .from(packageItems)
        .innerJoin(packages, eq(packages.id, packageItems.packageId))
        .where(and(eq(packageItems.itemCode, code), eq(packageItems.released, false)));
      throw invalid('itemCode', other ? `商品 ${code} 属于包裹 ${other.packageNo}，不属于包裹 ${row.packageNo}` : `商品 ${code} 不属于包裹 ${row.packageNo}`);
    }
    const repeated = !!item.checkedAt;
    if (!repeated) {
      assertAllowed(packageRows, row, 'pack_done');
      await tx.update(packageItems).set({ checkedAt: op.now }).where(eq(packageItems.id, item.id));
    }
    const c = await itemCounts(tx, row.id);
    return { ...actionResult(row, repeated), itemCode: code, checkedCount: c.checked, itemCount: c.total };
  });
}

/**
 * Weighs and measures the packed box and prices it on its channel: real freight above what was paid by more than the
 * tolerance → patch_wait with a top-up bill of the difference, else packed; below what was paid, the difference goes
 * back to the member's balance (patch_refund), else patch_match. Every item must have been scanned.
 */
export async function packingWeigh(
  db: Db,
  body: z.infer<typeof PackingWeighBody>,
  op: StationOp,
  labelUrl: (no: string) => string,
): Promise<PackingWeighResult> {
  return db.transaction(async (tx) => {
    const { row, ...c } = await lockPackageCounted(tx, { packageNo: body.packageNo });
    const same = row.realWeightG === body.weightG && row.lengthMm === body.lengthMm && row.widthMm === body.widthMm && row.heightMm === body.heightMm;
    const out = (r: PackageRow, repeated: boolean, chargeable: number): PackingWeighResult => ({
      ...actionResult(r, repeated),
      actions: packageMachine.allowed(r.status, op.permissions),
      realWeightG: r.realWeightG ?? 0,
      volumeCm3: r.volumeCm3,
      volumetricWeightG: r.volumetricWeightG,
      chargeableWeightG: chargeable,
      currency: r.currency,
      freightCharged: r.freightCharged,
      freightReal: r.freightReal ?? 0,
      patchAmount: r.patchAmount,
      labelUrl: labelUrl(r.packageNo),
    });
    if ((isRepeat(packageRows, row, 'pack_done') || isRepeat(packageRows, row, 'patch_request')) && same)
      return out(row, true, Math.max(row.realWeightG ?? 0, row.volumetricWeightG));
    assertAllowed(packageRows, row, 'pack_done');
    if (c.checked < c.total) throw invalid('packageNo', `还有 ${c.total - c.checked} 件商品未扫描，请逐件扫描后再称重`);
    const quote = await channelFreight(tx, row.channelId, {
      countryCode: row.countryCode,
      weightG: body.weightG,
      lengthMm: body.lengthMm,
      widthMm: body.widthMm,
      heightMm: body.heightMm,
      attrs: row.attrs as ItemAttr[],
    });
    const real = quote.total;
    const outcome = freightOutcome(row, real);
    const over = outcome.topUp;
    const topUp = over > 0;
    const measures = {
      realWeightG: body.weightG,
      lengthMm: body.lengthMm,
      widthMm: body.widthMm,
      heightMm: body.heightMm,
      volumeCm3: volumeCm3(body.lengthMm, body.widthMm, body.heightMm),
      volumetricWeightG: quote.volumetricWeightG,
      freightReal: real,
      packerName: op.actor.name,
      packedAt: op.now,
      currency: quote.currency,
    };
    const money = (v: number) => `${(v / 100).toFixed(2)} ${quote.currency}`;
    // A weight that differs from the one on record gets its own timeline entry, in the same statement as the step.
    const alsoTrace =
      row.realWeightG === null || row.realWeightG !== body.weightG
        ? [{ type: 'modify_package_weight', event: 'weigh', note: `${row.realWeightG ?? row.estimatedWeightG} g → ${body.weightG} g` }]
        : [];
    const { row: after } = await applyStep(
      tx,
      row,
      topUp
        ? {
            event: 'patch_request',
            op,
            note: `实重 ${body.weightG} g，计费重 ${quote.chargeableWeightG} g，实际运费 ${money(real)}，已付 ${money(row.freightCharged)}，需补 ${money(over)}`,
            set: { ...measures, patchAmount: over, patchStatus: outcome.patchStatus },
            audit: { freightReal: real, patchAmount: over },
            eventData: { amount: over, currency: quote.currency },
            alsoTrace,
          }
        : {
            event: 'pack_done',
            op,
            note: `实重 ${body.weightG} g，计费重 ${quote.chargeableWeightG} g，实际运费 ${money(real)}${outcome.refund ? `，退还多付运费 ${money(outcome.refund)}` : ''}`,
            set: { ...measures, patchAmount: 0, patchStatus: outcome.patchStatus, refundedAmount: row.refundedAmount + outcome.refund },
            audit: { freightReal: real, patchStatus: outcome.patchStatus, ...(outcome.refund ? { refund: outcome.refund } : {}) },
            alsoTrace,
          },
    );
    await refundFreightDifference(tx, row, after, outcome.refund, op);
    return out(after, false, quote.chargeableWeightG);
  });
}

/** The label's confirmation and the steps after it on the way to the carrier. */
const LABEL_AND_ON: PackageEvent[] = ['label_confirm', 'sort', 'prepare_ship', 'ship'];

/** Scanning the printed label confirms it (packed or pending_launch → wait_ship); another code is refused. */
export async function confirmLabel(db: Db, body: z.infer<typeof LabelConfirmBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { packageNo: body.packageNo });
    if (body.code.toUpperCase() !== row.packageNo) throw invalid('code', `扫描的面单 ${body.code.toUpperCase()} 与包裹 ${row.packageNo} 不符`);
    // Confirmed before and gone on towards the carrier since: a second scan is done already (a held package is refused).
    if (row.labelConfirmedAt && LABEL_AND_ON.some((e) => isRepeat(packageRows, row, e))) return actionResult(row, true);
    assertAllowed(packageRows, row, 'label_confirm');
    const { row: after } = await applyStep(tx, row, { event: 'label_confirm', op, set: { labelConfirmedAt: op.now } });
    return actionResult(after);
  });
}
