import { and, eq, inArray, sql } from 'drizzle-orm';
import { BADGE_FIELDS, FLAT_ROUTES, type BadgeKey } from '@waystation/shared/menu';
import { QUEUE_SLA_HOURS, type QueueAge, slaParamKey, type TaskNumResult } from '@waystation/shared/contract/badge';
import { type Db, queryRows } from '../../db';
import { params } from '../../db/schema';
import type { Caller } from '../../core/auth';

/** Counts one work queue. Domains register theirs when they are built; a queue without one is absent. */
export type BadgeCounter = (db: Db) => Promise<number>;

/** A queue's oldest waiting item (when its clock started) and how many started before `cutoff` (past the SLA). */
export type QueueAger = (db: Db, cutoff: Date) => Promise<{ oldest: Date | null; over: number }>;

/**
 * The ager of a queue that is "rows of `table` matching `where`, each aged from `since`" (trusted SQL from the
 * registering domain, never input): one statement, min and a filtered count.
 */
export const agedRows =
  (table: string, since: string, where: ReturnType<typeof sql>): QueueAger =>
  async (db, cutoff) => {
    const clock = sql.raw(since);
    const [r] = await queryRows<{ oldest: string | Date | null; over: number }>(
      db,
      sql`select min(${clock}) as oldest, (count(*) filter (where ${clock} < ${cutoff.toISOString()}::timestamptz))::int as over
          from ${sql.raw(table)} where ${where}`,
    );
    return { oldest: r?.oldest ? new Date(r.oldest) : null, over: r?.over ?? 0 };
  };

const BADGE_ROUTES = new Map<BadgeKey, string[]>();
for (const r of FLAT_ROUTES) {
  if (r.route.badge) BADGE_ROUTES.set(r.route.badge, [...(BADGE_ROUTES.get(r.route.badge) ?? []), r.fullPath]);
}

/** A caller sees a queue's count only when a route showing that badge is granted to them. */
function mayCount(caller: Caller, key: BadgeKey): boolean {
  return caller.allRoutes || (BADGE_ROUTES.get(key) ?? []).some((p) => caller.routes.has(p));
}

export class BadgeRegistry {
  private readonly counters = new Map<BadgeKey, BadgeCounter>();
  private readonly agers = new Map<BadgeKey, QueueAger>();

  register(key: BadgeKey, counter: BadgeCounter, ager?: QueueAger): void {
    this.counters.set(key, counter);
    if (ager) this.agers.set(key, ager);
  }

  /** Each aged queue the caller sees: its oldest item and the count past its SLA (settings override the defaults). */
  async ages(db: Db, caller: Caller, now: Date): Promise<QueueAge[]> {
    const keys = [...this.agers.keys()].filter((k) => mayCount(caller, k));
    if (!keys.length) return [];
    const set = await db
      .select({ key: params.paramKey, value: params.paramValue })
      .from(params)
      .where(and(inArray(params.paramKey, keys.map(slaParamKey)), eq(params.status, 'activity')));
    const out: QueueAge[] = [];
    for (const key of keys) {
      const configured = Number(set.find((p) => p.key === slaParamKey(key))?.value);
      const slaHours = Number.isFinite(configured) && configured > 0 ? configured : QUEUE_SLA_HOURS[key];
      const { oldest, over } = await this.agers.get(key)!(db, new Date(now.getTime() - slaHours * 3_600_000));
      const waitedMinutes = oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 60_000)) : 0;
      out.push({ key, oldestTime: oldest?.toISOString() ?? null, waitedMinutes, overSla: over, slaHours });
    }
    return out;
  }

  /** SPEC §3 part B fields for every registered queue the caller may see. */
  async all(db: Db, caller: Caller): Promise<TaskNumResult> {
    const out: Record<string, number> = {};
    for (const [key, counter] of this.counters) {
      if (mayCount(caller, key)) out[BADGE_FIELDS[key]] = await counter(db);
    }
    return out as TaskNumResult;
  }

  async one(db: Db, caller: Caller, key: BadgeKey): Promise<number> {
    const counter = this.counters.get(key);
    if (!counter || !mayCount(caller, key)) return 0;
    return counter(db);
  }
}
