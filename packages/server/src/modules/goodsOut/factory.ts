import { eq } from 'drizzle-orm';
import type { ItemAttr } from '@waystation/shared/vocab/config-content';
import type { PackageStatus } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../../db';
import { admins, members, packageItems, purchaseOrders, shelfLocations, shipChannels, shopOrders, warehouseItems } from '../../db/schema';
import { createPackage, payPackage, payPatch, pretrialPass } from './orders';
import { addSackToBatch, bindSack, createBatch, type DocUrls, sealSack, shipBatch, sortingPut } from './sorting';
import { confirmLabel, packingCheckItem, packingOpen, packingWeigh, removalScan } from './stations';
import { raiseException } from './exceptions';
import type { Op, PackageRow } from './transition';
import { lockPackage } from './transition';

/**
 * Builds goods-out data through the real services (tests, demo data, browser tests): shelved items, then a package
 * taken to the wanted status step by step, so its trace, items and money are what the stations would have made.
 */

let seq = 0;
const uniq = () => `${process.pid % 1000}${Date.now() % 1_000_000}${++seq}`;
const NO_URLS: DocUrls = { sackLabel: () => '', manifestPdf: () => '', manifestXlsx: () => '' };

export async function systemOp(db: Db, now: Date, username = 'warehouse1'): Promise<Op> {
  const [a] = await db.select().from(admins).where(eq(admins.username, username));
  return { actor: { id: a?.id ?? null, name: a?.name ?? 'system', ip: '127.0.0.1' }, now };
}

/** A shelved item of a member (a bought line received, photographed and shelved). */
export async function newShelvedItem(
  db: Db,
  o: { memberCode?: string; weightG?: number; dims?: [number, number, number]; title?: string; mallType?: string; now?: Date; shelf?: string } = {},
) {
  const [lengthMm, widthMm, heightMm] = o.dims ?? [300, 200, 50];
  const now = o.now ?? new Date();
  const [m] = await db
    .select()
    .from(members)
    .where(eq(members.userCode, o.memberCode ?? 'U100001'));
  const [order] = await db
    .insert(shopOrders)
    .values({ orderNo: `SO${uniq()}`, memberId: m.id, status: 'paid', paidAmount: 5900, payTime: now, createdAt: now, updatedAt: now })
    .returning();
  const [line] = await db
    .insert(purchaseOrders)
    .values({
      purchaseNo: `P${uniq()}`,
      orderId: order.id,
      memberId: m.id,
      status: 'shelved',
      mallType: o.mallType ?? 'TB',
      title: o.title ?? '纯棉短袖T恤',
      props: [{ name: '颜色:白色' }, { name: '尺码:L' }],
      quantity: 1,
      unitPrice: 5900,
      paidAmount: 5900,
      payTime: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [loc] = await db
    .select()
    .from(shelfLocations)
    .where(eq(shelfLocations.code, o.shelf ?? 'A-01-01-01'));
  const [item] = await db
    .insert(warehouseItems)
    .values({
      itemCode: `WI${String(line.id).padStart(8, '0')}`,
      purchaseId: line.id,
      memberId: m.id,
      quickTop: m.userCode,
      quickBottom: String(line.id % 10000).padStart(4, '0'),
      weightG: o.weightG ?? 400,
      lengthMm,
      widthMm,
      heightMm,
      volumeCm3: Math.ceil((lengthMm * widthMm * heightMm) / 1000),
      shelfLocationId: loc?.id ?? null,
      shelfCode: loc?.code ?? null,
      shelvedAt: now,
      creatorName: '仓库小王',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { item, line, member: m };
}

export async function channelIdOf(db: Db, code: string): Promise<number> {
  const [c] = await db.select({ id: shipChannels.id }).from(shipChannels).where(eq(shipChannels.code, code));
  if (!c) throw new Error(`channel ${code} missing`);
  return c.id;
}

/** A plausible address in each demo destination, so a label matches the country it ships to. */
const ADDRESS_IN: Record<string, { phone: string; province: string; city: string; address: string; postcode: string }> = {
  US: { phone: '+1 415 555 0100', province: 'CA', city: 'San Francisco', address: '1 Market St', postcode: '94105' },
  CA: { phone: '+1 416 555 0142', province: 'ON', city: 'Toronto', address: '200 Bay St', postcode: 'M5J 2J2' },
  DE: { phone: '+49 30 901820', province: 'Berlin', city: 'Berlin', address: 'Unter den Linden 77', postcode: '10117' },
  FR: { phone: '+33 1 42 68 53 00', province: 'Île-de-France', city: 'Paris', address: '8 Rue de Rivoli', postcode: '75004' },
  GB: { phone: '+44 20 7946 0958', province: 'Greater London', city: 'London', address: '221B Baker Street', postcode: 'NW1 6XE' },
  JP: { phone: '+81 3-3210-1111', province: '東京都', city: '千代田区', address: '丸の内1-9-1', postcode: '100-0005' },
  AU: { phone: '+61 2 9250 7111', province: 'NSW', city: 'Sydney', address: '1 Macquarie St', postcode: '2000' },
};

export interface PackageOpts {
  status?: PackageStatus;
  memberCode?: string;
  items?: number;
  itemWeightG?: number;
  /** Each item's size in mm (default 300 × 200 × 50). */
  itemDims?: [number, number, number];
  channel?: string;
  country?: string;
  attrs?: ItemAttr[];
  /** Weight entered at packing (default: the items' weight + 100 g of box). */
  packedWeightG?: number;
  dims?: [number, number, number];
  estimatedWeightG?: number;
  sackCode?: string;
  now?: Date;
  fromBalance?: boolean;
  /** Shelf locations of the items (default A-01-01-01). */
  shelves?: string[];
  titles?: string[];
}

const ORDER: PackageStatus[] = [
  'pack_pretrial',
  'pack_pretrial_pass',
  'remove_wait',
  'removing',
  'removed',
  'packing',
  'packed',
  'wait_ship',
  'sorted',
  'prepare_ship',
  'shipped',
];

/** A package taken to `status` (default pack_pretrial) through the services; also patch_wait, pending_launch, exception. */
export async function newPackage(db: Db, o: PackageOpts = {}): Promise<PackageRow> {
  const now = o.now ?? new Date();
  const op = await systemOp(db, now);
  const n = o.items ?? 2;
  const items = [];
  let memberName = '';
  for (let i = 0; i < n; i++) {
    const made = await newShelvedItem(db, {
      memberCode: o.memberCode,
      weightG: o.itemWeightG ?? 400,
      dims: o.itemDims,
      now,
      shelf: o.shelves?.[i % o.shelves.length],
      title: o.titles?.[i % o.titles.length],
    });
    items.push(made.item);
    memberName = made.member.name || made.member.userCode;
  }
  const country = o.country ?? 'US';
  let row = await createPackage(
    db,
    {
      memberId: items[0].memberId,
      itemIds: items.map((i) => i.id),
      channelId: await channelIdOf(db, o.channel ?? 'EMS'),
      attrs: o.attrs,
      // The member ships to themselves: the receiver is the member's own name.
      address: { receiver: memberName, country, ...(ADDRESS_IN[country] ?? ADDRESS_IN.US) },
    },
    op,
  );
  const want = o.status ?? 'pack_pretrial';
  const target = want === 'patch_wait' || want === 'pending_launch' ? 'packing' : want === 'exception' ? 'packing' : want;
  const reach = (s: PackageStatus) => ORDER.indexOf(target) >= ORDER.indexOf(s);
  const totalWeight = (o.itemWeightG ?? 400) * n;
  if (reach('pack_pretrial_pass')) await pretrialPass(db, { id: row.id, estimatedWeightG: o.estimatedWeightG ?? totalWeight + 100, note: '' }, op);
  if (reach('remove_wait')) await payPackage(db, row.id, op, { fromBalance: o.fromBalance });
  if (reach('removing')) await removalScan(db, { itemCode: items[0].itemCode }, op);
  if (reach('removed')) for (const it of items.slice(1)) await removalScan(db, { itemCode: it.itemCode }, op);
  if (reach('packing')) {
    await packingOpen(db, row.packageNo, op);
    for (const it of items) await packingCheckItem(db, { packageNo: row.packageNo, itemCode: it.itemCode }, op);
  }
  const [l, w, h] = o.dims ?? [200, 150, 100];
  if (reach('packed') || want === 'patch_wait' || want === 'pending_launch') {
    await packingWeigh(db, { packageNo: row.packageNo, weightG: o.packedWeightG ?? totalWeight + 100, lengthMm: l, widthMm: w, heightMm: h }, op, () => '');
  }
  if (want === 'pending_launch') await payPatch(db, row.id, op);
  if (reach('wait_ship')) await confirmLabel(db, { packageNo: row.packageNo, code: row.packageNo }, op);
  if (reach('sorted')) {
    const code = o.sackCode ?? `SK${uniq()}`;
    await bindSack(db, { code, channelId: row.channelId, countryCode: null }, op, NO_URLS);
    await sortingPut(db, { packageNo: row.packageNo, sackCode: code }, op, NO_URLS);
    if (reach('prepare_ship')) {
      await sealSack(db, { code }, op, NO_URLS);
      const batch = await createBatch(db, { carrier: 'EMS' }, op, NO_URLS);
      await addSackToBatch(db, { batchId: batch.id, sackCode: code }, op, NO_URLS);
      if (reach('shipped')) await shipBatch(db, { batchId: batch.id, trackingNos: [{ packageNo: row.packageNo, trackingNo: `EE${uniq()}CN` }] }, op, NO_URLS);
    }
  }
  if (want === 'exception') await raiseException(db, { packageNo: row.packageNo, type: 'item_damaged', reason: '外箱破损', photos: [] }, op);
  row = await db.transaction((tx) => lockPackage(tx, { id: row.id }));
  return row;
}

/** The codes of a package's items. */
export async function itemCodesOf(db: Db, packageId: number): Promise<string[]> {
  const rows = await db.select({ code: packageItems.itemCode }).from(packageItems).where(eq(packageItems.packageId, packageId)).orderBy(packageItems.id);
  return rows.map((r) => r.code);
}
