import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierShipment } from '@waystation/shared/contract/goodsOut/carriers';
import type { PackageTracking, TrackingRunResult } from '@waystation/shared/contract/goodsOut/tracking';
import type { Forwarder } from '@waystation/shared/contract/logistics';
import {
  domainEvents,
  forwarders,
  jobs,
  members,
  packages,
  packageShipments,
  packageTracking,
  packageTrackingEvents,
  packageTraces,
  shipChannels,
} from '../../db/schema';
import { periodKey, runDueJobs } from '../../core/jobs';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { signedUpMember } from '../../testing/member';
import { pdfText } from '../../testing/factories/goods-in';
import { itemCodesOf, newPackage, systemOp } from './factory';
import { trackingJobs } from './jobs';
import { addSackToBatch, bindSack, createBatch, sealSack, shipBatch, sortingPut } from './sorting';
import { confirmLabel } from './stations';
import type { TrackingRun } from './tracking';

/**
 * The demo carrier (演示承运商): where the server allows it (demo mode or CARRIER_SANDBOX=1) a forwarder books with it
 * without a key and without calling anybody, and the tracking job moves its parcels one step a run to delivered. Where
 * it is off, saving it and booking with it are refused. The demo seed gives it to 云途物流 (channels ECO-AIR, SEA-EU).
 */

const OFF = '演示承运商只在演示模式（或 CARRIER_SANDBOX=1）下可用';
const SENDER = { name: 'Demo Sender', street1: '1 Demo Road', city: 'Shenzhen', zip: '518000', country: 'CN' };
const NO_URLS = { sackLabel: () => '', manifestPdf: () => '', manifestXlsx: () => '' };

type Weighed = { status: string; labelUrl: string; carrier?: CarrierShipment };

/** The app, an admin and a packer; weighing at 打包称重 and saving a forwarder through the API. */
async function open(t: TestApp) {
  const admin = await t.login();
  const wh = await t.login('warehouse1', DEMO_PASSWORD);
  return {
    admin,
    weigh: (packageNo: string) =>
      t.call<Weighed>('POST', '/api/warehouse/packing/weigh', { token: wh, body: { packageNo, weightG: 900, lengthMm: 200, widthMm: 150, heightMm: 100 } }),
    saveForwarder: (body: Record<string, unknown>) =>
      t.call<{ id: number }>('POST', '/api/forwarder/save', {
        token: admin,
        body: { code: 'DEMOCAR', name: '演示货代', carrier: 'sandbox', sender: SENDER, ...body },
      }),
  };
}

const packageOf = async (t: TestApp, id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]!;

describe('where the demo carrier is off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, carrierSandbox: false });
  });
  afterAll(() => t.close());

  it('refuses to save a forwarder with it', async () => {
    const { saveForwarder } = await open(t);
    const r = await saveForwarder({});
    expect(r.code).toBe(40001);
    expect(r.message).toContain(OFF);
    expect(await t.db.select().from(forwarders).where(eq(forwarders.code, 'DEMOCAR'))).toHaveLength(0);
  });

  it('refuses to book with a forwarder that has it (a database restored from a demo), and the job does not move it', async () => {
    const { weigh } = await open(t);
    // 云途物流 has the demo carrier in the demo data this database was copied from.
    const [yun] = await t.db.select().from(forwarders).where(eq(forwarders.code, 'YUNEXP'));
    expect(yun!.carrier).toBe('sandbox');
    const p = await newPackage(t.db, { status: 'packing', channel: 'ECO-AIR' });
    const w = await weigh(p.packageNo);
    expect(w.code, w.message).toBe(20000);
    expect(w.data.status).toBe('packed');
    expect(w.data.carrier).toMatchObject({ carrier: 'sandbox', status: 'refused', trackingNo: '', error: OFF });
    expect((await packageOf(t, p.id)).trackingNo).toBe('');
    const label = await pdfText((await t.app.inject({ method: 'GET', url: w.data.labelUrl })).rawPayload);
    expect(label).not.toContain('Demo carrier');
    const run = await t.call<TrackingRunResult>('POST', '/api/tracking/run', { token: (await open(t)).admin });
    expect(run.data).toMatchObject({ skipped: true, polled: 0, events: 0 });
  });
});

describe('in demo mode', () => {
  let t: TestApp;
  let member: { token: string; userCode: string };
  beforeAll(async () => {
    t = await createTestApp();
    member = await signedUpMember(t);
  });
  afterAll(() => t.close());

  it('saves a forwarder with it without an API key, a full sender address required', async () => {
    const { admin, saveForwarder } = await open(t);
    const partial = await saveForwarder({ sender: { ...SENDER, city: '' } });
    expect(partial.code).toBe(40001);
    const r = await saveForwarder({});
    expect(r.code, r.message).toBe(20000);
    const list = await t.call<{ list: Forwarder[] }>('GET', '/api/forwarder/pageList', { token: admin, query: { keyword: 'DEMOCAR' } });
    expect(list.data.list[0]).toMatchObject({ carrier: 'sandbox', apiKeyHint: '', sender: SENDER });
  });

  let bookedId = 0;
  let trackingNo = '';
  it('books at 打包称重 on a channel of 云途物流: its tracking number on the package, its demo label', async () => {
    const { weigh } = await open(t);
    const p = await newPackage(t.db, { status: 'packing', channel: 'ECO-AIR', memberCode: member.userCode, now: t.clock.now() });
    const w = await weigh(p.packageNo);
    expect(w.code, w.message).toBe(20000);
    expect(w.data.carrier).toMatchObject({ carrier: 'sandbox', carrierLabel: '演示承运商', status: 'booked', error: '' });
    trackingNo = w.data.carrier!.trackingNo;
    expect(trackingNo).toMatch(/^WSB\d{9}CN$/);
    expect((await packageOf(t, p.id)).trackingNo).toBe(trackingNo);
    const res = await t.app.inject({ method: 'GET', url: w.data.labelUrl });
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Demo carrier label');
    expect(text).toContain(trackingNo);
    expect(text).toContain(p.packageNo);
    // Another package gets another number.
    const q = await newPackage(t.db, { status: 'packing', channel: 'ECO-AIR', now: t.clock.now() });
    expect((await weigh(q.packageNo)).data.carrier!.trackingNo).not.toBe(trackingNo);
    bookedId = p.id;
  });

  /** The tracking job through the job runner, an hour after the last run; its recorded result. */
  async function runJob(): Promise<TrackingRun> {
    t.clock.advanceMinutes(60);
    await runDueJobs(t.db, t.clock.now, 'sandbox-test', [trackingJobs(t.app.services.secrets, t.config.carrierSandbox)]);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, periodKey('goodsOut.tracking', 'hour', t.clock.now())));
    expect(job?.status, job?.lastError).toBe('done');
    return job!.result as TrackingRun;
  }
  const trackingOf = async () => (await t.db.select().from(packageTracking).where(eq(packageTracking.packageId, bookedId)))[0];
  const eventsOf = () => t.db.select().from(packageTrackingEvents).where(eq(packageTrackingEvents.packageId, bookedId)).orderBy(asc(packageTrackingEvents.id));

  it('moves the shipped parcel one step a run to delivered: events stored, package received, the member’s domain event written', async () => {
    const op = await systemOp(t.db, t.clock.now());
    const p = await packageOf(t, bookedId);
    await confirmLabel(t.db, { packageNo: p.packageNo, code: p.packageNo }, op);
    await bindSack(t.db, { code: 'SK-SANDBOX-1', channelId: p.channelId, countryCode: null }, op, NO_URLS);
    await sortingPut(t.db, { packageNo: p.packageNo, sackCode: 'SK-SANDBOX-1' }, op, NO_URLS);
    await sealSack(t.db, { code: 'SK-SANDBOX-1' }, op, NO_URLS);
    const batch = await createBatch(t.db, { carrier: 'YUNEXP' }, op, NO_URLS);
    await addSackToBatch(t.db, { batchId: batch.id, sackCode: 'SK-SANDBOX-1' }, op, NO_URLS);
    // The carrier's number is on the package already: the batch ships with it.
    await shipBatch(t.db, { batchId: batch.id, trackingNos: [] }, op, NO_URLS);
    expect(await packageOf(t, bookedId)).toMatchObject({ status: 'shipped', trackingNo });

    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await runJob();
      expect(run).toMatchObject({ skipped: true, polled: 1, events: 1, delivered: 0 });
      seen.push((await trackingOf())!.status);
      expect((await packageOf(t, bookedId)).status).toBe('shipped');
    }
    expect(seen).toEqual(['info_received', 'in_transit', 'out_for_delivery']);
    // The member follows it meanwhile.
    const mid = await t.call<PackageTracking>('GET', '/api/open/v1/packs/tracking', {
      query: { packageNo: p.packageNo },
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(mid.code, mid.message).toBe(20000);
    expect(mid.data).toMatchObject({ trackingNo, status: 'out_for_delivery' });
    expect(mid.data.events.map((e) => e.status)).toEqual(['out_for_delivery', 'in_transit', 'info_received']);

    // The fourth step from the settings screen's 立即跟踪: delivered, the package received as 17TRACK's delivery does.
    const run = await t.call<TrackingRunResult>('POST', '/api/tracking/run', { token: (await open(t)).admin });
    expect(run.code, run.message).toBe(20000);
    expect(run.data).toMatchObject({ skipped: true, polled: 1, events: 1, delivered: 1 });
    expect((await eventsOf()).map((e) => [e.status, e.provider])).toEqual([
      ['info_received', '演示承运商'],
      ['in_transit', '演示承运商'],
      ['out_for_delivery', '演示承运商'],
      ['delivered', '演示承运商'],
    ]);
    expect(await trackingOf()).toMatchObject({ trackingNo, status: 'delivered' });
    expect(await packageOf(t, bookedId)).toMatchObject({ status: 'received', receivedBy: 'carrier' });
    const traces = await t.db.select().from(packageTraces).where(eq(packageTraces.packageId, bookedId)).orderBy(asc(packageTraces.id));
    expect(traces.at(-1)).toMatchObject({ event: 'sign', toStatus: 'received', actorName: '演示承运商', note: '承运商确认签收（演示承运商）' });
    const delivered = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'package'), eq(domainEvents.entityId, String(bookedId)), eq(domainEvents.type, 'package.delivered')));
    expect(delivered).toHaveLength(1);

    // A fifth run changes nothing.
    const fifth = await runJob();
    expect(fifth).toMatchObject({ polled: 0, events: 0, delivered: 0 });
    expect(await eventsOf()).toHaveLength(4);
    expect((await packageOf(t, bookedId)).status).toBe('received');
  });

  it('books the demo package a newcomer weighs: U100002’s on ECO-AIR, waiting at 打包称重', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const [demo] = await t.db
      .select()
      .from(packages)
      .innerJoin(members, eq(members.id, packages.memberId))
      .innerJoin(shipChannels, eq(shipChannels.id, packages.channelId))
      .where(and(eq(members.userCode, 'U100002'), eq(shipChannels.code, 'ECO-AIR'), eq(packages.status, 'removed')));
    expect(demo).toBeDefined();
    const no = demo!.packages.packageNo;
    expect((await t.call('POST', '/api/warehouse/packing/scan', { token: wh, body: { code: no } })).code).toBe(20000);
    for (const itemCode of await itemCodesOf(t.db, demo!.packages.id)) {
      const r = await t.call('POST', '/api/warehouse/packing/item', { token: wh, body: { packageNo: no, itemCode } });
      expect(r.code, r.message).toBe(20000);
    }
    const w = await (await open(t)).weigh(no);
    expect(w.code, w.message).toBe(20000);
    expect(w.data.carrier).toMatchObject({ carrier: 'sandbox', status: 'booked' });
    expect(w.data.carrier!.trackingNo).toMatch(/^WSB\d{9}CN$/);
  });

  it('cancels a demo booking without calling anybody', async () => {
    const [s] = await t.db.select().from(packageShipments).where(eq(packageShipments.trackingNo, trackingNo));
    expect(s).toMatchObject({ carrier: 'sandbox', status: 'booked' });
    const { weigh } = await open(t);
    const p = await newPackage(t.db, { status: 'packing', channel: 'ECO-AIR', now: t.clock.now() });
    expect((await weigh(p.packageNo)).data.carrier?.status).toBe('booked');
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const raised = await t.call('POST', '/api/warehouse/exception/raise', {
      token: wh,
      body: { packageNo: p.packageNo, type: 'item_damaged', reason: '外箱破损', photos: [] },
    });
    expect(raised.code, raised.message).toBe(20000);
    const [after] = await t.db.select().from(packageShipments).where(eq(packageShipments.packageId, p.id));
    expect(after).toMatchObject({ carrier: 'sandbox', status: 'canceled', error: '' });
  });
});
