// Goods out at scale: a set-based generator of packages (generate_series, no row-by-row inserts) with two items
// each over a realistic status mix, then every station call over HTTP — sequential p50/p99 and req/s at 10
// connections — and the package list (first page, filters, deep keyset page, deep OFFSET page), on PGlite and on
// PostgreSQL. BENCH_PACKAGES=… sets the count (default 300,000: generating 1,000,000 on PGlite takes several minutes);
// BENCH_DB=pglite|postgres runs only one of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/server/src/db';
import { startTestServer, DEMO_PASSWORD } from '../packages/server/src/testing/server';
import { fmt, onEachDatabase, timeSequential as timeCold } from './_lib';
import { COUNTRIES, generateGoodsOut } from './_goods-out-data';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 300_000);
const LOAD_SECONDS = 4;
/** A station runs warm: each call is timed after 200 untimed ones (the first calls pay for JIT and cold caches). */
const timeSequential = (n: number, fn: () => Promise<unknown>) => timeCold(n, fn, 200);

/** Load at 10 connections for a few seconds; req/s counts every answer over the run's real duration. */
async function loadPost(url: string, headers: Record<string, string>, next: () => unknown) {
  const r = await autocannon({
    url,
    connections: 10,
    duration: LOAD_SECONDS,
    requests: [
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: JSON.stringify(next()) }) },
    ],
  });
  return { reqPerSec: Math.round(r.requests.total / r.duration), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total };
}

/**
 * The database's own rate for a removal scan's writes: a Fastify route with no auth, validation or rules that, in one
 * drizzle transaction of plain SQL, locks the item and its package, marks the item removed, frees its shelf, moves the
 * package on, and writes its trace, domain event and audit row. The scan call is compared with it at 10 connections.
 */
async function rawScanServer(db: Db) {
  const app = Fastify();
  app.post<{ Body: { itemCode: string } }>('/raw/removal', async (req) => {
    const now = new Date().toISOString();
    return db.transaction(async (tx) => {
      const [found] = await queryRows<{ id: number; package_id: number; item_id: number; status: string; package_no: string }>(
        tx,
        sql`select pi.id::int, pi.package_id::int, pi.item_id::int, p.status, p.package_no from package_items pi join packages p on p.id = pi.package_id
          where pi.item_code = ${req.body.itemCode} and not pi.released limit 1 for update`,
      );
      await tx.execute(sql`update package_items set removed_at = ${now}::timestamptz, removed_by = 'bench' where id = ${found.id}`);
      await tx.execute(
        sql`update warehouse_items set shelf_location_id = null, shelf_code = null, updated_at = ${now}::timestamptz where id = ${found.item_id}`,
      );
      await tx.execute(sql`update packages set status = 'removing', updated_at = ${now}::timestamptz where id = ${found.package_id}`);
      await tx.execute(
        sql`insert into package_traces (package_id, type, event, from_status, to_status, actor_id, actor_name, note, created_at)
          values (${found.package_id}, 'remove', 'remove_start', ${found.status}, 'removing', null, 'bench', ${req.body.itemCode}, ${now}::timestamptz)`,
      );
      await tx.execute(
        sql`insert into domain_events (type, entity_type, entity_id, data, created_at)
          values ('package.remove_start', 'package', ${String(found.package_id)}, ${JSON.stringify({ from: found.status, to: 'removing', no: found.package_no })}::jsonb, ${now}::timestamptz)`,
      );
      await tx.execute(
        sql`insert into audit_logs (actor_id, actor_name, action, target_type, target_id, result, before, after, ip, created_at)
          values (null, 'bench', 'package.remove_start', 'package', ${found.package_no}, 'ok', ${JSON.stringify({ status: found.status })}::jsonb,
            ${JSON.stringify({ status: 'removing' })}::jsonb, '127.0.0.1', ${now}::timestamptz)`,
      );
      return { code: 20000, data: { id: found.id } };
    });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${url}/raw/removal`, close: () => app.close() };
}

async function run(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-goods-out-'));
  const t = await startTestServer({ now: () => new Date(), dataDir, logLevel: 'silent' });
  try {
    console.log(`${label}: generating ${PACKAGES.toLocaleString('en')} packages (2 items each) …`);
    const gen = await generateGoodsOut(t.db, PACKAGES, (s) => console.log(s));
    const [c] = await queryRows<{ p: number; i: number }>(
      t.db,
      sql`select (select count(*) from packages)::int as p, (select count(*) from package_items)::int as i`,
    );
    console.log(
      `${label}: generated ${c.p.toLocaleString('en')} packages, ${c.i.toLocaleString('en')} package items in ${fmt(gen.ms / 1000)} s (${Math.round(c.p / (gen.ms / 1000)).toLocaleString('en')} packages/s)`,
    );

    // The bulk load's dirty pages are written now rather than during the timed calls.
    if (t.database.kind === 'postgres') await t.db.execute(sql`checkpoint`);
    const wh = { 'x-token': await t.login('warehouse1', DEMO_PASSWORD), 'content-type': 'application/json' };
    const post = (url: string, body: unknown) =>
      fetch(`${t.url}${url}`, { method: 'POST', headers: wh, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number; message: string }>);
    const get = (url: string) => fetch(`${t.url}${url}`, { headers: wh }).then((r) => r.json() as Promise<{ code: number; data: { list: unknown[] } }>);
    const codesOf = (status: string, limit: number) =>
      queryRows<{ no: string; item: string }>(
        t.db,
        sql`select p.package_no as no, min(i.item_code) as item from packages p join package_items i on i.package_id = p.id
        where p.status = ${status} and i.item_code like 'BI%' group by p.id order by p.id limit ${limit}`,
      );
    const itemsOf = (status: string, limit: number, offset = 0) =>
      queryRows<{ no: string; item: string }>(
        t.db,
        sql`select p.package_no as no, i.item_code as item from packages p join package_items i on i.package_id = p.id
        where p.status = ${status} and i.item_code like 'BI%' order by p.id, i.id limit ${limit} offset ${offset}`,
      );

    let bad = 0;
    const check = (r: { code: number; message: string }) => {
      if (r.code !== 20000 && bad++ < 3) console.log(`${label}:   refused: ${r.code} ${r.message}`);
    };
    const report = (name: string, s: { p50: number; p99: number }) => console.log(`${label}: ${name} sequential p50 ${fmt(s.p50)} ms p99 ${fmt(s.p99)} ms`);
    const reportLoad = (name: string, l: Awaited<ReturnType<typeof loadPost>>) =>
      console.log(`${label}: ${name} at 10 connections: ${l.reqPerSec} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms, errors ${l.errors} of ${l.total}`);

    // Removal: every item of remove_wait packages, one scan each.
    const removal = await itemsOf('remove_wait', 12_000);
    const rawItems = await itemsOf('remove_wait', 8000, removal.length);
    let ri = 0;
    report(
      'removal scan (item off its shelf)',
      await timeSequential(300, async () => check(await post('/api/warehouse/removal/scan', { itemCode: removal[ri++].item }))),
    );
    const scanLoad = await loadPost(`${t.url}/api/warehouse/removal/scan`, wh, () => ({ itemCode: removal[ri++ % removal.length].item }));
    reportLoad('removal scan', scanLoad);
    // The same writes as plain SQL in one transaction, on other items: what the database itself allows.
    const raw = await rawScanServer(t.db);
    let rawAt = 0;
    const rawPost = () =>
      fetch(raw.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ itemCode: rawItems[rawAt++].item }) });
    report('raw-SQL removal transaction (no auth, no rules)', await timeSequential(300, rawPost));
    const rawLoad = await loadPost(raw.url, {}, () => ({ itemCode: rawItems[rawAt++ % rawItems.length].item }));
    await raw.close();
    reportLoad('raw-SQL removal transaction (no auth, no rules)', rawLoad);
    console.log(`${label}: removal scan / raw SQL at 10 connections: ${fmt(scanLoad.reqPerSec / rawLoad.reqPerSec)}× (target ≥ 0.5×)`);

    // Packing: open removed packages; tick items of packages being packed; weigh checked ones; confirm labels.
    const removed = await codesOf('removed', 5000);
    let oi = 0;
    report(
      'packing open (removed → packing)',
      await timeSequential(300, async () => check(await post('/api/warehouse/packing/scan', { code: removed[oi++].no }))),
    );
    reportLoad('packing open', await loadPost(`${t.url}/api/warehouse/packing/scan`, wh, () => ({ code: removed[oi++ % removed.length].no })));
    const toCheck = await itemsOf('packing', 4000);
    let ci = 0;
    report(
      'packing item check',
      await timeSequential(300, async () => {
        const x = toCheck[ci++];
        check(await post('/api/warehouse/packing/item', { packageNo: x.no, itemCode: x.item }));
      }),
    );
    const checked = await queryRows<{ no: string }>(
      t.db,
      sql`select p.package_no as no from packages p where p.status = 'packing' and not exists
      (select 1 from package_items i where i.package_id = p.id and i.checked_at is null) order by p.id limit 5000`,
    );
    let wi = 0;
    const weighBody = () => ({ packageNo: checked[wi++ % checked.length].no, weightG: 950, lengthMm: 200, widthMm: 150, heightMm: 100 });
    report(
      'packing weigh (freight on the channel → packed)',
      await timeSequential(300, async () => check(await post('/api/warehouse/packing/weigh', weighBody()))),
    );
    reportLoad('packing weigh', await loadPost(`${t.url}/api/warehouse/packing/weigh`, wh, weighBody));
    const packed = await codesOf('packed', 6000);
    let li = 0;
    const labelBody = () => {
      const x = packed[li++ % packed.length];
      return { packageNo: x.no, code: x.no };
    };
    report('label confirm (packed → wait_ship)', await timeSequential(300, async () => check(await post('/api/warehouse/packing/confirmLabel', labelBody()))));
    reportLoad('label confirm', await loadPost(`${t.url}/api/warehouse/packing/confirmLabel`, wh, labelBody));

    // Sorting: wait_ship packages into sacks bound per country.
    const [{ ems }] = await queryRows<{ ems: number }>(t.db, sql`select id as ems from ship_channels where code = 'EMS'`);
    for (const country of COUNTRIES)
      check(await post('/api/warehouse/sack/bind', { code: `SKB-${country}-${label.slice(0, 2).toUpperCase()}`, channelId: ems, countryCode: country }));
    const waiting = await queryRows<{ no: string; c: string }>(
      t.db,
      sql`select package_no as no, country_code as c from packages p where status = 'wait_ship'
      and exists (select 1 from package_items i where i.package_id = p.id and i.item_code like 'BI%') order by id limit 8000`,
    );
    let si = 0;
    const sortBody = () => {
      const x = waiting[si++ % waiting.length];
      return { packageNo: x.no, sackCode: `SKB-${x.c}-${label.slice(0, 2).toUpperCase()}` };
    };
    report(
      'sorting scan (which sack)',
      await timeSequential(300, async () => check(await post('/api/warehouse/sorting/scan', { packageNo: waiting[si + 1000].no }))),
    );
    report('sorting put (wait_ship → sorted)', await timeSequential(300, async () => check(await post('/api/warehouse/sorting/put', sortBody()))));
    reportLoad('sorting put', await loadPost(`${t.url}/api/warehouse/sorting/put`, wh, sortBody));
    console.log(`${label}: refused scans in the sequential runs: ${bad}`);

    // The package list.
    const [deep] = await queryRows<{ id: number }>(t.db, sql`select id::int from packages order by id desc offset ${Math.floor(PACKAGES * 0.9)} limit 1`);
    const [deepReceived] = await queryRows<{ id: number }>(
      t.db,
      sql`select id::int from packages where status = 'received' order by id desc offset ${Math.floor(PACKAGES * 0.4)} limit 1`,
    );
    const lists: [string, string][] = [
      ['first page, all statuses', '/api/warehouse/package/pageList?limit=20'],
      ['first page, status remove_wait', '/api/warehouse/package/pageList?status=remove_wait&limit=20'],
      ['first page, status received + marketplace JD', '/api/warehouse/package/pageList?status=received&mallType=JD&limit=20'],
      [`deep keyset page, all (row ~${Math.floor(PACKAGES * 0.9).toLocaleString('en')})`, `/api/warehouse/package/pageList?limit=20&cursor=${deep?.id ?? 1}`],
      [
        `deep keyset page, status received (row ~${Math.floor(PACKAGES * 0.4).toLocaleString('en')})`,
        `/api/warehouse/package/pageList?status=received&limit=20&cursor=${deepReceived?.id ?? 1}`,
      ],
      ['OFFSET page 500 (row 10,000), status received', '/api/warehouse/package/pageList?status=received&limit=20&page=500'],
      ['number filter: package no.', `/api/warehouse/package/pageList?numberType=packageNo&numberValue=PK${String(Math.floor(PACKAGES / 2)).padStart(8, '0')}`],
      ['member filter', '/api/warehouse/package/pageList?userCode=G000042'],
      ['channel filter', `/api/warehouse/package/pageList?channelId=${ems}&limit=20`],
    ];
    for (const [name, url] of lists) {
      const r = await get(url);
      if (r.code !== 20000) console.log(`${label}: ${name}: unexpected answer ${r.code}`);
      const s = await timeSequential(200, () => get(url));
      console.log(`${label}: package list ${name}: p50 ${fmt(s.p50)} ms p95 ${fmt(s.p95)} ms`);
    }
    const badge = await timeSequential(100, () => get('/api/back/getTaskNum'));
    console.log(`${label}: badges (getTaskNum, all seven counters): p50 ${fmt(badge.p50)} ms p95 ${fmt(badge.p95)} ms`);
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
