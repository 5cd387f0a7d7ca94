import fs from 'node:fs';
import path from 'node:path';
import { and, eq, lte, sql } from 'drizzle-orm';
import { type Database, type Db, MIGRATIONS_DIR, queryRows } from '../../db';
import { backupRuns, eventDeliveries, jobs } from '../../db/schema';
import { pumpBacklog } from '../notification/events';

/** Whether this server should be sent traffic: its database answers, every migration is applied, it is not shutting down. */
export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown'; shuttingDown: boolean };
}

const journalLength = (() => {
  let n: number | undefined;
  return () => (n ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length);
})();

export async function readiness(db: Db, shuttingDown: boolean): Promise<Readiness> {
  let database: Readiness['checks']['database'] = 'ok';
  let migrations: Readiness['checks']['migrations'] = 'unknown';
  try {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    migrations = (row?.n ?? 0) >= journalLength() ? 'ok' : 'pending';
  } catch {
    database = 'unreachable';
  }
  return { ready: database === 'ok' && migrations === 'ok' && !shuttingDown, checks: { database, migrations, shuttingDown } };
}

/** The figures an operator watches that live in the database (read at each scrape, so every server reports the same). */
export interface OperationsSnapshot {
  jobsPending: number;
  /** Seconds the oldest due job has waited past its time (0 when none is late). */
  jobsLagSeconds: number;
  jobsFailed: number;
  outboxBacklog: number;
  /** Seconds the oldest event not yet fanned out has waited: the event delivery lag. */
  outboxLagSeconds: number;
  deliveriesPending: number;
  /** Seconds the oldest due delivery has waited past its attempt time. */
  deliveriesLagSeconds: number;
  deliveriesFailed: number;
  /** The last backup that ended ok (Unix seconds), or null when none has. */
  backupLastSuccess: number | null;
}

const ageSeconds = (now: Date, at: string | Date | null | undefined) => (at ? Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000) : 0);

export async function operationsSnapshot(db: Db, now: Date): Promise<OperationsSnapshot> {
  const count = sql<number>`count(*)::int`;
  const [[jobsDue], [jobsFailed], backlog, [deliveries], [deliveriesFailed], [backup]] = await Promise.all([
    db
      .select({ n: count, oldest: sql<string | null>`min(${jobs.runAt})` })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now))),
    db.select({ n: count }).from(jobs).where(eq(jobs.status, 'failed')),
    pumpBacklog(db, now),
    db
      .select({ n: count, oldest: sql<string | null>`min(${eventDeliveries.nextAttemptAt})` })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.status, 'pending'), lte(eventDeliveries.nextAttemptAt, now))),
    db.select({ n: count }).from(eventDeliveries).where(eq(eventDeliveries.status, 'failed')),
    db
      .select({ at: sql<string | null>`max(${backupRuns.finishedAt})` })
      .from(backupRuns)
      .where(eq(backupRuns.status, 'ok')),
  ]);
  return {
    jobsPending: jobsDue?.n ?? 0,
    jobsLagSeconds: ageSeconds(now, jobsDue?.oldest),
    jobsFailed: jobsFailed?.n ?? 0,
    outboxBacklog: backlog.pending,
    outboxLagSeconds: backlog.oldestAgeMs / 1000,
    deliveriesPending: deliveries?.n ?? 0,
    deliveriesLagSeconds: ageSeconds(now, deliveries?.oldest),
    deliveriesFailed: deliveriesFailed?.n ?? 0,
    backupLastSuccess: backup?.at ? new Date(backup.at).getTime() / 1000 : null,
  };
}

/** What the operations routes read of a server's database. */
export const operationsOf = (database: Database) => ({
  readiness: (shuttingDown: boolean) => readiness(database.db, shuttingDown),
  snapshot: (now: Date) => operationsSnapshot(database.db, now),
  poolStats: () => database.poolStats?.(),
});
export type Operations = ReturnType<typeof operationsOf>;
