import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierShipment } from '@waystation/shared/contract/goodsOut/carriers';
import type { Forwarder } from '@waystation/shared/contract/logistics';
import { auditLogs, forwarders, packages, packageShipments, shipChannels } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { pdfText } from '../../testing/factories/goods-in';
import { FAKE_EASYPOST_KEY, type FakeEasypost, startFakeEasypost } from '../../testing/fakeEasypost';
import { declarationOf } from './customs';
import { newPackage } from './factory';
import { carrierJobs } from './jobs';
import { runDueJobs } from '../../core/jobs';

/**
 * Issue #33.2: a forwarder with an EasyPost account books each package at 打包称重; EasyPost is a local server answering
 * as its API reference documents (testing/fakeEasypost.ts), reached through EasyPost's own SDK.
 */

let ep: FakeEasypost;
let t: TestApp;
let admin: string;
let wh: string;
let forwarderId: number;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

const SENDER = {
  name: 'Waystation Warehouse',
  company: 'Waystation',
  street1: '88 Keyuan Road',
  city: 'Shenzhen',
  state: 'GD',
  zip: '518057',
  country: 'CN',
  phone: '+86 755 0000 0000',
};
const saveForwarder = (extra: Record<string, unknown>) =>
  t.call<{ id: number }>('POST', '/api/forwarder/save', {
    token: admin,
    body: {
      ...(forwarderId ? { id: forwarderId } : {}),
      code: 'EPOST',
      name: 'EasyPost 货代',
      carrier: 'easypost',
      apiBase: `${ep.url}/v2`,
      sender: SENDER,
      ...extra,
    },
  });

beforeAll(async () => {
  ep = await startFakeEasypost();
  // The admin allows the fake's address for outbound calls (the server calls no other address than those allowed).
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp({ now: () => new Date() });
  admin = await t.login();
  wh = await t.login('warehouse1', DEMO_PASSWORD);
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await t.close();
  await ep.close();
});

type Weighed = { status: string; repeated: boolean; labelUrl: string; carrier?: CarrierShipment };
const weigh = (packageNo: string) =>
  t.call<Weighed>('POST', '/api/warehouse/packing/weigh', { token: wh, body: { packageNo, weightG: 900, lengthMm: 200, widthMm: 150, heightMm: 100 } });
const labelText = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
};
const packageRow = async (id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]!;

describe('carrier accounts', () => {
  it('keeps the EasyPost key sealed and shows it masked; an empty key on edit keeps it', async () => {
    expect((await saveForwarder({ apiKey: '' })).code).toBe(40001);
    const saved = await saveForwarder({ apiKey: FAKE_EASYPOST_KEY, carrierService: 'PriorityMailInternational' });
    expect(saved.code, saved.message).toBe(20000);
    forwarderId = saved.data.id;
    const list = await t.call<{ list: Forwarder[] }>('GET', '/api/forwarder/pageList', { token: admin, query: { keyword: 'EPOST' } });
    const f = list.data.list[0]!;
    expect(f).toMatchObject({
      carrier: 'easypost',
      apiKeyHint: `••••${FAKE_EASYPOST_KEY.slice(-4)}`,
      carrierService: 'PriorityMailInternational',
      sender: SENDER,
    });
    expect(JSON.stringify(list.data)).not.toContain(FAKE_EASYPOST_KEY);
    const [row] = await t.db.select().from(forwarders).where(eq(forwarders.id, forwarderId));
    expect((row!.credentials as { apiKey: string }).apiKey).toMatch(/^enc:v1:/);
    expect((await saveForwarder({ apiKey: '', carrierService: 'PriorityMailInternational' })).code).toBe(20000);
    const [kept] = await t.db.select().from(forwarders).where(eq(forwarders.id, forwarderId));
    expect(t.app.services.secrets.open((kept!.credentials as { apiKey: string }).apiKey)).toBe(FAKE_EASYPOST_KEY);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetType, 'forwarder'));
    expect(JSON.stringify(audits)).not.toContain('enc:v1:');
    // Packages on EMS go through this forwarder from now on.
    await t.db.update(shipChannels).set({ forwarderId }).where(eq(shipChannels.code, 'EMS'));
  });
});

describe('booking at packing', () => {
  let bookedId = 0;
  it('books the weighed package: the carrier tracking number, its PDF label, our customs lines; a repeat weigh books once', async () => {
    const p = await newPackage(t.db, { status: 'packing' });
    const w = await weigh(p.packageNo);
    expect(w.code, w.message).toBe(20000);
    expect(w.data.status).toBe('packed');
    expect(w.data.carrier).toMatchObject({ carrier: 'easypost', carrierLabel: 'EasyPost', status: 'booked', error: '' });
    const trackingNo = w.data.carrier!.trackingNo;
    expect(trackingNo).toMatch(/^9400\d{18}$/);
    expect((await packageRow(p.id)).trackingNo).toBe(trackingNo);
    const text = await labelText(w.data.labelUrl);
    expect(text).toContain(`TRACKING # ${trackingNo}`);
    expect(text).toContain('EasyPost test label');
    // The shipment sent: both addresses, the parcel in oz / inches, the declaration's lines as customs items.
    const created = ep.calls.filter((c) => c.path === '/v2/shipments').at(-1)!.body.shipment as Record<string, never>;
    expect(created).toMatchObject({
      reference: p.packageNo,
      from_address: { street1: SENDER.street1, country: 'CN' },
      to_address: { country: 'US', city: p.address.city },
    });
    expect(created.parcel).toMatchObject({ weight: 31.7, length: 7.9, width: 5.9, height: 3.9 });
    expect(created.options).toMatchObject({ label_format: 'PDF' });
    const d = await declarationOf(t.db, p.id, null);
    expect(d.lines.length).toBeGreaterThan(0);
    expect((created.customs_info as { customs_items: unknown[] }).customs_items).toEqual(
      d.lines.map((l) =>
        expect.objectContaining({
          description: l.descriptionEn || l.descriptionZh,
          quantity: l.quantity,
          value: (l.quantity * l.unitValue) / 100,
          hs_tariff_number: l.hsCode,
          origin_country: l.origin,
        }),
      ),
    );
    // The configured service's rate was bought, not the cheapest one.
    const buy = ep.calls.filter((c) => c.path.endsWith('/buy')).at(-1)!;
    const shipment = ep.shipments.get(w.data.carrier!.carrierRef)!;
    expect(shipment.rates.find((r) => r.id === (buy.body.rate as { id: string }).id)?.service).toBe('PriorityMailInternational');
    const boughtBefore = ep.bought.length;
    const again = await weigh(p.packageNo);
    expect(again.data).toMatchObject({ repeated: true, carrier: { id: w.data.carrier!.id, status: 'booked', trackingNo } });
    expect(ep.bought.length).toBe(boughtBefore);
    expect(await t.db.select().from(packageShipments).where(eq(packageShipments.packageId, p.id))).toHaveLength(1);
    bookedId = p.id;
  });

  it('a bad key leaves the package weighed with our own label and a clear message; the retry books', async () => {
    expect((await saveForwarder({ apiKey: 'EZTKwrongwrongwrong0000', carrierService: 'PriorityMailInternational' })).code).toBe(20000);
    const p = await newPackage(t.db, { status: 'packing' });
    const w = await weigh(p.packageNo);
    expect(w.code, w.message).toBe(20000);
    expect(w.data.status).toBe('packed');
    expect(w.data.carrier).toMatchObject({ status: 'refused', trackingNo: '' });
    expect(w.data.carrier!.error).toContain('承运商 EasyPost 拒绝了 API key');
    expect(w.data.carrier!.error).toContain('This api key is no longer active');
    expect((await packageRow(p.id)).trackingNo).toBe('');
    expect(await labelText(w.data.labelUrl)).toContain(p.packageNo);
    const refused = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'package.carrierRefused'));
    expect(refused.some((a) => a.targetId === String(p.id))).toBe(true);

    expect((await saveForwarder({ apiKey: FAKE_EASYPOST_KEY, carrierService: '' })).code).toBe(20000);
    const retry = await t.call<CarrierShipment>('POST', '/api/warehouse/package/bookCarrier', { token: wh, body: { id: p.id } });
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toMatchObject({ status: 'booked' });
    // No service configured: the cheapest rate.
    const buy = ep.calls.filter((c) => c.path.endsWith('/buy')).at(-1)!;
    expect(ep.shipments.get(retry.data.carrierRef)!.rates.find((r) => r.id === (buy.body.rate as { id: string }).id)?.service).toBe(
      'FirstClassPackageInternationalService',
    );
    expect((await packageRow(p.id)).trackingNo).toBe(retry.data.trackingNo);
    const list = await t.call<CarrierShipment[]>('GET', '/api/warehouse/package/carrierShipments', { token: wh, query: { id: p.id } });
    expect(list.data.map((s) => s.status)).toEqual(['booked', 'refused']);
  });

  it('calls no address the admin has not allowed: the fake on 127.0.0.1 is refused without the allow-list', async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const before = ep.calls.length;
      const p = await newPackage(t.db, { status: 'packing' });
      const w = await weigh(p.packageNo);
      expect(w.data.status).toBe('packed');
      expect(w.data.carrier!.error).toContain('不允许向内部地址 127.0.0.1');
      expect(ep.calls.length).toBe(before);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    }
  });

  it('an address the carrier refuses is shown as its refusal', async () => {
    const p = await newPackage(t.db, { status: 'packing' });
    await t.db
      .update(packages)
      .set({ address: { ...p.address, address: '' } })
      .where(eq(packages.id, p.id));
    const w = await weigh(p.packageNo);
    expect(w.data.status).toBe('packed');
    expect(w.data.carrier!.error).toContain('承运商 EasyPost 拒绝订舱');
    expect(w.data.carrier!.error).toContain('street1 is required');
  });

  it('an exception cancels (refunds) the shipment at the carrier once; a failed cancel is retried by the job', async () => {
    const p = await packageRow(bookedId);
    const s = (await t.db.select().from(packageShipments).where(eq(packageShipments.packageId, p.id)))[0]!;
    const raised = await t.call('POST', '/api/warehouse/exception/raise', {
      token: wh,
      body: { packageNo: p.packageNo, type: 'item_damaged', reason: '外箱破损' },
    });
    expect(raised.code, raised.message).toBe(20000);
    expect(ep.refunded).toEqual([s.carrierRef]);
    const [after] = await t.db.select().from(packageShipments).where(eq(packageShipments.id, s.id));
    expect(after).toMatchObject({ status: 'canceled', error: '' });
    expect((await packageRow(p.id)).trackingNo).toBe('');
    // Another booked package whose cancel the carrier does not take at first (a bad key): kept to retry.
    const q = await newPackage(t.db, { status: 'packing' });
    expect((await weigh(q.packageNo)).data.carrier?.status).toBe('booked');
    expect((await saveForwarder({ apiKey: 'EZTKwrongwrongwrong0000' })).code).toBe(20000);
    await t.call('POST', '/api/warehouse/exception/raise', { token: wh, body: { packageNo: q.packageNo, type: 'item_damaged', reason: '外箱破损' } });
    const [pending] = await t.db.select().from(packageShipments).where(eq(packageShipments.packageId, q.id));
    expect(pending).toMatchObject({ status: 'cancel_pending', cancelTries: 1 });
    expect(pending!.error).toContain('拒绝了 API key');
    expect((await saveForwarder({ apiKey: FAKE_EASYPOST_KEY })).code).toBe(20000);
    await runDueJobs(t.db, () => new Date(), 'carrier-test', [carrierJobs(t.app.services.secrets)]);
    const [done] = await t.db.select().from(packageShipments).where(eq(packageShipments.packageId, q.id));
    expect(done).toMatchObject({ status: 'canceled' });
    expect(ep.refunded).toHaveLength(2);
  });

  it('a label bought but not fetched (the file host down) is canceled at the carrier at once; our own label prints', async () => {
    const p = await newPackage(t.db, { status: 'packing' });
    ep.files.down = true;
    try {
      const w = await weigh(p.packageNo);
      expect(w.data.status).toBe('packed');
      expect(w.data.carrier).toMatchObject({ status: 'canceled', trackingNo: '' });
      expect(w.data.carrier!.error).toBe('承运商 EasyPost 的面单下载失败（HTTP 503），已买的运单将被取消');
      expect(ep.refunded.at(-1)).toBe(w.data.carrier!.carrierRef);
      expect(ep.bought).toContain(w.data.carrier!.carrierRef);
      expect((await packageRow(p.id)).trackingNo).toBe('');
      expect(await labelText(w.data.labelUrl)).toContain(p.packageNo);
    } finally {
      ep.files.down = false;
    }
  });
});
