import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ParkedList, PickList, PickListQuery } from '@waystation/shared/contract/goodsOut/stations';
import type { PackageStatus } from '@waystation/shared/vocab/goods-out';
import { type Db, queryRows } from '../../db';
import { members, packages, shipChannels } from '../../db/schema';

/** The stations' lists beside the scan box (moved from stations.ts): the removal pick list, the packages parked at packing. */

/**
 * The pick list (controlOutShelves): every item of packages awaiting removal, in shelf-location order so one walk
 * picks them, with its package and channel.
 */
export async function pickList(db: Db, q: z.infer<typeof PickListQuery>): Promise<PickList> {
  const rows = await queryRows<{
    shelf_code: string;
    item_code: string;
    title: string;
    quick_top: string;
    quick_bottom: string;
    package_id: number;
    package_no: string;
    status: string;
    channel_id: number;
    channel_name: string | null;
    removed: boolean;
  }>(
    db,
    sql`select pi.shelf_code, pi.item_code, po.title, wi.quick_top, wi.quick_bottom, p.id::int as package_id, p.package_no, p.status,
          p.channel_id, c.name as channel_name, pi.removed_at is not null as removed
        from packages p
        join package_items pi on pi.package_id = p.id and not pi.released
        join warehouse_items wi on wi.id = pi.item_id
        join purchase_orders po on po.id = pi.purchase_id
        left join ship_channels c on c.id = p.channel_id
        where p.status in ('remove_wait', 'removing') ${q.channelId ? sql`and p.channel_id = ${q.channelId}` : sql``}
        order by pi.shelf_code, p.channel_id, p.id
        limit ${q.limit}`,
  );
  return {
    list: rows.map((r) => ({
      shelfCode: r.shelf_code,
      itemCode: r.item_code,
      title: r.title,
      quickCode: [r.quick_top, r.quick_bottom],
      packageId: r.package_id,
      packageNo: r.package_no,
      packageStatus: r.status as PackageStatus,
      channelId: r.channel_id,
      channelName: r.channel_name ?? '',
      removed: r.removed,
    })),
    packageCount: new Set(rows.map((r) => r.package_id)).size,
  };
}

const PARKED = ['patch_wait', 'pending_launch'] as const;

/**
 * The packages set aside at packing, the longest-waiting first: weighed over what was paid and waiting for the
 * member's freight top-up (patch_wait), or paid and ready to be scanned back for the label (pending_launch).
 */
export async function parkedPackages(db: Db, limit = 50): Promise<ParkedList> {
  const parked = inArray(packages.status, [...PARKED]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: packages.id,
        packageNo: packages.packageNo,
        status: packages.status,
        userCode: members.userCode,
        userName: members.name,
        channelName: shipChannels.name,
        currency: packages.currency,
        patchAmount: packages.patchAmount,
        freightReal: packages.freightReal,
        freightCharged: packages.freightCharged,
        packerName: packages.packerName,
        packedAt: packages.packedAt,
        since: packages.updatedAt,
      })
      .from(packages)
      .innerJoin(members, eq(members.id, packages.memberId))
      .leftJoin(shipChannels, eq(shipChannels.id, packages.channelId))
      .where(parked)
      .orderBy(sql`${packages.packedAt} nulls first`, asc(packages.id))
      .limit(limit),
    db.select({ total: count() }).from(packages).where(parked),
  ]);
  return {
    list: rows.map((r) => ({
      ...r,
      status: r.status as (typeof PARKED)[number],
      userName: r.userName ?? '',
      channelName: r.channelName ?? '',
      freightReal: r.freightReal ?? 0,
      packerName: r.packerName ?? '',
      packedAt: r.packedAt ? r.packedAt.toISOString() : null,
      since: r.since.toISOString(),
    })),
    total,
  };
}
