import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { PurchaseDetail } from '@waystation/shared/contract/purchase';
import { runDueJobs } from '../../core/jobs';
import { auditLogs, domainEvents, ledgerEntries, memberPointEntries, memberProfiles, purchaseOrders, shopOrders, userLevels } from '../../db/schema';
import { setParam as setParamAs, signedUpMember } from '../../testing/member';
import { createTestApp, type TestApp } from '../../testing/server';
import { channelIdOf, newShelvedItem } from '../goodsOut/factory';
import { PURCHASE_JOBS } from './jobs';

/** The settings a shop order reads (issue 30 item 4): each one, changed through 参数设置, changes what happens. */

let t: TestApp;
let staff: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login();
});
afterAll(() => t.close());

const open = <T = unknown>(method: 'GET' | 'POST', path: string, o: { token: string; body?: unknown; query?: Record<string, unknown>; lang?: string }) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: {
      authorization: `Bearer ${o.token}`,
      ...(method === 'POST' ? { 'idempotency-key': `settings-${Date.now()}-${++seq}` } : {}),
      ...(o.lang ? { 'accept-language': o.lang } : {}),
    },
  });

const newMember = (balance = 1_000_000) => signedUpMember(t, { balance, name: 'Settings Member' });
async function setParam(paramKey: string, paramValue: string) {
  staff = await setParamAs(t, paramKey, paramValue);
}

async function placeOrder(token: string, unitPrices: number[]) {
  const order = await open<MemberOrder>('POST', '/orders', {
    token,
    body: {
      lines: unitPrices.map((unitPrice, i) => ({ mallType: 'TB', productUrl: `https://item.taobao.com/${i}`, title: `商品${i}`, quantity: 1, unitPrice })),
    },
  });
  expect(order.code, order.message).toBe(20000);
  return order.data.orderNo;
}

async function payOrder(token: string, orderNo: string) {
  const paid = await open<MemberOrder>('POST', '/orders/pay', { token, body: { orderNo } });
  expect(paid.code, paid.message).toBe(20000);
  return paid.data;
}

const ledgerOf = (memberId: number, orderNo: string) =>
  t.db
    .select({ amount: ledgerEntries.amount, remark: ledgerEntries.remark })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.ownerId, memberId), eq(ledgerEntries.refId, orderNo)))
    .orderBy(asc(ledgerEntries.id));

describe('service.feePercent', () => {
  it('charges the purchase service fee at payment through the ledger, to the cent, and shows it on the order', async () => {
    await setParam('service.feePercent', '7.5');
    const m = await newMember(100_000);
    const orderNo = await placeOrder(m.token, [12_000, 345]);
    const paid = await payOrder(m.token, orderNo);
    // 12,345 × 7.5 % = 925.875 → 926.
    expect(paid).toMatchObject({ serviceFee: 926, levelDiscount: 0, paidAmount: 13_271 });
    expect(await ledgerOf(m.id, orderNo)).toEqual([
      { amount: -12_345, remark: `订单 ${orderNo} 商品款` },
      { amount: -926, remark: `订单 ${orderNo} 代购服务费（7.5%）` },
    ]);
    const me = await open<{ accounts: { kind: string; currency: string; balance: number }[] }>('GET', '/me', { token: m.token });
    expect(me.data.accounts).toContainEqual({ kind: 'balance', currency: 'CNY', balance: 100_000 - 13_271 });

    // Staff see it on the order's detail.
    const [line] = await t.db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.memberId, m.id));
    const detail = await t.call<PurchaseDetail>('GET', '/api/buy/detail', { token: staff, query: { id: String(line!.id) } });
    expect(detail.data.order).toEqual({
      paidAmount: 13_271,
      levelDiscount: 0,
      pointsUsed: 0,
      serviceFee: 926,
      serviceFeePercent: '7.5',
      serviceFeeRefunded: 0,
    });

    // Set to 0: no fee, no fee row.
    await setParam('service.feePercent', '0');
    const free = await placeOrder(m.token, [10_000]);
    expect(await payOrder(m.token, free)).toMatchObject({ serviceFee: 0, paidAmount: 10_000 });
    expect((await ledgerOf(m.id, free)).map((r) => r.amount)).toEqual([-10_000]);
  });

  it('refuses the payment whole when the balance cannot cover the fee too', async () => {
    await setParam('service.feePercent', '5');
    const m = await newMember(10_000);
    const orderNo = await placeOrder(m.token, [10_000]);
    const refused = await open('POST', '/orders/pay', { token: m.token, body: { orderNo } });
    expect(refused.code).toBe(40900);
    expect(await ledgerOf(m.id, orderNo)).toEqual([]);
    const [order] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
    expect(order).toMatchObject({ status: 'ordered', serviceFee: 0, paidAmount: 0 });
  });
});

describe('package.maxItems', () => {
  it('refuses a pack order with more items than the setting, in Chinese and English, and takes one within it', async () => {
    await setParam('package.maxItems', '2');
    const m = await newMember();
    const items = [];
    for (let i = 0; i < 3; i++) items.push((await newShelvedItem(t.db, { memberCode: m.userCode })).item.id);
    const address = await open<{ id: number }>('POST', '/addresses/save', {
      token: m.token,
      body: { receiver: 'Ann Lee', country: 'US', address: '1 Market St', city: 'San Francisco', postcode: '94105' },
    });
    const body = { itemIds: items, channelId: await channelIdOf(t.db, 'DHL'), addressId: address.data.id };
    const refused = await open('POST', '/packs', { token: m.token, body });
    expect(refused.code).toBe(40001);
    expect(refused.message).toBe('一个包裹最多 2 件商品');
    expect(refused.data).toEqual({ fields: { itemIds: '一个包裹最多 2 件商品' } });
    const english = await open('POST', '/packs', { token: m.token, body, lang: 'en' });
    expect(english.message).toBe('A package can hold at most 2 items');
    // Nothing was written: all three are still free to pack.
    expect((await open<{ list: unknown[] }>('GET', '/items', { token: m.token })).data.list).toHaveLength(3);

    await setParam('package.maxItems', '3');
    const placed = await open<{ status: string }>('POST', '/packs', { token: m.token, body });
    expect(placed.code, placed.message).toBe(20000);
    expect(placed.data.status).toBe('pack_pretrial');
  });
});

describe('member levels', () => {
  it('moves the member up by what they spent and applies the level’s discount at payment; a changed discount changes the price', async () => {
    await setParam('service.feePercent', '5');
    const levels = await t.db.select().from(userLevels).orderBy(asc(userLevels.threshold));
    const silver = levels.find((l) => l.name === '银卡会员')!;
    expect(silver).toMatchObject({ discountBp: 9800, threshold: 100_000 });
    const m = await newMember(2_000_000);
    const levelOf = async () => (await t.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, m.id)))[0]?.levelId;

    // 1,200.00 spent (with the fee) reaches the silver level's 1,000.00.
    const first = await payOrder(m.token, await placeOrder(m.token, [114_286]));
    expect(first).toMatchObject({ levelDiscount: 0, paidAmount: 120_000 });
    expect(await levelOf()).toBe(silver.id);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'vip.levelUp'), eq(auditLogs.targetId, String(m.id))));
    expect(audits.map((a) => (a.after as { level: string }).level)).toEqual(['银卡会员']);

    // Silver: 2 % off the goods, then 5 % fee on what remains. 10,000 → 9,800 + 490.
    const orderNo = await placeOrder(m.token, [6_000, 4_000]);
    const second = await payOrder(m.token, orderNo);
    expect(second).toMatchObject({ levelDiscount: 200, serviceFee: 490, paidAmount: 10_290 });
    expect(second.lines.map((l) => l.paidAmount)).toEqual([5_880, 3_920]);
    expect((await ledgerOf(m.id, orderNo)).map((r) => r.amount)).toEqual([-9_800, -490]);

    // Staff make silver 90 %: the next order pays 9,000 + 450.
    const saved = await t.call('POST', '/api/user/saveUserLevel', {
      token: staff,
      body: { id: silver.id, name: silver.name, discount: '90', threshold: '1000', sort: silver.sort },
    });
    expect(saved.code, saved.message).toBe(20000);
    expect(await payOrder(m.token, await placeOrder(m.token, [10_000]))).toMatchObject({ levelDiscount: 1_000, serviceFee: 450, paidAmount: 9_450 });
    await t.call('POST', '/api/user/saveUserLevel', {
      token: staff,
      body: { id: silver.id, name: silver.name, discount: '98', threshold: '1000', sort: silver.sort },
    });
  });
});

describe('order.autoCancelMinutes', () => {
  const runJobs = () => runDueJobs(t.db, () => t.clock.now(), 'test-runner', [PURCHASE_JOBS]);

  it('cancels an unpaid order by the job once the minutes have passed, through the machine, once', async () => {
    await setParam('order.autoCancelMinutes', '45');
    const m = await newMember();
    const orderNo = await placeOrder(m.token, [5_000, 6_000]);
    const paidNo = await placeOrder(m.token, [1_000]);
    await payOrder(m.token, paidNo);
    const [order] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));

    t.clock.advanceMinutes(44);
    await runJobs();
    expect((await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo } })).data.status).toBe('ordered');

    t.clock.advanceMinutes(2);
    await runJobs();
    const after = await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo } });
    expect(after.data.status).toBe('canceled');
    expect(after.data.lines.map((l) => l.status)).toEqual(['canceled', 'canceled']);
    expect((await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo: paidNo } })).data.status).toBe('paid');

    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'shop_order'), eq(domainEvents.entityId, String(order!.id))));
    expect(events.map((e) => e.type)).toEqual(['order.cancel']);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order.cancel'), eq(auditLogs.targetId, orderNo)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorName: 'system' });

    // A later run finds nothing more to do; a paid order is never touched.
    t.clock.advanceMinutes(10);
    await runJobs();
    expect(
      await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'order.cancel'), eq(auditLogs.targetId, orderNo))),
    ).toHaveLength(1);
  });

  it('fixes the deadline when the order is placed: the member sees it, and changing the setting later changes no placed order', async () => {
    await setParam('order.autoCancelMinutes', '30');
    const m = await newMember();
    const early = await placeOrder(m.token, [5_000]);
    const placed = await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo: early } });
    expect(placed.data.payDeadline).toBe(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());
    await setParam('order.autoCancelMinutes', '1');
    const late = await placeOrder(m.token, [5_000]);

    t.clock.advanceMinutes(2);
    await runJobs();
    expect((await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo: early } })).data.status).toBe('ordered');
    const canceled = await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo: late } });
    expect(canceled.data).toMatchObject({ status: 'canceled', payDeadline: null });
    const [row] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order.cancel'), eq(auditLogs.targetId, late)));
    expect(JSON.stringify(row)).toContain('超过 1 分钟未支付，自动取消');

    t.clock.advanceMinutes(29);
    await runJobs();
    expect((await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo: early } })).data.status).toBe('canceled');
  });

  it('leaves unpaid orders alone when the setting is 0', async () => {
    await setParam('order.autoCancelMinutes', '0');
    const m = await newMember();
    const orderNo = await placeOrder(m.token, [5_000]);
    t.clock.advanceMinutes(24 * 60);
    await runJobs();
    expect((await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo } })).data.status).toBe('ordered');
  });
});

describe('points', () => {
  it('earns a point per whole unit of goods paid and spends points as minor units at payment, never more than held', async () => {
    await setParam('service.feePercent', '0');
    const m = await newMember(100_000);
    const first = await payOrder(m.token, await placeOrder(m.token, [12_399]));
    expect(first).toMatchObject({ pointsUsed: 0, pointsEarned: 123, paidAmount: 12_399 });
    expect((await open<{ points: number }>('GET', '/me', { token: m.token })).data.points).toBe(123);

    // More than held: refused, nothing moves.
    const orderNo = await placeOrder(m.token, [5_000]);
    const greedy = await open('POST', '/orders/pay', { token: m.token, body: { orderNo, points: 124 } });
    expect(greedy.code).toBe(40900);
    expect(greedy.message).toBe('积分不足');
    expect((await open<{ points: number }>('GET', '/me', { token: m.token })).data.points).toBe(123);

    const paid = await open<MemberOrder>('POST', '/orders/pay', { token: m.token, body: { orderNo, points: 100 } });
    expect(paid.code, paid.message).toBe(20000);
    // 50.00 − 1.00 of points = 49.00 paid, which earns 49 points.
    expect(paid.data).toMatchObject({ pointsUsed: 100, pointsEarned: 49, paidAmount: 4_900 });
    expect((await ledgerOf(m.id, orderNo)).map((r) => r.amount)).toEqual([-4_900]);
    expect((await open<{ points: number }>('GET', '/me', { token: m.token })).data.points).toBe(123 - 100 + 49);
    const [line] = await t.db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.memberId, m.id))
      .orderBy(desc(purchaseOrders.id))
      .limit(1);
    const detail = await t.call<PurchaseDetail>('GET', '/api/buy/detail', { token: staff, query: { id: String(line!.id) } });
    expect(detail.data.order).toMatchObject({ paidAmount: 4_900, pointsUsed: 100 });
    const moves = await t.db.select().from(memberPointEntries).where(eq(memberPointEntries.memberId, m.id)).orderBy(asc(memberPointEntries.id));
    expect(moves.map((e) => [e.refType, e.amount, e.balanceAfter])).toEqual([
      ['shop_order_earn', 123, 123],
      ['shop_order_pay', -100, 23],
      ['shop_order_earn', 49, 72],
    ]);
  });
});
