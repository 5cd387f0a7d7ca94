import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { lineStatus, multipartBody, newLine, newShelf, pdfText, TINY_PNG } from '../../testing/factories/goods-in';

let t: TestApp;
let wh: string;
let wh2: string;
let buyer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-wh-'));
  t = await createTestApp({ dataDir });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  wh2 = await t.login('warehouse2', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
  for (const code of ['T-01-01-01', 'T-01-01-02', 'T-01-01-03', 'T-01-01-04', 'T-01-01-05', 'T-01-01-06']) await newShelf(t.db, code);
  await newShelf(t.db, 'T-09-09-09', false);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Item = { itemCode: string; quickCode: [string, string]; labelUrl: string; volumeCm3: number; weightG: number };
const post = <T = { status: string; repeated: boolean; shelfCode: string | null }>(url: string, body: unknown, token = wh) =>
  t.call<T>('POST', url, { token, body });

async function receive(trackingNo: string, ids: number[], token = wh) {
  return post<{ lines: { id: number; status: string; repeated: boolean; item: Item }[] }>(
    '/api/warehouse/inbound/receive',
    { trackingNo, lines: ids.map((id) => ({ id, weightG: 350, lengthMm: 300, widthMm: 200, heightMm: 50 })) },
    token,
  );
}

async function upload(token = wh): Promise<string> {
  const { payload, headers } = multipartBody('file', 'a.png', 'image/png', TINY_PNG);
  const res = await t.app.inject({ method: 'POST', url: '/api/upload/image?type=qc', payload, headers: { ...headers, 'x-token': token } });
  const body = res.json();
  expect(body.code).toBe(20000);
  return body.data.fileUri;
}

/** A line taken to stocking_photo through the API. */
async function photographed(tracking: string): Promise<Item> {
  const line = await newLine(t.db, { status: 'purchased', trackingNo: tracking });
  const r = await receive(tracking, [line.id]);
  const item = r.data.lines[0].item;
  expect((await post('/api/warehouse/qc/photo', { itemCode: item.itemCode, media: [{ fileUri: await upload(), kind: 'image' }] })).code).toBe(20000);
  return item;
}

describe('inbound scan', () => {
  it('finds every line of a shared parcel, receives the ticked ones with measures, and is idempotent', async () => {
    const a = await newLine(t.db, { status: 'purchased', trackingNo: 'YT100200300' });
    const b = await newLine(t.db, { status: 'purchased', trackingNo: 'YT100200300', memberCode: 'U100002' });
    const look = await post<{ lines: { id: number; receivable: boolean }[]; unclaimedId: number | null }>('/api/warehouse/inbound/lookup', {
      trackingNo: 'YT100200300',
    });
    expect(look.data.lines.map((l) => [l.id, l.receivable])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
    const r = await receive('YT100200300', [a.id]);
    expect(r.code).toBe(20000);
    const item = r.data.lines[0].item;
    expect(r.data.lines[0]).toMatchObject({ status: 'stocking_input', repeated: false });
    expect(item).toMatchObject({
      itemCode: `WI${String(a.id).padStart(8, '0')}`,
      quickCode: ['U100001', String(a.id % 10000).padStart(4, '0')],
      weightG: 350,
      volumeCm3: 3000,
    });
    const again = await receive('YT100200300', [a.id]);
    expect(again.data.lines[0]).toMatchObject({ repeated: true, item: { itemCode: item.itemCode } });
    expect(await lineStatus(t.db, b.id)).toBe('purchased');
    const d = await t.call<{ trace: { type: string; actorName: string }[]; item: Item }>('GET', '/api/warehouse/orderDetail', {
      token: wh,
      query: { id: String(a.id) },
    });
    expect(d.data.trace).toEqual([expect.objectContaining({ type: 'stocking_input', actorName: '仓库小王' })]);
    expect(d.data.item.itemCode).toBe(item.itemCode);
  });

  it('refuses a line of another parcel, a line not purchased, and a Chinese-keyboard scan', async () => {
    const a = await newLine(t.db, { status: 'purchased', trackingNo: 'YT1' });
    expect((await receive('YT2', [a.id])).code).toBe(40001);
    const waiting = await newLine(t.db, { status: 'purchasing', trackingNo: 'YT3' });
    expect((await receive('YT3', [waiting.id])).code).toBe(40900);
    const bad = await post('/api/warehouse/inbound/lookup', { trackingNo: 'ＹＴ１２３' });
    expect(bad.code).toBe(40001);
    expect(bad.message).toContain('英文');
  });

  it('lets exactly one of two stations receive the same line', async () => {
    const a = await newLine(t.db, { status: 'purchased', trackingNo: 'RACE1' });
    const [x, y] = await Promise.all([receive('RACE1', [a.id], wh), receive('RACE1', [a.id], wh2)]);
    const fresh = [x, y].filter((r) => r.code === 20000 && !r.data.lines[0].repeated);
    expect(fresh).toHaveLength(1);
    for (const r of [x, y]) if (r !== fresh[0]) expect(r.code === 40900 || r.data.lines[0].repeated).toBe(true);
  });

  it('records unclaimed parcels and assigns them to a purchased line', async () => {
    const look = await post<{ lines: unknown[] }>('/api/warehouse/inbound/lookup', { trackingNo: 'LOST0001' });
    expect(look.data.lines).toEqual([]);
    const p = await post<{ id: number; status: string }>('/api/warehouse/unclaimed/create', { trackingNo: 'LOST0001', weightG: 800, note: '无面单' });
    expect(p.data.status).toBe('open');
    expect((await post<{ id: number }>('/api/warehouse/unclaimed/create', { trackingNo: 'LOST0001' })).data.id).toBe(p.data.id);
    const list = await t.call<{ list: { trackingNo: string }[] }>('GET', '/api/warehouse/unclaimed/pageList', { token: wh, query: { status: 'open' } });
    expect(list.data.list.map((x) => x.trackingNo)).toContain('LOST0001');
    const line = await newLine(t.db, { status: 'purchased', trackingNo: 'SELLERSAID1' });
    const as = await post<{ status: string; purchaseId: number }>('/api/warehouse/unclaimed/assign', { id: p.data.id, purchaseId: line.id });
    expect(as.data).toMatchObject({ status: 'assigned', purchaseId: line.id });
    const found = await post<{ lines: { id: number }[]; unclaimedId: number | null }>('/api/warehouse/inbound/lookup', { trackingNo: 'LOST0001' });
    expect(found.data).toMatchObject({ lines: [{ id: line.id }], unclaimedId: null });
    // Through the unclaimed parcel's machine: a repeat is done already, another line is refused, one event and audit row.
    expect((await post<{ status: string }>('/api/warehouse/unclaimed/assign', { id: p.data.id, purchaseId: line.id })).data.status).toBe('assigned');
    const other = await newLine(t.db, { status: 'purchased', trackingNo: 'SELLERSAID2' });
    const again = await post('/api/warehouse/unclaimed/assign', { id: p.data.id, purchaseId: other.id });
    expect([again.code, again.message]).toEqual([40900, '该包裹已被认领']);
    const events = await queryRows<{ type: string; data: unknown }>(
      t.db,
      sql`select type, data from domain_events where entity_type = 'unclaimed_parcel' and entity_id = ${String(p.data.id)}`,
    );
    expect(events).toEqual([{ type: 'unclaimed.assign', data: { from: 'open', to: 'assigned', no: 'LOST0001' } }]);
    const audits = await queryRows<{ action: string; after: unknown }>(
      t.db,
      sql`select action, after from audit_logs where target_type = 'unclaimed_parcel' and target_id = ${String(p.data.id)} and action = 'unclaimed.assign'`,
    );
    expect(audits).toEqual([{ action: 'unclaimed.assign', after: { status: 'assigned', purchaseId: line.id } }]);
  });
});

describe('QC photos', () => {
  it('uploads a photo and moves the item to stocking_photo; repeated photo is a no-op', async () => {
    const line = await newLine(t.db, { status: 'purchased', trackingNo: 'QC1' });
    const item = (await receive('QC1', [line.id])).data.lines[0].item;
    const scan = await post<{ status: string; item: Item; actions: string[] }>('/api/warehouse/qc/scan', { code: item.itemCode.toLowerCase() });
    expect(scan.data.status).toBe('stocking_input');
    // What may be done next, from the machine: the QC station switches on it.
    expect(scan.data.actions.sort()).toEqual(['photo', 'qc_hold']);
    const uri = await upload();
    expect(uri).toMatch(/^qc\/\d{6}\/[a-f0-9]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: `/api/upload/file/${uri}` });
    expect(file.headers['content-type']).toBe('image/png');
    // Stored as decoded and encoded again (issue 12.9): a PNG, not necessarily the same bytes.
    expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const r = await post('/api/warehouse/qc/photo', { itemCode: item.itemCode, media: [{ fileUri: uri, kind: 'image' }] });
    expect(r.data).toMatchObject({ status: 'stocking_photo', repeated: false });
    expect((await post('/api/warehouse/qc/photo', { itemCode: item.itemCode, media: [{ fileUri: uri, kind: 'image' }] })).data.repeated).toBe(true);
    expect((await post('/api/warehouse/qc/photo', { itemCode: item.itemCode, media: [{ fileUri: '../../etc/passwd', kind: 'image' }] })).code).toBe(40001);
  });

  it('refuses files that are not images or videos, and base64 works too', async () => {
    const { payload, headers } = multipartBody('file', 'a.png', 'image/png', Buffer.from('not an image at all'));
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, 'x-token': wh } });
    expect(res.json().code).toBe(40001);
    const b = await post<{ fileUri: string; fileUrl: string }>('/api/upload/imageForBase64', {
      base64: `data:image/png;base64,${TINY_PNG.toString('base64')}`,
    });
    expect(b.data.fileUri).toMatch(/^general\//);
    const urls = await post<{ fileUrl: string }[]>('/api/upload/generateUrls', { uris: [b.data.fileUri] });
    expect(urls.data[0].fileUrl).toBe(b.data.fileUrl);
  });

  it('a QC problem puts the line on hold; the purchase desk releases it back to QC', async () => {
    const line = await newLine(t.db, { status: 'purchased', trackingNo: 'QC2' });
    const item = (await receive('QC2', [line.id])).data.lines[0].item;
    const r = await post('/api/warehouse/qc/problem', { itemCode: item.itemCode, problem: 'wrong_colour', note: '收到黑色' });
    expect(r.data.status).toBe('purchase_hold');
    const d = await t.call<{ holdReason: string; actions: string[] }>('GET', '/api/buy/detail', { token: buyer, query: { id: String(line.id) } });
    expect(d.data.holdReason).toBe('质检问题：颜色不符，收到黑色');
    expect(d.data.actions).toEqual(['qc_release']);
    const rel = await t.call<{ status: string }>('POST', '/api/buy/release', { token: buyer, body: { id: line.id, note: '会员确认接受' } });
    expect(rel.data.status).toBe('stocking_input');
  });
});

describe('shelving', () => {
  it('suggests a location, shelves, repeats idempotently, refuses another location', async () => {
    const item = await photographed('SH1');
    const scan = await post<{ status: string; suggestedLocation: string; actions: string[] }>('/api/warehouse/shelving/scan', { code: item.itemCode });
    expect(scan.data.status).toBe('stocking_photo');
    expect(scan.data.actions).toEqual(['shelve']);
    expect(scan.data.suggestedLocation).toMatch(/^[A-Z]-\d{2}-\d{2}-\d{2}$/);
    const r = await post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: scan.data.suggestedLocation.toLowerCase() });
    expect(r.data).toMatchObject({ status: 'shelved', repeated: false, shelfCode: scan.data.suggestedLocation });
    expect((await post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: scan.data.suggestedLocation })).data.repeated).toBe(true);
    const other = await post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: 'T-01-01-06' });
    expect(other.code).toBe(40900);
    // the same member's next item is suggested onto the same location
    const next = await photographed('SH2');
    expect((await post<{ suggestedLocation: string }>('/api/warehouse/shelving/scan', { code: next.itemCode })).data.suggestedLocation).toBe(
      scan.data.suggestedLocation,
    );
  });

  it('refuses unknown, inactive and item-code locations loudly, and items not photographed', async () => {
    const item = await photographed('SH3');
    const unknown = await post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: 'Z-99-99-99' });
    expect([unknown.code, unknown.message]).toEqual([40400, '库位 Z-99-99-99 不存在']);
    const inactive = await post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: 'T-09-09-09' });
    expect(inactive.code).toBe(40001);
    expect(inactive.message).toContain('已停用');
    const swapped = await post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: item.itemCode });
    expect(swapped.message).toContain('商品条码');
    const line = await newLine(t.db, { status: 'purchased', trackingNo: 'SH4' });
    const raw = (await receive('SH4', [line.id])).data.lines[0].item;
    expect((await post('/api/warehouse/shelve', { itemCode: raw.itemCode, locationCode: 'T-01-01-01' })).code).toBe(40900);
    expect((await post('/api/warehouse/shelve', { itemCode: 'WI99999999', locationCode: 'T-01-01-01' })).code).toBe(40400);
  });

  it('N concurrent shelving scans of one item onto different locations: exactly one success, the rest 40900', async () => {
    const item = await photographed('SH5');
    const codes = ['T-01-01-02', 'T-01-01-03', 'T-01-01-04', 'T-01-01-05', 'T-01-01-06'];
    const results = await Promise.all(codes.map((c, i) => post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: c }, i % 2 ? wh : wh2)));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(results.filter((r) => r.code === 40900)).toHaveLength(codes.length - 1);
  });

  it('N concurrent identical scans: one shelves it, the others see a repeat or 40900, never a second change', async () => {
    const item = await photographed('SH6');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/api/warehouse/shelve', { itemCode: item.itemCode, locationCode: 'T-01-01-01' }, i % 2 ? wh : wh2)),
    );
    expect(results.filter((r) => r.code === 20000 && !r.data.repeated)).toHaveLength(1);
    for (const r of results) expect(r.code === 40900 || (r.code === 20000 && r.data.status === 'shelved')).toBe(true);
    const d = await t.call<{ trace: { type: string }[] }>('GET', '/api/warehouse/orderDetail', {
      token: wh,
      query: { id: String((await post<{ purchaseId: number }>('/api/warehouse/shelving/scan', { code: item.itemCode })).data.purchaseId) },
    });
    expect(d.data.trace.filter((e) => e.type === 'stocking_shelved')).toHaveLength(1);
  });

  it('manages shelf locations', async () => {
    const add = await post<{ created: number; existing: number }>('/api/warehouse/shelfLocation/batchAdd', { zone: 'Q', rows: 2, levels: 2, slots: 3 });
    expect(add.data).toEqual({ created: 12, existing: 0 });
    expect((await post<{ created: number }>('/api/warehouse/shelfLocation/batchAdd', { zone: 'Q', rows: 2, levels: 2, slots: 4 })).data).toEqual({
      created: 4,
      existing: 12,
    });
    const list = await t.call<{ list: { id: number; code: string; active: boolean }[]; total: number }>('GET', '/api/warehouse/shelfLocation/pageList', {
      token: wh,
      query: { zone: 'Q' },
    });
    expect(list.data.total).toBe(16);
    expect(list.data.list[0].code).toBe('Q-01-01-01');
    const off = await t.call('GET', '/api/warehouse/shelfLocation/modifyStatus', { token: wh, query: { id: String(list.data.list[0].id), status: '0' } });
    expect(off.code).toBe(20000);
    expect(
      (await t.call('GET', '/api/warehouse/shelfLocation/modifyStatus', { token: buyer, query: { id: String(list.data.list[0].id), status: '1' } })).code,
    ).toBe(40300);
  });
});

describe('item label', () => {
  it('serves a signed PDF with the SPEC label data, refuses a forged signature', async () => {
    const line = await newLine(t.db, { status: 'purchased', trackingNo: 'LB1', props: [{ name: '颜色:白色' }, { name: '尺码:XL' }] });
    const item = (await receive('LB1', [line.id])).data.lines[0].item;
    const res = await t.app.inject({ method: 'GET', url: item.labelUrl });
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const s of [item.quickCode[0], item.quickCode[1], item.itemCode, '350 g', '3000 cm³', '颜色:白色; 尺码:XL', '制单：仓库小王'])
      expect(text).toContain(s);
    expect(text).toMatch(/日期：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const bare = await newLine(t.db, { status: 'purchased', trackingNo: 'LB2', props: [] });
    const bareItem = (await receive('LB2', [bare.id])).data.lines[0].item;
    const signed = await t.call<{ url: string }>('GET', '/api/warehouse/itemLabel', { token: wh, query: { itemCode: bareItem.itemCode } });
    expect(await pdfText((await t.app.inject({ method: 'GET', url: signed.data.url })).rawPayload)).toContain('该商品暂无规格');
    const forged = item.labelUrl.replace(/sig=[a-f0-9]{4}/, 'sig=0000');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/warehouse/itemLabel', { token: buyer, query: { itemCode: item.itemCode } })).code).toBe(20000);
  });

  it('says no speech provider is configured (the browser speaks instead)', async () => {
    const r = await t.call<{ accessToken: string | null }>('GET', '/api/config/createBaiduAccessToken', { token: wh, query: { type: 'audio' } });
    expect(r.data.accessToken).toBeNull();
  });

  it('hands the configured speech provider to any signed-in station', async () => {
    const withTts = await createTestApp({ dataDir, tts: { url: 'https://tts.example.com/v1', accessToken: 'tok-123' } });
    try {
      const token = await withTts.login('warehouse1', DEMO_PASSWORD);
      const r = await withTts.call<{ accessToken: string | null; ttsUrl: string | null }>('GET', '/api/config/createBaiduAccessToken', {
        token,
        query: { type: 'audio' },
      });
      expect(r.data).toMatchObject({ accessToken: 'tok-123', ttsUrl: 'https://tts.example.com/v1' });
    } finally {
      await withTts.close();
    }
  });
});
