import { sql } from 'drizzle-orm';
import { REPORT_STATIONS, type ReportStation, STATION_STEP_MIN_S, type ThroughputQuery, type ThroughputResult } from '@waystation/shared/contract/report';
import { type Db, queryRows } from '../../db';
import { resolveRange, rolledUpAt } from './rollup';

/** The days from..to, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const zeros = (n: number) => Array.from({ length: n }, () => 0);

/** 工位效率: steps per hour of the day and per day, per station; per worker: steps, busy and idle time. From the roll-ups. */
export async function throughput(db: Db, query: ThroughputQuery, now: Date): Promise<ThroughputResult> {
  const q = { ...query, ...resolveRange(query, now) };
  const station = q.station ? sql`and station = ${q.station}` : sql``;
  const where = sql`day >= ${q.from} and day <= ${q.to} ${station}`;
  const [hours, days, workers, at] = await Promise.all([
    queryRows<{ station: ReportStation; hour: number; scans: number }>(
      db,
      sql`select station, hour, sum(scans)::int as scans from report_station_hours where ${where} group by 1, 2`,
    ),
    queryRows<{ station: ReportStation; day: string; scans: number }>(
      db,
      sql`select station, day, sum(scans)::int as scans from report_station_hours where ${where} group by 1, 2`,
    ),
    queryRows<{
      station: ReportStation;
      actor_id: number;
      actor_name: string;
      scans: number;
      active_hours: number;
      busy: number;
      busy_gaps: number;
      idle: number;
    }>(
      db,
      sql`select station, actor_id, max(actor_name) as actor_name, sum(scans)::int as scans, count(*)::int as active_hours,
                 sum(busy_seconds)::int as busy, sum(busy_gaps)::int as busy_gaps, sum(idle_seconds)::int as idle
          from report_station_hours where ${where} group by 1, 2 order by 4 desc, 2`,
    ),
    rolledUpAt(db),
  ]);
  const dayList = daysOf(q.from, q.to);
  const dayIndex = new Map(dayList.map((d, i) => [d, i]));
  const stations = q.station ? [q.station] : [...REPORT_STATIONS];
  const byHour = Object.fromEntries(stations.map((s) => [s, zeros(24)])) as Record<ReportStation, number[]>;
  const byDay = Object.fromEntries(stations.map((s) => [s, zeros(dayList.length)])) as Record<ReportStation, number[]>;
  for (const r of hours) byHour[r.station][r.hour] += r.scans;
  for (const r of days) byDay[r.station][dayIndex.get(r.day)!] += r.scans;
  return {
    from: q.from,
    to: q.to,
    rolledUpAt: at,
    byHour,
    days: dayList,
    byDay,
    workers: workers.map((w) => {
      return {
        station: w.station,
        actorId: w.actor_id,
        actorName: w.actor_name,
        scans: w.scans,
        activeHours: w.active_hours,
        busySeconds: w.busy,
        idleSeconds: w.idle,
        perBusyHour: w.busy > 0 ? Math.round((w.scans / w.busy) * 3600 * 10) / 10 : null,
        // Busy time less the run-starting steps' minimum is the sum of the in-run gaps.
        meanGapSeconds: w.busy_gaps > 0 ? Math.round((w.busy - STATION_STEP_MIN_S * (w.scans - w.busy_gaps)) / w.busy_gaps) : null,
      };
    }),
  };
}
