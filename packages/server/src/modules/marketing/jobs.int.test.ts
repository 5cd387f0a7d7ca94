import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponGrants, coupons, jobs } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember } from '../../testing/factories/money-people';
import * as runner from '../../core/jobs';
import { cyclePeriod, MARKETING_JOB_KINDS, MARKETING_JOBS, scheduleJobs } from './jobs';

// Marketing's jobs on the shared runner.
const runDueJobs = (db: TestApp['db'], now: () => Date, runnerId: string) => runner.runDueJobs(db, now, runnerId, [MARKETING_JOBS]);
const claimJob = (db: TestApp['db'], runnerId: string, now: Date) => runner.claimJob(db, runnerId, now, { kinds: MARKETING_JOB_KINDS });
const executeJob = (db: TestApp['db'], job: runner.JobRow, runnerId: string, now: () => Date) =>
  runner.executeJob(db, job, runnerId, now, MARKETING_JOBS.kinds);

let t: TestApp;
let mk: string;
let seq = 0;
const rid = () => `jb-${process.pid}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  // Start after the template's real-time demo members, on a Monday 10:00 business time.
  const target = Date.parse('2027-03-01T02:00:00Z');
  t.clock.advance(target - t.clock.now().getTime());
  mk = await t.login('marketing1', DEMO_PASSWORD);
});
afterAll(() => t.close());

const post = <T = unknown>(url: string, body: unknown) => t.call<T>('POST', url, { token: mk, body });

async function cycleCoupon(segment: object, over: Record<string, unknown> = {}): Promise<number> {
  const res = await post<{ id: number }>('/api/marketing/coupon/saveCycle', {
    name: `月度券 ${++seq}`,
    discountType: 'amount',
    amount: '3',
    minSpend: '0',
    scope: 'shipping',
    validityType: 'days',
    validDays: 30,
    totalStock: null,
    cycleType: 'monthly',
    cycleDay: 1,
    cycleQuantity: 2,
    cycleStart: '2027-02-01T00:00:00Z',
    segment,
    ...over,
  });
  if (res.code !== 20000) throw new Error(`saveCycle ${res.code} ${res.message}`);
  return res.data.id;
}

const grantsOf = (couponId: number) => t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId));

describe('cycle periods', () => {
  it('weekly and monthly periods in business time (UTC+8)', () => {
    // 2027-03-07 20:00 UTC is Monday 2027-03-08 04:00 in Shanghai.
    const at = new Date('2027-03-07T20:00:00Z');
    expect(cyclePeriod({ cycleType: 'weekly', cycleDay: 1 }, at)).toEqual({ period: 'W2027-03-08', issueAt: new Date('2027-03-07T16:00:00Z') });
    expect(cyclePeriod({ cycleType: 'weekly', cycleDay: 3 }, at).issueAt).toEqual(new Date('2027-03-09T16:00:00Z'));
    expect(cyclePeriod({ cycleType: 'monthly', cycleDay: 15 }, new Date('2027-03-31T17:00:00Z'))).toEqual({
      period: 'M2027-04',
      issueAt: new Date('2027-04-14T16:00:00Z'),
    });
  });
});

describe('job runner', () => {
  it('two runners issuing the same cycle period concurrently grant each member exactly its quantity', async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, () => newMember(t, { loginSource: 'discord' })));
    const couponId = await cycleCoupon({ loginSources: ['discord'], registeredFrom: new Date(t.clock.now().getTime() - 1000).toISOString() });
    const ran = await Promise.all([
      runDueJobs(t.db, t.clock.now, 'runner-a'),
      runDueJobs(t.db, t.clock.now, 'runner-b'),
      runDueJobs(t.db, t.clock.now, 'runner-c'),
    ]);
    expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const grants = await grantsOf(couponId);
    expect(grants).toHaveLength(crowd.length * 2);
    for (const m of crowd) expect(grants.filter((g) => g.memberId === m.id)).toHaveLength(2);
    expect(grants.every((g) => g.sourceType === 'crowdSelectGrant')).toBe(true);
    const periodJobs = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `cycleIssue:${couponId}:M2027-03`));
    expect(periodJobs).toHaveLength(1);
    expect(periodJobs[0]).toMatchObject({ status: 'done', attempts: 1 });
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(c.issuedCount).toBe(12);

    // Running again in the same period issues nothing; the next month issues again.
    await runDueJobs(t.db, t.clock.now, 'runner-a');
    expect(await grantsOf(couponId)).toHaveLength(12);
    t.clock.advance(31 * 86_400_000);
    await runDueJobs(t.db, t.clock.now, 'runner-b');
    expect(await grantsOf(couponId)).toHaveLength(24);
    mk = await t.login('marketing1', DEMO_PASSWORD);
  });

  it('a crashed run (lease expired) is retried and completes without double issue', async () => {
    const crowd = await Promise.all(Array.from({ length: 4 }, () => newMember(t, { loginSource: 'agent_id' })));
    const couponId = await cycleCoupon(
      { loginSources: ['agent_id'], registeredFrom: new Date(t.clock.now().getTime() - 1000).toISOString() },
      { cycleQuantity: 1 },
    );
    await scheduleJobs(t.db, t.clock.now());
    // Runner "crashed": claimed the job, issued part of it, and never finished.
    const job = await claimJob(t.db, 'crashed', t.clock.now());
    expect(job?.kind).toBe('cycleIssue');
    const partial = await t.db.transaction(async (tx) => {
      const { grantLocked, lockCoupon } = await import('./grants');
      const coupon = await lockCoupon(tx, couponId, t.clock.now());
      const period = (job!.payload as { period: string }).period;
      return grantLocked(
        tx,
        coupon,
        crowd.slice(0, 2).map((m) => ({ ...m, levelId: null })),
        {
          sourceType: 'crowdSelectGrant',
          quantity: 1,
          keyOf: (memberId, n) => `cycle:${couponId}:${period}:${memberId}:${n}`,
          enforceLimit: false,
        },
        t.clock.now(),
      );
    });
    expect(partial.granted).toHaveLength(2);
    // While the lease holds nobody else takes it.
    expect(await claimJob(t.db, 'other', t.clock.now())).toBeNull();
    t.clock.advance(6 * 60_000);
    const retried = await claimJob(t.db, 'other', t.clock.now());
    expect(retried?.id).toBe(job!.id);
    expect(retried?.attempts).toBe(2);
    await executeJob(t.db, retried!, 'other', t.clock.now);
    const grants = await grantsOf(couponId);
    expect(grants).toHaveLength(4);
    expect(new Set(grants.map((g) => g.memberId)).size).toBe(4);
    const [done] = await t.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done.status).toBe('done');
    // The crashed runner waking up late and finishing its copy issues nothing more.
    await executeJob(t.db, job!, 'crashed', t.clock.now);
    expect(await grantsOf(couponId)).toHaveLength(4);
    mk = await t.login('marketing1', DEMO_PASSWORD);
  });

  it('expires unused coupons past their validity', async () => {
    const m = await newMember(t);
    const res = await post<{ id: number }>('/api/marketing/coupon/saveConst', {
      name: '短期券',
      discountType: 'amount',
      amount: '1',
      minSpend: '0',
      scope: 'all',
      validityType: 'days',
      validDays: 1,
      totalStock: null,
      perMemberLimit: 1,
    });
    await post('/api/marketing/coupon/sendTargeted', { couponId: res.data.id, userCodes: [m.userCode], requestId: rid() });
    t.clock.advance(2 * 86_400_000);
    await runDueJobs(t.db, t.clock.now, 'runner-x');
    const [g] = await grantsOf(res.data.id);
    expect(g).toMatchObject({ status: 'disabled', disabledReason: '已过期' });
    mk = await t.login('marketing1', DEMO_PASSWORD);
  });

  it('grants new-member coupons once to members who register while the coupon is on', async () => {
    const res = await post<{ id: number }>('/api/marketing/coupon/saveConst', {
      name: '新人券',
      discountType: 'amount',
      amount: '5',
      minSpend: '0',
      scope: 'all',
      validityType: 'days',
      validDays: 7,
      totalStock: null,
      perMemberLimit: 1,
      newUser: true,
    });
    t.clock.advance(1000);
    const fresh = await Promise.all([newMember(t), newMember(t)]);
    await Promise.all([runDueJobs(t.db, t.clock.now, 'r1'), runDueJobs(t.db, t.clock.now, 'r2')]);
    t.clock.advance(10 * 60_000);
    await runDueJobs(t.db, t.clock.now, 'r1');
    const grants = await grantsOf(res.data.id);
    expect(grants.map((g) => g.memberId).sort()).toEqual(fresh.map((m) => m.id).sort());
    expect(grants.every((g) => g.sourceType === 'newUser')).toBe(true);
    mk = await t.login('marketing1', DEMO_PASSWORD);
  });

  it('the runner stops on request and waits for its work', async () => {
    const jobRunner = runner.createJobRunner(t.db, t.clock.now, [MARKETING_JOBS]);
    jobRunner.start({ intervalMs: 10 });
    await jobRunner.stop();
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.status, 'running'));
    expect(n).toBe(0);
  });
});
