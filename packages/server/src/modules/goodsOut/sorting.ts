import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ManifestLine,
  OutBatch,
  OutBatchAddSackBody,
  OutBatchCreateBody,
  OutBatchDetail,
  OutBatchListQuery,
  OutBatchShipBody,
  Sack,
  SackBindBody,
  SackListQuery,
  SackSealBody,
  SortingPutBody,
  SortingScanResult,
} from '@waystation/shared/contract/goodsOut/sorting';
import { ErrorCode } from '@waystation/shared/contract/common';
import { outBatchMachine } from '@waystation/shared/machines/out-batch';
import { packageMachine } from '@waystation/shared/machines/package';
import { sackMachine } from '@waystation/shared/machines/sack';
import { type PackageStatus, SackStatus } from '@waystation/shared/vocab/goods-out';
import { type Db, queryRows } from '../../db';
import { members, outBatches, packages, sacks, shipChannels } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { filters, iso, offsetPage } from '../../core/paging';
import { applyBulkTransition, applyEachTransition, applyTransition, assertAllowed, isRepeat } from '../../core/transition';
import { actionResult, applyStep, type BatchRow, lockPackage, nextId, type Op, outBatchRows, packageRows, type SackRow, sackRows } from './transition';
import { isActive } from '../../core/status';
export interface DocUrls {
  sackLabel: (code: string) => string;
  manifestPdf: (batchNo: string) => string;
  manifestXlsx: (batchNo: string) => string;
}

async function channelNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: shipChannels.id, name: shipChannels.name })
    .from(shipChannels)
    .where(inArray(shipChannels.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function toSack(s: SackRow, channelName: string, urls: DocUrls): Sack {
  return {
    id: s.id,
    code: s.code,
    channelId: s.channelId,
    channelName,
    countryCode: s.countryCode,
    status: s.status as Sack['status'],
    packageCount: s.packageCount,
    weightG: s.weightG,
    batchId: s.batchId,
    creatorName: s.creatorName,
    labelUrl: urls.sackLabel(s.code),
    sealedAt: iso(s.sealedAt),
    createTime: s.createdAt.toISOString(),
  };
}

export async function sacksOut(db: Db, rows: SackRow[], urls: DocUrls): Promise<Sack[]> {
  const names = await channelNames(
    db,
    rows.map((r) => r.channelId),
  );
  return rows.map((r) => toSack(r, names.get(r.channelId) ?? '', urls));
}

/** The live sack (not yet shipped) carrying an identity card's code. */
async function liveSack(tx: Db, code: string, lock = false): Promise<SackRow> {
  const q = tx
    .select()
    .from(sacks)
    .where(and(eq(sacks.code, code.toUpperCase()), ne(sacks.status, 'shipped')))
    .limit(1);
  const [s] = lock ? await q.for('update') : await q;
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, `麻袋身份卡 ${code.toUpperCase()} 未绑定，请先绑定渠道`, { fields: { sackCode: '麻袋未绑定' } });
  return s;
}

/**
 * Binds a sack identity card to a channel (and optionally one destination country): a new open sack. Binding the
 * same card to the same place again is a no-op; a card already on another live sack is refused.
 */
export async function bindSack(db: Db, body: z.infer<typeof SackBindBody>, op: Op, urls: DocUrls): Promise<Sack> {
  const code = body.code.toUpperCase();
  try {
    return await db.transaction(async (tx) => {
      const [ch] = await tx.select().from(shipChannels).where(eq(shipChannels.id, body.channelId));
      if (!isActive(ch)) throw invalid('channelId', '物流渠道不存在或已停用');
      const [live] = await tx
        .select()
        .from(sacks)
        .where(and(eq(sacks.code, code), ne(sacks.status, 'shipped')));
      if (live) {
        if (sackMachine.transitionOf(live.status, 'fill') && live.channelId === body.channelId && live.countryCode === body.countryCode)
          return toSack(live, ch.name, urls);
        throw conflict(`身份卡 ${code} 已绑定在${SackStatus.label(live.status)}的麻袋上`, { status: live.status });
      }
      const [row] = await tx
        .insert(sacks)
        .values({ code, channelId: body.channelId, countryCode: body.countryCode, creatorName: op.actor.name, createdAt: op.now, updatedAt: op.now })
        .returning();
      await writeAudit(
        tx,
        op.actor,
        { action: 'sack.bind', targetType: 'sack', targetId: code, after: { channelId: body.channelId, countryCode: body.countryCode } },
        op.now,
      );
      return toSack(row, ch.name, urls);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`身份卡 ${code} 已被绑定`);
    throw err;
  }
}

export async function listSacks(db: Db, q: z.infer<typeof SackListQuery>, urls: DocUrls) {
  const { rows, total } = await offsetPage(db, {
    table: sacks,
    select: db.select().from(sacks).$dynamic(),
    filter: filters(q, { status: (s) => eq(sacks.status, s), code: (c) => eq(sacks.code, c.toUpperCase()) }),
    orderBy: [desc(sacks.id)],
    q,
  });
  return { list: await sacksOut(db, rows, urls), total };
}

/** The open sack a package belongs in: its channel, its country (a sack for the country before a sack for any). */
async function targetSack(db: Db, channelId: number, countryCode: string): Promise<SackRow | undefined> {
  const [s] = await db
    .select()
    .from(sacks)
    .where(and(eq(sacks.status, 'open'), eq(sacks.channelId, channelId), or(eq(sacks.countryCode, countryCode), isNull(sacks.countryCode))))
    .orderBy(sql`${sacks.countryCode} is null`, asc(sacks.id))
    .limit(1);
  return s;
}

/** A package scanned at sorting: which sack it goes in. A package already sorted shows its sack (repeated). */
export async function sortingScan(db: Db, packageNo: string, urls: DocUrls): Promise<SortingScanResult> {
  const [p] = await db.select().from(packages).where(eq(packages.packageNo, packageNo.toUpperCase())).limit(1);
  if (!p) throw new AppError(ErrorCode.NOT_FOUND, `包裹 ${packageNo.toUpperCase()} 不存在`);
  const names = await channelNames(db, [p.channelId]);
  const pkg = {
    ...actionResult(p, isRepeat(packageRows, p, 'sort')),
    channelId: p.channelId,
    channelName: names.get(p.channelId) ?? '',
    countryCode: p.countryCode,
    realWeightG: p.realWeightG,
  };
  if (pkg.repeated && p.sackId) {
    const [s] = await db.select().from(sacks).where(eq(sacks.id, p.sackId));
    return { package: pkg, sack: toSack(s, pkg.channelName, urls) };
  }
  assertAllowed(packageRows, p, 'sort');
  const s = await targetSack(db, p.channelId, p.countryCode);
  return { package: pkg, sack: s ? toSack(s, pkg.channelName, urls) : null };
}

/** Puts a package into the scanned sack (wait_ship → sorted); a sack of another channel or country is refused. */
export async function sortingPut(db: Db, body: z.infer<typeof SortingPutBody>, op: Op, urls: DocUrls) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { packageNo: body.packageNo });
    const sack = await liveSack(tx, body.sackCode, true);
    const names = await channelNames(tx, [row.channelId, sack.channelId]);
    if (isRepeat(packageRows, row, 'sort') && row.sackId === sack.id)
      return { ...actionResult(row, true), sack: toSack(sack, names.get(sack.channelId) ?? '', urls) };
    assertAllowed(packageRows, row, 'sort');
    if (!sackMachine.transitionOf(sack.status, 'fill')) throw conflict(`麻袋 ${sack.code} 已封袋，不能再装入包裹`, { status: sack.status });
    if (sack.channelId !== row.channelId || (sack.countryCode && sack.countryCode !== row.countryCode)) {
      const should = await targetSack(tx, row.channelId, row.countryCode);
      const refusal = `包裹 ${row.packageNo}（${names.get(row.channelId)} ${row.countryCode}）不能装入麻袋 ${sack.code}（${names.get(sack.channelId)} ${sack.countryCode ?? ''}）`;
      throw invalid('sackCode', should ? `${refusal}，应装入 ${should.code}` : refusal);
    }
    const weight = row.realWeightG ?? row.estimatedWeightG;
    const [filled] = await tx
      .update(sacks)
      .set({ packageCount: sql`${sacks.packageCount} + 1`, weightG: sql`${sacks.weightG} + ${weight}`, updatedAt: op.now })
      .where(and(eq(sacks.id, sack.id), eq(sacks.status, 'open')))
      .returning();
    if (!filled) throw conflict(`麻袋 ${sack.code} 已封袋，不能再装入包裹`);
    const { row: after } = await applyStep(tx, row, { event: 'sort', op, note: `麻袋 ${sack.code}`, set: { sackId: sack.id }, audit: { sack: sack.code } });
    return { ...actionResult(after), sack: toSack(filled, names.get(sack.channelId) ?? '', urls) };
  });
}

/** Seals an open sack that holds packages (open → sealed), with the scale's weight when given. */
export async function sealSack(db: Db, body: z.infer<typeof SackSealBody>, op: Op, urls: DocUrls): Promise<Sack> {
  return db.transaction(async (tx) => {
    const sack = await liveSack(tx, body.code, true);
    const names = await channelNames(tx, [sack.channelId]);
    if (isRepeat(sackRows, sack, 'seal')) return toSack(sack, names.get(sack.channelId) ?? '', urls);
    if (sack.packageCount === 0) throw invalid('code', `麻袋 ${sack.code} 是空的，不能封袋`);
    const weightG = body.weightG ?? sack.weightG;
    const { row } = await applyTransition(tx, sackRows, sack, { event: 'seal', op, set: { weightG, sealedAt: op.now }, audit: { weightG } });
    return toSack(row, names.get(sack.channelId) ?? '', urls);
  });
}

function toBatch(b: BatchRow, urls: DocUrls): OutBatch {
  return {
    id: b.id,
    batchNo: b.batchNo,
    status: b.status as OutBatch['status'],
    carrier: b.carrier,
    sackCount: b.sackCount,
    packageCount: b.packageCount,
    weightG: b.weightG,
    creatorName: b.creatorName,
    shippedBy: b.shippedBy,
    shippedAt: iso(b.shippedAt),
    manifestPdfUrl: urls.manifestPdf(b.batchNo),
    manifestXlsxUrl: urls.manifestXlsx(b.batchNo),
    createTime: b.createdAt.toISOString(),
  };
}

/** Opens an out-of-storage batch (OB + 6 digits of its id). */
export async function createBatch(db: Db, body: z.infer<typeof OutBatchCreateBody>, op: Op, urls: DocUrls): Promise<OutBatch> {
  return db.transaction(async (tx) => {
    const id = await nextId(tx, 'out_batches');
    const [row] = await tx
      .insert(outBatches)
      .values({ id, batchNo: `OB${String(id).padStart(6, '0')}`, carrier: body.carrier, creatorName: op.actor.name, createdAt: op.now, updatedAt: op.now })
      .returning();
    await writeAudit(tx, op.actor, { action: 'outBatch.create', targetType: 'out_batch', targetId: row.batchNo }, op.now);
    return toBatch(row, urls);
  });
}

export async function listBatches(db: Db, q: z.infer<typeof OutBatchListQuery>, urls: DocUrls) {
  const { rows, total } = await offsetPage(db, {
    table: outBatches,
    select: db.select().from(outBatches).$dynamic(),
    filter: filters(q, { status: (s) => eq(outBatches.status, s) }),
    orderBy: [desc(outBatches.id)],
    q,
  });
  return { list: rows.map((r) => toBatch(r, urls)), total };
}

async function lockBatch(tx: Db, by: { id?: number; batchNo?: string }): Promise<BatchRow> {
  const [b] = await tx
    .select()
    .from(outBatches)
    .where(by.id ? eq(outBatches.id, by.id) : eq(outBatches.batchNo, by.batchNo ?? ''))
    .limit(1)
    .for('update');
  if (!b) throw notFound('出库批次不存在');
  return b;
}

/** The manifest lines of a batch: its packages by sack. */
export async function manifestLines(db: Db, batchId: number): Promise<ManifestLine[]> {
  const rows = await db
    .select({ p: packages, sackCode: sacks.code, userCode: members.userCode, channelName: shipChannels.name })
    .from(packages)
    .innerJoin(sacks, eq(sacks.id, packages.sackId))
    .innerJoin(members, eq(members.id, packages.memberId))
    .leftJoin(shipChannels, eq(shipChannels.id, packages.channelId))
    .where(eq(packages.batchId, batchId))
    .orderBy(asc(sacks.code), asc(packages.id));
  return rows.map(({ p, sackCode, userCode, channelName }) => ({
    sackCode,
    packageNo: p.packageNo,
    userCode,
    receiver: p.address.receiver,
    countryCode: p.countryCode,
    channelName: channelName ?? '',
    weightG: p.realWeightG,
    declaredValue: p.declaredValue,
    currency: p.currency,
    itemCount: p.itemCount,
    trackingNo: p.trackingNo,
    status: p.status as PackageStatus,
  }));
}

export async function batchDetail(db: Db, by: { id?: number; batchNo?: string }, urls: DocUrls): Promise<OutBatchDetail> {
  const [b] = await db
    .select()
    .from(outBatches)
    .where(by.id ? eq(outBatches.id, by.id) : eq(outBatches.batchNo, by.batchNo ?? ''))
    .limit(1);
  if (!b) throw notFound('出库批次不存在');
  const sackRows = await db.select().from(sacks).where(eq(sacks.batchId, b.id)).orderBy(asc(sacks.code));
  return { ...toBatch(b, urls), sacks: await sacksOut(db, sackRows, urls), lines: await manifestLines(db, b.id) };
}

/**
 * Scans a sealed sack into an open batch: every package in it goes sorted → prepare_ship (out of storage), with its
 * trace, in one statement per table. The same sack again is a no-op.
 */
export async function addSackToBatch(db: Db, body: z.infer<typeof OutBatchAddSackBody>, op: Op, urls: DocUrls): Promise<OutBatchDetail> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, { id: body.batchId });
    const sack = await liveSack(tx, body.sackCode, true);
    if (sack.batchId === batch.id) return;
    if (!outBatchMachine.transitionOf(batch.status, 'add_sack')) throw conflict(`出库批次 ${batch.batchNo} 已交接，不能再加入麻袋`);
    if (!sackMachine.transitionOf(sack.status, 'load')) throw conflict(`麻袋 ${sack.code} 尚未封袋，请先封袋`, { status: sack.status });
    if (sack.batchId) throw conflict(`麻袋 ${sack.code} 已在另一个出库批次中`);
    await tx.update(sacks).set({ batchId: batch.id, updatedAt: op.now }).where(eq(sacks.id, sack.id));
    const moved = await applyBulkTransition(
      tx,
      packageRows,
      { from: 'sorted', where: eq(packages.sackId, sack.id), target: { type: 'out_batch', id: batch.batchNo } },
      { event: 'prepare_ship', op, note: `出库批次 ${batch.batchNo}，麻袋 ${sack.code}`, set: { batchId: batch.id }, audit: { sack: sack.code } },
    );
    await tx
      .update(outBatches)
      .set({ sackCount: batch.sackCount + 1, packageCount: batch.packageCount + moved.length, weightG: batch.weightG + sack.weightG, updatedAt: op.now })
      .where(eq(outBatches.id, batch.id));
  });
  return batchDetail(db, { id: body.batchId }, urls);
}

/**
 * Hand-over to the carrier: every package of the batch gets its carrier tracking number (given now or before) and
 * goes prepare_ship → shipped; its sacks shipped; the batch shipped. A package without a tracking number stops it all.
 */
export async function shipBatch(db: Db, body: z.infer<typeof OutBatchShipBody>, op: Op, urls: DocUrls): Promise<OutBatchDetail> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, { id: body.batchId });
    if (isRepeat(outBatchRows, batch, 'ship')) return;
    if (batch.sackCount === 0) throw invalid('batchId', `出库批次 ${batch.batchNo} 没有麻袋`);
    const inBatch = await tx.select().from(packages).where(eq(packages.batchId, batch.id)).for('update');
    const byNo = new Map(inBatch.map((p) => [p.packageNo, p]));
    for (const t of body.trackingNos) {
      const p = byNo.get(t.packageNo.toUpperCase());
      if (!p) throw invalid('trackingNos', `包裹 ${t.packageNo.toUpperCase()} 不在出库批次 ${batch.batchNo} 中`);
      p.trackingNo = t.trackingNo;
    }
    // The batch's packages still to ship (one taken out as an exception stays where it is).
    const toShip = inBatch.filter((p) => packageMachine.transitionOf(p.status, 'ship'));
    const missing = toShip.filter((p) => !p.trackingNo).map((p) => p.packageNo);
    if (missing.length)
      throw invalid('trackingNos', `以下包裹缺少运单号：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ` 等 ${missing.length} 个` : ''}`);
    // A batch of a thousand packages is a few statements, not a thousand: its events wait on this transaction's commit.
    await applyEachTransition(
      tx,
      packageRows,
      toShip.map((p) => ({
        row: p,
        step: { event: 'ship' as const, op, note: `运单号 ${p.trackingNo}，出库批次 ${batch.batchNo}`, set: { trackingNo: p.trackingNo, shippedAt: op.now } },
      })),
    );
    await applyBulkTransition(
      tx,
      sackRows,
      { from: 'sealed', where: eq(sacks.batchId, batch.id), target: { type: 'out_batch', id: batch.batchNo } },
      { event: 'ship', op, set: { shippedAt: op.now } },
    );
    await applyTransition(tx, outBatchRows, batch, {
      event: 'ship',
      op,
      set: { carrier: body.carrier ?? batch.carrier, shippedBy: op.actor.name, shippedAt: op.now },
      audit: { packages: inBatch.length },
    });
  });
  return batchDetail(db, { id: body.batchId }, urls);
}

/** Raw counts for the sort_wait badge. */
export async function countSortWait(db: Db): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from packages where status = 'wait_ship'`);
  return n;
}
