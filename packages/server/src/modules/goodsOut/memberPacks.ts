import { and, asc, desc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type MemberPackage, type PackCreateBody, type PackResubmitBody, packageFacing, packageOrderStatus } from '@waystation/shared/contract/openPacks';
import type { Db } from '../../db';
import { type PackageAddress, memberAddresses, packageItems, packages, packageTraces, purchaseOrders, shipChannels, warehouseItems } from '../../db/schema';
import { isRepeat, type Op } from '../../core/transition';
import { notFound } from '../../core/errors';
import { offsetPage } from '../../core/paging';
import { declarationOf } from './customs';
import { createPackage, payPackage, payPatch } from './orders';
import { memberCancelPackage } from './cancel';
import { applyStep, lockPackage, type PackageRow, packageRows } from './transition';
import { isActive } from '../../core/status';

/** Pack orders of members (issue 13): what the member API lists, creates and pays; staff work them in the stations. */

/** The member's own package by number (40400 for anyone else's: its existence is not revealed). */
async function ownPackage(db: Db, memberId: number, packageNo: string): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.packageNo, packageNo), eq(packages.memberId, memberId)));
  if (!row) throw notFound('包裹不存在');
  return row;
}

async function toPackages(db: Db, rows: PackageRow[]): Promise<MemberPackage[]> {
  if (!rows.length) return [];
  const traces = await db
    .select()
    .from(packageTraces)
    .where(
      inArray(
        packageTraces.packageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(packageTraces.id));
  return rows.map((r) => ({
    packageNo: r.packageNo,
    status: r.status,
    memberStatus: packageFacing(r.status),
    orderStatus: packageOrderStatus(r),
    channelId: r.channelId,
    countryCode: r.countryCode,
    itemCount: r.itemCount,
    currency: r.currency,
    freightEstimated: r.freightEstimated,
    freightCharged: r.freightCharged,
    patchAmount: r.status === 'patch_wait' ? r.patchAmount : 0,
    patchStatus: r.patchStatus as MemberPackage['patchStatus'],
    freightDiscount: r.freightDiscount,
    refundedAmount: r.refundedAmount,
    weightG: r.realWeightG,
    trackingNo: r.trackingNo,
    pretrialNote: r.pretrialNote,
    failReason: r.status === 'pack_pretrial_fail' ? r.pretrialNote : null,
    createTime: r.createdAt.toISOString(),
    // What the member may know of the way: the status steps (staff names and internal notes stay inside).
    timeline: traces
      .filter((t) => t.packageId === r.id && t.toStatus)
      .map((t) => ({ type: t.type, status: packageFacing(t.toStatus!), note: t.type === 'pack_pretrial_fail' ? t.note : '', time: t.createdAt.toISOString() })),
  }));
}

export async function packageDetail(db: Db, memberId: number, packageNo: string): Promise<MemberPackage> {
  const row = await ownPackage(db, memberId, packageNo);
  const [out] = await toPackages(db, [row]);
  const { pdfUrl: _, ...declaration } = await declarationOf(db, row.id, null);
  return { ...out!, declaration };
}

export async function listPackages(db: Db, memberId: number, q: { page: number; limit: number }) {
  const { rows, total } = await offsetPage(db, {
    table: packages,
    select: db.select().from(packages).$dynamic(),
    filter: eq(packages.memberId, memberId),
    orderBy: [desc(packages.id)],
    q,
  });
  return { list: await toPackages(db, rows), total };
}

/** One of the member's addresses as a package carries it (40400 for anyone else's). */
async function ownAddress(db: Db, memberId: number, id: number): Promise<PackageAddress> {
  const [a] = await db
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)));
  if (!a) throw notFound('地址不存在');
  return { receiver: a.receiver, phone: a.phone, country: a.country, province: a.province, city: a.city, address: a.address, postcode: a.postcode };
}

async function enabledChannel(db: Db, id: number): Promise<void> {
  const [channel] = await db.select({ id: shipChannels.id, status: shipChannels.status }).from(shipChannels).where(eq(shipChannels.id, id));
  if (!isActive(channel)) throw notFound('物流渠道不存在或已停用');
}

/** A pack order from the member's shelved items, one of their addresses and an enabled channel → pack_pretrial. */
export async function createPack(db: Db, memberId: number, body: z.output<typeof PackCreateBody>, op: Op): Promise<MemberPackage> {
  const address = await ownAddress(db, memberId, body.addressId);
  // Another member's item answers as a missing one: its code (or that it exists) is not told.
  const ids = [...new Set(body.itemIds)];
  const mine = ids.length
    ? await db
        .select({ id: warehouseItems.id })
        .from(warehouseItems)
        .where(and(inArray(warehouseItems.id, ids), eq(warehouseItems.memberId, memberId)))
    : [];
  if (mine.length !== ids.length) throw notFound('商品不存在');
  await enabledChannel(db, body.channelId);
  const row = await createPackage(
    db,
    {
      memberId,
      itemIds: body.itemIds,
      channelId: body.channelId,
      address,
      services: body.services,
      memberRemark: body.remark,
      declaration: body.declaration,
    },
    op,
  );
  return packageDetail(db, memberId, row.packageNo);
}

/**
 * The member asks again after a failed pre-review (pack_pretrial_fail → pack_pretrial), with another channel, address
 * or remark if given. The same asked again once in pre-review: done, nothing changes.
 */
export async function resubmitPack(db: Db, memberId: number, body: z.output<typeof PackResubmitBody>, op: Op): Promise<MemberPackage> {
  const own = await ownPackage(db, memberId, body.packageNo);
  const address = body.addressId === undefined ? undefined : await ownAddress(db, memberId, body.addressId);
  if (body.channelId !== undefined) await enabledChannel(db, body.channelId);
  await db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: own.id });
    // A retry of a resubmit that went through; a change asked of a package that did not fail is refused (40900).
    const same =
      (body.channelId === undefined || body.channelId === row.channelId) &&
      (!address || (Object.keys(address) as (keyof PackageAddress)[]).every((k) => (address[k] ?? '') === (row.address[k] ?? ''))) &&
      (body.remark === undefined || body.remark === row.memberRemark);
    if (same && isRepeat(packageRows, row, 'resubmit')) return;
    const changed = [body.channelId !== undefined && '渠道', address && '地址', body.remark !== undefined && '备注'].filter(Boolean);
    await applyStep(tx, row, {
      event: 'resubmit',
      op,
      note: changed.length ? `会员修改${changed.join('、')}后重新提交` : '会员重新提交',
      set: {
        ...(body.channelId !== undefined ? { channelId: body.channelId } : {}),
        ...(address ? { address, countryCode: address.country } : {}),
        ...(body.remark !== undefined ? { memberRemark: body.remark } : {}),
      },
    });
  });
  return packageDetail(db, memberId, body.packageNo);
}

/** The member cancels a pack order not yet paid: its items are theirs to pack again (GET /items). */
export async function cancelPack(db: Db, memberId: number, packageNo: string, op: Op): Promise<MemberPackage> {
  const own = await ownPackage(db, memberId, packageNo);
  await memberCancelPackage(db, own.id, op);
  return packageDetail(db, memberId, packageNo);
}

/** Pays the quoted freight from the balance, with a shipping coupon if given (pack_pretrial_pass → remove_wait). */
export async function payPack(db: Db, memberId: number, packageNo: string, op: Op, couponGrantNo?: string): Promise<MemberPackage> {
  const row = await ownPackage(db, memberId, packageNo);
  await payPackage(db, row.id, op, { fromBalance: true, couponGrantNo });
  return packageDetail(db, memberId, packageNo);
}

/** Pays the freight top-up the weighing found (patch_wait → pending_launch). */
export async function payPackPatch(db: Db, memberId: number, packageNo: string, op: Op): Promise<MemberPackage> {
  const row = await ownPackage(db, memberId, packageNo);
  await payPatch(db, row.id, op);
  return packageDetail(db, memberId, packageNo);
}

/** The member confirms receipt of a shipped package (shipped → received). Again on a received one: nothing changes. */
export async function confirmReceipt(db: Db, memberId: number, packageNo: string, op: Op): Promise<MemberPackage> {
  const own = await ownPackage(db, memberId, packageNo);
  await db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: own.id });
    if (isRepeat(packageRows, row, 'sign')) return;
    await applyStep(tx, row, { event: 'sign', op, note: '会员确认收货', set: { receivedAt: op.now, receivedBy: 'member' } });
  });
  return packageDetail(db, memberId, packageNo);
}

/** The enabled logistics channels, for the member's choice. */
export async function enabledChannels(db: Db) {
  const rows = await db
    .select({ id: shipChannels.id, code: shipChannels.code, name: shipChannels.name, nameEn: shipChannels.nameEn })
    .from(shipChannels)
    .where(eq(shipChannels.status, 'activity'))
    .orderBy(asc(shipChannels.id));
  return { list: rows };
}

/** The member's shelved items that are in no live package: what a pack order can take. */
export async function packableItems(db: Db, memberId: number, mediaUrl: (uri: string) => string) {
  const rows = await db
    .select({ i: warehouseItems, purchaseNo: purchaseOrders.purchaseNo, title: purchaseOrders.title })
    .from(warehouseItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
    .where(
      and(
        eq(warehouseItems.memberId, memberId),
        eq(purchaseOrders.status, 'shelved'),
        isNotNull(warehouseItems.shelvedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(packageItems)
            .where(and(eq(packageItems.itemId, warehouseItems.id), eq(packageItems.released, false))),
        ),
      ),
    )
    .orderBy(warehouseItems.id)
    .limit(500);
  return {
    list: rows.map(({ i, purchaseNo, title }) => ({
      id: i.id,
      itemCode: i.itemCode,
      purchaseNo,
      title,
      weightG: i.weightG,
      photos: i.media.filter((m) => m.kind === 'image').map((m) => mediaUrl(m.fileUri)),
      shelvedTime: i.shelvedAt?.toISOString() ?? null,
    })),
  };
}
