// Ledger: bulk data (1M ledger rows over 20k accounts), the invariant check (npm run check:ledger's query),
// balance adjustments over HTTP sequentially and at 10 connections (each with its own requestId), and the
// transaction list by page and by keyset cursor — on PGlite and PostgreSQL. The invariant must hold after all.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { startTestServer } from '../packages/server/src/testing/server';
import { queryRows } from '../packages/server/src/db';
import { checkLedger } from '../packages/server/src/modules/ledger/service';
import { issueTicket } from '../packages/server/src/core/verification';
import type { Db } from '../packages/server/src/db';
import { fmt, postgresUrl, timeSequential } from './_lib';

const ACCOUNTS = Number(process.env.BENCH_LEDGER_ACCOUNTS ?? 20_000);
const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);

/**
 * modifyAmount is a sensitive operation: every call spends a verification ticket bound to its member. The bench
 * issues them up front through the same function doLoginVerify uses, so the timings cover the ticket check but
 * not a person typing a code.
 */
async function ticketsFor(db: Db, operatorId: number, memberIds: number[]): Promise<string[]> {
  const now = new Date();
  const tickets: string[] = [];
  for (const id of memberIds) {
    const { ticket } = await issueTicket(db, { type: 'modify_user_amount', operatorId, subjectId: operatorId, target: String(id), ttlMs: 3600_000, now });
    tickets.push(ticket);
  }
  return tickets;
}

async function run(label: string) {
  const t = await startTestServer({ now: () => new Date() });
  try {
    // Bulk: accounts owned by ids far above the demo members, rows with a running balance-after per account.
    let t0 = performance.now();
    await t.db.execute(sql`
      insert into money_accounts (owner_type, owner_id, kind, currency, balance, updated_at)
      select 'member', 1000000 + g, 'balance', 'CNY', 0, now() from generate_series(1, ${ACCOUNTS}) g`);
    const [{ first }] = await queryRows<{ first: number }>(t.db, sql`select min(id)::int as first from money_accounts where owner_id > 1000000`);
    await t.db.execute(sql`
      insert into ledger_entries (account_id, owner_type, owner_id, kind, type, amount, balance_after, currency, ref_type, ref_id, created_at)
      select ${first} + acc, 'member', 1000001 + acc, 'balance',
             case when g % 4 = 0 then 'payment' else 'recharge' end, amount,
             sum(amount) over (partition by acc order by g), 'CNY', 'bench', g::text, now() - ((${ROWS} - g) || ' seconds')::interval
      from (select g, g % ${ACCOUNTS} as acc, case when g % 4 = 0 then -((g % 97) + 1) * 100 else ((g % 89) + 1) * 100 end as amount
            from generate_series(1, ${ROWS}) g) x
      order by x.g`); // x.g, not g: a bare g would mean the output column ref_id (text)
    await t.db.execute(sql`
      update money_accounts a set balance = s.total from (select account_id, sum(amount) as total from ledger_entries group by account_id) s
      where s.account_id = a.id and a.owner_id > 1000000`);
    await t.db.execute(sql`analyze ledger_entries`);
    await t.db.execute(sql`analyze money_accounts`);
    const loadMs = performance.now() - t0;

    t0 = performance.now();
    const before = await checkLedger(t.db);
    const checkMs = performance.now() - t0;

    // HTTP: balance adjustments of demo members.
    const login = (await (
      await fetch(`${t.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
      })
    ).json()) as { data: { token: string } };
    const headers = { 'content-type': 'application/json', 'x-token': login.data.token };
    const [{ id: adminId }] = await queryRows<{ id: number }>(t.db, sql`select id from admins where username = 'admin'`);
    const [{ id: memberId }] = await queryRows<{ id: number }>(t.db, sql`select id from members order by id limit 1`);
    const seqTickets = await ticketsFor(t.db, adminId, Array(300).fill(memberId));
    let n = 0;
    const adjust = () =>
      fetch(`${t.url}/api/vip/modifyAmount`, {
        method: 'POST',
        headers: { ...headers, 'x-verify-ticket': seqTickets[n] },
        body: JSON.stringify({ memberId, direction: 'add', amount: '1.23', remark: 'bench', requestId: `bench-seq-${label}-${++n}` }),
      }).then((r) => r.json());
    const seq = await timeSequential(300, adjust);
    // A retried request: the same requestId again, 100 times at once (each verified), posts nothing new.
    const retryTickets = await ticketsFor(t.db, adminId, Array(100).fill(memberId));
    const retryBody = JSON.stringify({ memberId, direction: 'add', amount: '9.99', remark: 'bench retry', requestId: `bench-retry-${label}` });
    await Promise.all(
      retryTickets.map((ticket) =>
        fetch(`${t.url}/api/vip/modifyAmount`, { method: 'POST', headers: { ...headers, 'x-verify-ticket': ticket }, body: retryBody }).then((r) => r.json()),
      ),
    );
    const [{ retried }] = await queryRows<{ retried: number }>(
      t.db,
      sql`select count(*)::int as retried from ledger_entries where idempotency_key = ${`vip.adjust:bench-retry-${label}`}`,
    );

    const members = await queryRows<{ id: number }>(t.db, sql`select id from members order by id limit 8`);
    const LOAD_TICKETS = 15_000; // more than 5 s at 10 connections can use here
    const loadTargets = Array.from({ length: LOAD_TICKETS }, (_, i) => members[(i + 1) % members.length].id);
    const loadTickets = await ticketsFor(t.db, adminId, loadTargets);
    let k = 0;
    const loadRes = await autocannon({
      url: `${t.url}/api/vip/modifyAmount`,
      method: 'POST',
      headers,
      connections: 10,
      duration: 5,
      requests: [
        {
          setupRequest: (req) => {
            const i = k++ % LOAD_TICKETS;
            return {
              ...req,
              headers: { ...req.headers, 'x-verify-ticket': loadTickets[i] },
              body: JSON.stringify({ memberId: loadTargets[i], direction: 'add', amount: '0.01', remark: 'bench load', requestId: `bench-load-${label}-${i}` }),
            };
          },
        },
      ],
    });

    // Lists: first page, a deep OFFSET page, the same depth by keyset cursor, one member's rows.
    const get = (q: string) => fetch(`${t.url}/api/transaction/pageList?${q}`, { headers }).then((r) => r.json() as Promise<{ data: { nextCursor: string } }>);
    const first20 = await timeSequential(50, () => get('page=1&limit=20'));
    const depth = Math.floor(ROWS / 2);
    const deep = await timeSequential(10, () => get(`page=${Math.floor(depth / 20)}&limit=20`));
    const [{ cursor }] = await queryRows<{ cursor: string }>(t.db, sql`select id::text as cursor from ledger_entries order by id desc offset ${depth} limit 1`);
    const keyset = await timeSequential(50, () => get(`limit=20&cursor=${cursor}`));
    const oneMember = await timeSequential(50, () => get('ownerType=member&ownerId=1000123&limit=20'));

    t0 = performance.now();
    const after = await checkLedger(t.db);
    const checkAfterMs = performance.now() - t0;
    const bad = (c: typeof before) => c.balanceMismatches.length + c.runningMismatches + c.orphanEntries;

    console.log(`${label}: bulk ${ROWS.toLocaleString()} ledger rows over ${ACCOUNTS.toLocaleString()} accounts in ${(loadMs / 1000).toFixed(1)} s`);
    console.log(`${label}: invariant check over ${before.entries.toLocaleString()} rows: ${fmt(checkMs)} ms, mismatches ${bad(before)}`);
    console.log(`${label}: POST /api/vip/modifyAmount sequential p50 ${fmt(seq.p50)} ms p99 ${fmt(seq.p99)} ms`);
    console.log(`${label}: same requestId sent 100× concurrently → ${retried} ledger row`);
    console.log(
      `${label}: POST /api/vip/modifyAmount at 10 connections: ${Math.round(loadRes.requests.average)} req/s, p50 ${loadRes.latency.p50} ms, p99 ${loadRes.latency.p99} ms, non-2xx ${loadRes.non2xx}, errors ${loadRes.errors}`,
    );
    console.log(
      `${label}: transactions page 1 p50 ${fmt(first20.p50)} ms; OFFSET ${depth.toLocaleString()} p50 ${fmt(deep.p50)} ms; keyset cursor at the same depth p50 ${fmt(keyset.p50)} ms; one account p50 ${fmt(oneMember.p50)} ms`,
    );
    console.log(`${label}: invariant after the load over ${after.entries.toLocaleString()} rows: ${fmt(checkAfterMs)} ms, mismatches ${bad(after)}`);
    if (process.env.DATABASE_URL) {
      // The command itself, on this very data set.
      const [{ db }] = await queryRows<{ db: string }>(t.db, sql`select current_database() as db`);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${db}`;
      console.log(`${label}: npm run check:ledger on the bench database:`);
      spawnSync('npm', ['run', '--silent', 'check:ledger'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString() } });
    }
  } finally {
    await t.close();
  }
}

delete process.env.DATABASE_URL;
await run('PGlite');
const pg = await postgresUrl();
if (pg) {
  process.env.DATABASE_URL = pg;
  await run('PostgreSQL');
} else {
  console.log('PostgreSQL: not reachable, skipped');
}
