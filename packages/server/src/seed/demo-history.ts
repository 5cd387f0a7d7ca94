import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { nextId } from '../db';
import {
  admins,
  memberAddresses,
  memberProfiles,
  members,
  packageItems,
  packages,
  packageTraces,
  purchaseOrders,
  shelfLocations,
  shipChannels,
  shopOrders,
  traceEvents,
  warehouseItems,
} from '../db/schema';
import { post } from '../modules/ledger/service';
import { type PackageEvent, packageMachine } from '@waystation/shared/machines/package';
import { type PurchaseEvent, purchaseMachine } from '@waystation/shared/machines/purchase-order';
import { businessDayStart } from '../platform/businessTime';
import { boxFor } from './demo-goods-out';
import { prefillDeclaration, writeDeclaration } from '../modules/goodsOut/customs';

/** Days of history before today. */
export const HISTORY_DAYS = 30;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIN = 60_000;

const HISTORY_MEMBERS = [
  ['Ines Moreau', 'ines@example.com', 'FR', 'Île-de-France', 'Paris', '12 Rue Oberkampf', '75011'],
  ['Jonas Berg', 'jonas@example.com', 'DE', 'Hamburg', 'Hamburg', 'Jungfernstieg 7', '20354'],
  ['Kate Turner', 'kate@example.com', 'GB', 'Greater London', 'London', '10 Camden High St', 'NW1 0JH'],
  ['Liam Walsh', 'liam@example.com', 'US', 'NY', 'New York', '350 5th Ave', '10118'],
  ['Mia Tanaka', 'mia@example.com', 'JP', 'Tokyo', 'Shibuya', '2-21-1 Shibuya', '150-8510'],
  ['Noah Clark', 'noah@example.com', 'CA', 'ON', 'Toronto', '290 Bremner Blvd', 'M5V 3L9'],
] as const;
const TITLES = ['纯棉短袖T恤', '陶瓷马克杯', '机械键盘', '毛绒玩具', '蓝牙耳机', '帆布双肩包', '运动鞋', '手机壳', '保温杯', '汉服'];
const MALLS = ['TB', 'TB', 'TB', 'T1688', 'JD', 'XY', 'WD'];
const CHANNELS = ['EMS', 'EMS', 'DHL', 'ECO-AIR'];

/** The timeline's type of a step, as the engine writes it: the machine's own row (a step the machine lacks is a seed bug). */
function purchaseTraceType(from: string, event: string): string {
  const row = purchaseMachine.transitionOf(from, event as PurchaseEvent);
  if (!row) throw new Error(`demo history: no purchase step ${from} --${event}-->`);
  return row.trace;
}
function packageTraceType(from: string | null, event: string): string {
  const row = packageMachine.transitionOf(from ?? 'pack_created', event as PackageEvent);
  if (!row) throw new Error(`demo history: no package step ${from} --${event}-->`);
  return row.trace;
}

/** A small seeded generator: the same history on every install. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Demo history (issue 15): 30 business days of a small warehouse at work, so the reports and the dashboard's charts
 * show something on a fresh install. Six members of their own buy on the marketplaces (paid from their balance, topped
 * up as they go); the two warehouse workers scan each parcel in, photograph and shelve it during the working day;
 * a few days later the member's items leave in a package (removed, packed, sorted, shipped). Items shelved in the last
 * days wait on the shelf, with a few that have waited 45, 75 and 120 days. Rows are written as the stations and the
 * ledger write them (the same trace events, ledger postings with their balances), with the times of their day.
 */
export async function seedHistoryDemo(db: Db, now: Date): Promise<void> {
  const rnd = random(20_261_126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const start = now.getTime() - HISTORY_DAYS * DAY;

  const staff = await db
    .select({ id: admins.id, name: admins.name, username: admins.username })
    .from(admins)
    .where(inArray(admins.username, ['warehouse1', 'warehouse2', 'purchaser1']));
  const workers = staff.filter((s) => s.username.startsWith('warehouse'));
  const purchaser = staff.find((s) => s.username === 'purchaser1');
  if (workers.length < 2 || !purchaser) return;
  const channels = await db.select({ id: shipChannels.id, code: shipChannels.code }).from(shipChannels).where(inArray(shipChannels.code, CHANNELS));
  const shelves = await db.select({ id: shelfLocations.id, code: shelfLocations.code }).from(shelfLocations).where(eq(shelfLocations.zone, 'B'));
  const fallbackShelves = shelves.length ? shelves : await db.select({ id: shelfLocations.id, code: shelfLocations.code }).from(shelfLocations).limit(20);
  if (!channels.length || !fallbackShelves.length) return;

  // The members, with a first top-up a month ago.
  const people: { id: number; code: string; country: string; address: (typeof HISTORY_MEMBERS)[number]; balance: number }[] = [];
  for (const [i, row] of HISTORY_MEMBERS.entries()) {
    const [name, email, country, province, city, address, postcode] = row;
    const code = `U${100101 + i}`;
    const [m] = await db
      .insert(members)
      .values({ userCode: code, name, email, loginSource: 'password', createdAt: new Date(start - 5 * DAY), updatedAt: new Date(start) })
      .onConflictDoNothing()
      .returning({ id: members.id });
    if (!m) return; // seeded before
    await db.insert(memberProfiles).values({ memberId: m.id, country, updatedAt: new Date(start) });
    await db.insert(memberAddresses).values({
      memberId: m.id,
      receiver: name,
      phone: `+00 ${700000 + i}`,
      country,
      province,
      city,
      address,
      postcode,
      isDefault: true,
      createdAt: new Date(start),
      updatedAt: new Date(start),
    });
    people.push({ id: m.id, code, country, address: row, balance: 0 });
  }
  const topUp = async (p: (typeof people)[number], at: number) => {
    const amount = 2_000_00;
    await post(
      db,
      {
        ownerType: 'member',
        ownerId: p.id,
        kind: 'balance',
        currency: 'CNY',
        amount,
        type: 'recharge',
        refType: 'recharge',
        refId: `HIST-${p.code}-${at}`,
        remark: '在线充值',
      },
      new Date(at),
    );
    p.balance += amount;
  };
  const pay = async (p: (typeof people)[number], amount: number, at: number, refType: string, refId: string, remark: string) => {
    if (p.balance < amount) await topUp(p, at - 30 * MIN);
    await post(
      db,
      { ownerType: 'member', ownerId: p.id, kind: 'balance', currency: 'CNY', amount: -amount, type: 'payment', refType, refId, remark },
      new Date(at),
    );
    p.balance -= amount;
  };
  for (const p of people) await topUp(p, start - 2 * DAY);

  const trace = (purchaseId: number, event: string, from: string, to: string, at: number, w: { id: number; name: string }, note = '') =>
    db.insert(traceEvents).values({
      purchaseId,
      type: purchaseTraceType(from, event),
      event,
      fromStatus: from,
      toStatus: to,
      actorId: w.id,
      actorName: w.name,
      note,
      createdAt: new Date(at),
    });
  const packageTrace = (packageId: number, event: string, from: string | null, to: string, at: number, w: { id: number | null; name: string }, note = '') =>
    db.insert(packageTraces).values({
      packageId,
      type: packageTraceType(from, event),
      event,
      fromStatus: from,
      toStatus: to,
      actorId: w.id,
      actorName: w.name,
      note,
      createdAt: new Date(at),
    });

  /** One purchase line, bought and received into the warehouse: scanned in at `arrival`, then photographed and shelved. */
  const receiveLine = async (p: (typeof people)[number], arrival: number, n: number, shelvedLong = false) => {
    const w = pick(workers);
    const purchased = arrival - between(24, 96) * HOUR;
    const paid = purchased - between(1, 30) * HOUR;
    const price = Math.round(between(20, 260)) * 100;
    const id = await nextId(db, 'purchase_orders');
    const orderId = await nextId(db, 'shop_orders');
    const stamp = new Date(paid).toISOString().slice(0, 10).replaceAll('-', '');
    await db.insert(shopOrders).values({
      id: orderId,
      orderNo: `SOH${stamp}${id}`,
      memberId: p.id,
      status: 'paid',
      paidAmount: price,
      payTime: new Date(paid),
      createdAt: new Date(paid),
      updatedAt: new Date(paid),
    });
    await pay(p, price, paid, 'shop_order', `SOH${stamp}${id}`, '商城订单');
    const qc = arrival + between(5, 40) * MIN;
    const shelved = qc + between(10, 120) * MIN;
    const shelf = pick(fallbackShelves);
    await db.insert(purchaseOrders).values({
      id,
      purchaseNo: `PH${stamp}${String(n).padStart(3, '0')}${id}`,
      orderId,
      memberId: p.id,
      status: 'shelved',
      mallType: pick(MALLS),
      title: pick(TITLES),
      quantity: 1,
      unitPrice: price,
      paidAmount: price,
      purchaserId: purchaser.id,
      purchaserName: purchaser.name,
      mallOrderNo: `M${id}${stamp}`,
      realPrice: price,
      trackingNo: `YT${stamp}${id}`,
      payTime: new Date(paid),
      purchaseEndTime: new Date(purchased),
      createdAt: new Date(paid),
      updatedAt: new Date(shelved),
    });
    const weightG = Math.round(between(150, 1200));
    const size = boxFor(weightG, id);
    const [item] = await db
      .insert(warehouseItems)
      .values({
        itemCode: `WI${String(id).padStart(8, '0')}`,
        purchaseId: id,
        memberId: p.id,
        quickTop: p.code,
        quickBottom: String(id % 10000).padStart(4, '0'),
        weightG,
        lengthMm: size[0],
        widthMm: size[1],
        heightMm: size[2],
        volumeCm3: (size[0] * size[1] * size[2]) / 1000,
        shelfLocationId: shelf.id,
        shelfCode: shelf.code,
        shelvedAt: new Date(shelved),
        creatorName: w.name,
        createdAt: new Date(arrival),
        updatedAt: new Date(shelved),
      })
      .returning();
    if (!shelvedLong) {
      await trace(id, 'inbound', 'purchased', 'stocking_input', arrival, w);
      await trace(id, 'photo', 'stocking_input', 'stocking_photo', qc, w, '2 个文件');
      await trace(id, 'shelve', 'stocking_photo', 'shelved', shelved, w, shelf.code);
    }
    return { item, shelved };
  };

  // Each business day: parcels arrive through the working day (09:00–18:00); a member's items shelved that day leave
  // in one package 2–6 days later, when that moment has passed.
  const today = businessDayStart(now).getTime();
  for (let d = HISTORY_DAYS; d >= 1; d--) {
    const dayStart = today - d * DAY;
    const count = Math.round(between(6, 16));
    const byMember = new Map<
      number,
      { items: { id: number; itemCode: string; purchaseId: number; weightG: number }[]; p: (typeof people)[number]; last: number }
    >();
    for (let i = 0; i < count; i++) {
      const p = pick(people);
      const arrival = dayStart + 9 * HOUR + ((i + rnd()) / count) * 8 * HOUR;
      const { item, shelved } = await receiveLine(p, arrival, i);
      const group = byMember.get(p.id) ?? { items: [], p, last: 0 };
      group.items.push(item);
      group.last = Math.max(group.last, shelved);
      byMember.set(p.id, group);
    }
    for (const { items, p, last } of byMember.values()) {
      const created = last + between(2, 6) * DAY;
      const removal = businessDayStart(new Date(created + DAY)).getTime() + between(9, 12) * HOUR;
      const packed = removal + between(10, 60) * MIN;
      const sorted = packed + between(1, 4) * HOUR;
      const shipped = sorted + between(4, 30) * HOUR;
      if (shipped > now.getTime() - HOUR) continue; // still on the shelf today
      const channel = pick(channels);
      const w = pick(workers);
      const weight = items.reduce((s, i) => s + i.weightG, 0) + 150;
      const freight = 6_000 + Math.ceil(weight / 500) * 2_500;
      const id = await nextId(db, 'packages');
      const packageNo = `PK${String(id).padStart(8, '0')}`;
      const box = boxFor(weight, id);
      const volume = (box[0] * box[1] * box[2]) / 1000;
      await pay(p, freight, created + 30 * MIN, 'package', packageNo, `包裹 ${packageNo} 运费`);
      const [, , country, province, city, address, postcode] = p.address;
      await db.insert(packages).values({
        id,
        packageNo,
        memberId: p.id,
        status: 'shipped',
        channelId: channel.id,
        countryCode: country,
        address: { receiver: p.address[0], phone: '+00 700000', country, province, city, address, postcode },
        mallTypes: ['TB'],
        itemCount: items.length,
        estimatedWeightG: weight,
        realWeightG: weight,
        lengthMm: box[0],
        widthMm: box[1],
        heightMm: box[2],
        volumeCm3: volume,
        // 体积重 at the demo channels' usual divisor (5,000 cm³ per kg).
        volumetricWeightG: Math.ceil(volume / 5),
        freightEstimated: freight,
        freightCharged: freight,
        freightReal: freight,
        trackingNo: `EH${String(id).padStart(9, '0')}CN`,
        reviewerName: w.name,
        packerName: w.name,
        payTime: new Date(created + 30 * MIN),
        packedAt: new Date(packed),
        labelConfirmedAt: new Date(packed + 2 * MIN),
        shippedAt: new Date(shipped),
        createdAt: new Date(created),
        updatedAt: new Date(shipped),
      });
      // The customs declaration its purchase lines make, as a member who sends none gets it (issue #33).
      const declaration = await prefillDeclaration(
        db,
        items.map((it) => it.id),
      );
      const declared = await writeDeclaration(db, id, declaration, declaration.weights);
      await db.update(packages).set({ declaredValue: declared }).where(eq(packages.id, id));
      await db.insert(packageItems).values(
        items.map((it) => ({
          packageId: id,
          itemId: it.id,
          purchaseId: it.purchaseId,
          itemCode: it.itemCode,
          removedAt: new Date(removal),
          removedBy: w.name,
          checkedAt: new Date(packed),
        })),
      );
      await db
        .update(warehouseItems)
        .set({ shelfLocationId: null, shelfCode: null })
        .where(
          inArray(
            warehouseItems.id,
            items.map((it) => it.id),
          ),
        );
      const member = { id: null, name: p.code };
      await packageTrace(id, 'submit', null, 'pack_pretrial', created, member);
      await packageTrace(id, 'remove_start', 'remove_wait', 'removing', removal, w);
      await packageTrace(id, 'remove_done', 'removing', 'removed', removal + (items.length > 1 ? between(1, 4) * MIN : 0), w);
      await packageTrace(id, 'pack_done', 'packing', 'packed', packed, w);
      await packageTrace(id, 'sort', 'wait_ship', 'sorted', sorted, pick(workers));
      await packageTrace(id, 'ship', 'prepare_ship', 'shipped', shipped, w);
    }
  }
  // Goods that have waited long on the shelf (the storage report's older buckets).
  for (const [i, days] of [45, 50, 75, 80, 120].entries()) await receiveLine(people[i % people.length], now.getTime() - days * DAY, 900 + i, true);
}
