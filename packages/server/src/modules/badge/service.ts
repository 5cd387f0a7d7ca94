import { BADGE_FIELDS, FLAT_ROUTES, type BadgeKey } from '@waystation/shared/menu';
import type { TaskNumResult } from '@waystation/shared/contract/badge';
import type { Db } from '../../db';
import type { Caller } from '../../core/auth';

/** Counts one work queue. Domains register theirs when they are built; a queue without one is absent. */
export type BadgeCounter = (db: Db) => Promise<number>;

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

  register(key: BadgeKey, counter: BadgeCounter): void {
    this.counters.set(key, counter);
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
