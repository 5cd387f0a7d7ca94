import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { OverdueResult, StorageFee } from '@waystation/shared/contract/storageFee';
import type { Page } from '@waystation/shared/contract/common';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember, verifiedCall } from '../../testing/factories/money-people';
import { balanceOf } from '../../testing/factories/goods-in';
import { queryRows } from '../../db';
import { domainEvents, ledgerEntries, storageFees } from '../../db/schema';
import { createJobRunner, enqueueJob } from '../../core/jobs';
import { newPackage, newShelvedItem } from '../goodsOut/factory';
import { chargeStorageFees, warnStorageFees } from './service';
import { STORAGE_FEE_JOBS } from './jobs';

let t: TestApp;
let admin: string;
let member: { id: number; userCode: string };
const items: Record<string, number> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  member = await newMember(t);
  const now = t.clock.now().getTime();
  // Free days 90 (the demo's setting): one item 95 days on the shelf, one 85 (in the warning week), one 10; and one
  // 120 days old already in a pack order (never charged).
  for (const [key, days] of [
    ['overdue', 95],
    ['warning', 85],
    ['fresh', 10],
  ] as const) {
    items[key] = (await newShelvedItem(t.db, { memberCode: member.userCode, now: new Date(now - days * DAY - 60_000) })).item.id;
  }
  await newPackage(t.db, { memberCode: member.userCode, now: new Date(now - 120 * DAY), items: 1 });
});
afterAll(() => t.close());

const feesOf = (itemId: number) => t.db.select().from(storageFees).where(eq(storageFees.itemId, itemId));
const memberFees = () =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, member.id), eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.type, 'storage_fee')));

describe('storage fees', () => {
  it('charges each item past the free days once per business day, however often the job runs, from the balance through the ledger', async () => {
    const before = await balanceOf(t.db, member.id);
    await chargeStorageFees(t.db, t.clock.now());
    await Promise.all([chargeStorageFees(t.db, t.clock.now()), chargeStorageFees(t.db, t.clock.now())]);
    expect(await feesOf(items.overdue)).toHaveLength(1);
    expect(await feesOf(items.warning)).toHaveLength(0);
    expect(await feesOf(items.fresh)).toHaveLength(0);
    const [fee] = await feesOf(items.overdue);
    expect(fee).toMatchObject({ amount: 100, currency: 'CNY', status: 'charged' });
    // One ledger debit for the member's day; the balance may go below zero (the member owes it).
    expect((await memberFees()).map((e) => e.amount)).toEqual([-100]);
    expect(await balanceOf(t.db, member.id)).toBe(before - 100);

    // The next day: charged again; the warning item (now 86 days) still not.
    t.clock.advance(DAY);
    await chargeStorageFees(t.db, t.clock.now());
    expect(await feesOf(items.overdue)).toHaveLength(2);
    expect(await feesOf(items.warning)).toHaveLength(0);
    expect((await memberFees()).map((e) => e.amount)).toEqual([-100, -100]);
  });

  it('never charges twice across a restart: a runner that died holding the job, and the runner that took it over', async () => {
    t.clock.advance(DAY);
    const key = `storageFee.charge:restart-${Date.now()}`;
    await enqueueJob(t.db, { kind: 'storageFee.charge', key, runAt: t.clock.now() }, t.clock.now());
    // The first server charged and died before recording the job done; its lease runs out, another server runs it.
    await chargeStorageFees(t.db, t.clock.now());
    t.clock.advanceMinutes(10);
    const runner = createJobRunner(t.db, () => t.clock.now(), [STORAGE_FEE_JOBS]);
    await runner.runNow(key);
    await runner.settled();
    const [job] = await queryRows<{ status: string }>(t.db, sql`select status from jobs where key = ${key}`);
    expect(job.status).toBe('done');
    const days = (await feesOf(items.overdue)).map((f) => f.day);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toHaveLength(3);
    const [{ total }] = await queryRows<{ total: string }>(t.db, sql`select sum(amount)::bigint as total from storage_fees where member_id = ${member.id}`);
    expect((await memberFees()).reduce((s, e) => s + e.amount, 0)).toBe(-Number(total));
  });

  it('warns a member once a week while goods near the free days', async () => {
    const warned = () =>
      t.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.memberId, member.id), eq(domainEvents.type, 'member.storage_fee_warning')));
    await warnStorageFees(t.db, t.clock.now());
    await warnStorageFees(t.db, t.clock.now());
    const events = await warned();
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ itemCount: 1, days: 90, perDay: 100, currency: 'CNY' });
  });

  it('lists the overdue and warned items with what they were charged, and the fees', async () => {
    admin = await t.login(); // the clock moved two days: a new session
    const overdue = await t.call<OverdueResult>('GET', '/api/storageFee/overdue', { token: admin, query: { userCode: member.userCode } });
    expect(overdue.code).toBe(20000);
    expect(overdue.data).toMatchObject({ freeDays: 90, perDay: 100, currency: 'CNY', total: 2 });
    expect(overdue.data.list.map((i) => [i.itemId, i.stage, i.chargedDays, i.charged])).toEqual([
      [items.overdue, 'overdue', 3, 300],
      [items.warning, 'warning', 0, 0],
    ]);
    const onlyWarning = await t.call<OverdueResult>('GET', '/api/storageFee/overdue', { token: admin, query: { userCode: member.userCode, stage: 'warning' } });
    expect(onlyWarning.data.list.map((i) => i.itemId)).toEqual([items.warning]);
    const fees = await t.call<Page<StorageFee>>('GET', '/api/storageFee/pageList', { token: admin, query: { userCode: member.userCode.toLowerCase() } });
    expect(fees.data.total).toBe(3);
    expect(fees.data.list[0].day > fees.data.list[2].day).toBe(true);
  });

  it('waiving is a sensitive operation of its own: refunded to the balance with a reason, once', async () => {
    const fees = await t.call<Page<StorageFee>>('GET', '/api/storageFee/pageList', { token: admin, query: { userCode: member.userCode } });
    const ids = fees.data.list.slice(0, 2).map((f) => f.id);
    const before = await balanceOf(t.db, member.id);
    const bare = await t.call('POST', '/api/storageFee/waive', { token: admin, body: { ids, reason: '客户投诉' } });
    expect(bare.code).toBe(42800);
    const done = await verifiedCall<{ waived: number; amount: number }>(t, 'waive_storage_fee', '', 'POST', '/api/storageFee/waive', {
      token: admin,
      body: { ids, reason: '客户投诉' },
    });
    expect(done.data).toMatchObject({ waived: 2, amount: 200, currency: 'CNY' });
    expect(await balanceOf(t.db, member.id)).toBe(before + 200);
    const after = await t.call<Page<StorageFee>>('GET', '/api/storageFee/pageList', { token: admin, query: { userCode: member.userCode, status: 'waived' } });
    expect(after.data.list.map((f) => [f.status, f.waivedReason])).toEqual([
      ['waived', '客户投诉'],
      ['waived', '客户投诉'],
    ]);
    // Again: refused, nothing refunded twice.
    const again = await verifiedCall(t, 'waive_storage_fee', '', 'POST', '/api/storageFee/waive', { token: admin, body: { ids, reason: '客户投诉' } });
    expect(again.code).toBe(40900);
    expect(await balanceOf(t.db, member.id)).toBe(before + 200);
  });

  it('checks input and permission', async () => {
    const bad = async (body: unknown) => (await t.call('POST', '/api/storageFee/waive', { token: admin, body })).code;
    expect(await bad({ ids: [], reason: 'x' })).toBe(40001);
    expect(await bad({ ids: [1], reason: '  ' })).toBe(40001);
    expect(await bad({ ids: ['x'], reason: 'x' })).toBe(40001);
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/storageFee/overdue', { token: wh })).code).toBe(40300);
    const finance = await t.login('finance1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/storageFee/overdue', { token: finance })).code).toBe(20000);
  });
});
