import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, warehouseItems } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { multipartBody, newLine, newShelf, TINY_PNG } from '../../testing/factories/goods-in';

let t: TestApp;
let wh: string;
let buyer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-move-'));
  t = await createTestApp({ dataDir });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
  for (const code of ['M-01-01-01', 'M-01-01-02', 'M-01-01-03']) await newShelf(t.db, code);
  await newShelf(t.db, 'M-09-09-09', false);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Result = { status: string; repeated: boolean; shelfCode: string | null; purchaseId: number };
const post = <T = Result>(url: string, body: unknown, token = wh) => t.call<T>('POST', url, { token, body });

/** A line taken through receive and QC photo; shelved on `location` when given. */
async function item(tracking: string, location?: string): Promise<{ itemCode: string; purchaseId: number }> {
  const line = await newLine(t.db, { status: 'purchased', trackingNo: tracking });
  const r = await post<{ lines: { item: { itemCode: string } }[] }>('/api/warehouse/inbound/receive', {
    trackingNo: tracking,
    lines: [{ id: line.id, weightG: 350, lengthMm: 300, widthMm: 200, heightMm: 50 }],
  });
  const itemCode = r.data.lines[0].item.itemCode;
  const { payload, headers } = multipartBody('file', 'a.png', 'image/png', TINY_PNG);
  const up = (await t.app.inject({ method: 'POST', url: '/api/upload/image?type=qc', payload, headers: { ...headers, 'x-token': wh } })).json();
  expect((await post('/api/warehouse/qc/photo', { itemCode, media: [{ fileUri: up.data.fileUri, kind: 'image' }] })).code).toBe(20000);
  if (location) expect((await post('/api/warehouse/shelve', { itemCode, locationCode: location })).code).toBe(20000);
  return { itemCode, purchaseId: line.id };
}

const rowsOf = async (purchaseId: number) => ({
  item: (await t.db.select().from(warehouseItems).where(eq(warehouseItems.purchaseId, purchaseId)))[0],
  events: await t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityId, String(purchaseId)), eq(domainEvents.type, 'purchase.move'))),
  audits: await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetId, String(purchaseId)), eq(auditLogs.action, 'purchase.move'))),
});

describe('moving a shelved item (two scans: the item, then its new location)', () => {
  it('moves it, keeps it shelved, writes one trace line, domain event and audit row; the same location again is a repeat', async () => {
    const { itemCode, purchaseId } = await item('MV1', 'M-01-01-01');
    const scan = await post<{ actions: string[]; item: { shelfCode: string } }>('/api/warehouse/shelving/scan', { code: itemCode });
    expect(scan.data.actions).toEqual(['move']);
    expect(scan.data.item.shelfCode).toBe('M-01-01-01');

    const moved = await post('/api/warehouse/move', { itemCode, locationCode: 'm-01-01-02' });
    expect(moved.data).toMatchObject({ status: 'shelved', repeated: false, shelfCode: 'M-01-01-02' });
    expect((await post('/api/warehouse/move', { itemCode, locationCode: 'M-01-01-02' })).data.repeated).toBe(true);

    const after = await rowsOf(purchaseId);
    expect([after.item.shelfCode, after.events.length, after.audits.length]).toEqual(['M-01-01-02', 1, 1]);
    const d = await t.call<{ status: string; trace: { type: string; note: string }[] }>('GET', '/api/warehouse/orderDetail', {
      token: wh,
      query: { id: String(purchaseId) },
    });
    expect(d.data.status).toBe('shelved');
    expect(d.data.trace.filter((e) => ['stocking_shelved', 'stocking_moved'].includes(e.type)).map((e) => e.note)).toEqual(
      expect.arrayContaining(['M-01-01-01', 'M-01-01-01 → M-01-01-02']),
    );
    // The shelf list counts it where it is now.
    const shelves = await t.call<{ list: { code: string; itemCount: number }[] }>('GET', '/api/warehouse/shelfLocation/pageList', {
      token: wh,
      query: { zone: 'M' },
    });
    const counts = Object.fromEntries(shelves.data.list.map((s) => [s.code, s.itemCount]));
    expect([counts['M-01-01-01'], counts['M-01-01-02']]).toEqual([0, 1]);
  });

  it('refuses an item not on a shelf, an unknown, inactive or item-code location, and a caller without the shelving permission', async () => {
    const { itemCode } = await item('MV2');
    const notShelved = await post('/api/warehouse/move', { itemCode, locationCode: 'M-01-01-01' });
    expect(notShelved.code).toBe(40900);
    const shelved = await item('MV3', 'M-01-01-01');
    const unknown = await post('/api/warehouse/move', { itemCode: shelved.itemCode, locationCode: 'Z-99-99-99' });
    expect([unknown.code, unknown.message]).toEqual([40400, '库位 Z-99-99-99 不存在']);
    const inactive = await post('/api/warehouse/move', { itemCode: shelved.itemCode, locationCode: 'M-09-09-09' });
    expect([inactive.code, inactive.message]).toEqual([40001, '库位 M-09-09-09 已停用，请换一个库位']);
    const swapped = await post('/api/warehouse/move', { itemCode: shelved.itemCode, locationCode: shelved.itemCode });
    expect(swapped.message).toContain('商品条码');
    expect((await post('/api/warehouse/move', { itemCode: shelved.itemCode, locationCode: 'M-01-01-03' }, buyer)).code).toBe(40300);
    expect((await rowsOf(shelved.purchaseId)).item.shelfCode).toBe('M-01-01-01');
  });

  it('N concurrent moves of one item: each one taken moves it from where the one before left it (no move is lost)', async () => {
    const { itemCode, purchaseId } = await item('MV4', 'M-01-01-01');
    const targets = ['M-01-01-02', 'M-01-01-03', 'M-01-01-02', 'M-01-01-03'];
    const results = await Promise.all(targets.map((c) => post('/api/warehouse/move', { itemCode, locationCode: c })));
    for (const r of results) expect(r.code === 40900 || r.code === 20000).toBe(true);
    const taken = results.filter((r) => r.code === 20000 && !r.data.repeated).length;
    const after = await rowsOf(purchaseId);
    expect(after.events.length).toBe(taken);
    // The trace is one chain: each move starts where the previous one ended, and the chain ends where the item is.
    const moves = (
      await t.call<{ trace: { type: string; note: string }[] }>('GET', '/api/warehouse/orderDetail', { token: wh, query: { id: String(purchaseId) } })
    ).data.trace
      .filter((e) => e.type === 'stocking_moved')
      .map((e) => e.note.split(' → '));
    expect(moves).toHaveLength(taken);
    let at = 'M-01-01-01';
    for (const [from, to] of moves) {
      expect(from).toBe(at);
      at = to;
    }
    expect(after.item.shelfCode).toBe(at);
  });
});
