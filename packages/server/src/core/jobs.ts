import crypto from 'node:crypto';
import os from 'node:os';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../db';
import { jobs } from '../db/schema';
import { filters, offsetPage } from './paging';

/**
 * The job runner every domain's scheduled work shares. Jobs live in the `jobs` table: scheduling inserts a job under a
 * unique key (so each period's job exists once however many servers schedule it), a runner claims a due job with
 * FOR UPDATE SKIP LOCKED and a lease, and a job whose lease ran out (its runner crashed) is claimed again. Jobs must
 * be idempotent (their effects carry unique keys), so a retried or doubled run never does the work twice.
 */

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  db: Db;
  /** The time now (the injected clock), read afresh at each call. */
  now: () => Date;
  /** Extends the lease while a long job is still alive. */
  heartbeat: () => Promise<void>;
}

/** What a domain runs for one kind of job. */
export interface JobKind {
  kind: string;
  /** How long a claim holds before another runner may take the job over (default 5 minutes). */
  leaseMs?: number;
  run(job: JobRow, ctx: JobContext): Promise<unknown>;
}

/** A domain's jobs: the kinds it runs and how it creates the due ones (each by its unique key). */
export interface JobSet {
  kinds: JobKind[];
  schedule?: (db: Db, now: Date) => Promise<void>;
}

const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const KEEP_FINISHED_MS = 30 * 86_400_000;

/** Creates a job unless one with its key exists; returns whether it was created. */
export async function enqueueJob(db: Db, job: { kind: string; key: string; payload?: object; runAt: Date }, now: Date): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, payload: job.payload ?? {}, runAt: job.runAt, createdAt: now })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The key of a periodic job: its kind and the UTC hour or day it belongs to (one job per period, however many servers). */
export const periodKey = (kind: string, period: 'hour' | 'day', now: Date) => `${kind}:${now.toISOString().slice(0, period === 'hour' ? 13 : 10)}`;

/** A job set of one kind that runs once per UTC hour or day. */
export function periodicJob(kind: string, period: 'hour' | 'day', run: JobKind['run']): JobSet {
  return {
    kinds: [{ kind, run }],
    schedule: async (db, now) => {
      await enqueueJob(db, { kind, key: periodKey(kind, period, now), runAt: now }, now);
    },
  };
}

/** Finished jobs are kept 30 days for the job lists, then dropped (their keys are never due again). */
const housekeeping: JobSet = periodicJob('jobs.prune', 'day', async (_job, { db, now }) => {
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now().getTime() - KEEP_FINISHED_MS))))
    .returning({ id: jobs.id });
  return { pruned: gone.length };
});

/** The embedded database's hourly VACUUM (ANALYZE) (Database.maintain), as a job so one runner does it per hour. */
export const databaseMaintenanceJobs = (maintain: () => Promise<void>): JobSet => periodicJob('db.maintain', 'hour', async () => void (await maintain()));

const kindList = (kinds: string[]): SQL =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/**
 * Claims one due job of these kinds (or one whose lease expired) for `runnerId`; null when none is due. With `key`,
 * only that job (a request asked for it to run now).
 */
export async function claimJob(db: Db, runnerId: string, now: Date, o: { kinds: string[]; key?: string }): Promise<JobRow | null> {
  if (!o.kinds.length) return null;
  const until = new Date(now.getTime() + LEASE_MS);
  const at = now.toISOString();
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`update jobs set status = 'running', locked_by = ${runnerId}, locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
        where id = (
          select id from jobs
          where kind in (${kindList(o.kinds)}) ${o.key ? sql`and key = ${o.key}` : sql``}
            and ((status = 'pending' and run_at <= ${at}::timestamptz) or (status = 'running' and locked_until < ${at}::timestamptz))
          order by run_at, id limit 1 for update skip locked)
        returning id`,
  );
  if (!rows.length) return null;
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, Number(rows[0].id)));
  return job;
}

/** Runs one claimed job and records its end; a failure is retried later with back-off, up to MAX_ATTEMPTS. */
export async function executeJob(db: Db, job: JobRow, runnerId: string, now: () => Date, kinds: JobKind[]): Promise<void> {
  const handler = kinds.find((k) => k.kind === job.kind);
  const leaseMs = handler?.leaseMs ?? LEASE_MS;
  const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, runnerId));
  // A long job extends its lease as it goes, so no other runner takes it over while it is still alive.
  const heartbeat = async () => {
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(now().getTime() + leaseMs) })
      .where(and(mine, eq(jobs.status, 'running')));
  };
  try {
    if (!handler) throw new Error(`unknown job kind ${job.kind}`);
    if (leaseMs !== LEASE_MS) await heartbeat();
    const result = await handler.run(job, { db, now, heartbeat });
    await db
      .update(jobs)
      .set({ status: 'done', result: result ?? null, finishedAt: now(), lockedUntil: null, lastError: '' })
      .where(mine);
  } catch (err) {
    const failed = job.attempts >= MAX_ATTEMPTS;
    await db
      .update(jobs)
      .set({
        status: failed ? 'failed' : 'pending',
        lastError: (err as Error).message.slice(0, 500),
        lockedUntil: null,
        runAt: new Date(now().getTime() + 60_000 * 2 ** Math.min(job.attempts, 6)),
        finishedAt: failed ? now() : null,
      })
      .where(mine);
  }
}

/** Schedules, then runs due jobs of these sets until none is left (at most `max`); returns how many ran. */
export async function runDueJobs(db: Db, now: () => Date, runnerId: string, sets: JobSet[], max = 50): Promise<number> {
  for (const set of sets) await set.schedule?.(db, now());
  const kinds = sets.flatMap((s) => s.kinds);
  const names = kinds.map((k) => k.kind);
  let ran = 0;
  while (ran < max) {
    const job = await claimJob(db, runnerId, now(), { kinds: names });
    if (!job) break;
    await executeJob(db, job, runnerId, now, kinds);
    ran++;
  }
  return ran;
}

export interface JobRunner {
  /** Starts the timer (every `intervalMs` it schedules and runs due jobs); servers do, tests only when they test it. */
  start(opts?: { intervalMs?: number; log?: (err: unknown) => void }): void;
  /** Runs the job with this key now, in this process, if it is due and nobody holds it (a person asked for it). */
  runNow(key: string): Promise<void>;
  /** Resolves when the work in hand (a tick, jobs run now) has ended. */
  settled(): Promise<void>;
  /** Stops the timer and waits for the work in hand (graceful shutdown). */
  stop(): Promise<void>;
}

/** This server's runner over every domain's job sets (the housekeeping set included). */
export function createJobRunner(db: Db, now: () => Date, domainSets: JobSet[], o: { log?: (err: unknown) => void } = {}): JobRunner {
  const sets = [housekeeping, ...domainSets];
  const kinds = sets.flatMap((s) => s.kinds);
  const runnerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  let stopped = false;
  let log = o.log;
  let timer: NodeJS.Timeout | undefined;
  const inHand = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const tracked = p.catch((err) => log?.(err)).finally(() => inHand.delete(tracked));
    inHand.add(tracked);
    return tracked;
  };
  let ticking: Promise<unknown> | null = null;
  const tick = () => {
    if (stopped || ticking) return;
    ticking = track(runDueJobs(db, now, runnerId, sets)).finally(() => (ticking = null));
  };
  const settled = async () => {
    while (inHand.size) await Promise.all([...inHand]);
  };
  return {
    start(opts = {}) {
      if (opts.log) log = opts.log;
      timer = setInterval(tick, opts.intervalMs ?? 30_000);
      timer.unref();
      setTimeout(tick, Math.min(1_000, opts.intervalMs ?? 1_000)).unref();
    },
    async runNow(key) {
      if (stopped) return;
      await track(
        (async () => {
          const job = await claimJob(db, runnerId, now(), { kinds: kinds.map((k) => k.kind), key });
          if (job) await executeJob(db, job, runnerId, now, kinds);
        })(),
      );
    },
    settled,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await settled();
    },
  };
}

/** Recent jobs of some kinds, newest first (a domain's job list). */
export async function listJobs(db: Db, q: { page: number; limit: number; kinds: string[]; kind?: string; status?: string }) {
  const { rows, total } = await offsetPage(db, {
    table: jobs,
    select: db.select().from(jobs).$dynamic(),
    filter: [inArray(jobs.kind, q.kinds), ...filters(q, { kind: (k) => eq(jobs.kind, k), status: (s) => eq(jobs.status, s) })],
    orderBy: [desc(jobs.id)],
    q,
  });
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      key: r.key,
      status: r.status as 'pending' | 'running' | 'done' | 'failed',
      attempts: r.attempts,
      runAt: r.runAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      lastError: r.lastError,
      result: r.result,
    })),
  };
}
