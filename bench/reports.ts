// Reports at scale (issue 15): 1,000,000 packages (BENCH_PACKAGES), a payment ledger row each, the station traces of
// the last two days' packages and 100,000 items on the shelf; then the roll-up job (every day built, and one busy
// day rebuilt), and each report over HTTP, sequential p50/p95 — on PGlite and on PostgreSQL (BENCH_DB=pglite|postgres
// for one). The reports read the daily roll-ups; the storage age and overdue lists read the shelf as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/db';
import { startTestServer } from '../packages/server/src/testing/server';
import { businessDayOf, rollupDay, rollupDue } from '../packages/server/src/modules/report/rollup';
import { fmt, onEachDatabase, timeSequential } from './_lib';
import { generateGoodsOut } from './_goods-out-data';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 1_000_000);
const SHELF_ITEMS = 100_000;

/** What the stations and the ledger wrote for the generated packages, set-based. */
async function generateActivity(db: Parameters<typeof generateGoodsOut>[0]) {
  const [{ a0 }] = await queryRows<{ a0: number }>(db, sql.raw(`select min(id)::int as a0 from admins`));
  // One payment per paid package, at its pay time.
  await db.execute(
    sql.raw(`insert into ledger_entries (account_id, owner_type, owner_id, kind, type, amount, balance_after, currency, ref_type, ref_id, created_at)
      select 0, 'member', member_id, 'balance', 'payment', -freight_charged, 0, 'CNY', 'package', package_no, pay_time
      from packages where pay_time is not null and freight_charged > 0`),
  );
  // The stations' steps of the last two days' packages: removal, packing, sorting, by 20 workers.
  await db.execute(
    sql.raw(`insert into package_traces (package_id, type, event, from_status, to_status, actor_id, actor_name, created_at)
      select p.id, 'status', e.event, e.f, e.t, ${a0} + p.id % 20, 'Worker ' || p.id % 20, p.created_at + e.after
      from packages p cross join (values ('remove_start', 'remove_wait', 'removing', interval '2 hours'),
                                         ('remove_done', 'removing', 'removed', interval '2 hours 1 minute'),
                                         ('pack_done', 'packing', 'packed', interval '3 hours'),
                                         ('sort', 'wait_ship', 'sorted', interval '5 hours')) e(event, f, t, after)
      where p.created_at > now() - interval '2 days' and p.status in ('shipped', 'received')`),
  );
  // Items on the shelf: shop order, purchase line (shelved) and warehouse item, shelved over the last 200 days.
  const [{ m0 }] = await queryRows<{ m0: number }>(db, sql.raw(`select min(id)::int as m0 from members where user_code like 'G%'`));
  await db.execute(
    sql.raw(`insert into shop_orders (order_no, member_id, status, paid_amount, pay_time, created_at, updated_at)
      select 'SOB' || g, ${m0} + g % 20000, 'paid', 5900, now(), now(), now() from generate_series(1, ${SHELF_ITEMS}) g`),
  );
  await db.execute(
    sql.raw(`insert into purchase_orders (purchase_no, order_id, member_id, status, mall_type, title, quantity, unit_price, paid_amount, pay_time,
        purchase_end_time, created_at, updated_at)
      select 'PB' || o.id, o.id, o.member_id, 'shelved', 'TB', 'Bench item', 1, 5900, 5900, now() - interval '201 days', now() - interval '200 days', now(), now()
      from shop_orders o where o.order_no like 'SOB%'`),
  );
  await db.execute(
    sql.raw(`insert into warehouse_items (item_code, purchase_id, member_id, quick_top, quick_bottom, weight_g, length_mm, width_mm, height_mm, volume_cm3,
        shelf_code, shelved_at, created_at, updated_at)
      select 'WB' || lpad(p.id::text, 10, '0'), p.id, p.member_id, 'G', '0000', 400, 300, 200, 50, 3000, 'K-01-01-01',
        now() - ((p.id % 200) || ' days')::interval, now() - ((p.id % 200) || ' days')::interval, now()
      from purchase_orders p where p.purchase_no like 'PB%'`),
  );
  await db.execute(sql.raw('vacuum analyze'));
}

async function run(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-reports-'));
  const t = await startTestServer({ now: () => new Date(), dataDir, logLevel: 'silent' });
  try {
    console.log(`${label}: generating ${PACKAGES.toLocaleString('en')} packages …`);
    const gen = await generateGoodsOut(t.db, PACKAGES, (s) => console.log(s));
    const t1 = performance.now();
    await generateActivity(t.db);
    const [c] = await queryRows<{ p: number; l: number; tr: number; i: number }>(
      t.db,
      sql`select (select count(*) from packages)::int as p, (select count(*) from ledger_entries)::int as l,
                 (select count(*) from package_traces)::int as tr, (select count(*) from warehouse_items)::int as i`,
    );
    console.log(
      `${label}: ${c.p.toLocaleString('en')} packages, ${c.l.toLocaleString('en')} ledger rows, ${c.tr.toLocaleString('en')} package traces, ${c.i.toLocaleString('en')} items on the shelf (${fmt((gen.ms + performance.now() - t1) / 1000)} s)`,
    );

    // The roll-up job: every day since the first activity, then a busy day rebuilt (what each hourly run does for today).
    const r0 = performance.now();
    const built = await rollupDue(t.db, () => new Date());
    const allMs = performance.now() - r0;
    const busy = await queryRows<{ day: string }>(t.db, sql`select day from report_station_hours group by day order by sum(scans) desc limit 1`);
    const busyDay = busy[0]?.day ?? businessDayOf(new Date());
    const d0 = performance.now();
    await rollupDay(t.db, busyDay, new Date());
    const dayMs = performance.now() - d0;
    const [sizes] = await queryRows<{ s: number; m: number; l: number }>(
      t.db,
      sql`select (select count(*) from report_station_hours)::int as s, (select count(*) from report_money_days)::int as m, (select count(*) from report_lead_times)::int as l`,
    );
    console.log(
      `${label}: roll-up of ${built.days} days in ${fmt(allMs / 1000)} s; the busiest day (${busyDay}) rebuilt in ${fmt(dayMs)} ms; roll-up rows: ${sizes.s} station-hours, ${sizes.m} money, ${sizes.l} lead-time`,
    );

    const token = await t.login();
    const get = (url: string) => fetch(`${t.url}${url}`, { headers: { 'x-token': token } }).then((r) => r.json() as Promise<{ code: number; message: string }>);
    const reports: [string, string][] = [
      ['工位效率, last 7 days', '/api/report/throughput?days=7'],
      ['工位效率, last 366 days', '/api/report/throughput?days=366'],
      ['工位效率, one station, 30 days', '/api/report/throughput?days=30&station=packing'],
      ['流转时效, 90 days, all', '/api/report/leadTimes?days=90'],
      ['流转时效, 90 days, by channel', '/api/report/leadTimes?days=90&by=channel'],
      ['流转时效, 366 days, by marketplace', '/api/report/leadTimes?days=366&by=marketplace'],
      ['资金报表, 30 days', '/api/report/money?days=30'],
      ['资金报表, 366 days', '/api/report/money?days=366'],
      ['资金报表 reconciliation (the ledger read live), 30 days', '/api/report/moneyReconcile?days=30'],
      ['库龄报表, first page', '/api/report/storageAge?limit=20'],
      ['仓储费 overdue items, first page', '/api/storageFee/overdue?limit=20'],
    ];
    for (const [name, url] of reports) {
      const first = await get(url);
      if (first.code !== 20000) console.log(`${label}: ${name}: unexpected answer ${first.code} ${first.message}`);
      const s = await timeSequential(40, () => get(url));
      console.log(`${label}: ${name}: p50 ${fmt(s.p50)} ms p95 ${fmt(s.p95)} ms`);
    }
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
