import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import type { Db } from '../../db';
import { couponGrants, coupons, couponSendBatches, memberProfiles, members } from '../../db/schema';
import { AppError } from '../../core/errors';
import { enqueueJob, type JobRow, type JobSet, periodKey } from '../../core/jobs';
import { crowdMembers } from './common';
import { type GrantOutcome, grantLocked, lockCoupon } from './grants';
import { isActive } from '../../core/status';

/**
 * Marketing's scheduled work on the shared job runner (core/jobs.ts): cycle coupons issue once per period, unused
 * coupons expire, new members get their coupons. Every job is idempotent — grants carry unique keys — so a retried
 * or doubled run never issues twice.
 */

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

const enqueue = (db: Db, kind: string, key: string, payload: object, runAt: Date, now: Date) => enqueueJob(db, { kind, key, payload, runAt }, now);

/** Creates the jobs that are due by now (each exactly once, by its unique key). */
export async function scheduleJobs(db: Db, now: Date): Promise<void> {
  const cycles = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.kind, 'cycle'),
        eq(coupons.status, 'activity'),
        lte(coupons.cycleStart, now),
        or(sql`${coupons.cycleEnd} is null`, sql`${coupons.cycleEnd} > ${now}`),
      ),
    );
  for (const c of cycles) {
    const { period, issueAt } = cyclePeriod(c, now);
    if (issueAt > now || issueAt < c.cycleStart!) continue;
    await enqueue(db, 'cycleIssue', `cycleIssue:${c.id}:${period}`, { couponId: c.id, period }, issueAt, now);
  }
  await enqueue(db, 'expire', periodKey('expire', 'hour', now), {}, now, now);
  const slot = new Date(Math.floor(now.getTime() / 300_000) * 300_000).toISOString().slice(0, 16);
  await enqueue(db, 'newUser', `newUser:${slot}`, {}, now, now);
}

/** Issues a cycle coupon's period to its segment, chunk by chunk; each chunk is one transaction and idempotent. */
async function runCycleIssue(db: Db, job: JobRow, now: Date, heartbeat: () => Promise<void>) {
  const { couponId, period } = job.payload as { couponId: number; period: string };
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!isActive(coupon)) return { skipped: 'coupon disabled' };
  const requestId = `cycle:${couponId}:${period}`;
  await db
    .insert(couponSendBatches)
    .values({
      couponId,
      sourceType: 'crowdSelectGrant',
      requestId,
      filter: { cycle: period, segment: coupon.segment },
      quantity: coupon.cycleQuantity ?? 1,
      createdAt: now,
      operatorName: 'system',
    })
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
      return grantLocked(
        tx,
        locked,
        chunk,
        {
          sourceType: 'crowdSelectGrant',
          quantity: locked.cycleQuantity ?? 1,
          keyOf: (memberId, n) => `cycle:${couponId}:${period}:${memberId}:${n}`,
          batchId: batch.id,
          operator: { id: null, name: 'system', ip: '' },
          enforceLimit: false,
        },
        now,
      );
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
  const rows = await db
    .update(couponGrants)
    .set({ status: 'disabled', disabledAt: now, disabledReason: '已过期' })
    .where(and(eq(couponGrants.status, 'activity'), lt(couponGrants.validTo, now)))
    .returning({ id: couponGrants.id });
  return { expired: rows.length };
}

/** Grants new-member coupons to members who registered while the coupon was on and have not had it yet. */
async function runNewUser(db: Db, now: Date) {
  const list = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.newUser, true), eq(coupons.status, 'activity'), eq(coupons.kind, 'const')));
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
        .where(
          and(
            eq(members.status, 'activity'),
            sql`${members.id} > ${afterId}`,
            sql`${members.createdAt} >= ${c.createdAt.toISOString()}::timestamptz`,
            sql`not exists (select 1 from coupon_grants g where g.coupon_id = ${c.id} and g.member_id = ${members.id} and g.source_type = 'newUser')`,
          ),
        )
        .orderBy(members.id)
        .limit(CHUNK);
      if (!chunk.length) break;
      afterId = chunk[chunk.length - 1].id;
      let out: GrantOutcome;
      try {
        out = await db.transaction(async (tx) => {
          const locked = await lockCoupon(tx, c.id, now);
          return grantLocked(
            tx,
            locked,
            chunk,
            {
              sourceType: 'newUser',
              quantity: 1,
              keyOf: (memberId) => `newUser:${c.id}:${memberId}`,
              operator: { id: null, name: 'system', ip: '' },
              enforceLimit: false,
            },
            now,
          );
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

/** Marketing's job kinds and schedule, for the shared runner. */
export const MARKETING_JOBS: JobSet = {
  schedule: scheduleJobs,
  kinds: [
    { kind: 'cycleIssue', run: (job, { db, now, heartbeat }) => runCycleIssue(db, job, now(), heartbeat) },
    { kind: 'expire', run: (_job, { db, now }) => runExpire(db, now()) },
    { kind: 'newUser', run: (_job, { db, now }) => runNewUser(db, now()) },
  ],
};
export const MARKETING_JOB_KINDS = MARKETING_JOBS.kinds.map((k) => k.kind);
