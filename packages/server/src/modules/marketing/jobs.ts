import crypto from 'node:crypto';
import os from 'node:os';
import { and, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CrowdFilter } from '@waystation/shared/contract/marketing';
import { type Db, queryRows } from '../../db';
import { couponGrants, coupons, couponSendBatches, marketingJobs, memberProfiles, members } from '../../db/schema';
import { offsetOf } from '../../core/paging';
import { AppError } from '../../core/errors';
import { crowdMembers } from './common';
import { grantLocked, lockCoupon } from './grants';

/**
 * The marketing job runner. Jobs live in marketing_jobs: scheduling inserts a job under a unique key (so each
 * cycle period, expiry sweep or new-member sweep exists once however many servers schedule it), a runner claims a
 * due job with FOR UPDATE SKIP LOCKED and a lease, and a job whose lease ran out (its runner crashed) is claimed
 * again. Every job is idempotent — grants carry unique keys — so a retried or doubled run never issues twice.
 */

export type JobRow = typeof marketingJobs.$inferSelect;

const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const CHUNK = 500;
const DAY = 86_400_000;
const OFFSET = 8 * 3600_000; // business time is Asia/Shanghai (UTC+8, no daylight saving)

/** The current period of a cycle coupon and the moment it issues (business time), or null before it starts. */
export function cyclePeriod(c: { cycleType: string | null; cycleDay: number | null }, now: Date): { period: string; issueAt: Date } {
  const local = new Date(now.getTime() + OFFSET);
  const day = c.cycleDay ?? 1;
  if (c.cycleType === 'weekly') {
    const weekday = (local.getUTCDay() + 6) % 7; // Monday = 0
    const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - weekday * DAY;
    return { period: `W${new Date(monday).toISOString().slice(0, 10)}`, issueAt: new Date(monday + (day - 1) * DAY - OFFSET) };
  }
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return { period: `M${y}-${String(m + 1).padStart(2, '0')}`, issueAt: new Date(Date.UTC(y, m, day) - OFFSET) };
}

async function enqueue(db: Db, kind: string, key: string, payload: object, runAt: Date, now: Date): Promise<void> {
  await db.insert(marketingJobs).values({ kind, key, payload, runAt, createdAt: now }).onConflictDoNothing({ target: marketingJobs.key });
}

/** Creates the jobs that are due by now (each exactly once, by its unique key). */
export async function scheduleJobs(db: Db, now: Date): Promise<void> {
  const cycles = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.kind, 'cycle'), eq(coupons.status, 'activity'), lte(coupons.cycleStart, now), or(sql`${coupons.cycleEnd} is null`, sql`${coupons.cycleEnd} > ${now}`)));
  for (const c of cycles) {
    const { period, issueAt } = cyclePeriod(c, now);
    if (issueAt > now || issueAt < c.cycleStart!) continue;
    await enqueue(db, 'cycleIssue', `cycleIssue:${c.id}:${period}`, { couponId: c.id, period }, issueAt, now);
  }
  const hour = now.toISOString().slice(0, 13);
  await enqueue(db, 'expire', `expire:${hour}`, {}, now, now);
  const slot = new Date(Math.floor(now.getTime() / 300_000) * 300_000).toISOString().slice(0, 16);
  await enqueue(db, 'newUser', `newUser:${slot}`, {}, now, now);
}

/** Claims one due job (or one whose lease expired) for `runnerId`; null when none is due. */
export async function claimJob(db: Db, runnerId: string, now: Date): Promise<JobRow | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`update marketing_jobs set status = 'running', locked_by = ${runnerId}, locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
        where id = (
          select id from marketing_jobs
          where (status = 'pending' and run_at <= ${now.toISOString()}::timestamptz)
             or (status = 'running' and locked_until < ${now.toISOString()}::timestamptz)
          order by run_at, id limit 1 for update skip locked)
        returning id`,
  );
  if (!rows.length) return null;
  const [job] = await db.select().from(marketingJobs).where(eq(marketingJobs.id, Number(rows[0].id)));
  return job;
}

/** Issues a cycle coupon's period to its segment, chunk by chunk; each chunk is one transaction and idempotent. */
async function runCycleIssue(db: Db, job: JobRow, now: Date, heartbeat: () => Promise<void>) {
  const { couponId, period } = job.payload as { couponId: number; period: string };
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!coupon || coupon.status !== 'activity') return { skipped: 'coupon disabled' };
  const requestId = `cycle:${couponId}:${period}`;
  await db
    .insert(couponSendBatches)
    .values({ couponId, sourceType: 'crowdSelectGrant', requestId, filter: { cycle: period, segment: coupon.segment }, quantity: coupon.cycleQuantity ?? 1, createdAt: now, operatorName: 'system' })
    .onConflictDoNothing({ target: couponSendBatches.requestId });
  const [batch] = await db.select().from(couponSendBatches).where(eq(couponSendBatches.requestId, requestId));
  let afterId = 0;
  let granted = 0;
  let targets = 0;
  for (;;) {
    const chunk = await crowdMembers(db, coupon.segment as CrowdFilter, { afterId, limit: CHUNK });
    if (!chunk.length) break;
    targets += chunk.length;
    afterId = chunk[chunk.length - 1].id;
    const out = await db.transaction(async (tx) => {
      const locked = await lockCoupon(tx, couponId, now);
      return grantLocked(tx, locked, chunk, {
        sourceType: 'crowdSelectGrant', quantity: locked.cycleQuantity ?? 1, keyOf: (memberId, n) => `cycle:${couponId}:${period}:${memberId}:${n}`,
        batchId: batch.id, operator: { id: null, name: 'system', ip: '' }, enforceLimit: false,
      }, now);
    });
    granted += out.granted.length;
    await heartbeat();
  }
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(couponGrants).where(eq(couponGrants.batchId, batch.id));
  await db.update(couponSendBatches).set({ grantedCount: n, targetCount: targets }).where(eq(couponSendBatches.id, batch.id));
  return { period, targets, granted, total: n };
}

/** Unused coupons past their validity become disabled (discarded) with the reason 已过期. */
async function runExpire(db: Db, now: Date) {
  // Finished jobs are kept 30 days for the job list, then dropped (their keys are never due again).
  await db.delete(marketingJobs).where(and(eq(marketingJobs.status, 'done'), lt(marketingJobs.finishedAt, new Date(now.getTime() - 30 * DAY))));
  const rows = await db
    .update(couponGrants)
    .set({ status: 'disabled', disabledAt: now, disabledReason: '已过期' })
    .where(and(eq(couponGrants.status, 'activity'), lt(couponGrants.validTo, now)))
    .returning({ id: couponGrants.id });
  return { expired: rows.length };
}

/** Grants new-member coupons to members who registered while the coupon was on and have not had it yet. */
async function runNewUser(db: Db, now: Date) {
  const list = await db.select().from(coupons).where(and(eq(coupons.newUser, true), eq(coupons.status, 'activity'), eq(coupons.kind, 'const')));
  let granted = 0;
  const refused: { couponId: number; reason: string }[] = [];
  for (const c of list) {
    if (c.validityType === 'fixed' && c.validTo && c.validTo <= now) continue;
    let afterId = 0;
    for (;;) {
      const chunk = await db
        .select({ id: members.id, userCode: members.userCode, levelId: memberProfiles.levelId })
        .from(members)
        .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
        .where(and(
          eq(members.status, 'activity'),
          sql`${members.id} > ${afterId}`,
          sql`${members.createdAt} >= ${c.createdAt.toISOString()}::timestamptz`,
          sql`not exists (select 1 from coupon_grants g where g.coupon_id = ${c.id} and g.member_id = ${members.id} and g.source_type = 'newUser')`,
        ))
        .orderBy(members.id)
        .limit(CHUNK);
      if (!chunk.length) break;
      afterId = chunk[chunk.length - 1].id;
      let out;
      try {
        out = await db.transaction(async (tx) => {
          const locked = await lockCoupon(tx, c.id, now);
          return grantLocked(tx, locked, chunk, {
            sourceType: 'newUser', quantity: 1, keyOf: (memberId) => `newUser:${c.id}:${memberId}`, operator: { id: null, name: 'system', ip: '' }, enforceLimit: false,
          }, now);
        });
      } catch (err) {
        // Out of stock or switched off meanwhile: this coupon is done for now; the other coupons still run.
        if (err instanceof AppError) {
          refused.push({ couponId: c.id, reason: err.message });
          break;
        }
        throw err;
      }
      granted += out.granted.length;
    }
  }
  return { granted, refused };
}

async function runJob(db: Db, job: JobRow, now: Date, heartbeat: () => Promise<void>): Promise<unknown> {
  if (job.kind === 'cycleIssue') return runCycleIssue(db, job, now, heartbeat);
  if (job.kind === 'expire') return runExpire(db, now);
  if (job.kind === 'newUser') return runNewUser(db, now);
  throw new Error(`unknown job kind ${job.kind}`);
}

/** Runs one claimed job and records its end; a failure is retried later with back-off, up to MAX_ATTEMPTS. */
export async function executeJob(db: Db, job: JobRow, runnerId: string, now: () => Date): Promise<void> {
  // A long job extends its lease as it goes, so no other runner takes it over while it is still alive.
  const heartbeat = async () => {
    await db
      .update(marketingJobs)
      .set({ lockedUntil: new Date(now().getTime() + LEASE_MS) })
      .where(and(eq(marketingJobs.id, job.id), eq(marketingJobs.lockedBy, runnerId), eq(marketingJobs.status, 'running')));
  };
  try {
    const result = await runJob(db, job, now(), heartbeat);
    await db
      .update(marketingJobs)
      .set({ status: 'done', result: result ?? null, finishedAt: now(), lockedUntil: null, lastError: '' })
      .where(and(eq(marketingJobs.id, job.id), eq(marketingJobs.lockedBy, runnerId)));
  } catch (err) {
    const failed = job.attempts >= MAX_ATTEMPTS;
    await db
      .update(marketingJobs)
      .set({
        status: failed ? 'failed' : 'pending', lastError: (err as Error).message.slice(0, 500), lockedUntil: null,
        runAt: new Date(now().getTime() + 60_000 * 2 ** Math.min(job.attempts, 6)), finishedAt: failed ? now() : null,
      })
      .where(and(eq(marketingJobs.id, job.id), eq(marketingJobs.lockedBy, runnerId)));
  }
}

/** Schedules, then runs due jobs until none is left (at most `max`); returns how many ran. */
export async function runDueJobs(db: Db, now: () => Date, runnerId: string, max = 50): Promise<number> {
  await scheduleJobs(db, now());
  let ran = 0;
  while (ran < max) {
    const job = await claimJob(db, runnerId, now());
    if (!job) break;
    await executeJob(db, job, runnerId, now);
    ran++;
  }
  return ran;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Starts the runner of this server: every `intervalMs` it schedules and runs due jobs. `stop()` waits for the
 * job in hand and ends the loop (graceful shutdown); tests start a runner only when they test it.
 */
export function startJobRunner(db: Db, now: () => Date, opts: { intervalMs?: number; log?: (err: unknown) => void } = {}): JobRunner {
  const runnerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(db, now, runnerId).catch((err) => opts.log?.(err));
  };
  const timer = setInterval(tick, opts.intervalMs ?? 30_000);
  timer.unref();
  setTimeout(tick, 1_000).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The runner's recent jobs, newest first. */
export async function listJobs(db: Db, q: { page: number; limit: number; kind?: string; status?: string }) {
  const where: SQL[] = [];
  if (q.kind) where.push(eq(marketingJobs.kind, q.kind));
  if (q.status) where.push(eq(marketingJobs.status, q.status));
  const filter = and(...where);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(marketingJobs).where(filter);
  const rows = await db.select().from(marketingJobs).where(filter).orderBy(desc(marketingJobs.id)).limit(q.limit).offset(offsetOf(q.page, q.limit));
  return {
    total: n,
    list: rows.map((r) => ({
      id: r.id, kind: r.kind, key: r.key, status: r.status as 'pending' | 'running' | 'done' | 'failed', attempts: r.attempts, runAt: r.runAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null, lastError: r.lastError, result: r.result,
    })),
  };
}

