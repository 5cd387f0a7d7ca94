import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { PaymentMethods, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { RefundDetail } from '@waystation/shared/contract/afterSales';
import { ledgerEntries, packages, purchaseOrders, shopOrders, topupIntents } from '../../db/schema';
import { verifiedCall } from '../../testing/factories/money-people';
import { followPaymentRefunds } from './providerRefunds';
import { emailCode } from '../../testing/member';
import { balanceOf } from '../../testing/factories/goods-in';
import { createTestApp, startTestServer, type TestApp } from '../../testing/server';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../../testing/fakeStripe';
import { newPackage } from '../goodsOut/factory';

/**
 * Issue #32.1: a member pays a bill (a shop order, a package's freight, its freight top-up) through a payment channel or
 * the sandbox. What is due is the server's; once paid, the money is credited to the balance and the bill paid from it.
 */

let t: TestApp & { url: string };
let staff: string;
let stripe: FakeStripe;
let seq = 0;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

beforeAll(async () => {
  stripe = await startFakeStripe(() => new Date());
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await startTestServer();
  staff = await t.login();
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await t.close();
  await stripe.close();
});

const open = <T = unknown>(method: 'GET' | 'POST', path: string, o: { token?: string; body?: unknown; query?: Record<string, unknown> } = {}) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': `bill-test-${Date.now()}-${++seq}` } : {}),
    },
  });

async function newMember(): Promise<{ token: string; id: number; userCode: string }> {
  const email = `bills${Date.now()}${++seq}@example.com`;
  await open('POST', '/auth/register', { body: { email, password: 'secret123', name: 'Bill Payer', country: 'US' } });
  const r = await open<SessionResult>('POST', '/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) } });
  expect(r.code, r.message).toBe(20000);
  return { token: r.data.token, id: r.data.member.id, userCode: r.data.member.userCode };
}

/** An unpaid shop order of 300.00 CNY of goods (the demo's service fee is 5 %: 315.00 due). */
async function newOrder(token: string): Promise<string> {
  const order = await open<MemberOrder>('POST', '/orders', {
    token,
    body: { lines: [{ mallType: 'TB', productUrl: 'https://item.taobao.com/item.htm?id=7', title: '运动鞋', quantity: 2, unitPrice: 15_000 }] },
  });
  expect(order.code, order.message).toBe(20000);
  return order.data.orderNo;
}

const sandboxPay = (token: string, intentNo: string) => open<TopupIntent>('POST', '/sandbox/pay', { token, body: { intentNo } });
const ledgerOf = async (memberId: number) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, memberId)).orderBy(ledgerEntries.id))
    .filter((e) => e.ownerType === 'member' && e.kind === 'balance')
    .map((e) => [e.type, e.amount]);

describe('paying a bill through the sandbox', () => {
  it('a shop order: what is due is the server’s (goods + service fee); paid, the order is paid and the balance is back where it was', async () => {
    const m = await newMember();
    const orderNo = await newOrder(m.token);
    const created = await open<TopupIntent>('POST', '/payments/bills', { token: m.token, body: { purpose: 'order_pay', orderNo, provider: 'sandbox' } });
    expect(created.code, created.message).toBe(20000);
    expect(created.data).toMatchObject({ amount: 31_500, currency: 'CNY', status: 'pending', purpose: 'order_pay', billRef: orderNo, billStatus: '' });

    const paid = await sandboxPay(m.token, created.data.intentNo);
    expect(paid.data).toMatchObject({ status: 'paid', billStatus: 'paid', billNote: '' });
    const [order] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
    expect(order!.status).toBe('paid');
    expect(await balanceOf(t.db, m.id)).toBe(0);
    expect(await ledgerOf(m.id)).toEqual([
      ['recharge', 31_500],
      ['payment', -30_000],
      ['payment', -1_500],
    ]);
    // The provider's repeat changes nothing.
    expect((await sandboxPay(m.token, created.data.intentNo)).data.billStatus).toBe('paid');
    expect(await ledgerOf(m.id)).toHaveLength(3);
  });

  it('an order paid from the balance meanwhile: the payment is credited once and stays in the balance, the bill refused with why', async () => {
    const m = await newMember();
    const orderNo = await newOrder(m.token);
    const bill = await open<TopupIntent>('POST', '/payments/bills', { token: m.token, body: { purpose: 'order_pay', orderNo, provider: 'sandbox' } });
    const topup = await open<TopupIntent>('POST', '/topups', { token: m.token, body: { amount: 31_500, currency: 'CNY', provider: 'sandbox' } });
    await sandboxPay(m.token, topup.data.intentNo);
    expect((await open('POST', '/orders/pay', { token: m.token, body: { orderNo } })).code).toBe(20000);

    const late = await sandboxPay(m.token, bill.data.intentNo);
    expect(late.data).toMatchObject({ status: 'paid', billStatus: 'refused', billNote: `订单 ${orderNo} 当前不是待支付状态` });
    expect(await balanceOf(t.db, m.id)).toBe(31_500);
    expect((await ledgerOf(m.id)).filter(([type]) => type === 'recharge')).toEqual([
      ['recharge', 31_500],
      ['recharge', 31_500],
    ]);
  });

  it('a package’s quoted freight, then its freight top-up after the weighing', async () => {
    const m = await newMember();
    const quoted = await newPackage(t.db, { status: 'pack_pretrial_pass', memberCode: m.userCode });
    const due = quoted.freightEstimated + quoted.insuranceFee;
    expect(due).toBeGreaterThan(0);
    const freight = await open<TopupIntent>('POST', '/payments/bills', {
      token: m.token,
      body: { purpose: 'package_pay', packageNo: quoted.packageNo, provider: 'sandbox' },
    });
    expect(freight.data).toMatchObject({ amount: due, purpose: 'package_pay', billRef: quoted.packageNo });
    expect((await sandboxPay(m.token, freight.data.intentNo)).data.billStatus).toBe('paid');
    const [after] = await t.db.select().from(packages).where(eq(packages.id, quoted.id));
    expect(after).toMatchObject({ status: 'remove_wait', freightCharged: quoted.freightEstimated });
    expect(await balanceOf(t.db, m.id)).toBe(0);

    const parked = await newPackage(t.db, { status: 'patch_wait', memberCode: m.userCode, dims: [400, 300, 300], packedWeightG: 900 });
    expect(parked.patchAmount).toBeGreaterThan(0);
    const patch = await open<TopupIntent>('POST', '/payments/bills', {
      token: m.token,
      body: { purpose: 'patch_pay', packageNo: parked.packageNo, provider: 'sandbox' },
    });
    expect(patch.data).toMatchObject({ amount: parked.patchAmount, purpose: 'patch_pay' });
    expect((await sandboxPay(m.token, patch.data.intentNo)).data.billStatus).toBe('paid');
    const [resumed] = await t.db.select().from(packages).where(eq(packages.id, parked.id));
    expect(resumed).toMatchObject({ status: 'pending_launch', patchAmount: 0 });
    expect(await balanceOf(t.db, m.id)).toBe(0);
  });

  it('refuses what cannot be paid, writing nothing: the wrong number for the purpose, another member’s order, a paid one', async () => {
    const m = await newMember();
    const other = await newMember();
    const orderNo = await newOrder(m.token);
    const bad = await open('POST', '/payments/bills', { token: m.token, body: { purpose: 'order_pay', packageNo: 'PK2026112800001', provider: 'sandbox' } });
    expect(bad).toMatchObject({ code: 40001, message: '订单支付须填 orderNo，包裹运费和补运费须填 packageNo' });
    const points = await open('POST', '/payments/bills', {
      token: m.token,
      body: { purpose: 'package_pay', packageNo: 'PK2026112800001', points: 10, provider: 'sandbox' },
    });
    expect(points).toMatchObject({ code: 40001, message: '积分只能用于订单支付' });
    expect((await open('POST', '/payments/bills', { token: other.token, body: { purpose: 'order_pay', orderNo, provider: 'sandbox' } })).code).toBe(40400);
    const pkg = await newPackage(t.db, { status: 'pack_pretrial', memberCode: m.userCode });
    const early = await open('POST', '/payments/bills', { token: m.token, body: { purpose: 'package_pay', packageNo: pkg.packageNo, provider: 'sandbox' } });
    expect(early.code).toBe(40900);
    const intents = await t.db
      .select()
      .from(topupIntents)
      .where(and(eq(topupIntents.memberId, m.id)));
    expect(intents).toEqual([]);

    // Where the sandbox is off, it pays no bill either.
    const off = await createTestApp({ paymentSandbox: false });
    try {
      const email = `nosandbox${Date.now()}@example.com`;
      const headers = (n: number) => ({ 'idempotency-key': `nosandbox-${Date.now()}-${n}` });
      await off.call('POST', '/api/open/v1/auth/register', { body: { email, password: 'secret123', name: 'No Sandbox' }, headers: headers(1) });
      const r = await off.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
        body: { email, code: await emailCode(off.db, email) },
        headers: headers(2),
      });
      const refused = await off.call('POST', '/api/open/v1/payments/bills', {
        body: { purpose: 'order_pay', orderNo: 'SO20261128000001', provider: 'sandbox' },
        headers: { authorization: `Bearer ${r.data.token}`, ...headers(3) },
      });
      expect(refused).toMatchObject({ code: 40300, message: '沙箱支付未开启' });
    } finally {
      await off.close();
    }
  });
});

describe('paying a bill through a Stripe channel', () => {
  it('the rules for 订单支付 decide the channel and its fee; Stripe’s notification pays the order and books the fee', async () => {
    const saved = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: staff,
      body: {
        name: 'Stripe 订单支付',
        providerType: 'card',
        currencies: ['CNY'],
        feePercent: '2',
        fixedFee: '0',
        currency: 'CNY',
        countries: ['US'],
        gateway: 'stripe',
        apiBase: stripe.url,
        secretKey: FAKE_STRIPE_KEY,
        webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      },
    });
    expect(saved.code, saved.message).toBe(20000);
    const channelId = saved.data.id;
    const m = await newMember();
    const orderNo = await newOrder(m.token);
    // Offered for top-ups only: not for this order.
    const topupOnly = await t.call<{ id: number }>('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: 'CNY 充值', scenario: 'recharge', currency: 'CNY', channelIds: [channelId], priority: 0 },
    });
    expect(topupOnly.code, topupOnly.message).toBe(20000);
    const refused = await open('POST', '/payments/bills', { token: m.token, body: { purpose: 'order_pay', orderNo, channelId } });
    expect(refused).toMatchObject({ code: 40900, message: '该支付渠道当前不可用于这笔支付' });

    const rule = await t.call('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: 'CNY 订单支付', scenario: 'order_pay', currency: 'CNY', channelIds: [channelId], priority: 0 },
    });
    expect(rule.code, rule.message).toBe(20000);
    const methods = await open<PaymentMethods>('GET', '/payments/methods', {
      token: m.token,
      query: { purpose: 'order_pay', amount: '315.00', currency: 'CNY' },
    });
    expect(methods.data.channels).toEqual([expect.objectContaining({ id: channelId, fee: 630, total: 32_130 })]);
    const created = await open<TopupIntent>('POST', '/payments/bills', { token: m.token, body: { purpose: 'order_pay', orderNo, channelId } });
    expect(created.code, created.message).toBe(20000);
    expect(created.data).toMatchObject({ provider: 'stripe', amount: 31_500, fee: 630, total: 32_130, purpose: 'order_pay' });
    expect(stripe.calls.at(-1)!.params.get('amount')).toBe('32130');

    const [intent] = await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, created.data.intentNo));
    const { payload, signature } = stripe.event(
      'payment_intent.succeeded',
      { id: intent!.providerRef!, amount: 32_130, currency: 'cny', intentNo: intent!.intentNo },
      FAKE_STRIPE_WEBHOOK_SECRET,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/open/v1/payments/callback/stripe?channel=${channelId}`,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await open<TopupIntent>('GET', '/topups/detail', { token: m.token, query: { intentNo: created.data.intentNo } });
    expect(detail.data).toMatchObject({ status: 'paid', billStatus: 'paid' });
    const [order] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
    expect(order!.status).toBe('paid');
    expect(await ledgerOf(m.id)).toEqual([
      ['recharge', 32_130],
      ['payment_fee', -630],
      ['payment', -30_000],
      ['payment', -1_500],
    ]);
    expect(await balanceOf(t.db, m.id)).toBe(0);

    // 原路退回 of a line of that order: credited to the balance it was paid from and sent back through Stripe at once.
    stripe.succeeded.add(intent!.providerRef!);
    const [line] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.orderId, order!.id));
    const opened = await t.call<{ id: number }>('POST', '/api/afterSales/createRefund', {
      token: staff,
      body: {
        memberId: m.id,
        sourceType: 'purchase_order',
        sourceId: String(line!.id),
        reason: 'refunded_purchase_not',
        amount: '100.00',
        channel: 'original',
      },
    });
    expect(opened.code, opened.message).toBe(20000);
    const reviewed = await verifiedCall<RefundDetail>(t, 'refund_review', opened.data.id, 'POST', '/api/afterSales/refundReview', {
      token: staff,
      body: { id: opened.data.id, result: 'REVIEW_SUCCESS' },
    });
    expect(reviewed.code, reviewed.message).toBe(20000);
    expect(reviewed.data.paymentRefunds).toEqual([
      expect.objectContaining({ intentNo: intent!.intentNo, provider: 'stripe', amount: 10_000, status: 'pending' }),
    ]);
    const sent = stripe.refundCalls.at(-1)!;
    expect([sent.params.get('payment_intent'), sent.params.get('amount')]).toEqual([intent!.providerRef, '10000']);
    // The line's share of the service fee (5 % of 100.00) is refunded to the balance, as for any refunded line.
    expect((await ledgerOf(m.id)).slice(4)).toEqual([
      ['refund', 10_000],
      ['refund', -10_000],
      ['refund', 500],
    ]);
    expect(await balanceOf(t.db, m.id)).toBe(500);
    stripe.settleRefund(reviewed.data.paymentRefunds[0]!.providerRef, 'succeeded');
    await followPaymentRefunds(t.db, t.app.services.secrets, new Date(Date.now() + 120_000));
    const detail2 = await t.call<RefundDetail>('GET', '/api/afterSales/refundDetail', { token: staff, query: { id: opened.data.id } });
    expect(detail2.data).toMatchObject({ status: 'refunded', channel: 'original', paymentRefunds: [expect.objectContaining({ status: 'succeeded' })] });
  });
});
