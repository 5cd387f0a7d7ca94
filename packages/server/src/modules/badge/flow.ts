import { sql } from 'drizzle-orm';
import { FLOW_DAYS, type DailyFlow } from '@waystation/shared/contract/badge';
import { FLAT_ROUTES } from '@waystation/shared/menu';
import { type Db, queryRows } from '../../db';
import type { Caller } from '../../core/auth';

const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000; // business days are Asia/Shanghai (UTC+8, no daylight saving)
const businessDay = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The warehouse pages: whoever opens one sees the warehouse's daily flow. */
const WAREHOUSE_PATHS = FLAT_ROUTES.filter((r) => r.route.component.startsWith('warehouse/')).map((r) => r.fullPath);
export const maySeeFlow = (caller: Caller) => caller.allRoutes || WAREHOUSE_PATHS.some((p) => caller.routes.has(p));

/**
 * Per business day over the last FLOW_DAYS days: parcels received (items scanned in), items shelved, packages shipped.
 * Each count is one indexed range scan grouped by day.
 */
export async function dailyFlow(db: Db, now: Date): Promise<DailyFlow> {
  const today = businessDay(now);
  const first = new Date(Date.parse(`${today}T00:00:00+08:00`) - (FLOW_DAYS - 1) * DAY_MS);
  const days = Array.from({ length: FLOW_DAYS }, (_, i) => businessDay(new Date(first.getTime() + i * DAY_MS)));
  const perDay = async (table: string, column: string) => {
    const col = sql.raw(column);
    const rows = await queryRows<{ day: string; n: number }>(
      db,
      sql`select to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day, count(*)::int as n
          from ${sql.raw(table)} where ${col} >= ${first.toISOString()}::timestamptz and ${col} <= ${now.toISOString()}::timestamptz
          group by 1`,
    );
    const byDay = new Map(rows.map((r) => [r.day, r.n]));
    return days.map((d) => byDay.get(d) ?? 0);
  };
  const [received, shelved, shipped] = await Promise.all([
    perDay('warehouse_items', 'created_at'),
    perDay('warehouse_items', 'shelved_at'),
    perDay('packages', 'shipped_at'),
  ]);
  return { days, received, shelved, shipped };
}
