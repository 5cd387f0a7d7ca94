import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import {
  STATION_IDLE_GAP_S,
  STATION_STEP_MIN_S,
  type LeadTimeResult,
  type MoneyReconcileResult,
  type MoneyReportResult,
  type ThroughputResult,
} from '@waystation/shared/contract/report';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { queryRows } from '../../db';
import { members, packageTraces, purchaseOrders, traceEvents } from '../../db/schema';
import { post } from '../ledger/service';
import { newPackage } from '../goodsOut/factory';
import { STATION_STEPS } from '../warehouse/work';
import { businessDayOf, dayBounds, rollupDay, rollupDue } from './rollup';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const STATIONS = ['inbound', 'qc', 'shelving', 'removal', 'packing', 'sorting'] as const;
type Step = { station: (typeof STATIONS)[number]; actor: number; second: number };

const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let removalSeq = 0;

/** Writes a station step as the station's scan writes its trace row. */
async function writeStep(day: string, s: Step) {
  const at = new Date(Date.parse(dayBounds(day).start) + s.second * 1000);
  const actor = { actorId: 90_000 + s.actor, actorName: `工人${s.actor}`, createdAt: at, note: '' };
  if (s.station === 'removal') {
    await t.db
      .insert(packageTraces)
      .values({ packageId: ++removalSeq, type: 'status', event: 'remove_item', fromStatus: 'removing', toStatus: 'removing', ...actor });
    return;
  }
  const step = STATION_STEPS[s.station];
  const table = step.trace === 'purchase' ? traceEvents : packageTraces;
  const row = { type: 'status', event: 'scan', fromStatus: null, toStatus: step.done[0], ...actor };
  if (table === traceEvents) await t.db.insert(traceEvents).values({ purchaseId: 1, ...row });
  else await t.db.insert(packageTraces).values({ packageId: 1, ...row });
}

/** The full recount the roll-up must equal: per station, worker and business hour, steps and the gaps between them. */
function recount(steps: Step[]) {
  const out = new Map<string, { scans: number; busy: number; gaps: number; idle: number }>();
  const byWorker = new Map<string, number[]>();
  for (const s of steps) {
    const k = `${s.station}|${90_000 + s.actor}`;
    byWorker.set(k, [...(byWorker.get(k) ?? []), s.second]);
  }
  for (const [k, seconds] of byWorker) {
    seconds.sort((a, b) => a - b);
    seconds.forEach((sec, i) => {
      const key = `${k}|${Math.floor(sec / 3600)}`;
      const r = out.get(key) ?? { scans: 0, busy: 0, gaps: 0, idle: 0 };
      r.scans++;
      const gap = i > 0 ? sec - seconds[i - 1] : null;
      if (gap !== null && gap <= STATION_IDLE_GAP_S) {
        r.busy += Math.max(gap, STATION_STEP_MIN_S);
        r.gaps++;
      } else {
        r.busy += STATION_STEP_MIN_S;
        if (gap !== null) r.idle += gap - STATION_STEP_MIN_S;
      }
      out.set(key, r);
    });
  }
  return out;
}

describe('daily roll-ups', () => {
  it('equal a full recount after a random day of station activity (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ station: fc.constantFrom(...STATIONS), actor: fc.integer({ min: 1, max: 3 }), second: fc.integer({ min: 0, max: 86_399 }) }), {
          maxLength: 60,
        }),
        async (steps) => {
          const day = dayAfter('2020-01-01', 2 * ++run);
          for (const s of steps) await writeStep(day, s);
          // Noise the day must not count: the next day's first step, a non-station trace.
          await writeStep(dayAfter(day, 1), { station: 'qc', actor: 1, second: 0 });
          await t.db
            .insert(traceEvents)
            .values({ purchaseId: 1, type: 'status', event: 'remark', actorId: 90_001, actorName: 'x', createdAt: new Date(dayBounds(day).start) });
          await rollupDay(t.db, day, t.clock.now());
          await rollupDay(t.db, day, t.clock.now()); // twice: the same rows
          const rows = await queryRows<{
            station: string;
            actor_id: number;
            hour: number;
            scans: number;
            busy_seconds: number;
            busy_gaps: number;
            idle_seconds: number;
          }>(t.db, sql`select * from report_station_hours where day = ${day}`);
          const got = new Map(
            rows.map((r) => [`${r.station}|${r.actor_id}|${r.hour}`, { scans: r.scans, busy: r.busy_seconds, gaps: r.busy_gaps, idle: r.idle_seconds }]),
          );
          expect(got).toEqual(recount(steps));
          // Clean up the next day's noise so the next run's day starts empty.
          await t.db.execute(sql`delete from trace_events where actor_id between 90001 and 90003`);
          await t.db.execute(sql`delete from package_traces where actor_id between 90001 and 90003`);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('money: a day’s net per currency equals the ledger’s sum, and each category its ledger rows', async () => {
    const now = t.clock.now();
    const [m] = await t.db.select({ id: members.id, userCode: members.userCode }).from(members).limit(1);
    await post(
      t.db,
      { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 500_00, type: 'recharge', refType: 'recharge', refId: 'R1' },
      now,
    );
    const pkg = await newPackage(t.db, { memberCode: m.userCode, status: 'shipped', fromBalance: true, now });
    const day = businessDayOf(now);
    await rollupDay(t.db, day, now);
    const { start, end } = dayBounds(day);
    const ledger = await queryRows<{ currency: string; type: string; ref: string; amount: string; n: number }>(
      t.db,
      sql`select currency, type, ref_type = 'package' as ref, sum(amount)::bigint as amount, count(*)::int as n from ledger_entries
          where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1, 2, 3`,
    );
    const r = await t.call<MoneyReportResult>('GET', '/api/report/money', { token: admin, query: { from: day, to: day, currency: 'cny', channelId: 0 } });
    expect(r.code).toBe(20000);
    expect(r.data.days.every((d) => d.currency === 'CNY')).toBe(true);
    const all = await t.call<MoneyReportResult>('GET', '/api/report/money', { token: admin, query: { from: day, to: day } });
    expect(r.code).toBe(20000);
    const cny = all.data.days.find((d) => d.currency === 'CNY')!;
    const ledgerCny = ledger.filter((l) => l.currency === 'CNY');
    expect(cny.net).toBe(ledgerCny.reduce((s, l) => s + Number(l.amount), 0));
    expect(cny.entries).toBe(ledgerCny.reduce((s, l) => s + l.n, 0));
    // The report's own reconciliation, read live from the ledger, agrees.
    const rec = await t.call<MoneyReconcileResult>('GET', '/api/report/moneyReconcile', { token: admin, query: { from: day, to: day } });
    expect(rec.data.list.find((l) => l.currency === 'CNY')).toEqual({
      currency: 'CNY',
      ledger: { net: cny.net, entries: cny.entries },
      report: { net: cny.net, entries: cny.entries },
      matches: true,
    });
    expect(cny.amounts.topup).toBe(ledgerCny.filter((l) => l.type === 'recharge').reduce((s, l) => s + Number(l.amount), 0));
    expect(cny.amounts.freight).toBe(ledgerCny.filter((l) => l.type === 'payment' && l.ref).reduce((s, l) => s + Number(l.amount), 0));
    expect(cny.amounts.freight).toBeLessThanOrEqual(-(pkg.freightEstimated + pkg.insuranceFee));
    // The package's freight is on its channel.
    expect(all.data.byChannel.find((c) => c.channelId === pkg.channelId)?.freight).toBeLessThanOrEqual(-pkg.freightEstimated);
    expect(all.data.rolledUpAt).not.toBeNull();
    // The export has the screen's days, in major units.
    const res = await t.app.inject({ method: 'GET', url: `/api/report/money/export?from=${day}&to=${day}&currency=cny`, headers: { 'x-token': admin } });
    expect(res.headers['content-type'], res.body).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('日期');
    expect(ws.getRow(2).getCell(1).value).toBe(day);
    const netColumn = (ws.getRow(1).values as unknown[]).indexOf('净额');
    expect(ws.getRow(2).getCell(netColumn).value).toBe(cny.net / 100);
    const cs = await t.login('cs1', DEMO_PASSWORD);
    const refused = await t.app.inject({ method: 'GET', url: `/api/report/money/export?from=${day}&to=${day}`, headers: { 'x-token': cs } });
    expect(refused.json().code).toBe(40300);
    // A ledger row after the roll-up: today is read from the ledger, so the report has it at once and still agrees.
    await post(
      t.db,
      { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 1_00, type: 'recharge', refType: 'recharge', refId: 'R2' },
      now,
    );
    const at = await t.call<MoneyReportResult>('GET', '/api/report/money', { token: admin, query: { from: day, to: day } });
    const cnyAt = at.data.days.find((d) => d.currency === 'CNY')!;
    expect([cnyAt.net, cnyAt.entries, cnyAt.amounts.topup]).toEqual([cny.net + 1_00, cny.entries + 1, cny.amounts.topup + 1_00]);
    const live = await t.call<MoneyReconcileResult>('GET', '/api/report/moneyReconcile', { token: admin, query: { from: day, to: day } });
    expect(live.data.list.find((l) => l.currency === 'CNY')).toMatchObject({ ledger: { net: cnyAt.net }, report: { net: cnyAt.net }, matches: true });
  });

  it('money: a day rolled up after it ended is read from its roll-up, and the reconciliation checks it against the ledger', async () => {
    const day = '2020-07-08';
    const { start } = dayBounds(day);
    const [m] = await t.db.select({ id: members.id }).from(members).limit(1);
    const noon = new Date(Date.parse(start) + 12 * 3600_000);
    await post(
      t.db,
      { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 300_00, type: 'recharge', refType: 'recharge', refId: 'R-PAST' },
      noon,
    );
    await rollupDay(t.db, day, new Date(Date.parse(start) + 30 * 3600_000));
    const q = { token: admin, query: { from: day, to: day } };
    expect((await t.call<MoneyReportResult>('GET', '/api/report/money', q)).data.days[0]).toMatchObject({ net: 300_00, entries: 1 });
    expect((await t.call<MoneyReconcileResult>('GET', '/api/report/moneyReconcile', q)).data.list[0].matches).toBe(true);
    // A roll-up that lost a row (as a broken build would) is what the reconciliation is there to catch.
    await t.db.execute(sql`update report_money_days set amount = amount - 1 where day = ${day} and category = 'topup'`);
    expect((await t.call<MoneyReconcileResult>('GET', '/api/report/moneyReconcile', q)).data.list[0].matches).toBe(false);
  });

  it('throughput: the shipped package’s steps are on its stations, per worker', async () => {
    const day = businessDayOf(t.clock.now());
    await rollupDay(t.db, day, t.clock.now());
    const r = await t.call<ThroughputResult>('GET', '/api/report/throughput', { token: admin, query: { from: day, to: day } });
    expect(r.code).toBe(20000);
    // The factory shelves its items directly; its package goes through the removal, packing and sorting scans.
    for (const s of ['removal', 'packing', 'sorting'] as const) expect(r.data.byDay[s]?.[0], s).toBeGreaterThan(0);
    expect(r.data.workers.find((w) => w.station === 'packing')?.actorName).toBeTruthy();
    const hours = Object.values(r.data.byHour)
      .flat()
      .reduce((a, b) => a + b, 0);
    const days = Object.values(r.data.byDay)
      .flat()
      .reduce((a, b) => a + b, 0);
    expect(hours).toBe(days);
    const one = await t.call<ThroughputResult>('GET', '/api/report/throughput', { token: admin, query: { from: day, to: day, station: 'sorting' } });
    expect(one.message).toBe('success');
    expect(Object.keys(one.data.byDay)).toEqual(['sorting']);
  });

  it('throughput: busy time counts every step (a lone step, steps seconds apart), so steps per busy hour stay sane', async () => {
    const day = '2020-05-06';
    const at = (h: number, m: number, s = 0) => (h * 60 + m) * 60 + s;
    // Worker 1 at shelving: one lone step at 09:00; ten steps 2 s apart at 10:00; four steps 5 min apart at 14:00.
    const steps: Step[] = [
      { station: 'shelving', actor: 1, second: at(9, 0) },
      ...Array.from({ length: 10 }, (_, i) => ({ station: 'shelving' as const, actor: 1, second: at(10, 0, 2 * i) })),
      ...Array.from({ length: 4 }, (_, i) => ({ station: 'shelving' as const, actor: 1, second: at(14, 5 * i) })),
      // Worker 2 at sorting: a single step all day.
      { station: 'sorting', actor: 2, second: at(11, 30) },
    ];
    for (const s of steps) await writeStep(day, s);
    await rollupDay(t.db, day, t.clock.now());
    const r = await t.call<ThroughputResult>('GET', '/api/report/throughput', { token: admin, query: { from: day, to: day } });
    const shelving = r.data.workers.find((w) => w.station === 'shelving' && w.actorId === 90_001)!;
    // Busy: 20 s (lone) + 20 s + 9 × 20 s (2 s gaps count the minimum) + 20 s + 3 × 300 s = 1,140 s.
    expect(shelving).toMatchObject({ scans: 15, busySeconds: 1140, perBusyHour: 47.4, meanGapSeconds: 90 });
    // Idle: 09:00 → 10:00 and 10:00:18 → 14:00, less each next step's minimum.
    expect(shelving.idleSeconds).toBe(3600 - 20 + (4 * 3600 - 18) - 20);
    const sorting = r.data.workers.find((w) => w.station === 'sorting' && w.actorId === 90_002)!;
    expect(sorting).toMatchObject({ scans: 1, busySeconds: STATION_STEP_MIN_S, perBusyHour: 180, meanGapSeconds: null, idleSeconds: 0 });
    for (const w of r.data.workers) expect(w.perBusyHour!).toBeLessThanOrEqual(3600 / STATION_STEP_MIN_S);
    await t.db.execute(sql`delete from trace_events where actor_id between 90001 and 90003`);
    await t.db.execute(sql`delete from package_traces where actor_id between 90001 and 90003`);
  });

  it('lead times: weekly median and p90 from the daily histograms', async () => {
    // Ten lines purchased on one day, 1 to 10 hours after payment.
    const day = '2020-03-04';
    const end = Date.parse(dayBounds(day).start) + 20 * 3600_000;
    const lines = await t.db.select({ id: purchaseOrders.id }).from(purchaseOrders).limit(10);
    expect(lines).toHaveLength(10);
    for (const [i, l] of lines.entries()) {
      await t.db
        .update(purchaseOrders)
        .set({ payTime: new Date(end - (i + 1) * 3600_000 - 60_000), purchaseEndTime: new Date(end) })
        .where(eq(purchaseOrders.id, l.id));
    }
    await rollupDay(t.db, day, t.clock.now());
    const r = await t.call<LeadTimeResult>('GET', '/api/report/leadTimes', { token: admin, query: { from: '2020-03-02', to: '2020-03-08' } });
    expect(r.code).toBe(20000);
    expect(r.data.list.find((x) => x.stage === 'purchase')).toEqual({ week: '2020-03-02', stage: 'purchase', group: 'all', n: 10, p50Hours: 5, p90Hours: 9 });
    const byMall = await t.call<LeadTimeResult>('GET', '/api/report/leadTimes', {
      token: admin,
      query: { from: '2020-03-02', to: '2020-03-08', by: 'marketplace' },
    });
    expect(byMall.data.list.filter((x) => x.stage === 'purchase').reduce((s, x) => s + x.n, 0)).toBe(10);
  });

  it('the job builds the days never built and rebuilds today and yesterday', async () => {
    const first = await rollupDue(t.db, () => t.clock.now());
    expect(first.days).toBeGreaterThanOrEqual(2);
    const again = await rollupDue(t.db, () => t.clock.now());
    expect(again.days).toBe(2);
  }, 300_000); // the first run builds up to 400 days (the earlier tests wrote steps in 2020)

  it('立即更新 rebuilds today and yesterday at once, for whoever reads a report', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const before = await t.call<{ rolledUpAt: string }>('POST', '/api/report/refresh', { token: wh });
    expect(before.code).toBe(20000);
    t.clock.advanceMinutes(5);
    const after = await t.call<{ rolledUpAt: string }>('POST', '/api/report/refresh', { token: wh });
    expect(Date.parse(after.data.rolledUpAt) - Date.parse(before.data.rolledUpAt)).toBe(5 * 60_000);
    const cs = await t.login('cs1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/report/refresh', { token: cs })).code).toBe(40300);
  });

  it('checks the range and the permission', async () => {
    const bad = async (query: Record<string, unknown>) => (await t.call('GET', '/api/report/money', { token: admin, query })).code;
    expect(await bad({ from: '2026-02-30', to: '2026-03-01' })).toBe(40001);
    expect(await bad({ from: '2026-03-02', to: '2026-03-01' })).toBe(40001);
    expect(await bad({ from: '2024-01-01', to: '2026-01-01' })).toBe(40001);
    expect(await bad({ from: 'yesterday', to: '2026-01-01' })).toBe(40001);
    expect(await bad({ from: '2026-01-01' })).toBe(40001);
    expect(await bad({ days: 0 })).toBe(40001);
    // Without dates: the last `days` business days up to the server's today.
    const last = await t.call<MoneyReportResult>('GET', '/api/report/money', { token: admin, query: { days: 30 } });
    expect(last.data.to).toBe(businessDayOf(t.clock.now()));
    expect(Date.parse(last.data.to) - Date.parse(last.data.from)).toBe(29 * 86_400_000);
    const cs = await t.login('cs1', DEMO_PASSWORD);
    for (const url of ['/api/report/money', '/api/report/throughput', '/api/report/leadTimes']) {
      expect((await t.call('GET', url, { token: cs, query: { from: '2026-01-01', to: '2026-01-07' } })).code).toBe(40300);
    }
  });
});
