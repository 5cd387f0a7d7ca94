import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkedList, RemovalPackage } from '@waystation/shared/contract/goodsOut/stations';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import { post as ledgerPost } from '../ledger/service';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { emailCode } from '../../testing/member';
import { itemCodesOf, newPackage } from './factory';

/** Issue 27.4: the removal station shows the package it locked; packing parks a package for its freight top-up. */
let t: TestApp;
let wh: string;
let buyer: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date() });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
});
afterAll(() => t.close());

type R = { status: string; repeated: boolean; packageNo: string };
const post = <T = R>(url: string, body: unknown, token = wh) => t.call<T>('POST', url, { token, body });
const get = <T>(url: string, query?: Record<string, unknown>, token = wh) => t.call<T>('GET', url, { token, query });

/** A member registered on the member API, with money on the balance. */
async function payingMember() {
  const n = ++seq;
  const email = `parked${Date.now()}${n}@example.com`;
  await t.call('POST', '/api/open/v1/auth/register', {
    body: { email, password: 'secret123', name: `Parked ${n}` },
    headers: { 'idempotency-key': `parked-reg-${Date.now()}-${n}` },
  });
  const reg = await t.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
    body: { email, code: await emailCode(t.db, email) },
    headers: { 'idempotency-key': `parked-confirm-${Date.now()}-${n}` },
  });
  expect(reg.code, reg.message).toBe(20000);
  const { token, member } = reg.data;
  await t.db.transaction((tx) =>
    ledgerPost(tx, { ownerType: 'member', ownerId: member.id, kind: 'balance', currency: 'CNY', amount: 100_000, type: 'recharge' }, new Date()),
  );
  return { token, member };
}
const payPatch = (token: string, packageNo: string) =>
  t.call<{ status: string }>('POST', '/api/open/v1/packs/payPatch', {
    body: { packageNo },
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `parked-pay-${Date.now()}-${++seq}` },
  });
/** Weighs a package in packing (two checked items of 400 g) far over its quote: 400 × 300 × 300 mm → patch_wait, 315.00 CNY due. */
const weighOver = (packageNo: string) =>
  post<R & { patchAmount: number; currency: string }>('/api/warehouse/packing/weigh', { packageNo, weightG: 900, lengthMm: 400, widthMm: 300, heightMm: 300 });

describe('the package the removal station locks', () => {
  it('lists its items in pick order (zone, row, level, slot) by its package no. or one of its items, each item removed as it is scanned', async () => {
    const p = await newPackage(t.db, { status: 'remove_wait', items: 4, shelves: ['B-01-01-01', 'A-02-01-03', 'A-01-03-05', 'A-01-01-02'] });
    const codes = await itemCodesOf(t.db, p.id);
    const byNo = await get<RemovalPackage>('/api/warehouse/removal/package', { code: p.packageNo.toLowerCase() });
    expect(byNo.code, byNo.message).toBe(20000);
    expect(byNo.data).toMatchObject({ packageNo: p.packageNo, status: 'remove_wait', userCode: 'U100001', countryCode: 'US' });
    expect(byNo.data.items.map((i) => [i.shelfCode, i.itemCode, i.removed])).toEqual([
      ['A-01-01-02', codes[3], false],
      ['A-01-03-05', codes[2], false],
      ['A-02-01-03', codes[1], false],
      ['B-01-01-01', codes[0], false],
    ]);

    expect((await post('/api/warehouse/removal/scan', { itemCode: codes[2], packageNo: p.packageNo })).data.status).toBe('removing');
    const byItem = await get<RemovalPackage>('/api/warehouse/removal/package', { code: codes[0] });
    expect(byItem.data.packageNo).toBe(p.packageNo);
    expect(byItem.data.status).toBe('removing');
    expect(byItem.data.items.map((i) => i.removed)).toEqual([false, true, false, false]);
    // The location stays on the line after the item left it.
    expect(byItem.data.items[1].shelfCode).toBe('A-01-03-05');
  });

  it('answers an unknown code with 40400 and a clear message, and is refused without the removal permission', async () => {
    const missing = await get('/api/warehouse/removal/package', { code: 'WI99999999' });
    expect(missing.code).toBe(40400);
    expect(missing.message).toBe('商品 WI99999999 不在任何包裹中');
    const p = await newPackage(t.db, { status: 'remove_wait', items: 1 });
    expect((await get('/api/warehouse/removal/package', { code: p.packageNo }, buyer)).code).toBe(40300);
    expect((await get('/api/warehouse/removal/package', { code: '' })).code).toBe(40001);
  });
});

describe('packages parked at packing for a freight top-up', () => {
  it('lists patch_wait packages the oldest first with what is due and from whom; the member pays through the member API; the rescan resumes it at the label', async () => {
    const a = await payingMember();
    const b = await payingMember();
    const first = await newPackage(t.db, { status: 'packing', memberCode: a.member.userCode });
    const second = await newPackage(t.db, { status: 'packing', memberCode: b.member.userCode });
    const w1 = await weighOver(first.packageNo);
    expect(w1.data).toMatchObject({ status: 'patch_wait', patchAmount: 31_500, currency: 'CNY' });
    await weighOver(second.packageNo);

    const parked = await get<ParkedList>('/api/warehouse/packing/parked');
    expect(parked.code, parked.message).toBe(20000);
    const mine = parked.data.list.filter((r) => [first.packageNo, second.packageNo].includes(r.packageNo));
    expect(mine.map((r) => r.packageNo)).toEqual([first.packageNo, second.packageNo]);
    expect(mine[0]).toMatchObject({
      status: 'patch_wait',
      userCode: a.member.userCode,
      userName: a.member.name,
      patchAmount: 31_500,
      currency: 'CNY',
      freightReal: 52_000,
      freightCharged: 20_500,
      packerName: '仓库小王',
      channelName: 'EMS 国际特快',
    });
    // Oldest first over the whole list.
    const times = parked.data.list.map((r) => r.packedAt ?? '');
    expect([...times].sort()).toEqual(times);
    expect(parked.data.total).toBeGreaterThanOrEqual(2);

    // Scanned back before the member paid: still waiting, said as such (not a repeat of nothing).
    const early = await post<R & { patchAmount: number }>('/api/warehouse/packing/scan', { code: first.packageNo });
    expect(early.data).toMatchObject({ status: 'patch_wait', repeated: false, patchAmount: 31_500 });
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: first.packageNo, code: first.packageNo })).code).toBe(40900);

    // The member pays the top-up on the member site (member API, from the balance).
    const paid = await payPatch(a.token, first.packageNo);
    expect(paid.code, paid.message).toBe(20000);
    expect(paid.data.status).toBe('pending_launch');
    // Another member cannot pay it.
    expect((await payPatch(a.token, second.packageNo)).code).not.toBe(20000);

    const after = (await get<ParkedList>('/api/warehouse/packing/parked')).data.list.find((r) => r.packageNo === first.packageNo);
    expect(after).toMatchObject({ status: 'pending_launch', patchAmount: 0, freightCharged: 52_000 });

    // The rescan after payment: the status changed, so it is no repeat; it resumes at the label.
    const back = await post<R & { labelUrl: string | null }>('/api/warehouse/packing/scan', { code: first.packageNo });
    expect(back.data).toMatchObject({ status: 'pending_launch', repeated: false });
    expect(back.data.labelUrl).toBeTruthy();
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: first.packageNo, code: first.packageNo })).data.status).toBe('wait_ship');
    const left = (await get<ParkedList>('/api/warehouse/packing/parked')).data.list.map((r) => r.packageNo);
    expect(left).not.toContain(first.packageNo);
    expect(left).toContain(second.packageNo);
  });

  it('says repeated only for a package scanned again while still being packed', async () => {
    const p = await newPackage(t.db, { status: 'removed', items: 1 });
    expect((await post('/api/warehouse/packing/scan', { code: p.packageNo })).data).toMatchObject({ status: 'packing', repeated: false });
    expect((await post('/api/warehouse/packing/scan', { code: p.packageNo })).data).toMatchObject({ status: 'packing', repeated: true });
  });

  it('is refused without the packing permission', async () => {
    expect((await get('/api/warehouse/packing/parked', undefined, buyer)).code).toBe(40300);
  });
});
