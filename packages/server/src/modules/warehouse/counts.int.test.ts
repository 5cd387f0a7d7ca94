import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, packageExceptions, packages, warehouseItems } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newShelf } from '../../testing/factories/goods-in';
import { itemCodesOf, newPackage, newShelvedItem } from '../goodsOut/factory';

let t: TestApp;
let wh: string;
let buyer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-count-'));
  t = await createTestApp({ dataDir });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
  for (const code of ['C-01-01-01', 'C-01-01-02', 'C-01-01-03']) await newShelf(t.db, code);
  await newShelf(t.db, 'C-09-09-09', false);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Counted = { itemCode: string; packageNo: string | null };
type Finished = {
  expected: number;
  found: number;
  missing: Counted[];
  extra: { itemCode: string; from: string | null; moved: boolean }[];
  unknown: string[];
  exceptions: string[];
};
const itemOf = async (itemCode: string) => (await t.db.select().from(warehouseItems).where(eq(warehouseItems.itemCode, itemCode)))[0];
const traceOf = async (purchaseId: number) =>
  (await t.call<{ trace: { type: string; note: string }[] }>('GET', '/api/warehouse/orderDetail', { token: wh, query: { id: String(purchaseId) } })).data.trace;

describe('counting a shelf location', () => {
  it('lists what the records put there, then takes the missing off it, raises a package’s missing item, records the extra there', async () => {
    const [a, b, c] = [
      (await newShelvedItem(t.db, { shelf: 'C-01-01-01' })).item,
      (await newShelvedItem(t.db, { shelf: 'C-01-01-01' })).item,
      (await newShelvedItem(t.db, { shelf: 'C-01-01-01' })).item,
    ];
    const elsewhere = (await newShelvedItem(t.db, { shelf: 'C-01-01-02' })).item;
    const pkg = await newPackage(t.db, { status: 'remove_wait', items: 1, shelves: ['C-01-01-01'] });
    const [packed] = await itemCodesOf(t.db, pkg.id);

    const listed = await t.call<{ locationCode: string; items: Counted[] }>('POST', '/api/warehouse/count/location', {
      token: wh,
      body: { locationCode: 'c-01-01-01' },
    });
    expect(listed.data.locationCode).toBe('C-01-01-01');
    expect(listed.data.items.map((i) => [i.itemCode, i.packageNo]).sort()).toEqual(
      [
        [a.itemCode, null],
        [b.itemCode, null],
        [c.itemCode, null],
        [packed, pkg.packageNo],
      ].sort(),
    );

    const done = await t.call<Finished>('POST', '/api/warehouse/count/finish', {
      token: wh,
      body: { locationCode: 'C-01-01-01', itemCodes: [a.itemCode, b.itemCode.toLowerCase(), elsewhere.itemCode, 'WI99999999'] },
    });
    expect(done.code).toBe(20000);
    expect([done.data.expected, done.data.found]).toEqual([4, 2]);
    expect(done.data.missing.map((i) => i.itemCode).sort()).toEqual([c.itemCode, packed].sort());
    expect(done.data.extra).toEqual([{ itemCode: elsewhere.itemCode, from: 'C-01-01-02', moved: true }]);
    expect(done.data.unknown).toEqual(['WI99999999']);
    expect(done.data.exceptions).toEqual([pkg.packageNo]);

    // The loose missing item is off the location, with 盘点缺失 in its trace; the package's is an exception on it.
    expect((await itemOf(c.itemCode)).shelfCode).toBeNull();
    expect((await traceOf(c.purchaseId)).filter((e) => e.type === 'stocking_missing').map((e) => e.note)).toEqual(['C-01-01-01']);
    const [pkgAfter] = await t.db.select().from(packages).where(eq(packages.id, pkg.id));
    expect(pkgAfter.status).toBe('exception');
    const raised = await t.db.select().from(packageExceptions).where(eq(packageExceptions.packageId, pkg.id));
    expect(raised.map((e) => [e.type, e.reason])).toEqual([['item_missing', `盘点 C-01-01-01 未找到商品 ${packed}`]]);
    // The extra one is recorded here now, its move in its trace.
    expect((await itemOf(elsewhere.itemCode)).shelfCode).toBe('C-01-01-01');
    expect((await traceOf(elsewhere.purchaseId)).filter((e) => e.type === 'stocking_moved').map((e) => e.note)).toEqual(['C-01-01-02 → C-01-01-01']);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'shelf.count'), eq(auditLogs.targetId, 'C-01-01-01')));
    expect(audits).toHaveLength(1);

    // The location now holds what was found (and the package's item until its exception is handled); the missing item,
    // found again, is put back on a shelf by a move.
    const again = await t.call<{ items: Counted[] }>('POST', '/api/warehouse/count/location', { token: wh, body: { locationCode: 'C-01-01-01' } });
    expect(again.data.items.map((i) => i.itemCode).sort()).toEqual([a.itemCode, b.itemCode, elsewhere.itemCode, packed].sort());
    const back = await t.call<{ shelfCode: string }>('POST', '/api/warehouse/move', { token: wh, body: { itemCode: c.itemCode, locationCode: 'C-01-01-03' } });
    expect(back.data.shelfCode).toBe('C-01-01-03');
    expect((await traceOf(c.purchaseId)).filter((e) => e.type === 'stocking_moved').map((e) => e.note)).toEqual(['- → C-01-01-03']);
  });

  it('moving an item of a pack order keeps its pick list right; one taken off into its package is refused', async () => {
    const pkg = await newPackage(t.db, { status: 'remove_wait', items: 1, shelves: ['C-01-01-02'] });
    const [code] = await itemCodesOf(t.db, pkg.id);
    const moved = await t.call('POST', '/api/warehouse/move', { token: wh, body: { itemCode: code, locationCode: 'C-01-01-03' } });
    expect(moved.code).toBe(20000);
    const detail = await t.call<{ items: { itemCode: string; shelfCode: string }[] }>('GET', '/api/warehouse/package/detail', {
      token: wh,
      query: { id: String(pkg.id) },
    });
    expect(detail.data.items.map((i) => i.shelfCode)).toEqual(['C-01-01-03']);
    // Taken off at the removal station: in its package now, no longer a shelf's to move (nor to count).
    const removed = await t.call('POST', '/api/warehouse/removal/scan', { token: wh, body: { itemCode: code, packageNo: pkg.packageNo } });
    expect(removed.code).toBe(20000);
    const refused = await t.call('POST', '/api/warehouse/move', { token: wh, body: { itemCode: code, locationCode: 'C-01-01-02' } });
    expect([refused.code, refused.message]).toEqual([40900, `商品 ${code} 已下架到包裹 ${pkg.packageNo}，不能移库`]);
    const listed = await t.call<{ items: Counted[] }>('POST', '/api/warehouse/count/location', { token: wh, body: { locationCode: 'C-01-01-03' } });
    expect(listed.data.items.map((i) => i.itemCode)).not.toContain(code);
  });

  it('refuses a caller without the count permission, an inactive location and an item code as the location', async () => {
    expect((await t.call('POST', '/api/warehouse/count/location', { token: buyer, body: { locationCode: 'C-01-01-01' } })).code).toBe(40300);
    expect((await t.call('POST', '/api/warehouse/count/finish', { token: buyer, body: { locationCode: 'C-01-01-01', itemCodes: [] } })).code).toBe(40300);
    const inactive = await t.call('POST', '/api/warehouse/count/finish', { token: wh, body: { locationCode: 'C-09-09-09', itemCodes: [] } });
    expect([inactive.code, inactive.message]).toEqual([40001, '库位 C-09-09-09 已停用，请换一个库位']);
    const swapped = await t.call('POST', '/api/warehouse/count/location', { token: wh, body: { locationCode: 'WI00000001' } });
    expect(swapped.message).toContain('商品条码');
  });
});
