import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerCheckResult } from '@waystation/shared/contract/ledger';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { PurchaseDetail, WaitPaidOrder } from '@waystation/shared/contract/purchase';
import { auditLogs, ledgerEntries, memberProfiles, purchaseOrders, shopOrders, userLevels } from '../../db/schema';
import { setParam as setParamAs, signedUpMember } from '../../testing/member';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newAgent } from '../../testing/factories/money-people';

/**
 * The purchase service fee follows the goods (issue 30 item 4): a refunded line gives back its share of the fee; and
 * staff marking an order paid (确认收款) price it as the member's own payment would, without a balance debit.
 */

let t: TestApp;
let admin: string;
let finance: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  finance = await t.login('finance1', DEMO_PASSWORD);
});
afterAll(() => t.close());

const open = <T = unknown>(method: 'GET' | 'POST', path: string, o: { token: string; body?: unknown; query?: Record<string, unknown> }) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: { authorization: `Bearer ${o.token}`, ...(method === 'POST' ? { 'idempotency-key': `fee-${Date.now()}-${++seq}` } : {}) },
  });

const newMember = (balance: number, agentId?: number) => signedUpMember(t, { balance, agentId, name: 'Fee Member' });
async function setParam(paramKey: string, paramValue: string) {
  admin = await setParamAs(t, paramKey, paramValue);
}

async function placeOrder(token: string, unitPrices: number[]) {
  const order = await open<MemberOrder>('POST', '/orders', {
    token,
    body: {
      lines: unitPrices.map((unitPrice, i) => ({ mallType: 'TB', productUrl: `https://item.taobao.com/fee${i}`, title: `商品${i}`, quantity: 1, unitPrice })),
    },
  });
  expect(order.code, order.message).toBe(20000);
  return order.data;
}

const balanceOf = async (token: string) =>
  (await open<{ accounts: { kind: string; currency: string; balance: number }[] }>('GET', '/me', { token })).data.accounts.find(
    (a) => a.kind === 'balance' && a.currency === 'CNY',
  )?.balance;

/** The member's ledger rows of the order (goods, fee, fee refunds), oldest first. */
const orderLedger = (memberId: number, orderNo: string) =>
  t.db
    .select({ type: ledgerEntries.type, amount: ledgerEntries.amount, remark: ledgerEntries.remark })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.ownerType, 'member'),
        eq(ledgerEntries.ownerId, memberId),
        eq(ledgerEntries.refType, 'shop_order'),
        eq(ledgerEntries.refId, orderNo),
      ),
    )
    .orderBy(asc(ledgerEntries.id));

/** The line's own refund rows on the member's balance. */
const lineRefunds = async (memberId: number, purchaseNo: string) => {
  const [line] = await t.db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.purchaseNo, purchaseNo));
  const rows = await t.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, memberId), eq(ledgerEntries.refType, 'purchase'), eq(ledgerEntries.refId, String(line!.id))));
  return rows.map((r) => r.amount);
};

const refundLine = (token: string, purchaseNo: string) => open<MemberOrder>('POST', '/orders/refundLine', { token, body: { purchaseNo, reason: '不想要了' } });

async function ledgerCheck() {
  const check = await t.call<LedgerCheckResult>('GET', '/api/transaction/ledgerCheck', { token: finance });
  expect(check.code, check.message).toBe(20000);
  expect(check.data).toMatchObject({ balanceMismatches: [], runningMismatches: 0, orphanEntries: 0 });
}

describe('the service fee follows refunded goods', () => {
  it('gives back a refunded line’s share of the fee, then the rest with the last line, once each, through the ledger', async () => {
    await setParam('service.feePercent', '5');
    const m = await newMember(100_000);
    const placed = await placeOrder(m.token, [12_345, 6_789]);
    const { orderNo } = placed;
    const paid = await open<MemberOrder>('POST', '/orders/pay', { token: m.token, body: { orderNo } });
    expect(paid.code, paid.message).toBe(20000);
    // 19,134 × 5 % = 956.7 → 957.
    expect(paid.data).toMatchObject({ serviceFee: 957, paidAmount: 20_091, serviceFeeRefunded: 0 });
    const [first, second] = paid.data.lines;

    // The first line back: the order keeps the fee on the 6,789 still paid (339.45 → 339), 957 − 339 = 618 back.
    const one = await refundLine(m.token, first!.purchaseNo);
    expect(one.code, one.message).toBe(20000);
    expect(one.data).toMatchObject({ serviceFee: 957, serviceFeeRefunded: 618 });
    expect(await lineRefunds(m.id, first!.purchaseNo)).toEqual([12_345]);
    expect(await balanceOf(m.token)).toBe(100_000 - 20_091 + 12_345 + 618);
    // The member's retry of the same refund moves nothing more.
    expect((await refundLine(m.token, first!.purchaseNo)).data.serviceFeeRefunded).toBe(618);
    expect(await balanceOf(m.token)).toBe(100_000 - 20_091 + 12_345 + 618);

    // The staff line detail shows what went back.
    const [row] = await t.db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.purchaseNo, second!.purchaseNo));
    const detail = await t.call<PurchaseDetail>('GET', '/api/buy/detail', { token: admin, query: { id: String(row!.id) } });
    expect(detail.data.order).toMatchObject({ serviceFee: 957, serviceFeeRefunded: 618 });

    // The second line back: nothing of the goods is left paid, the whole fee is back.
    const two = await refundLine(m.token, second!.purchaseNo);
    expect(two.code, two.message).toBe(20000);
    expect(two.data).toMatchObject({ serviceFeeRefunded: 957 });
    expect(await lineRefunds(m.id, second!.purchaseNo)).toEqual([6_789]);
    expect(await balanceOf(m.token)).toBe(100_000);
    expect(await orderLedger(m.id, orderNo)).toEqual([
      { type: 'payment', amount: -19_134, remark: `订单 ${orderNo} 商品款` },
      { type: 'payment', amount: -957, remark: `订单 ${orderNo} 代购服务费（5%）` },
      { type: 'refund', amount: 618, remark: `订单 ${orderNo} 代购服务费退还（5%）` },
      { type: 'refund', amount: 339, remark: `订单 ${orderNo} 代购服务费退还（5%）` },
    ]);
    const [order] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
    expect(order).toMatchObject({ serviceFee: 957, serviceFeeRefunded: 957 });
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order.refund'), eq(auditLogs.targetId, orderNo)))
      .orderBy(asc(auditLogs.id));
    expect(audits.map((a) => [a.before, (a.after as { serviceFeeRefunded: number; amount: number }).amount])).toEqual([
      [{ serviceFeeRefunded: 0 }, 618],
      [{ serviceFeeRefunded: 618 }, 339],
    ]);
    await ledgerCheck();
  });
});

describe('确认收款 (manualPaid) prices the order like the member’s own payment', () => {
  it('applies the level discount shared over the lines and the fee, accrues commission and points, moves the level up; no balance debit', async () => {
    await setParam('service.feePercent', '5');
    const agent = await newAgent(t, { rebateBp: 300 });
    // The agent's own tier from 0: 3 % of the goods, whatever the demo's platform tiers say.
    const tier = await t.call('POST', '/api/profitConf/save', { token: admin, body: { name: '服务费测试', agentId: agent.id, minAmount: '0', rate: '3' } });
    expect(tier.code, tier.message).toBe(20000);
    const m = await newMember(50_000, agent.id);
    const levels = await t.db.select().from(userLevels);
    const silver = levels.find((l) => l.name === '银卡会员')!;
    expect(silver).toMatchObject({ discountBp: 9800, threshold: 100_000 });
    const markPaid = async (orderNo: string) => {
      const list = await t.call<{ list: WaitPaidOrder[] }>('GET', '/api/waitPaidOrder/pageList', { token: finance, query: { orderNo } });
      const row = list.data.list[0]!;
      const r = await t.call<{ status: string }>('POST', '/api/waitPaidOrder/manualPaid', { token: finance, body: { id: row.id, note: '银行转账已到账' } });
      expect(r.code, r.message).toBe(20000);
      expect(r.data.status).toBe('paid');
      return row;
    };
    const commissionOf = async (orderNo: string) => {
      const [o] = await t.db.select({ id: shopOrders.id }).from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
      const rows = await t.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.ownerType, 'agent'),
            eq(ledgerEntries.ownerId, agent.id),
            eq(ledgerEntries.refType, 'shop_order'),
            eq(ledgerEntries.refId, String(o!.id)),
          ),
        )
        .orderBy(asc(ledgerEntries.id));
      return rows.map((r) => r.amount);
    };

    // No level yet: 114,286 + 5,714.3 → 5,714 = 120,000 to collect, which reaches silver's 1,000.00.
    const big = await placeOrder(m.token, [114_286]);
    const shown = await markPaid(big.orderNo);
    expect(shown).toMatchObject({ amount: 114_286, levelDiscount: 0, serviceFee: 5_714, serviceFeePercent: '5', due: 120_000 });
    expect(await commissionOf(big.orderNo)).toEqual([3_428]); // 114,286 × 3 % = 3,428.58 → 3,428
    const [profile] = await t.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, m.id));
    expect(profile!.levelId).toBe(silver.id);

    // Silver: 10,000 − 2 % = 9,800 (the 200 shared 120 / 80 over the lines), + 5 % fee 490 = 10,290.
    const placed = await placeOrder(m.token, [6_000, 4_000]);
    const due = await markPaid(placed.orderNo);
    expect(due).toMatchObject({ amount: 10_000, levelDiscount: 200, serviceFee: 490, due: 10_290 });
    const order = await open<MemberOrder>('GET', '/orders/detail', { token: m.token, query: { orderNo: placed.orderNo } });
    expect(order.data).toMatchObject({ status: 'paid', paidAmount: 10_290, levelDiscount: 200, serviceFee: 490, pointsEarned: 98 });
    expect(order.data.lines.map((l) => [l.paidAmount, l.status])).toEqual([
      [5_880, 'purchase_wait'],
      [3_920, 'purchase_wait'],
    ]);
    const [row] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, placed.orderNo));
    expect(row).toMatchObject({ serviceFeeBp: 500, pointsUsed: 0 });
    expect(await commissionOf(placed.orderNo)).toEqual([294]); // 9,800 × 3 %
    expect((await open<{ points: number }>('GET', '/me', { token: m.token })).data.points).toBe(1_142 + 98);
    // The money came outside the balance: nothing was taken from it.
    expect(await orderLedger(m.id, big.orderNo)).toEqual([]);
    expect(await orderLedger(m.id, placed.orderNo)).toEqual([]);
    expect(await balanceOf(m.token)).toBe(50_000);
    // The detail shows what the payment charged once it is paid.
    const detail = await t.call<WaitPaidOrder>('GET', '/api/waitPaidOrder/detail', { token: finance, query: { id: String(due.id) } });
    expect(detail.data).toMatchObject({ status: 'paid', levelDiscount: 200, serviceFee: 490, due: 10_290 });

    // A line of it refunded: its discounted price and its fee share come back; the agent gives back its part.
    const back = await refundLine(m.token, order.data.lines[0]!.purchaseNo);
    expect(back.code, back.message).toBe(20000);
    // The order keeps the fee on 3,920 (196): 294 back.
    expect(back.data.serviceFeeRefunded).toBe(294);
    expect(await balanceOf(m.token)).toBe(50_000 + 5_880 + 294);
    expect(await commissionOf(placed.orderNo)).toEqual([294, -176]); // 294 × 5,880 / 9,800 = 176.4 → 176
    await ledgerCheck();
  });
});
