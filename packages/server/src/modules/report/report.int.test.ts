import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageAgeResult } from '@waystation/shared/contract/report';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember } from '../../testing/factories/money-people';
import { newPackage, newShelvedItem } from '../goodsOut/factory';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

/** The report after 立即更新 (the hourly roll-up's work, done now). */
const report = async (query: Record<string, unknown> = {}, token = admin) => {
  await t.call('POST', '/api/report/refresh', { token: admin });
  return t.call<StorageAgeResult>('GET', '/api/report/storageAge', { token, query: { limit: 200, ...query } });
};

describe('库龄报表 (storage age)', () => {
  it('buckets the items on the shelf by whole days, per member, and leaves out items in a pack order', async () => {
    const now = t.clock.now();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000 - 60_000);
    const before = (await report()).data;
    const m = await newMember(t);
    // 5, 45, 75 and 120 days on the shelf: one item per bucket; two more 120-day items are in a pack order.
    for (const d of [5, 45, 75, 120]) await newShelvedItem(t.db, { memberCode: m.userCode, now: daysAgo(d) });
    await newPackage(t.db, { memberCode: m.userCode, now: daysAgo(120), items: 2 });

    const after = (await report()).data;
    expect(after.buckets.d0_30 - before.buckets.d0_30).toBe(1);
    expect(after.buckets.d31_60 - before.buckets.d31_60).toBe(1);
    expect(after.buckets.d61_90 - before.buckets.d61_90).toBe(1);
    expect(after.buckets.d90_plus - before.buckets.d90_plus).toBe(1);
    const mine = (await report({ userCode: m.userCode.toLowerCase() })).data;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ userCode: m.userCode, d0_30: 1, d31_60: 1, d61_90: 1, d90_plus: 1, total: 4, oldestDays: 120 });
    // A member whose oldest item is younger than minDays is left out; 90+ members come first.
    expect((await report({ userCode: m.userCode, minDays: 121 })).data.total).toBe(0);
    const all = (await report({ minDays: 100 })).data;
    expect(all.list.every((r) => r.oldestDays >= 100)).toBe(true);
    expect(after.freeDays).toBeGreaterThanOrEqual(0);
    expect(after.rolledUpAt).toBe(t.clock.now().toISOString());
    // The roll-up is what the report reads: a new item shows after the next one.
    await newShelvedItem(t.db, { memberCode: m.userCode, now: daysAgo(150) });
    const stale = await t.call<StorageAgeResult>('GET', '/api/report/storageAge', { token: admin, query: { userCode: m.userCode } });
    expect(stale.data.list[0].d90_plus).toBe(1);
    expect((await report({ userCode: m.userCode })).data.list[0]).toMatchObject({ d90_plus: 2, oldestDays: 150 });
  });

  it('is a report of its own permission', async () => {
    const cs = await t.login('cs1', DEMO_PASSWORD);
    expect((await report({}, cs)).code).toBe(40300);
    expect((await report({ minDays: -1 })).code).toBe(40001);
  });
});
