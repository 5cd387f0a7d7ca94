import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail } from '@waystation/shared/contract/goodsOut/packages';
import type { TrackingSettings, TrackingTestResult } from '@waystation/shared/contract/goodsOut/tracking';
import type { MemberTracking } from '@waystation/shared/contract/openPacks';
import {
  domainEvents,
  jobs,
  notifyLogs,
  packageExceptions,
  packages,
  packageTracking,
  packageTrackingEvents,
  packageTraces,
  systemMeta,
} from '../../db/schema';
import { periodKey, runDueJobs } from '../../core/jobs';
import { createTestApp, type TestApp } from '../../testing/server';
import { signedUpMember } from '../../testing/member';
import { FAKE_17TRACK_KEY, type Fake17Track, startFake17Track } from '../../testing/fake17track';
import { newPackage } from './factory';
import { trackingJobs } from './jobs';
import type { TrackingRun } from './tracking';
import type { PackageRow } from './transition';

/**
 * Issue #33.3: shipped parcels followed through 17TRACK. 17TRACK is a local server answering as its API v2.2
 * documentation says (testing/fake17track.ts); the job runs as the job runner runs it, an hour apart each time.
 */

let t: TestApp;
let fake: Fake17Track;
let admin: string;
let member: { token: string; id: number; userCode: string };
let siteChannel: number;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

beforeAll(async () => {
  fake = await startFake17Track();
  // The admin allows this address for outbound calls (the server calls no other address than those allowed).
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp();
  admin = await t.login();
  member = await signedUpMember(t);
  const ch = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
    token: admin,
    body: { type: 'site', name: '站内信（物流）', events: ['package_delivered', 'tracking_problem'] },
  });
  expect(ch.code, ch.message).toBe(20000);
  siteChannel = ch.data.id;
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await t.close();
  await fake.close();
});

/** The hourly job, an hour after the last run, through the job runner; its recorded result. */
async function runJob(): Promise<TrackingRun> {
  t.clock.advanceMinutes(60);
  await runDueJobs(t.db, t.clock.now, 'tracking-test', [trackingJobs(t.app.services.secrets)]);
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, periodKey('goodsOut.tracking', 'hour', t.clock.now())));
  expect(job?.status, job?.lastError).toBe('done');
  return job!.result as TrackingRun;
}

const shipped = () => newPackage(t.db, { status: 'shipped', memberCode: member.userCode, now: t.clock.now() });
const saveSettings = (body: Record<string, unknown>) => t.call('POST', '/api/tracking/saveSettings', { token: admin, body });
const packageOf = async (id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]!;
const eventsOf = (id: number) => t.db.select().from(packageTrackingEvents).where(eq(packageTrackingEvents.packageId, id));
const registerCalls = (no: string) =>
  fake.calls.filter((c) => c.path === '/track/v2.2/register' && (c.body as { number: string }[]).some((x) => x.number === no)).length;
const domainEventsOf = (id: number, type: string) =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityType, 'package'), eq(domainEvents.entityId, String(id)), eq(domainEvents.type, type)));
const openCall = <T>(token: string, packageNo: string) =>
  t.call<T>('GET', '/api/open/v1/packs/tracking', { query: { packageNo }, headers: { authorization: `Bearer ${token}` } });

/** When the scripted events happened (the test clock starts at 2026-11-22 08:00 UTC). */
const ACCEPTED = '2026-11-20T02:00:00Z';
const DEPARTED = '2026-11-20T12:00:00Z';
const DELIVERED = '2026-11-22T09:30:00Z';
const RETURNED = '2026-11-22T10:00:00Z';

describe('tracking not set up', () => {
  it('calls nobody: the job does nothing', async () => {
    await shipped();
    const run = await runJob();
    expect(run).toMatchObject({ skipped: true, registered: 0, polled: 0 });
    expect(fake.calls).toEqual([]);
    const settings = await t.call<TrackingSettings>('GET', '/api/tracking/settings', { token: admin });
    expect(settings.data).toMatchObject({ enabled: false, apiKey: '', apiKeySet: false, lastRun: null });
  });
});

describe('a wrong key', () => {
  it('is kept sealed and masked, reported on the run and by the test, and changes nothing', async () => {
    expect((await saveSettings({ enabled: true, apiKey: 'WRONGKEY00001234', apiBase: fake.url })).code).toBe(20000);
    const settings = await t.call<TrackingSettings>('GET', '/api/tracking/settings', { token: admin });
    expect(settings.data).toMatchObject({ enabled: true, apiKey: '••••1234', apiKeySet: true, apiBase: fake.url });
    const [stored] = await t.db.select().from(systemMeta).where(eq(systemMeta.key, 'tracking.17track'));
    expect(JSON.stringify(stored!.value)).not.toContain('WRONGKEY00001234');
    // The stored key never goes to another address unless typed again.
    const moved = await saveSettings({ enabled: true, apiBase: 'https://tracking.example.com' });
    expect(moved).toMatchObject({ code: 40001, message: '修改了 API 地址，请重新填写 API 密钥' });

    const p = await shipped();
    const run = await runJob();
    expect(run.error).toMatch(/^17TRACK 拒绝了 API 密钥（-18010002 The access key is invalid\.）$/);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/track/v2.2/register', token: 'WRONGKEY00001234' });
    expect(await t.db.select().from(packageTracking).where(eq(packageTracking.packageId, p.id))).toEqual([]);
    expect((await packageOf(p.id)).status).toBe('shipped');
    const after = await t.call<TrackingSettings>('GET', '/api/tracking/settings', { token: admin });
    expect(after.data.lastRun).toMatchObject({ registered: 0, polled: 0, error: run.error });
    const test = await t.call<TrackingTestResult>('POST', '/api/tracking/test', { token: admin });
    expect(test.data).toMatchObject({ ok: false, quotaRemain: null });
    expect(test.data.message).toContain('17TRACK 拒绝了 API 密钥');
  });
});

describe('with the right key', () => {
  let delivered: PackageRow;
  let troubled: PackageRow;

  beforeAll(async () => {
    expect((await saveSettings({ enabled: true, apiKey: FAKE_17TRACK_KEY, apiBase: fake.url })).code).toBe(20000);
    delivered = await shipped();
    troubled = await shipped();
    fake.script(delivered.trackingNo, {
      status: 'InTransit',
      events: [
        { time: ACCEPTED, description: 'Acceptance', location: 'Shenzhen', stage: 'PickedUp', subStatus: 'InTransit_PickedUp' },
        { time: DEPARTED, description: 'Departure from outward office of exchange', location: 'Shenzhen', stage: 'Departure', subStatus: 'InTransit_Other' },
      ],
    });
  });

  it('tests the connection with the key’s quota', async () => {
    const test = await t.call<TrackingTestResult>('POST', '/api/tracking/test', { token: admin });
    expect(test.data).toMatchObject({ ok: true, message: '连接成功' });
    expect(test.data.quotaRemain).toBeGreaterThan(0);
  });

  it('registers each shipped package once and stores each event once over two runs', async () => {
    const first = await runJob();
    expect(first.error).toBe('');
    expect(first.registered).toBeGreaterThanOrEqual(2);
    expect((await eventsOf(delivered.id)).map((e) => e.description).sort()).toEqual(['Acceptance', 'Departure from outward office of exchange']);
    const second = await runJob();
    expect(second).toMatchObject({ error: '', registered: 0 });
    expect(await eventsOf(delivered.id)).toHaveLength(2);
    expect(registerCalls(delivered.trackingNo)).toBe(1);
    const [row] = await t.db.select().from(packageTracking).where(eq(packageTracking.packageId, delivered.id));
    expect(row).toMatchObject({ trackingNo: delivered.trackingNo, status: 'in_transit', lastError: '' });
    expect((await packageOf(delivered.id)).status).toBe('shipped');
  });

  it('marks a delivered parcel received by the carrier, with its trace, and tells the member', async () => {
    fake.script(delivered.trackingNo, {
      status: 'Delivered',
      events: [
        { time: ACCEPTED, description: 'Acceptance', location: 'Shenzhen', stage: 'PickedUp', subStatus: 'InTransit_PickedUp' },
        { time: DEPARTED, description: 'Departure from outward office of exchange', location: 'Shenzhen', stage: 'Departure', subStatus: 'InTransit_Other' },
        { time: DELIVERED, description: 'Delivered, In/At Mailbox', location: 'SAN FRANCISCO, CA 94105', stage: 'Delivered', subStatus: 'Delivered_Other' },
      ],
    });
    const run = await runJob();
    expect(run.delivered).toBe(1);
    const p = await packageOf(delivered.id);
    expect(p).toMatchObject({ status: 'received', receivedBy: 'carrier' });
    const traces = await t.db.select().from(packageTraces).where(eq(packageTraces.packageId, delivered.id)).orderBy(asc(packageTraces.id));
    expect(traces.at(-1)).toMatchObject({
      type: 'sign',
      event: 'sign',
      fromStatus: 'shipped',
      toStatus: 'received',
      actorName: '17TRACK',
      note: '承运商确认签收（17TRACK）',
    });
    expect(await domainEventsOf(delivered.id, 'package.delivered')).toHaveLength(1);
    await t.events.run();
    const [msg] = await t.db
      .select()
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, siteChannel), eq(notifyLogs.recipient, member.userCode), eq(notifyLogs.event, 'package_delivered')));
    expect(msg).toMatchObject({ subject: '您的包裹已签收', status: 'sent' });
    expect(msg!.body).toContain(delivered.packageNo);
    expect(msg!.body).toContain(delivered.trackingNo);
    // Received: no longer polled (read at the three runs so far, not at a fourth).
    const polls = () => fake.calls.filter((c) => c.path === '/track/v2.2/gettrackinfo' && JSON.stringify(c.body).includes(delivered.trackingNo)).length;
    expect(polls()).toBe(3);
    await runJob();
    expect(polls()).toBe(3);
  });

  it('raises one exception for a parcel returned, however often it is polled, and tells the member once', async () => {
    fake.script(troubled.trackingNo, {
      status: 'Exception',
      subStatus: 'Exception_Returned',
      events: [
        { time: ACCEPTED, description: 'Acceptance', location: 'Shenzhen', stage: 'PickedUp', subStatus: 'InTransit_PickedUp' },
        {
          time: RETURNED,
          description: 'Returned to sender: addressee unknown',
          location: 'LOS ANGELES, CA',
          stage: 'Returned',
          subStatus: 'Exception_Returned',
        },
      ],
    });
    const run = await runJob();
    expect(run.problems).toBe(1);
    expect(await packageOf(troubled.id)).toMatchObject({ status: 'exception', prevStatus: 'shipped' });
    const exceptionsOf = () => t.db.select().from(packageExceptions).where(eq(packageExceptions.packageId, troubled.id));
    const [ex] = await exceptionsOf();
    expect(ex).toMatchObject({ type: 'carrier_problem', status: 'open', fromStatus: 'shipped', raisedBy: '17TRACK' });
    expect(ex!.reason).toBe(`17TRACK ${troubled.trackingNo}：可能异常，Returned to sender: addressee unknown`);
    await runJob();
    expect(await exceptionsOf()).toHaveLength(1);
    // Staff resolve it (the package goes back to shipped): the same problem, polled again, raises nothing more.
    const resolved = await t.call('POST', '/api/warehouse/exception/resolve', { token: admin, body: { id: ex!.id, resolution: '已联系承运商重新派送' } });
    expect(resolved.code, resolved.message).toBe(20000);
    expect((await packageOf(troubled.id)).status).toBe('shipped');
    expect((await runJob()).problems).toBe(0);
    expect(await exceptionsOf()).toHaveLength(1);
    expect(await domainEventsOf(troubled.id, 'package.tracking_problem')).toHaveLength(1);
    await t.events.run();
    const msgs = await t.db
      .select()
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, siteChannel), eq(notifyLogs.recipient, member.userCode), eq(notifyLogs.event, 'tracking_problem')));
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.body).toContain('Returned to sender: addressee unknown');
  });

  it('shows the events newest first to the member, and another member’s package as a missing one', async () => {
    const mine = await openCall<MemberTracking>(member.token, delivered.packageNo);
    expect(mine.code, mine.message).toBe(20000);
    expect(mine.data).toMatchObject({ packageNo: delivered.packageNo, trackingNo: delivered.trackingNo, status: 'delivered' });
    expect(mine.data.events.map((e) => [e.description, e.status])).toEqual([
      ['Delivered, In/At Mailbox', 'delivered'],
      ['Departure from outward office of exchange', 'in_transit'],
      ['Acceptance', 'in_transit'],
    ]);
    expect(mine.data.events[0]).toMatchObject({ location: 'SAN FRANCISCO, CA 94105', time: new Date(DELIVERED).toISOString() });
    const other = await signedUpMember(t);
    const theirs = await openCall(other.token, delivered.packageNo);
    const missing = await openCall(other.token, 'PK99999999');
    expect(theirs.status).toBe(404);
    expect({ code: theirs.code, message: theirs.message }).toEqual({ code: missing.code, message: missing.message });
  });

  it('shows 物流轨迹 in 包裹详情, empty before any event', async () => {
    const detail = await t.call<PackageDetail>('GET', '/api/warehouse/package/detail', { token: admin, query: { id: delivered.id } });
    expect(detail.code, detail.message).toBe(20000);
    expect(detail.data.tracking.status).toBe('delivered');
    expect(detail.data.tracking.events.map((e) => e.description)).toEqual([
      'Delivered, In/At Mailbox',
      'Departure from outward office of exchange',
      'Acceptance',
    ]);
    const fresh = await newPackage(t.db, { status: 'packed', memberCode: member.userCode, now: t.clock.now() });
    const empty = await t.call<PackageDetail>('GET', '/api/warehouse/package/detail', { token: admin, query: { id: fresh.id } });
    expect(empty.data.tracking).toEqual({ trackingNo: '', status: null, checkedAt: null, events: [] });
  });

  it('leaves the packages for the next run when 17TRACK says too many calls', async () => {
    const p = await shipped();
    fake.setRateLimited(true);
    try {
      expect((await runJob()).error).toBe('17TRACK 请求过于频繁，下次再试');
      expect(await t.db.select().from(packageTracking).where(eq(packageTracking.packageId, p.id))).toEqual([]);
    } finally {
      fake.setRateLimited(false);
    }
    const next = await runJob();
    expect(next.error).toBe('');
    expect(await t.db.select().from(packageTracking).where(eq(packageTracking.packageId, p.id))).toHaveLength(1);
  });
});
