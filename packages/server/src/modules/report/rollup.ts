import { sql, type SQL } from 'drizzle-orm';
import { STATION_IDLE_GAP_S, STATION_STEP_MIN_S } from '@waystation/shared/contract/report';
import { type Db, queryRows } from '../../db';
import { BUSINESS_OFFSET_MS } from '../../platform/businessTime';
import { STATION_STEPS } from '../warehouse/work';
import { periodicJob, type JobSet } from '../../core/jobs';
import { rollupStorage } from './service';

/**
 * The daily roll-ups the reports read (issue 15): a business day's station steps per hour and worker, ledger money
 * per category and channel, and lead-time histograms. `rollupDay` rebuilds one day's rows in one transaction (delete,
 * then insert from the day's source rows through their created_at indexes), so running it again changes nothing.
 */

const DAY_MS = 86_400_000;
/** The business day (YYYY-MM-DD) a moment falls in. */
export const businessDayOf = (at: Date) => new Date(at.getTime() + BUSINESS_OFFSET_MS).toISOString().slice(0, 10);
/** The range a report reads: from..to as asked, else the last `days` (default 7) business days up to today. */
export function resolveRange(q: { from?: string; to?: string; days?: number }, now: Date): { from: string; to: string } {
  if (q.from && q.to) return { from: q.from, to: q.to };
  return { from: businessDayOf(new Date(now.getTime() - ((q.days ?? 7) - 1) * DAY_MS)), to: businessDayOf(now) };
}

/** When a business day begins and ends (exclusive). */
export const dayBounds = (day: string) => {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - BUSINESS_OFFSET_MS);
  return { start: start.toISOString(), end: new Date(start.getTime() + DAY_MS).toISOString() };
};
const statuses = (list: readonly string[]) =>
  sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  );
/** The business hour (0–23) of a timestamp column, in SQL. */
const hourOf = (col: SQL) => sql`extract(hour from (${col} at time zone 'UTC') + interval '8 hours')::int`;

/** Each station's steps in [start, end): the trace rows its scans write. */
function stationSteps(start: string, end: string): SQL {
  const inDay = (alias: string) =>
    sql.raw(`${alias}.created_at >= '${start}'::timestamptz and ${alias}.created_at < '${end}'::timestamptz and ${alias}.actor_id is not null`);
  const parts = (Object.keys(STATION_STEPS) as (keyof typeof STATION_STEPS)[]).map((station) => {
    const step = STATION_STEPS[station];
    const table = sql.raw(step.trace === 'purchase' ? 'trace_events' : 'package_traces');
    return sql`select ${station}::text as station, t.actor_id, t.actor_name, t.created_at from ${table} t
               where ${inDay('t')} and t.to_status in (${statuses(step.done)})`;
  });
  // A removal scan writes remove_start, remove_item or remove_done (the last item's scan of a one-item package writes
  // two rows at the same moment): one step per package and moment.
  parts.push(sql`select 'removal'::text, t.actor_id, max(t.actor_name), t.created_at from package_traces t
                 where ${inDay('t')} and t.event in ('remove_start', 'remove_item', 'remove_done') group by t.package_id, t.actor_id, t.created_at`);
  return sql.join(parts, sql` union all `);
}

/**
 * A worker's hours at a station: steps; busy time (each step the gap since their previous step there when it is at
 * most the idle gap, at least STATION_STEP_MIN_S; the day's first step and a step after an idle gap count that minimum
 * alone); the count of such in-run gaps; idle time (gaps over the idle gap, less the next step's minimum).
 */
async function rollupStations(tx: Db, day: string): Promise<void> {
  const { start, end } = dayBounds(day);
  await tx.execute(sql`
    insert into report_station_hours (day, hour, station, actor_id, actor_name, scans, busy_seconds, busy_gaps, idle_seconds)
    select ${day}, ${hourOf(sql`created_at`)}, station, actor_id, max(actor_name), count(*)::int,
           coalesce(sum(case when gap <= ${STATION_IDLE_GAP_S} then greatest(gap, ${STATION_STEP_MIN_S}) else ${STATION_STEP_MIN_S} end), 0)::int,
           count(gap) filter (where gap <= ${STATION_IDLE_GAP_S})::int,
           coalesce(sum(gap - ${STATION_STEP_MIN_S}) filter (where gap > ${STATION_IDLE_GAP_S}), 0)::int
    from (
      select station, actor_id, actor_name, created_at,
             extract(epoch from created_at - lag(created_at) over (partition by station, actor_id order by created_at)) as gap
      from (${stationSteps(start, end)}) s
    ) g
    group by 2, 3, 4`);
}

/** The ledger category of a row: its type, with payments split into goods and freight (a package's). */
const MONEY_CATEGORY = sql`case
    when l.type = 'recharge' then 'topup'
    when l.type = 'payment' and l.ref_type = 'package' then 'freight'
    when l.type = 'payment' then 'goods'
    else l.type end`;

/** The business day (YYYY-MM-DD) of a timestamp column, in SQL. */
const businessDaySql = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

/**
 * The money rows (day, category, channel_id, currency, amount, entries) of the ledger rows written in the spans, by
 * business day; and the insurance fees of the packages paid in them (category service_fee, inside their freight).
 * The roll-up stores a day's; the money report reads the days not yet rolled up for good straight from here.
 */
export function moneyRows(spans: { start: string; end: string }[]): SQL {
  const within = (col: string) =>
    sql.join(
      spans.map((s) => sql`(${sql.raw(col)} >= ${s.start}::timestamptz and ${sql.raw(col)} < ${s.end}::timestamptz)`),
      sql` or `,
    );
  return sql`
    select ${businessDaySql('l.created_at')} as day, ${MONEY_CATEGORY} as category, coalesce(p.channel_id, 0) as channel_id, l.currency,
           sum(l.amount)::bigint as amount, count(*)::int as entries
    from ledger_entries l left join packages p on l.ref_type = 'package' and p.package_no = l.ref_id
    where (${within('l.created_at')})
    group by 1, 2, 3, 4
    union all
    select ${businessDaySql('p.pay_time')}, 'service_fee', p.channel_id, p.currency, sum(p.insurance_fee)::bigint, count(*)::int
    from packages p
    where (${within('p.pay_time')}) and p.insurance_fee > 0
    group by 1, 2, 3, 4`;
}

async function rollupMoney(tx: Db, day: string): Promise<void> {
  await tx.execute(sql`
    insert into report_money_days (day, category, channel_id, currency, amount, entries)
    select day, category, channel_id, currency, amount, entries from (${moneyRows([dayBounds(day)])}) m`);
}

/** Every stage that ended in [start, end): its group (marketplace or channel) and whole hours since the stage began. */
function leadTimes(start: string, end: string): SQL {
  const hours = (from: string, to: string) => sql.raw(`greatest(0, floor(extract(epoch from ${to} - ${from}) / 3600))::int`);
  const within = (col: string) => sql.raw(`${col} >= '${start}'::timestamptz and ${col} < '${end}'::timestamptz`);
  return sql`
    select 'purchase' as stage, 'mall:' || p.mall_type as dimension, ${hours('p.pay_time', 'p.purchase_end_time')} as hours
      from purchase_orders p where ${within('p.purchase_end_time')} and p.pay_time is not null
    union all
    select 'arrival', 'mall:' || p.mall_type, ${hours('p.purchase_end_time', 'i.created_at')}
      from warehouse_items i join purchase_orders p on p.id = i.purchase_id where ${within('i.created_at')} and p.purchase_end_time is not null
    union all
    select 'shelving', 'mall:' || p.mall_type, ${hours('i.created_at', 'i.shelved_at')}
      from warehouse_items i join purchase_orders p on p.id = i.purchase_id where ${within('i.shelved_at')}
    union all
    select 'pack_order', 'channel:' || k.channel_id, ${hours('i.shelved_at', 'k.created_at')}
      from packages k join package_items pi on pi.package_id = k.id join warehouse_items i on i.id = pi.item_id
      where ${within('k.created_at')} and i.shelved_at is not null
    union all
    select 'shipping', 'channel:' || k.channel_id, ${hours('k.created_at', 'k.shipped_at')}
      from packages k where ${within('k.shipped_at')}`;
}

async function rollupLeadTimes(tx: Db, day: string): Promise<void> {
  const { start, end } = dayBounds(day);
  await tx.execute(sql`
    insert into report_lead_times (day, stage, dimension, hours, n)
    select ${day}, stage, coalesce(dimension, 'all'), hours, count(*)::int
    from (${leadTimes(start, end)}) s
    group by grouping sets ((stage, dimension, hours), (stage, hours))`);
}

/** Rebuilds one business day's roll-ups in one transaction. */
export async function rollupDay(db: Db, day: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // One builder per day at a time (the hourly job and a person's 立即更新 on another server).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report.rollup:${day}`}))`);
    for (const table of ['report_station_hours', 'report_money_days', 'report_lead_times']) {
      await tx.execute(sql`delete from ${sql.raw(table)} where day = ${day}`);
    }
    await rollupStations(tx, day);
    await rollupMoney(tx, day);
    await rollupLeadTimes(tx, day);
    await tx.execute(sql`insert into report_rollup_days (day, computed_at) values (${day}, ${now.toISOString()}::timestamptz)
                         on conflict (day) do update set computed_at = excluded.computed_at`);
  });
}

/** 立即更新: today's and yesterday's rows rebuilt now (a manager does not wait for the hour). */
export async function rollupRecent(db: Db, now: Date): Promise<{ rolledUpAt: string | null }> {
  await rollupStorage(db, now);
  for (const day of [businessDayOf(new Date(now.getTime() - DAY_MS)), businessDayOf(now)]) await rollupDay(db, day, now);
  return { rolledUpAt: await rolledUpAt(db) };
}

/** How far back a first run builds days that were never rolled up. */
const BACKFILL_DAYS = 400;

/**
 * The days due: today and yesterday always (still moving), and any earlier day since the first activity (at most
 * BACKFILL_DAYS back) that was never built.
 */
export async function dueDays(db: Db, now: Date): Promise<string[]> {
  const [first] = await queryRows<{ at: string | null }>(
    db,
    sql`select least((select min(created_at) from trace_events), (select min(created_at) from ledger_entries),
                     (select min(created_at) from package_traces))::text as at`,
  );
  const today = businessDayOf(now);
  const earliest = Math.max(now.getTime() - BACKFILL_DAYS * DAY_MS, first?.at ? Date.parse(first.at) : now.getTime());
  const built = new Set(
    (await queryRows<{ day: string }>(db, sql`select day from report_rollup_days where day >= ${businessDayOf(new Date(earliest))}`)).map((r) => r.day),
  );
  const days: string[] = [];
  for (let t = earliest; businessDayOf(new Date(t)) < today; t += DAY_MS) {
    const d = businessDayOf(new Date(t));
    if (!built.has(d)) days.push(d);
  }
  const yesterday = businessDayOf(new Date(now.getTime() - DAY_MS));
  for (const d of [yesterday, today]) if (!days.includes(d)) days.push(d);
  return days;
}

/** Builds every due day; returns how many. */
export async function rollupDue(db: Db, now: () => Date, heartbeat?: () => Promise<void>): Promise<{ days: number }> {
  const days = await dueDays(db, now());
  await rollupStorage(db, now());
  for (const day of days) {
    await rollupDay(db, day, now());
    await heartbeat?.();
  }
  return { days: days.length };
}

/** When the roll-ups were last built (the newest day's build). */
export async function rolledUpAt(db: Db): Promise<string | null> {
  const [r] = await queryRows<{ at: Date | string | null }>(db, sql`select max(computed_at) as at from report_rollup_days`);
  return r?.at ? new Date(r.at).toISOString() : null;
}

/** The hourly roll-up job (today's and yesterday's rows rebuilt, any missing day built). */
export const REPORT_JOBS: JobSet = periodicJob('report.rollup', 'hour', (_job, { db, now, heartbeat }) => rollupDue(db, now, heartbeat));
