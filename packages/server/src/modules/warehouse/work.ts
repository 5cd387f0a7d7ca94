import { and, asc, count, countDistinct, eq, gte, inArray, min, ne, sql } from 'drizzle-orm';
import type { StationWork, StationWorkSummary, WorkStation } from '@waystation/shared/contract/warehouse';
import type { Db } from '../../db';
import { businessDayStart } from '../../platform/businessTime';
import { members, packages, packageTraces, purchaseOrders, shipChannels, traceEvents, warehouseItems } from '../../db/schema';

/** Where a station's work waits (purchase-line or package status) and the status its own step leads to (the throughput report counts those). */
export const STATION_STEPS = {
  inbound: { waits: ['purchased'], done: ['stocking_input'], trace: 'purchase' },
  qc: { waits: ['stocking_input'], done: ['stocking_photo'], trace: 'purchase' },
  shelving: { waits: ['stocking_photo'], done: ['shelved'], trace: 'purchase' },
  packing: { waits: ['removed', 'packing'], done: ['packed', 'patch_wait'], trace: 'package' },
  sorting: { waits: ['wait_ship'], done: ['sorted'], trace: 'package' },
} as const satisfies Record<WorkStation, { waits: readonly string[]; done: readonly string[]; trace: 'purchase' | 'package' }>;

/** The station's steps the caller made since the business day began (by the traces' actor). */
async function doneToday(db: Db, station: WorkStation, actorId: number, now: Date): Promise<number> {
  const step = STATION_STEPS[station];
  const since = businessDayStart(now);
  const t = step.trace === 'purchase' ? traceEvents : packageTraces;
  const [r] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.actorId, actorId), gte(t.createdAt, since), inArray(t.toStatus, [...step.done])));
  return r.n;
}

async function waitingCount(db: Db, station: WorkStation): Promise<number> {
  const step = STATION_STEPS[station];
  if (station === 'inbound') {
    const [r] = await db
      .select({ n: countDistinct(purchaseOrders.trackingNo) })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.status, 'purchased'), ne(purchaseOrders.trackingNo, '')));
    return r.n;
  }
  if (step.trace === 'purchase') {
    const [r] = await db
      .select({ n: count() })
      .from(purchaseOrders)
      .where(inArray(purchaseOrders.status, [...step.waits]));
    return r.n;
  }
  const [r] = await db
    .select({ n: count() })
    .from(packages)
    .where(inArray(packages.status, [...step.waits]));
  return r.n;
}

async function waitingList(db: Db, station: WorkStation, limit: number): Promise<StationWork['list']> {
  const step = STATION_STEPS[station];
  if (station === 'inbound') {
    // Parcels expected: the tracking numbers of purchased lines, the longest-waiting first.
    const rows = await db
      .select({
        code: purchaseOrders.trackingNo,
        since: min(purchaseOrders.updatedAt),
        lines: count(),
        title: sql<string>`min(${purchaseOrders.title})`,
        // Every member with a line in the parcel (one parcel may carry several members' goods).
        members: sql<string>`string_agg(distinct ${members.userCode}, ', ' order by ${members.userCode})`,
      })
      .from(purchaseOrders)
      .innerJoin(members, eq(members.id, purchaseOrders.memberId))
      .where(and(eq(purchaseOrders.status, 'purchased'), ne(purchaseOrders.trackingNo, '')))
      .groupBy(purchaseOrders.trackingNo)
      .orderBy(asc(min(purchaseOrders.updatedAt)))
      .limit(limit);
    return rows.map((r) => ({ code: r.code, title: r.title, detail: `${r.members} · ${r.lines}`, since: new Date(r.since!).toISOString() }));
  }
  if (step.trace === 'purchase') {
    const rows = await db
      .select({
        code: warehouseItems.itemCode,
        title: purchaseOrders.title,
        member: members.userCode,
        shelf: warehouseItems.shelfCode,
        since: purchaseOrders.updatedAt,
      })
      .from(purchaseOrders)
      .innerJoin(warehouseItems, eq(warehouseItems.purchaseId, purchaseOrders.id))
      .innerJoin(members, eq(members.id, purchaseOrders.memberId))
      .where(inArray(purchaseOrders.status, [...step.waits]))
      .orderBy(asc(purchaseOrders.id))
      .limit(limit);
    return rows.map((r) => ({ code: r.code, title: r.title, detail: r.member, since: r.since.toISOString() }));
  }
  const rows = await db
    .select({ code: packages.packageNo, member: members.userCode, channel: shipChannels.name, country: packages.countryCode, since: packages.updatedAt })
    .from(packages)
    .innerJoin(members, eq(members.id, packages.memberId))
    .innerJoin(shipChannels, eq(shipChannels.id, packages.channelId))
    .where(inArray(packages.status, [...step.waits]))
    .orderBy(asc(packages.id))
    .limit(limit);
  return rows.map((r) => ({ code: r.code, title: `${r.channel} · ${r.country}`, detail: r.member, since: r.since.toISOString() }));
}

/** A station's waiting work, oldest first, and what this worker did there today. */
export async function stationWork(db: Db, station: WorkStation, actorId: number, now: Date, limit: number): Promise<StationWork> {
  const [waiting, done, list] = await Promise.all([waitingCount(db, station), doneToday(db, station, actorId, now), waitingList(db, station, limit)]);
  return { waiting, doneToday: done, list };
}

/** Counts of the stations the caller may open (for the dashboard). */
export async function stationWorkSummary(db: Db, stations: WorkStation[], actorId: number, now: Date): Promise<StationWorkSummary> {
  const out: StationWorkSummary = {};
  for (const s of stations) out[s] = { waiting: await waitingCount(db, s), doneToday: await doneToday(db, s, actorId, now) };
  return out;
}
