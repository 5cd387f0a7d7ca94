// Goods in at 1,000,000 purchase lines: a set-based generator (generate_series, no row-by-row inserts), then the
// inbound and shelving scans over HTTP (sequential p50/p99 and 10 connections) and the buy-order list (first page,
// a deep keyset page, a deep OFFSET page), on PGlite and on PostgreSQL. BENCH_LINES=… for a smaller run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/server/src/db';
import { startTestServer, DEMO_PASSWORD } from '../packages/server/src/testing/server';
import { fmt, postgresUrl, timeSequential } from './_lib';
/**
 * Status mix per 1,000 lines (a working forwarder: most goods already shelved, a few hundred per thousand moving).
 * stocking_photo and purchased are generous so the scan benchmarks have items to consume.
 */
export const MIX: [status: string, perMille: number][] = [
  ['shelved', 470],
  ['purchased', 90],
  ['stocking_photo', 40],
  ['stocking_input', 20],
  ['purchase_wait', 40],
  ['purchasing', 30],
  ['purchase_hold', 8],
  ['purchase_patch', 4],
  ['ordered', 38],
  ['canceled', 20],
  ['refunded', 60],
  ['purchase_fail', 10],
  ['return_checking', 5],
  ['returned', 5],
  ['paid', 0],
  ['unknown', 0],
];
const MALLS = ['TB', 'T1688', 'XY', 'JD', 'WD'];

function statusCase(): string {
  let acc = 0;
  const arms = MIX.filter(([, n]) => n > 0).map(([s, n]) => {
    acc += n;
    return `when (g::bigint * 7919) % 1000 < ${acc} then '${s}'`;
  });
  return `case ${arms.join(' ')} else 'shelved' end`;
}

const ITEM_STATUSES = `('stocking_input','stocking_photo','shelved','return_checking','returned')`;

/** Fills `lines` purchase lines (2 per shop order) over `memberCount` bench members, items for received lines, 20,000 locations. */
export async function generateGoodsIn(db: Db, lines: number, opts: { memberCount?: number; chunk?: number; log?: (s: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  const timed = async (name: string, q: ReturnType<typeof sql.raw>) => {
    const s0 = performance.now();
    await db.execute(q);
    if (process.env.BENCH_VERBOSE) log(`    ${name} ${Math.round(performance.now() - s0)} ms`);
  };
  const members = opts.memberCount ?? 20_000;
  const chunk = opts.chunk ?? 100_000;
  const t0 = performance.now();
  await timed(
    'members',
    sql.raw(`insert into members (user_code, name, email, login_source, status, created_at, updated_at)
    select 'B' || lpad(g::text, 6, '0'), 'Bench member ' || g, 'bench' || g || '@example.com', 'password', 'activity', now(), now()
    from generate_series(1, ${members}) g on conflict do nothing`),
  );
  const [{ first }] = await queryRows<{ first: number }>(db, sql.raw(`select min(id)::int as first from members where user_code like 'B%'`));
  await timed(
    'shelf_locations',
    sql.raw(`insert into shelf_locations (code, zone, row, level, slot, active, created_at, updated_at)
    select chr(75 + z) || '-' || lpad(r::text, 2, '0') || '-' || lpad(l::text, 2, '0') || '-' || lpad(s::text, 2, '0'), chr(75 + z), r, l, s, true, now(), now()
    from generate_series(0, 9) z, generate_series(1, 20) r, generate_series(1, 5) l, generate_series(1, 20) s on conflict do nothing`),
  );
  const [{ loc0 }] = await queryRows<{ loc0: number }>(db, sql.raw(`select min(id)::int as loc0 from shelf_locations where zone = 'K'`));
  for (let from = 1; from <= lines; from += chunk) {
    const to = Math.min(lines, from + chunk - 1);
    const o0 = Math.ceil(from / 2);
    const o1 = Math.ceil(to / 2);
    await timed(
      'shop_orders',
      sql.raw(`insert into shop_orders (order_no, member_id, status, currency, paid_amount, pay_time, created_at, updated_at)
      select 'BO' || lpad(o::text, 9, '0'), ${first} + (o % ${members}), 'paid', 'CNY', 20000, now() - (o || ' seconds')::interval, now() - (o || ' seconds')::interval, now()
      from generate_series(${o0}, ${o1}) o on conflict do nothing`),
    );
    await timed(
      'purchase_orders',
      sql.raw(`insert into purchase_orders (purchase_no, order_id, member_id, status, mall_type, product_url, title, props, quantity, unit_price, paid_amount,
        currency, purchaser_id, purchaser_name, mall_order_no, tracking_no, logistics_status, pay_time, purchase_end_time, created_at, updated_at)
      select 'BP' || lpad(g::text, 9, '0'), o.id, o.member_id, st, (array['${MALLS.join("','")}'])[1 + g % 5], 'https://example.com/item/' || g,
        'Bench product ' || g, '[{"name":"颜色:黑色"},{"name":"尺码:L"}]'::jsonb, 1 + g % 3, 10000, 10000, 'CNY',
        case when st in ('purchase_wait','ordered','canceled','refunded') then null else 1 end,
        case when st in ('purchase_wait','ordered','canceled','refunded') then '' else 'admin' end,
        case when st in ('purchased','stocking_input','stocking_photo','shelved','return_checking','returned') then 'BM' || g else '' end,
        case when st in ('purchased','stocking_input','stocking_photo','shelved','return_checking','returned') then 'BT' || lpad(g::text, 9, '0') else '' end,
        case when st = 'purchased' then 'TRANSPORT' when st in ('stocking_input','stocking_photo','shelved') then 'SIGN' else null end,
        o.pay_time, case when st in ('purchased','stocking_input','stocking_photo','shelved') then o.pay_time + interval '1 hour' else null end,
        o.created_at, now() - (g || ' seconds')::interval
      from (select g, ${statusCase()} as st from generate_series(${from}, ${to}) g) x
      join shop_orders o on o.order_no = 'BO' || lpad(((g + 1) / 2)::text, 9, '0')`),
    );
    await timed(
      'warehouse_items',
      sql.raw(`insert into warehouse_items (item_code, purchase_id, member_id, quick_top, quick_bottom, tracking_no, quantity, weight_g, length_mm, width_mm,
        height_mm, volume_cm3, media, shelf_location_id, shelf_code, creator_id, creator_name, shelved_at, created_at, updated_at)
      select 'WI' || lpad(p.id::text, 8, '0'), p.id, p.member_id, 'B', lpad((p.id % 10000)::text, 4, '0'), p.tracking_no, p.quantity, 300 + p.id % 700, 300, 200, 100, 6000,
        '[]'::jsonb, case when p.status <> 'stocking_input' and p.status <> 'stocking_photo' then ${loc0} + p.id % 20000 end,
        case when p.status <> 'stocking_input' and p.status <> 'stocking_photo' then (select code from shelf_locations where id = ${loc0} + p.id % 20000) end,
        1, 'admin', case when p.status not in ('stocking_input','stocking_photo') then p.updated_at end, p.updated_at, p.updated_at
      from purchase_orders p where p.purchase_no between 'BP' || lpad('${from}', 9, '0') and 'BP' || lpad('${to}', 9, '0') and p.status in ${ITEM_STATUSES}`),
    );
    log(`  ${to.toLocaleString('en')} lines (${Math.round((performance.now() - t0) / 1000)} s)`);
  }
  // As autovacuum would after a bulk load: statistics, and the visibility map that lets counts use index-only scans.
  await db.execute(sql.raw('vacuum analyze'));
  return { ms: performance.now() - t0 };
}

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);

async function loadPost(url: string, headers: Record<string, string>, next: () => unknown, amount: number) {
  const r = await autocannon({
    url,
    connections: 10,
    amount,
    requests: [
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: JSON.stringify(next()) }) },
    ],
  });
  return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total };
}

async function run(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-goods-'));
  const t = await startTestServer({ now: () => new Date(), dataDir, logLevel: 'silent' });
  try {
    console.log(`${label}: generating ${LINES.toLocaleString('en')} purchase lines …`);
    const gen = await generateGoodsIn(t.db, LINES, { log: (s) => console.log(s) });
    const [counts] = await queryRows<{ lines: number; items: number }>(
      t.db,
      sql`select (select count(*) from purchase_orders)::int as lines, (select count(*) from warehouse_items)::int as items`,
    );
    console.log(
      `${label}: generated ${counts.lines.toLocaleString('en')} lines, ${counts.items.toLocaleString('en')} items in ${fmt(gen.ms / 1000)} s (${Math.round(counts.lines / (gen.ms / 1000)).toLocaleString('en')} lines/s)`,
    );

    const wh = { 'x-token': await t.login('warehouse1', DEMO_PASSWORD), 'content-type': 'application/json' };
    const buyer = { 'x-token': await t.login('purchaser1', DEMO_PASSWORD) };
    const post = (url: string, body: unknown) =>
      fetch(`${t.url}${url}`, { method: 'POST', headers: wh, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number }>);
    const get = (url: string) => fetch(`${t.url}${url}`, { headers: buyer }).then((r) => r.json() as Promise<{ code: number; data: { list: unknown[] } }>);

    const receivable = await queryRows<{ id: number; tracking: string }>(
      t.db,
      sql`select id::int, tracking_no as tracking from purchase_orders where status = 'purchased' and purchase_no like 'BP%' order by id limit 30000`,
    );
    const photographed = await queryRows<{ code: string }>(
      t.db,
      sql`select i.item_code as code from warehouse_items i join purchase_orders p on p.id = i.purchase_id where p.status = 'stocking_photo' order by i.id limit 30000`,
    );
    const locations = await queryRows<{ code: string }>(t.db, sql`select code from shelf_locations where active and zone >= 'K' order by id`);
    let ri = 0;
    let pi = 0;
    const nextReceive = () => {
      const l = receivable[ri++];
      return { trackingNo: l.tracking, lines: [{ id: l.id, weightG: 500, lengthMm: 300, widthMm: 200, heightMm: 100 }] };
    };
    const nextShelve = () => ({ itemCode: photographed[pi].code, locationCode: locations[pi++ % locations.length].code });

    let bad = 0;
    const inboundSeq = await timeSequential(300, async () => {
      if ((await post('/api/warehouse/inbound/receive', nextReceive())).code !== 20000) bad++;
    });
    const shelveSeq = await timeSequential(300, async () => {
      if ((await post('/api/warehouse/shelve', nextShelve())).code !== 20000) bad++;
    });
    const lookupSeq = await timeSequential(300, async () => {
      await post('/api/warehouse/inbound/lookup', { trackingNo: receivable[receivable.length - 1].tracking });
    });
    console.log(`${label}: inbound receive (one line, purchased → stocking_input) sequential p50 ${fmt(inboundSeq.p50)} ms p99 ${fmt(inboundSeq.p99)} ms`);
    console.log(`${label}: shelve (stocking_photo → shelved) sequential p50 ${fmt(shelveSeq.p50)} ms p99 ${fmt(shelveSeq.p99)} ms`);
    console.log(`${label}: inbound lookup by tracking no. sequential p50 ${fmt(lookupSeq.p50)} ms p99 ${fmt(lookupSeq.p99)} ms; refused scans: ${bad}`);
    const inboundLoad = await loadPost(`${t.url}/api/warehouse/inbound/receive`, wh, nextReceive, Math.min(5000, receivable.length - ri - 20));
    console.log(
      `${label}: inbound receive at 10 connections: ${inboundLoad.reqPerSec} req/s, p50 ${inboundLoad.p50} ms, p99 ${inboundLoad.p99} ms, errors ${inboundLoad.errors} of ${inboundLoad.total}`,
    );
    const shelveLoad = await loadPost(`${t.url}/api/warehouse/shelve`, wh, nextShelve, Math.min(5000, photographed.length - pi - 20));
    console.log(
      `${label}: shelve at 10 connections: ${shelveLoad.reqPerSec} req/s, p50 ${shelveLoad.p50} ms, p99 ${shelveLoad.p99} ms, errors ${shelveLoad.errors} of ${shelveLoad.total}`,
    );

    const [deepShelved] = await queryRows<{ id: number }>(
      t.db,
      sql`select id::int from purchase_orders where status = 'shelved' order by id desc offset ${Math.floor(LINES * 0.4)} limit 1`,
    );
    const [deepAll] = await queryRows<{ id: number }>(
      t.db,
      sql`select id::int from purchase_orders order by id desc offset ${Math.floor(LINES * 0.9)} limit 1`,
    );
    const lists: [string, string][] = [
      ['first page, status purchase_wait', '/api/buy/pageList?status=purchase_wait&limit=20'],
      ['first page, all statuses', '/api/buy/pageList?limit=20'],
      ['first page, status shelved + marketplace JD', '/api/buy/pageList?status=shelved&mallType=JD&limit=20'],
      [
        `deep keyset page, status shelved (row ~${Math.floor(LINES * 0.4).toLocaleString('en')})`,
        `/api/buy/pageList?status=shelved&limit=20&cursor=${deepShelved?.id ?? 1}`,
      ],
      [`deep keyset page, all (row ~${Math.floor(LINES * 0.9).toLocaleString('en')})`, `/api/buy/pageList?limit=20&cursor=${deepAll?.id ?? 1}`],
      ['OFFSET page 500 (row 10,000), status shelved', '/api/buy/pageList?status=shelved&limit=20&page=500'],
      ['number filter: purchase no.', '/api/buy/pageList?numberType=purchaseNo&numberValue=BP000123456'],
      ['number filter: member code', '/api/buy/pageList?numberType=userCode&numberValue=B000042'],
    ];
    for (const [name, url] of lists) {
      const r = await get(url);
      if (r.code !== 20000) console.log(`${label}: ${name}: unexpected answer ${r.code}`);
      const s = await timeSequential(200, () => get(url));
      console.log(`${label}: buy-order list ${name}: p50 ${fmt(s.p50)} ms p95 ${fmt(s.p95)} ms`);
    }
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run as a benchmark (npm run bench); importing the file only gives the generator.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  delete process.env.DATABASE_URL;
  await run('PGlite');
  const pg = await postgresUrl();
  if (pg) {
    process.env.DATABASE_URL = pg;
    await run('PostgreSQL');
  } else {
    console.log('PostgreSQL: not reachable, skipped');
  }
}
