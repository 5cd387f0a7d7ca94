import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationWork, StationWorkSummary } from '@waystation/shared/contract/warehouse';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newLine } from '../../testing/factories/goods-in';
import { newPackage } from '../goodsOut/factory';
import { businessDayStart } from '../../platform/businessTime';

let t: TestApp;
let wh: string;
let buyer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-work-'));
  t = await createTestApp({ dataDir });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const work = async (station: string, token = wh) => t.call<StationWork>('GET', `/api/warehouse/work/${station}`, { token, query: { limit: '100' } });

describe('station work lists', () => {
  it('lists the parcels expected at inbound, oldest first, and counts what the worker received today', async () => {
    const before = (await work('inbound')).data;
    const old = await newLine(t.db, { status: 'purchased', trackingNo: 'WORK-OLD-1', now: new Date('2020-01-01T00:00:00Z') });
    await newLine(t.db, { status: 'purchased', trackingNo: 'WORK-OLD-1', memberCode: 'U100002', now: new Date('2020-01-02T00:00:00Z') });
    await newLine(t.db, { status: 'purchased', trackingNo: 'WORK-NEW-2', now: new Date('2020-06-01T00:00:00Z') });
    const r = (await work('inbound')).data;
    expect(r.waiting).toBe(before.waiting + 2);
    expect(r.list.slice(0, 2).map((x) => [x.code, x.detail.split(' · ')[1]])).toEqual([
      ['WORK-OLD-1', '2'],
      ['WORK-NEW-2', '1'],
    ]);
    expect(r.list[0].since).toBe('2020-01-01T00:00:00.000Z');
    // A parcel carries the lines of every member in it: each is named, not the first alone.
    expect(r.list[0].detail).toBe('U100001, U100002 · 2');

    const received = await t.call('POST', '/api/warehouse/inbound/receive', {
      token: wh,
      body: { trackingNo: 'WORK-OLD-1', lines: [{ id: old.id, weightG: 300 }] },
    });
    expect(received.code).toBe(20000);
    const after = (await work('inbound')).data;
    expect(after.doneToday).toBe(before.doneToday + 1);
    // The parcel still carries a line not received yet: it stays expected.
    expect(after.waiting).toBe(r.waiting);
    // Now waiting at QC, at the end of its list.
    const qc = (await work('qc')).data;
    expect(qc.list.at(-1)?.code).toBe(`WI${String(old.id).padStart(8, '0')}`);
  });

  it('names every member of a parcel whose lines belong to three members', async () => {
    for (const memberCode of ['U100003', 'U100001', 'U100002']) {
      await newLine(t.db, { status: 'purchased', trackingNo: 'WORK-3-MEMBERS', memberCode, now: new Date('2019-01-01T00:00:00Z') });
    }
    const row = (await work('inbound')).data.list.find((x) => x.code === 'WORK-3-MEMBERS');
    expect(row?.detail).toBe('U100001, U100002, U100003 · 3');
  });

  it('lists the packages waiting to be packed and sorted, and the dashboard summary covers only the caller’s stations', async () => {
    const before = (await work('packing')).data.waiting;
    const p = await newPackage(t.db, { status: 'removed', country: 'DE' });
    const packing = (await work('packing')).data;
    expect(packing.waiting).toBe(before + 1);
    expect(packing.list.map((x) => x.code)).toContain(p.packageNo);
    expect(packing.list.find((x) => x.code === p.packageNo)?.title).toContain('DE');

    const summary = (await t.call<StationWorkSummary>('GET', '/api/warehouse/work/summary', { token: wh })).data;
    expect(Object.keys(summary).sort()).toEqual(['inbound', 'packing', 'qc', 'shelving', 'sorting']);
    expect(summary.packing?.waiting).toBe(packing.waiting);

    // A purchaser opens no station: the lists are refused, the summary is not theirs either.
    expect((await work('packing', buyer)).code).toBe(40300);
    expect((await t.call('GET', '/api/warehouse/work/summary', { token: buyer })).code).toBe(40300);
  });

  it('starts the business day at midnight in China (UTC+8)', () => {
    expect(businessDayStart(new Date('2026-03-01T15:59:59Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(businessDayStart(new Date('2026-03-01T16:00:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });
});
