import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierShipment } from '@waystation/shared/contract/goodsOut/carriers';
import type { Forwarder } from '@waystation/shared/contract/logistics';
import { auditLogs, forwarders, packages, packageShipments, shipChannels } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { pdfText } from '../../testing/factories/goods-in';
import { FAKE_SHIPPO_ACCOUNT, FAKE_SHIPPO_KEY, type FakeShippo, startFakeShippo } from '../../testing/fakeShippo';
import { declarationOf } from './customs';
import { newPackage } from './factory';

/**
 * Issue #33.2, the second carrier: a forwarder with a Shippo account books each package at 打包称重; Shippo is a
 * local server answering as its API reference documents (testing/fakeShippo.ts), reached through Shippo's own SDK.
 */

let sp: FakeShippo;
let t: TestApp;
let admin: string;
let wh: string;
let forwarderId: number;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;
const ONE_CALL = `${FAKE_SHIPPO_ACCOUNT}:usps_priority_mail_international`;

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
    body: { ...(forwarderId ? { id: forwarderId } : {}), code: 'SHIPPO', name: 'Shippo 货代', carrier: 'shippo', apiBase: sp.url, sender: SENDER, ...extra },
  });

beforeAll(async () => {
  sp = await startFakeShippo();
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
  await sp.close();
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
const shipmentRows = (packageId: number) => t.db.select().from(packageShipments).where(eq(packageShipments.packageId, packageId));

describe('Shippo account', () => {
  it('keeps the Shippo token sealed and shows it masked', async () => {
    expect((await saveForwarder({ apiKey: '' })).code).toBe(40001);
    const saved = await saveForwarder({ apiKey: FAKE_SHIPPO_KEY, carrierService: ONE_CALL });
    expect(saved.code, saved.message).toBe(20000);
    forwarderId = saved.data.id;
    const list = await t.call<{ list: Forwarder[] }>('GET', '/api/forwarder/pageList', { token: admin, query: { keyword: 'SHIPPO' } });
    expect(list.data.list[0]).toMatchObject({ carrier: 'shippo', apiKeyHint: `••••${FAKE_SHIPPO_KEY.slice(-4)}`, carrierService: ONE_CALL, sender: SENDER });
    expect(JSON.stringify(list.data)).not.toContain(FAKE_SHIPPO_KEY);
    const [row] = await t.db.select().from(forwarders).where(eq(forwarders.id, forwarderId));
    expect((row!.credentials as { apiKey: string }).apiKey).toMatch(/^enc:v1:/);
    expect(t.app.services.secrets.open((row!.credentials as { apiKey: string }).apiKey)).toBe(FAKE_SHIPPO_KEY);
    // Packages on EMS go through this forwarder from now on.
    await t.db.update(shipChannels).set({ forwarderId }).where(eq(shipChannels.code, 'EMS'));
  });
});

describe('booking with Shippo at packing', () => {
  let bookedId = 0;
  it('books in one call (carrier account + service level): tracking number, PDF label, our customs lines', async () => {
    const p = await newPackage(t.db, { status: 'packing' });
    const w = await weigh(p.packageNo);
    expect(w.code, w.message).toBe(20000);
    expect(w.data.status).toBe('packed');
    expect(w.data.carrier).toMatchObject({ carrier: 'shippo', carrierLabel: 'Shippo', status: 'booked', error: '' });
    const { trackingNo, carrierRef } = w.data.carrier!;
    expect(trackingNo).toMatch(/^92\d{20}$/);
    expect(sp.transactions.get(carrierRef)).toMatchObject({ status: 'SUCCESS', tracking_number: trackingNo });
    expect((await packageRow(p.id)).trackingNo).toBe(trackingNo);
    const text = await labelText(w.data.labelUrl);
    expect(text).toContain(`TRACKING # ${trackingNo}`);
    expect(text).toContain('Shippo test label');
    // One call: POST /transactions with the shipment nested, no /shipments.
    expect(sp.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /transactions']);
    const sent = sp.calls[0]!.body as Record<string, never>;
    expect(sent).toMatchObject({
      carrier_account: FAKE_SHIPPO_ACCOUNT,
      servicelevel_token: 'usps_priority_mail_international',
      label_file_type: 'PDF',
      async: false,
      metadata: p.packageNo,
    });
    const shipment = sent.shipment as Record<string, never>;
    expect(shipment).toMatchObject({
      address_from: { street1: SENDER.street1, country: 'CN' },
      address_to: { country: 'US', city: p.address.city },
      parcels: [{ mass_unit: 'g', weight: '900', distance_unit: 'cm', length: '20', width: '15', height: '10' }],
    });
    const d = await declarationOf(t.db, p.id, null);
    expect(d.lines.length).toBeGreaterThan(0);
    expect((shipment.customs_declaration as { items: unknown[]; contents_type: string }).items).toEqual(
      d.lines.map((l) =>
        expect.objectContaining({
          description: l.descriptionEn || l.descriptionZh,
          quantity: l.quantity,
          value_amount: ((l.quantity * l.unitValue) / 100).toFixed(2),
          net_weight: String(l.weightG),
          origin_country: l.origin,
        }),
      ),
    );
    // A repeat weigh books once.
    const again = await weigh(p.packageNo);
    expect(again.data).toMatchObject({ repeated: true, carrier: { status: 'booked', trackingNo } });
    expect(sp.transactions.size).toBe(1);
    expect(await shipmentRows(p.id)).toHaveLength(1);
    bookedId = p.id;
  });

  it('with no service set, creates the shipment and buys its cheapest rate', async () => {
    expect((await saveForwarder({ apiKey: '', carrierService: '' })).code).toBe(20000);
    const before = sp.calls.length;
    const p = await newPackage(t.db, { status: 'packing' });
    const w = await weigh(p.packageNo);
    expect(w.data.carrier, w.data.carrier?.error).toMatchObject({ status: 'booked' });
    const calls = sp.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /shipments', 'POST /transactions']);
    const shipment = [...sp.shipments.values()].at(-1)!;
    const rate = (shipment.rates as { object_id: string; servicelevel: { token: string } }[]).find((r) => r.object_id === calls[1]!.body.rate);
    expect(rate?.servicelevel.token).toBe('usps_first_class_package_international_service');
    expect(calls[1]!.body).toMatchObject({ label_file_type: 'PDF', async: false });
    expect(await labelText(w.data.labelUrl)).toContain(`TRACKING # ${w.data.carrier!.trackingNo}`);
  });

  it('a bad token leaves the package weighed with our own label and Shippo’s message', async () => {
    expect((await saveForwarder({ apiKey: 'shippo_test_wrongwrongwrong' })).code).toBe(20000);
    try {
      const p = await newPackage(t.db, { status: 'packing' });
      const w = await weigh(p.packageNo);
      expect(w.data.status).toBe('packed');
      expect(w.data.carrier).toMatchObject({ status: 'refused', trackingNo: '' });
      expect(w.data.carrier!.error).toContain('承运商 Shippo 拒绝了 API key');
      expect(w.data.carrier!.error).toContain('Invalid token.');
      expect((await packageRow(p.id)).trackingNo).toBe('');
      expect(await labelText(w.data.labelUrl)).toContain(p.packageNo);
    } finally {
      expect((await saveForwarder({ apiKey: FAKE_SHIPPO_KEY, carrierService: ONE_CALL })).code).toBe(20000);
    }
  });

  it('a label Shippo refuses (status ERROR) shows the carrier’s message; nothing half-written', async () => {
    const p = await newPackage(t.db, { status: 'packing' });
    await t.db
      .update(packages)
      .set({ address: { ...p.address, address: '' } })
      .where(eq(packages.id, p.id));
    const w = await weigh(p.packageNo);
    expect(w.data.status).toBe('packed');
    expect(w.data.carrier).toMatchObject({ status: 'refused', trackingNo: '', carrierRef: '' });
    expect(w.data.carrier!.error).toContain('承运商 Shippo 拒绝订舱');
    expect(w.data.carrier!.error).toContain('Recipient address invalid: street1 is required');
    expect([...sp.transactions.values()].at(-1)).toMatchObject({ status: 'ERROR' });
    expect((await packageRow(p.id)).trackingNo).toBe('');
    expect((await shipmentRows(p.id))[0]).toMatchObject({ status: 'refused', trackingNo: '', carrierRef: '', labelPdf: '' });
    expect(await labelText(w.data.labelUrl)).toContain(p.packageNo);
    const refused = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'package.carrierRefused'));
    expect(refused.some((a) => a.targetId === String(p.id))).toBe(true);
  });

  it('calls no address the admin has not allowed: the fake on 127.0.0.1 is refused without a request', async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const before = sp.calls.length;
      const p = await newPackage(t.db, { status: 'packing' });
      const w = await weigh(p.packageNo);
      expect(w.data.status).toBe('packed');
      expect(w.data.carrier!.error).toContain('不允许向内部地址 127.0.0.1');
      expect(sp.calls.length).toBe(before);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    }
  });

  it('fetches the label only from an allowed host: a label_url to a link-local address is refused, the label bought canceled', async () => {
    sp.options.labelBase = 'http://169.254.169.254';
    try {
      const p = await newPackage(t.db, { status: 'packing' });
      const w = await weigh(p.packageNo);
      expect(w.data.carrier).toMatchObject({ status: 'canceled', trackingNo: '' });
      expect(w.data.carrier!.error).toContain('不允许向内部地址 169.254.169.254');
      expect(w.data.carrier!.error).toContain('已买的运单将被取消');
      expect(sp.refunded.at(-1)).toBe(w.data.carrier!.carrierRef);
      expect((await packageRow(p.id)).trackingNo).toBe('');
    } finally {
      sp.options.labelBase = '';
    }
  });

  it('an exception cancels the label at Shippo: POST /refunds with the transaction', async () => {
    const p = await packageRow(bookedId);
    const s = (await shipmentRows(p.id))[0]!;
    const raised = await t.call('POST', '/api/warehouse/exception/raise', {
      token: wh,
      body: { packageNo: p.packageNo, type: 'item_damaged', reason: '外箱破损' },
    });
    expect(raised.code, raised.message).toBe(20000);
    expect(sp.refunded.at(-1)).toBe(s.carrierRef);
    expect(sp.calls.filter((c) => c.path === '/refunds').map((c) => c.body)).toContainEqual({ transaction: s.carrierRef, async: false });
    const [after] = await t.db.select().from(packageShipments).where(eq(packageShipments.id, s.id));
    expect(after).toMatchObject({ status: 'canceled', error: '' });
    expect((await packageRow(p.id)).trackingNo).toBe('');
  });
});
