// Marketing: the draw engine alone (1M picks with crypto randomness), draws over HTTP (sequential and 10 at a time,
// each with its own requestId, members spread over 1,000), a crowd grant to 10,000 members and a cycle period
// issued by the job runner to the same 10,000 — on PGlite and PostgreSQL. Stock and grant counts must hold after.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { simulate } from '../packages/shared/marketing/probability';
import { startTestServer } from '../packages/server/src/testing/server';
import { queryRows } from '../packages/server/src/db';
import { runDueJobs } from '../packages/server/src/core/jobs';
import { MARKETING_JOBS } from '../packages/server/src/modules/marketing/jobs';
import { fmt, percentile, postgresUrl } from './_lib';

const MEMBERS = 10_000;
const DRAWS = Number(process.env.BENCH_DRAWS ?? 2_000);

function engine() {
  const t0 = performance.now();
  simulate([50, 450, 1500, 3000, 5000], 1_000_000, randomInt);
  console.log(`engine: 1,000,000 picks (crypto.randomInt) in ${fmt(performance.now() - t0)} ms`);
}

async function run(label: string) {
  const t = await startTestServer({ now: () => new Date() });
  try {
    await t.db.execute(sql`
      insert into members (user_code, name, email, login_source, status, created_at, updated_at)
      select 'BM' || lpad(g::text, 6, '0'), 'Bench ' || g, 'bench' || g || '@example.com', 'discord', 'activity', now(), now()
      from generate_series(1, ${MEMBERS}) g`);
    const token = await t.login('marketing1', 'demo12345');
    const call = async (url: string, body: unknown) => {
      const res = await fetch(`${t.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; message: string; data: any };
      if (json.code !== 20000) throw new Error(`${url}: ${json.code} ${json.message}`);
      return json.data;
    };
    const now = Date.now();
    const activity = await call('/api/marketing/activity/save', {
      kind: 'turntable',
      name: 'bench',
      startAt: new Date(now - 3600_000).toISOString(),
      endAt: new Date(now + 86_400_000).toISOString(),
      freeDrawsPerDay: 100,
      prizes: [
        { name: '大奖', prizeType: 'balance', amount: '1', probability: '5', stock: 20 },
        { name: '积分', prizeType: 'points', amount: '10', probability: '45' },
        { name: '谢谢参与', prizeType: 'none', probability: '50', isFiller: true },
      ],
    });
    let seq = 0;
    const draw = () =>
      call('/api/marketing/activity/draw', {
        activityId: activity.id,
        userCode: `BM${String((seq % 1000) + 1).padStart(6, '0')}`,
        requestId: `bench-${label}-${++seq}`,
      });
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await draw();
      times.push(performance.now() - t0);
    }
    let t0 = performance.now();
    let left = DRAWS;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (left-- > 0) await draw();
      }),
    );
    const perSec = DRAWS / ((performance.now() - t0) / 1000);
    const [check] = await queryRows<{ issued: number; won: number; records: number }>(
      t.db,
      sql`
      select (select issued_count from draw_prizes where activity_id = ${activity.id} and name = '大奖')::int as issued,
             (select count(*) from draw_records where activity_id = ${activity.id} and prize_name = '大奖')::int as won,
             (select count(*) from draw_records where activity_id = ${activity.id})::int as records`,
    );
    console.log(
      `${label}: draw over HTTP p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms; ${Math.round(perSec)} draws/s at 10 at a time; ` +
        `stock-20 prize given ${check.won}× (issued ${check.issued}), ${check.records} records`,
    );
    if (check.won !== check.issued || check.won > 20) throw new Error('stock invariant broken');

    const coupon = await call('/api/marketing/coupon/saveConst', {
      name: 'bench',
      discountType: 'amount',
      amount: '1',
      minSpend: '0',
      scope: 'all',
      validityType: 'days',
      validDays: 7,
      totalStock: null,
      perMemberLimit: 5,
    });
    const filter = { loginSources: ['discord'], registeredFrom: new Date(now - 86_400_000).toISOString() };
    const { count } = await call('/api/marketing/coupon/crowdCount', { filter });
    t0 = performance.now();
    const sent = await call('/api/marketing/coupon/sendCrowd', { couponId: coupon.id, filter, expectedCount: count, requestId: `bench-crowd-${label}` });
    console.log(`${label}: crowd grant to ${count} members in ${fmt(performance.now() - t0)} ms (${sent.granted} granted)`);

    const cycle = await call('/api/marketing/coupon/saveCycle', {
      name: 'bench cycle',
      discountType: 'amount',
      amount: '1',
      minSpend: '0',
      scope: 'all',
      validityType: 'days',
      validDays: 7,
      totalStock: null,
      cycleType: 'weekly',
      cycleDay: 1,
      cycleStart: new Date(now - 30 * 86_400_000).toISOString(),
      segment: filter,
    });
    t0 = performance.now();
    await Promise.all([runDueJobs(t.db, () => new Date(), 'bench-a', [MARKETING_JOBS]), runDueJobs(t.db, () => new Date(), 'bench-b', [MARKETING_JOBS])]);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from coupon_grants where coupon_id = ${cycle.id}`);
    console.log(`${label}: cycle period by two runners at once in ${fmt(performance.now() - t0)} ms: ${n} grants for ${count} members`);
    if (n !== count) throw new Error('cycle issue count mismatch');
  } finally {
    await t.close();
  }
}

engine();
await run('PGlite');
const pg = await postgresUrl();
if (pg) {
  process.env.DATABASE_URL = pg;
  await run('PostgreSQL');
} else console.log('PostgreSQL: not reachable, skipped');
