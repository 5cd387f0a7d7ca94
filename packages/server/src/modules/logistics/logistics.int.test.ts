import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import type { FreightQuoteResult, ShipChannel, ChannelArea, ChannelAttr } from '@waystation/shared/contract/logistics';
import { channelFreight } from './freight';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  // Two countries of our own, so the test does not lean on demo zones.
  for (const [code, nameZh, nameEn] of [
    ['XA', '甲国', 'Alphaland'],
    ['XB', '乙国', 'Betaland'],
  ]) {
    const r = await t.call('POST', '/api/country/save', { token: admin, body: { code, nameZh, nameEn } });
    expect(r.code).toBe(20000);
  }
});
afterAll(() => t.close());

async function newChannel(code: string, extra: Record<string, unknown> = {}) {
  const r = await t.call<{ id: number }>('POST', '/api/logistics/saveChannel', {
    token: admin,
    body: { code, name: `渠道 ${code}`, deliveryMinDays: 5, deliveryMaxDays: 9, ...extra },
  });
  expect(r.code, r.message).toBe(20000);
  return r.data.id;
}

const zone = (channelId: number, extra: Record<string, unknown> = {}) => ({
  channelId,
  name: '甲乙区',
  countries: ['XA', 'XB'],
  firstWeightG: 500,
  firstPrice: '100',
  continuedWeightG: 500,
  continuedPrice: '30.5',
  volumetricDivisor: 6000,
  maxWeightG: 20000,
  maxSideMm: 1200,
  ...extra,
});

describe('ship channels, zones and attributes', () => {
  it('creates a channel with a zone and attributes, and lists it with its counts', async () => {
    const id = await newChannel('T-FAST', { currency: 'CNY' });
    const saved = await t.call<{ id: number }>('POST', '/api/logistics/saveArea', {
      token: admin,
      body: zone(id, { fuelSurchargePercent: '12.5', handlingFee: '8' }),
    });
    expect(saved.code, saved.message).toBe(20000);
    const bound = await t.call('POST', '/api/logistics/bindChannelAttr', {
      token: admin,
      body: {
        channelId: id,
        attrs: [
          { attr: 'battery', allowed: true, surcharge: '15' },
          { attr: 'liquid', allowed: false },
        ],
      },
    });
    expect(bound.code).toBe(20000);

    const areas = await t.call<ChannelArea[]>('GET', '/api/logistics/areaList', { token: admin, query: { channelId: id } });
    expect(areas.data).toHaveLength(1);
    expect(areas.data[0]).toMatchObject({
      countries: ['XA', 'XB'],
      firstPrice: 10000,
      continuedPrice: 3050,
      fuelSurchargeBp: 1250,
      handlingFee: 800,
      currency: 'CNY',
    });

    const attrs = await t.call<ChannelAttr[]>('GET', '/api/logistics/channelAttrList', { token: admin, query: { channelId: id } });
    expect(attrs.data.find((a) => a.attr === 'battery')).toEqual({ attr: 'battery', allowed: true, surcharge: 1500 });
    expect(attrs.data.find((a) => a.attr === 'liquid')?.allowed).toBe(false);
    expect(attrs.data.find((a) => a.attr === 'powder')?.allowed).toBe(false); // no row: refused

    const list = await t.call<{ list: ShipChannel[] }>('GET', '/api/logistics/channelPageList', { token: admin, query: { countryCode: 'XA' } });
    expect(list.data.list.map((c) => c.code)).toEqual(['T-FAST']);
    expect(list.data.list[0]).toMatchObject({ areaCount: 1, countryCount: 2, allowedAttrs: ['battery'] });

    const options = await t.call<{ code: string }[]>('GET', '/api/logistics/getShipChannel', { token: admin });
    expect(options.data.map((o) => o.code)).toContain('T-FAST');
  });

  it('refuses a country already in another zone of the same channel, unknown countries and bad numbers', async () => {
    const id = await newChannel('T-ZONES');
    expect((await t.call('POST', '/api/logistics/saveArea', { token: admin, body: zone(id, { countries: ['XA'] }) })).code).toBe(20000);
    const clash = await t.call<{ fields: Record<string, string> }>('POST', '/api/logistics/saveArea', {
      token: admin,
      body: zone(id, { name: '另一区', countries: ['XA', 'XB'] }),
    });
    expect(clash.code).toBe(40001);
    expect(clash.data.fields.countries).toContain('XA');
    const unknown = await t.call('POST', '/api/logistics/saveArea', { token: admin, body: zone(id, { name: '未知', countries: ['QQ'] }) });
    expect(unknown.code).toBe(40001);
    const bad = await t.call<{ fields: Record<string, string> }>('POST', '/api/logistics/saveArea', {
      token: admin,
      body: zone(id, { countries: ['XB'], firstPrice: '1.234', continuedWeightG: 0, fuelSurchargePercent: '101', countries2: 1 }),
    });
    expect(bad.code).toBe(40001);
    const bad2 = await t.call<{ fields: Record<string, string> }>('POST', '/api/logistics/saveArea', {
      token: admin,
      body: zone(id, { countries: ['XB'], firstPrice: '1.234', continuedWeightG: 0, fuelSurchargePercent: '101' }),
    });
    expect(bad2.code).toBe(40001);
    expect(bad2.data.fields).toMatchObject({
      firstPrice: '请输入整数或保留1~2位小数',
      continuedWeightG: '请输入正整数',
      fuelSurchargePercent: '请输入1~100的数值，最多保留两位小数',
    });
    const dupCode = await t.call('POST', '/api/logistics/saveChannel', {
      token: admin,
      body: { code: 'T-ZONES', name: 'x', deliveryMinDays: 1, deliveryMaxDays: 2 },
    });
    expect(dupCode.code).toBe(40001);
    const days = await t.call<{ fields: Record<string, string> }>('POST', '/api/logistics/saveChannel', {
      token: admin,
      body: { code: 'T-DAYS', name: 'x', deliveryMinDays: 9, deliveryMaxDays: 2 },
    });
    expect(days.data.fields.deliveryMaxDays).toBe('最长时效不能小于最短时效');
  });

  it('two editors adding the same country to two zones at once: exactly one wins', async () => {
    const id = await newChannel('T-RACE');
    const results = await Promise.all(
      ['甲', '乙'].map((name) => t.call('POST', '/api/logistics/saveArea', { token: admin, body: zone(id, { name, countries: ['XA'] }) })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([20000, 40001]);
    const areas = await t.call<ChannelArea[]>('GET', '/api/logistics/areaList', { token: admin, query: { channelId: id } });
    expect(areas.data).toHaveLength(1);
  });

  it('audits every write', async () => {
    const id = await newChannel('T-AUDIT');
    await t.call('GET', '/api/logistics/modifyChannelStatus', { token: admin, query: { id, status: 'disabled' } });
    const audit = await t.call<{ list: { action: string; targetId: string }[] }>('GET', '/api/audit/pageList', {
      token: admin,
      query: { targetType: 'shipChannel', limit: 50 },
    });
    const actions = audit.data.list.filter((a) => a.targetId === String(id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['shipChannel.create', 'shipChannel.status']));
  });
});

const quote = (body: Record<string, unknown>) => t.call<FreightQuoteResult>('POST', '/api/logistics/freightQuote', { token: admin, body });

describe('freight calculator', () => {
  let cheap: number;
  let fast: number;
  beforeAll(async () => {
    cheap = await newChannel('T-CHEAP', { deliveryMinDays: 20, deliveryMaxDays: 30 });
    await t.call('POST', '/api/logistics/saveArea', {
      token: admin,
      body: zone(cheap, { firstPrice: '20', continuedPrice: '10', volumetricDivisor: 5000, maxWeightG: 5000 }),
    });
    await t.call('POST', '/api/logistics/bindChannelAttr', { token: admin, body: { channelId: cheap, attrs: [{ attr: 'brand', allowed: true }] } });
    fast = await newChannel('T-EXPRESS', { currency: 'USD', deliveryMinDays: 3, deliveryMaxDays: 5 });
    await t.call('POST', '/api/logistics/saveArea', {
      token: admin,
      body: zone(fast, { countries: ['XA'], firstPrice: '10', continuedPrice: '3', volumetricDivisor: 0, maxWeightG: 30000 }),
    });
    await t.call('POST', '/api/logistics/bindChannelAttr', {
      token: admin,
      body: {
        channelId: fast,
        attrs: [
          { attr: 'brand', allowed: true },
          { attr: 'battery', allowed: true, surcharge: '2' },
        ],
      },
    });
  });

  it('lists every allowed channel cheapest first (in CNY), with its breakdown and delivery time', async () => {
    const r = await quote({ countryCode: 'XA', weightG: 1200, lengthMm: 300, widthMm: 200, heightMm: 100 });
    expect(r.code, r.message).toBe(20000);
    const ours = r.data.list.filter((q) => q.channelCode.startsWith('T-'));
    // T-CHEAP: volumetric 6,000,000/5000 = 1200 g → 2000 + 2 × 1000 = 4000 fen.
    const c = ours.find((q) => q.channelCode === 'T-CHEAP')!;
    expect(c).toMatchObject({
      currency: 'CNY',
      volumetricWeightG: 1200,
      chargeableWeightG: 1200,
      continuedSteps: 2,
      total: 4000,
      totalCny: 4000,
      deliveryMaxDays: 30,
    });
    // T-EXPRESS in USD: 1000 + 2 × 300 = 1600 cents = 16 USD; the demo rate 7.18 → 11488 fen.
    const f = ours.find((q) => q.channelCode === 'T-EXPRESS')!;
    expect(f).toMatchObject({ currency: 'USD', volumetricWeightG: 0, total: 1600, totalCny: 11488, deliveryMinDays: 3 });
    const totals = r.data.list.map((q) => q.totalCny);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(ours.findIndex((q) => q.channelCode === 'T-CHEAP')).toBeLessThan(ours.findIndex((q) => q.channelCode === 'T-EXPRESS'));
  });

  it('refuses channels by attribute, zone and weight limit, saying why', async () => {
    const r = await quote({ countryCode: 'XA', weightG: 6000, attrs: ['battery'] });
    const refused = Object.fromEntries(r.data.refused.map((x) => [x.channelName, x]));
    expect(refused['渠道 T-CHEAP']).toMatchObject({ reason: 'refused_attr', message: '不接受：带电' });
    expect(r.data.list.find((q) => q.channelCode === 'T-EXPRESS')).toMatchObject({ attrSurcharge: 200, total: 1000 + 11 * 300 + 200 });

    const heavy = await quote({ countryCode: 'XA', weightG: 6000 });
    expect(heavy.data.refused.find((x) => x.channelId === cheap)).toMatchObject({ reason: 'over_max_weight' });

    const xb = await quote({ countryCode: 'XB', weightG: 600 });
    expect(xb.data.refused.find((x) => x.channelId === fast)).toMatchObject({ reason: 'no_zone', message: '该渠道不配送此国家' });
    expect(xb.data.list.find((x) => x.channelId === cheap)?.total).toBe(3000);
  });

  it('disabled channels are not offered; the packing station prices one channel the same way', async () => {
    const before = await channelFreight(t.db, fast, { countryCode: 'XA', weightG: 1200, lengthMm: 0, widthMm: 0, heightMm: 0, attrs: [] });
    expect(before.total).toBe(1600);
    await expect(channelFreight(t.db, fast, { countryCode: 'XB', weightG: 100, lengthMm: 0, widthMm: 0, heightMm: 0, attrs: [] })).rejects.toMatchObject({
      code: 40001,
    });
    await t.call('GET', '/api/logistics/modifyChannelStatus', { token: admin, query: { id: fast, status: 'disabled' } });
    const r = await quote({ countryCode: 'XA', weightG: 1200 });
    expect(r.data.list.some((q) => q.channelId === fast)).toBe(false);
    await t.call('GET', '/api/logistics/modifyChannelStatus', { token: admin, query: { id: fast, status: 'activity' } });
  });

  it('warehouse staff price a packed parcel on its channel through the API; refusals name the reason', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const ok = await t.call<{ total: number; currency: string }>('POST', '/api/logistics/packageFreight', {
      token: wh,
      body: { channelId: fast, countryCode: 'XA', weightG: 1200 },
    });
    expect(ok.data).toMatchObject({ total: 1600, currency: 'USD' });
    const refused = await t.call<{ fields: Record<string, string> }>('POST', '/api/logistics/packageFreight', {
      token: wh,
      body: { channelId: cheap, countryCode: 'XA', weightG: 1200, attrs: ['battery'] },
    });
    expect(refused.code).toBe(40001);
    expect(refused.data.fields.channelId).toBe('不接受：带电');
  });

  it('validates the parcel in grams and millimetres like the stations, with the SPEC messages', async () => {
    const r = await quote({ countryCode: 'XA', weightG: 0, lengthMm: 1.5 });
    expect(r.code).toBe(40001);
    const fields = (r.data as unknown as { fields: Record<string, string> }).fields;
    expect(fields.weightG).toBe('重量必须大于0');
    expect(fields.lengthMm).toBe('请输入整数');
  });
});

describe('permissions and reference lookups', () => {
  it('operations staff run the calculator and edit channels; warehouse staff only read the selectors', async () => {
    const ops = await t.login('ops1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/logistics/freightQuote', { token: ops, body: { countryCode: 'US', weightG: 800 } })).code).toBe(20000);
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect(
      (await t.call('POST', '/api/logistics/saveChannel', { token: wh, body: { code: 'NOPE', name: 'x', deliveryMinDays: 1, deliveryMaxDays: 2 } })).code,
    ).toBe(40300);
    expect((await t.call('GET', '/api/logistics/getCountry', { token: wh })).code).toBe(20000);
    expect((await t.call('GET', '/api/ship/initData', { token: wh })).code).toBe(20000);
  });

  it('demo data prices a 1.2 kg parcel to the US on several channels', async () => {
    const r = await quote({ countryCode: 'US', weightG: 1200, lengthMm: 300, widthMm: 200, heightMm: 150, provinceCode: 'AK' });
    const demo = r.data.list.filter((q) => !q.channelCode.startsWith('T-'));
    expect(demo.map((q) => q.channelCode)).toEqual(expect.arrayContaining(['EMS', 'DHL', 'ECO-AIR']));
    expect(demo.every((q) => q.remoteFee === 5000)).toBe(true);
    expect(r.data.refused.find((x) => x.channelName.includes('海运'))?.reason).toBe('no_zone');
  });

  it('forwarders and provinces', async () => {
    const fw = await t.call<{ id: number }>('POST', '/api/forwarder/save', { token: admin, body: { code: 'T-FW', name: '测试货代', website: 'not a url' } });
    expect(fw.code).toBe(40001);
    const ok = await t.call<{ id: number }>('POST', '/api/forwarder/save', {
      token: admin,
      body: { code: 'T-FW', name: '测试货代', website: 'https://fw.example.com' },
    });
    expect(ok.code).toBe(20000);
    await newChannel('T-FWCH', { forwarderId: ok.data.id });
    const list = await t.call<{ list: { code: string; channelCount: number }[] }>('GET', '/api/forwarder/pageList', {
      token: admin,
      query: { keyword: 'T-FW' },
    });
    expect(list.data.list[0]).toMatchObject({ code: 'T-FW', channelCount: 1 });
    const p = await t.call('POST', '/api/logistics/saveProvince', {
      token: admin,
      body: { countryCode: 'XA', code: 'N1', nameZh: '北省', nameEn: 'North', remoteFee: '12.30' },
    });
    expect(p.code).toBe(20000);
    const provs = await t.call<{ code: string; remoteFee: number }[]>('GET', '/api/logistics/provinceList', { token: admin, query: { countryCode: 'XA' } });
    expect(provs.data).toEqual([expect.objectContaining({ code: 'N1', remoteFee: 1230 })]);
    // The remote fee is kept in CNY: 12.30 CNY on a USD channel at 7.18 is 1.71 USD.
    const q = await quote({ countryCode: 'XA', provinceCode: 'N1', weightG: 1200 });
    expect(q.data.list.find((x) => x.channelCode === 'T-EXPRESS')).toMatchObject({ remoteFee: 171, total: 1600 + 171 });
    expect(q.data.list.find((x) => x.channelCode === 'T-CHEAP')?.remoteFee).toBe(1230);
  });
});
