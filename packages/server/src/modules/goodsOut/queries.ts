import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { ExceptionRecord } from '@waystation/shared/contract/goodsOut/exceptions';
import type {
  PackageDetail,
  PackageListQuery,
  PackageListResult,
  PackageModification,
  PackageRow as PackageRowOut,
} from '@waystation/shared/contract/goodsOut/packages';
import { MANUAL_FROM, manualTargets, packageMachine } from '@waystation/shared/machines/package';
import { BatchStatus, type PackageStatus, SackStatus } from '@waystation/shared/vocab/goods-out';
import { type Db, preparedPerDatabase, qualified, queryRows } from '../../db';
import {
  admins,
  members,
  outBatches,
  packageExceptions,
  packageItems,
  packages,
  packageTraces,
  packageTracesArchive,
  purchaseOrders,
  sacks,
  shipChannels,
  warehouseItems,
} from '../../db/schema';
import type { Caller } from '../../core/auth';
import { notFound } from '../../core/errors';
import { EXACT_COUNT_LIMIT, iso, pageByIds } from '../../core/paging';
import type { PackageRow } from './transition';
import type { PackageLabelData, SackLabelData } from './documents';
import { manifestLines } from './sorting';
import { packageTrackingView } from './trackingView';

export interface Urls {
  media: (uri: string) => string;
  label: (packageNo: string) => string;
}

type Joined = { p: PackageRow; userCode: string; channelName: string | null; sackCode: string | null };

export function toRow(r: Joined): PackageRowOut {
  const p = r.p;
  return {
    id: p.id,
    packageNo: p.packageNo,
    memberId: p.memberId,
    userCode: r.userCode,
    status: p.status as PackageStatus,
    channelId: p.channelId,
    channelName: r.channelName ?? '',
    countryCode: p.countryCode,
    receiver: p.address.receiver,
    itemCount: p.itemCount,
    mallTypes: p.mallTypes,
    estimatedWeightG: p.estimatedWeightG,
    realWeightG: p.realWeightG,
    volumeCm3: p.volumeCm3,
    currency: p.currency,
    freightEstimated: p.freightEstimated,
    freightCharged: p.freightCharged,
    freightReal: p.freightReal,
    patchAmount: p.patchAmount,
    trackingNo: p.trackingNo,
    sackCode: r.sackCode,
    payTime: iso(p.payTime),
    createTime: p.createdAt.toISOString(),
    modifyTime: p.updatedAt.toISOString(),
  };
}

function selectJoined<Extra extends Record<string, SQL | AnyPgColumn>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({ p: packages, userCode: members.userCode, channelName: shipChannels.name, sackCode: sacks.code, ...extra })
    .from(packages)
    .innerJoin(members, eq(members.id, packages.memberId))
    .leftJoin(shipChannels, eq(shipChannels.id, packages.channelId))
    .leftJoin(sacks, eq(sacks.id, packages.sackId));
}

/** Past this many rows a marketplace-filtered list reports totalExact: false. */
const MALL_COUNT_LIMIT = 1_000;

/** Midnight of a y-m-d in the warehouse's time zone (China, UTC+8, no daylight saving). */
const dayStart = (ymd: string) => new Date(`${ymd}T00:00:00+08:00`);

function numberFilter(q: PackageListQuery): SQL | undefined {
  const v = q.numberValue;
  if (!v) return undefined;
  switch (q.numberType ?? 'packageNo') {
    case 'packageNo':
      return eq(packages.packageNo, v.toUpperCase());
    case 'userCode':
      return inArray(packages.memberId, sql`(select id from members where user_code = ${v.toUpperCase()})`);
    case 'trackingNo':
      return eq(packages.trackingNo, v);
    case 'itemCode':
      return inArray(packages.id, sql`(select package_id from package_items where item_code = ${v.toUpperCase()})`);
    case 'sackCode':
      return inArray(packages.sackId, sql`(select id from sacks where code = ${v.toUpperCase()})`);
  }
}

/**
 * Packages by status and filters, newest first unless a SPEC sort field is given. Ids are paged first (keyset by id
 * with a cursor, else OFFSET over the index), then the page's rows joined; counted exactly only up to 10,000.
 */
export async function listPackages(db: Db, q: PackageListQuery): Promise<PackageListResult> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(packages.status, q.status));
  if (q.channelId) where.push(eq(packages.channelId, q.channelId));
  if (q.mallType) where.push(sql`${packages.mallTypes} @> array[${q.mallType}]::text[]`);
  if (q.userCode) where.push(inArray(packages.memberId, sql`(select id from members where user_code = ${q.userCode.toUpperCase()})`));
  if (q.from) where.push(gte(packages.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(packages.createdAt, new Date(dayStart(q.to).getTime() + 86_400_000)));
  const nf = numberFilter(q);
  if (nf) where.push(nf);
  // The marketplace filter has no index of its own (it is checked row by row): its count stops earlier.
  const page = await pageByIds(db, {
    table: packages,
    id: packages.id,
    filter: and(...where),
    q,
    sortColumns: {
      id: packages.id,
      create_time: packages.createdAt,
      modify_time: packages.updatedAt,
      pay_time: packages.payTime,
      cancel_time: packages.cancelTime,
    },
    countLimit: q.mallType ? MALL_COUNT_LIMIT : EXACT_COUNT_LIMIT,
    load: (ids) => selectJoined(db).where(inArray(packages.id, ids)),
    idOf: (r) => r.p.id,
  });
  return { list: page.rows.map(toRow), total: page.total, totalExact: page.totalExact, nextCursor: page.nextCursor };
}

/** Statuses in which each sensitive modification is allowed (before the package leaves, never after an end). */
const MODIFIABLE: Record<PackageModification, readonly string[]> = {
  modifyWeight: ['pack_pretrial', 'pack_pretrial_pass', 'packing', 'packed', 'patch_wait', 'pending_launch', 'wait_ship', 'sorted', 'exception'],
  modifyAttr: [
    'pack_created',
    'ordered',
    'pack_pretrial',
    'pack_pretrial_pass',
    'pack_pretrial_fail',
    'paid',
    'remove_wait',
    'removing',
    'removed',
    'packing',
    'exception',
  ],
  modifyAddr: [
    'pack_created',
    'ordered',
    'pack_pretrial',
    'pack_pretrial_pass',
    'pack_pretrial_fail',
    'paying',
    'paid',
    'remove_wait',
    'removing',
    'removed',
    'packing',
    'packed',
    'patch_wait',
    'pending_launch',
    'wait_ship',
    'exception',
  ],
  modifyChannel: ['pack_pretrial', 'pack_pretrial_pass', 'pack_pretrial_fail', 'remove_wait', 'removing', 'removed', 'exception'],
  modifyFreight: ['pack_pretrial_pass', 'packing', 'packed', 'patch_wait', 'pending_launch', 'wait_ship', 'sorted', 'prepare_ship', 'exception'],
  modifyStatus: MANUAL_FROM,
};
export const mayModify = (kind: PackageModification, status: string) => MODIFIABLE[kind].includes(status);

type ExRow = typeof packageExceptions.$inferSelect;
export function toException(e: ExRow, pkg: { packageNo: string; status: string; userCode: string }, media: (uri: string) => string): ExceptionRecord {
  return {
    id: e.id,
    packageId: e.packageId,
    packageNo: pkg.packageNo,
    userCode: pkg.userCode,
    packageStatus: pkg.status as PackageStatus,
    type: e.type as ExceptionRecord['type'],
    reason: e.reason,
    photos: e.photos.map((fileUri) => ({ fileUri, fileUrl: media(fileUri) })),
    fromStatus: e.fromStatus as PackageStatus,
    status: e.status as ExceptionRecord['status'],
    ownerId: e.ownerId,
    ownerName: e.ownerName,
    resolution: e.resolution,
    raisedBy: e.raisedBy,
    handledBy: e.handledBy,
    handledAt: iso(e.handledAt),
    createTime: e.createdAt.toISOString(),
  };
}

/** The items of packages with their purchase line and warehouse item. */
export async function itemsOf(db: Db, packageIds: number[]) {
  if (!packageIds.length) return [];
  return selectItems(db).where(inArray(packageItems.packageId, packageIds)).orderBy(asc(packageItems.shelfCode), asc(packageItems.id));
}

const selectItems = (db: Db) =>
  db
    .select({ pi: packageItems, item: warehouseItems, line: purchaseOrders })
    .from(packageItems)
    .innerJoin(warehouseItems, eq(warehouseItems.id, packageItems.itemId))
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, packageItems.purchaseId));

/** 包裹详情 is read at every packing scan: its queries are built once and prepared. */
const detailQueries = preparedPerDatabase((db) => {
  const id = sql.placeholder('id');
  // The member's name and the batch's number come with the package row.
  const detail = {
    userName: members.name,
    batchNo: sql<string | null>`(select b.batch_no from ${outBatches} b where b.id = ${qualified(packages.batchId)})`,
  };
  return {
    byId: selectJoined(db, detail).where(eq(packages.id, id)).limit(1).prepare('package_detail_by_id'),
    byNo: selectJoined(db, detail)
      .where(eq(packages.packageNo, sql.placeholder('packageNo')))
      .limit(1)
      .prepare('package_detail_by_no'),
    items: selectItems(db).where(eq(packageItems.packageId, id)).orderBy(asc(packageItems.shelfCode), asc(packageItems.id)).prepare('package_detail_items'),
    // The timeline's older rows may have moved to the archive table (monthly archiving): both are read.
    trace: unionAll(
      db.select().from(packageTraces).where(eq(packageTraces.packageId, id)),
      db.select().from(packageTracesArchive).where(eq(packageTracesArchive.packageId, id)),
    )
      .orderBy(asc(packageTraces.id))
      .limit(500)
      .prepare('package_detail_trace'),
    exception: db
      .select()
      .from(packageExceptions)
      .where(eq(packageExceptions.packageId, id))
      .orderBy(desc(packageExceptions.id))
      .limit(1)
      .prepare('package_detail_exception'),
  };
});

/** One package with its items, trace timeline, latest exception and what the caller may do with it now. */
export async function packageDetail(db: Db, by: { id?: number; packageNo?: string }, caller: Caller, urls: Urls): Promise<PackageDetail> {
  const q = detailQueries(db);
  const [r] = by.id ? await q.byId.execute({ id: by.id }) : await q.byNo.execute({ packageNo: (by.packageNo ?? '').toUpperCase() });
  if (!r) throw notFound('包裹不存在');
  const p = r.p;
  // The rest depends only on the package: asked for at once (in parallel on PostgreSQL's pool), not one after another.
  const tracking = packageTrackingView(db, p);
  tracking.catch(() => {}); // awaited below; a failure of the others must not leave it unhandled
  const [items, trace, [ex]] = await Promise.all([q.items.execute({ id: p.id }), q.trace.execute({ id: p.id }), q.exception.execute({ id: p.id })]);
  const mods = (['modifyWeight', 'modifyAttr', 'modifyAddr', 'modifyChannel', 'modifyFreight', 'modifyStatus'] as const).filter(
    (k) => caller.permissions.has('warehouse:packQuery') && mayModify(k, p.status),
  );
  return {
    ...toRow(r),
    userName: r.userName,
    address: p.address,
    attrs: p.attrs,
    services: p.services,
    declaredValue: p.declaredValue,
    insuranceFee: p.insuranceFee,
    memberRemark: p.memberRemark,
    lengthMm: p.lengthMm,
    widthMm: p.widthMm,
    heightMm: p.heightMm,
    volumetricWeightG: p.volumetricWeightG,
    refundedAmount: p.refundedAmount,
    pretrialNote: p.pretrialNote,
    reviewerName: p.reviewerName,
    packerName: p.packerName,
    prevStatus: p.prevStatus,
    patchStatus: p.patchStatus as PackageDetail['patchStatus'],
    freightDiscount: p.freightDiscount,
    batchNo: r.batchNo,
    packedAt: iso(p.packedAt),
    shippedAt: iso(p.shippedAt),
    receivedAt: iso(p.receivedAt),
    items: items
      .filter((i) => !i.pi.released || p.status === 'canceled')
      .map(({ pi, item, line }) => ({
        itemId: item.id,
        itemCode: item.itemCode,
        purchaseId: line.id,
        purchaseNo: line.purchaseNo,
        title: line.title,
        image: line.image,
        propsList: line.props,
        mallType: line.mallType,
        quantity: line.quantity,
        quickCode: [item.quickTop, item.quickBottom] as [string, string],
        weightG: item.weightG,
        volumeCm3: item.volumeCm3,
        shelfCode: pi.shelfCode,
        photos: item.media.map((m) => ({ fileUrl: urls.media(m.fileUri), kind: m.kind })),
        removed: !!pi.removedAt,
        checked: !!pi.checkedAt,
      })),
    trace: trace.map((t) => ({
      id: t.id,
      type: t.type as PackageDetail['trace'][number]['type'],
      event: t.event,
      fromStatus: t.fromStatus,
      toStatus: t.toStatus,
      actorName: t.actorName,
      note: t.note,
      createTime: t.createdAt.toISOString(),
    })),
    exception: ex ? toException(ex, { packageNo: p.packageNo, status: p.status, userCode: r.userCode }, urls.media) : null,
    tracking: await tracking,
    labelUrl: p.realWeightG !== null ? urls.label(p.packageNo) : null,
    actions: packageMachine.allowed(p.status, caller.permissions).filter((e) => e !== 'manual_sign'),
    modifications: mods,
    manualTargets: manualTargets(p.status),
  };
}

/** Badge counters: packages in one status (index-only over packages_status_idx), open exceptions. */
export async function countPackages(db: Db, status: string): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from packages where status = ${status}`);
  return n;
}
export async function countOpenExceptions(db: Db): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from package_exceptions where status = 'open'`);
  return n;
}

/** What the 100 × 150 mm shipping label prints (documents.ts renders it). */
export async function packageLabelData(db: Db, packageNo: string): Promise<PackageLabelData> {
  const [r] = await db
    .select({ p: packages, userCode: members.userCode, channelName: shipChannels.name })
    .from(packages)
    .innerJoin(members, eq(members.id, packages.memberId))
    .leftJoin(shipChannels, eq(shipChannels.id, packages.channelId))
    .where(eq(packages.packageNo, packageNo));
  if (!r) throw new Error(`package ${packageNo} missing`);
  const a = r.p.address;
  return {
    packageNo: r.p.packageNo,
    channelName: r.channelName ?? '',
    countryCode: r.p.countryCode,
    receiver: `${a.receiver} ${a.phone}`.trim(),
    addressLine: [a.address, a.city, a.province, a.postcode, a.country].filter(Boolean).join(', '),
    weightG: r.p.realWeightG ?? r.p.estimatedWeightG,
    volumeCm3: r.p.volumeCm3,
    itemCount: r.p.itemCount,
    userCode: r.userCode,
    date: r.p.packedAt ?? r.p.updatedAt,
    packer: r.p.packerName,
  };
}

/** What a sack's label prints. */
export async function sackLabelData(db: Db, code: string): Promise<SackLabelData> {
  const [r] = await db
    .select({ s: sacks, channelName: shipChannels.name })
    .from(sacks)
    .leftJoin(shipChannels, eq(shipChannels.id, sacks.channelId))
    .where(eq(sacks.code, code))
    .orderBy(desc(sacks.id))
    .limit(1);
  if (!r) throw new Error(`sack ${code} missing`);
  return {
    code: r.s.code,
    channelName: r.channelName ?? '',
    countryCode: r.s.countryCode,
    packageCount: r.s.packageCount,
    weightG: r.s.weightG,
    status: SackStatus.label(r.s.status),
    date: r.s.sealedAt ?? r.s.createdAt,
  };
}

/** A batch's manifest (PDF and Excel). */
export async function manifestData(db: Db, batchNo: string) {
  const [b] = await db.select().from(outBatches).where(eq(outBatches.batchNo, batchNo));
  if (!b) throw new Error(`batch ${batchNo} missing`);
  return {
    batchNo: b.batchNo,
    carrier: b.carrier,
    status: BatchStatus.label(b.status),
    shippedAt: b.shippedAt,
    createdAt: b.createdAt,
    weightG: b.weightG,
    sackCount: b.sackCount,
    lines: await manifestLines(db, b.id),
  };
}

/** Active staff an exception can be assigned to. */
export const activeStaffOptions = (db: Db) =>
  db.select({ id: admins.id, name: admins.name }).from(admins).where(eq(admins.status, 'activity')).orderBy(admins.id);
