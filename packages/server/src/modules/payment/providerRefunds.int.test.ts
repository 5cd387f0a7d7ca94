import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupIntent } from '@waystation/shared/contract/openTopups';
import type { PaymentRefund, PaymentRefundList } from '@waystation/shared/contract/paymentRefunds';
import type { ReconcileResult } from '@waystation/shared/contract/paymentReconcile';
import ExcelJS from 'exceljs';
import { auditLogs, domainEvents, jobs, ledgerEntries, paymentRefunds, topupIntents } from '../../db/schema';
import { signedUpMember } from '../../testing/member';
import { balanceOf } from '../../testing/factories/goods-in';
import { verifiedCall } from '../../testing/factories/money-people';
import { createTestApp, type TestApp } from '../../testing/server';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../../testing/fakeStripe';
import { alipayTestKeys, type FakeAlipay, startFakeAlipay } from '../../testing/fakeAlipay';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_SECRET, FAKE_PAYPAL_WEBHOOK_ID, type FakePaypal, startFakePaypal } from '../../testing/fakePaypal';
import { post } from '../ledger/service';
import { followPaymentRefunds, openPaymentRefund, paymentRefundJobs } from './providerRefunds';

/**
 * Issue #32.4: money back to where it came from. A paid top-up of each gateway is refunded through the staff route
 * (refund_review ticket), the balance debited, the provider's refund sent to a local server answering as the
 * provider's API reference documents (testing/fakeStripe.ts, fakeAlipay.ts, fakePaypal.ts), and the job follows it
 * until final; a refund the provider fails goes back to the balance once.
 */

const alipayKeys = alipayTestKeys();
let stripe: FakeStripe;
let alipay: FakeAlipay;
let paypal: FakePaypal;
let t: TestApp;
let staff: string;
const channels = { stripe: 0, alipay: 0, paypal: 0 };
let key = 0;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

beforeAll(async () => {
  [stripe, alipay, paypal] = await Promise.all([startFakeStripe(() => t.clock.now()), startFakeAlipay(alipayKeys), startFakePaypal()]);
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp();
  staff = await t.login();
  const bodies = {
    stripe: {
      name: 'Stripe',
      providerType: 'card',
      currencies: ['USD'],
      currency: 'USD',
      apiBase: stripe.url,
      secretKey: FAKE_STRIPE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    },
    alipay: {
      name: '支付宝',
      providerType: 'alipay',
      currencies: ['CNY'],
      currency: 'CNY',
      apiBase: alipay.url,
      appId: alipayKeys.appId,
      privateKey: alipayKeys.appPrivateKey,
      alipayPublicKey: alipayKeys.alipayPublicKey,
      notifyBase: 'https://ws.example.com',
    },
    paypal: {
      name: 'PayPal',
      providerType: 'paypal',
      currencies: ['EUR'],
      currency: 'EUR',
      apiBase: paypal.url,
      clientId: FAKE_PAYPAL_CLIENT_ID,
      clientSecret: FAKE_PAYPAL_SECRET,
      webhookId: FAKE_PAYPAL_WEBHOOK_ID,
      feePercent: '3.4',
      fixedFee: '0.35',
    },
  };
  for (const gateway of ['stripe', 'alipay', 'paypal'] as const) {
    const saved = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: staff,
      body: { feePercent: '0', fixedFee: '0', ...bodies[gateway], gateway },
    });
    expect(saved.code, saved.message).toBe(20000);
    channels[gateway] = saved.data.id;
    const currency = bodies[gateway].currency;
    const rule = await t.call('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: `${currency} 充值`, scenario: 'recharge', currency, channelIds: [saved.data.id], priority: 0 },
    });
    expect(rule.code, rule.message).toBe(20000);
  }
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await t.close();
  await Promise.all([stripe.close(), alipay.close(), paypal.close()]);
});

const inject = async (url: string, payload: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers });
  expect(res.statusCode, res.body).toBe(200);
};

/** A member's top-up through a gateway channel, paid as the provider pays it (its signed notification). */
async function paidTopup(gateway: keyof typeof channels, amount: number, currency: string) {
  const m = await signedUpMember(t);
  const created = await t.call<TopupIntent>('POST', '/api/open/v1/topups', {
    body: { amount, currency, channelId: channels[gateway], returnUrl: 'https://shop.example.com/wallet' },
    headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': `refund-test-${++key}` },
  });
  expect(created.code, created.message).toBe(20000);
  const intentNo = created.data.intentNo;
  const [row] = await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo));
  if (gateway === 'stripe') {
    stripe.succeeded.add(row!.providerRef!);
    const e = stripe.event('payment_intent.succeeded', { id: row!.providerRef!, amount: created.data.total, currency: currency.toLowerCase(), intentNo });
    await inject(`/api/open/v1/payments/callback/stripe?channel=${channels.stripe}`, e.payload, {
      'content-type': 'application/json',
      'stripe-signature': e.signature,
    });
  } else if (gateway === 'alipay') {
    await (await fetch(created.data.payUrl)).text(); // the member at Alipay's cashier
    alipay.pay(intentNo);
    await inject('/api/open/v1/payments/callback/alipay', new URLSearchParams(alipay.notification(intentNo)).toString(), {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
  } else {
    paypal.approve(row!.providerRef!);
    const e = paypal.orderEvent('CHECKOUT.ORDER.APPROVED', row!.providerRef!);
    await inject(`/api/open/v1/payments/callback/paypal?channel=${channels.paypal}`, e.payload, e.headers);
  }
  const [paid] = await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo));
  expect(paid!.status).toBe('paid');
  expect(await balanceOf(t.db, m.id, currency)).toBe(amount);
  return { memberId: m.id, intentNo, intent: paid! };
}

const refund = (intentNo: string, amount: string, remark = '客户取消订单') =>
  verifiedCall<PaymentRefund>(t, 'refund_review', intentNo, 'POST', '/api/payment/refundPayment', { token: staff, body: { intentNo, amount, remark } });
const listOf = async (intentNo: string) => (await t.call<PaymentRefundList>('GET', '/api/payment/refunds', { token: staff, query: { intentNo } })).data;
const follow = () => followPaymentRefunds(t.db, t.app.services.secrets, t.clock.now());
const rowOf = async (refundNo: string) => (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)))[0]!;
const entriesOf = (id: number) =>
  t.db
    .select({ key: ledgerEntries.idempotencyKey, amount: ledgerEntries.amount, type: ledgerEntries.type })
    .from(ledgerEntries)
    .where(like(ledgerEntries.idempotencyKey, `payment_refund%:${id}`))
    .orderBy(asc(ledgerEntries.id));
const eventsOf = async (id: number) =>
  (
    await t.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'paymentRefund'), eq(domainEvents.entityId, String(id))))
  ).map((e) => e.type);
const auditsOf = async (refundNo: string) =>
  (await t.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, refundNo)).orderBy(asc(auditLogs.id))).map((a) => a.action);
const refundCount = async () => (await t.db.select({ id: paymentRefunds.id }).from(paymentRefunds)).length;

describe('a refund through Stripe', () => {
  it('a partial refund: balance debited, Stripe asked with the refund number as Idempotency-Key, pending → the job → succeeded', async () => {
    const { memberId, intentNo, intent } = await paidTopup('stripe', 10_000, 'USD');
    const r = await refund(intentNo, '30.00');
    expect(r.code, r.message).toBe(20000);
    expect(r.data).toMatchObject({ intentNo, provider: 'stripe', amount: 3000, currency: 'USD', status: 'pending', failure: '' });
    expect(r.data.providerRef).toMatch(/^re_3Test/);
    expect(await balanceOf(t.db, memberId, 'USD')).toBe(7000);
    const call = stripe.refundCalls.at(-1)!;
    expect(call.idempotencyKey).toBe(`waystation-${r.data.refundNo}`);
    expect([call.params.get('payment_intent'), call.params.get('amount')]).toEqual([intent.providerRef, '3000']);
    expect(await entriesOf(r.data.id)).toEqual([{ key: `payment_refund:${r.data.id}`, amount: -3000, type: 'refund' }]);

    // Stripe has not finished it: the job leaves it pending; once Stripe has, the job settles it, once.
    expect(await follow()).toMatchObject({ checked: 1, settled: 0 });
    stripe.settleRefund(r.data.providerRef, 'succeeded');
    expect(await follow()).toMatchObject({ checked: 1, settled: 1 });
    expect(await follow()).toMatchObject({ checked: 0, settled: 0 });
    expect(await rowOf(r.data.refundNo)).toMatchObject({ status: 'succeeded', settledAt: t.clock.now() });
    expect(await auditsOf(r.data.refundNo)).toEqual(['payment.refund.open', 'payment.refund.succeeded']);
    expect(await eventsOf(r.data.id)).toEqual(['topup.refund.succeeded']);
    expect(await balanceOf(t.db, memberId, 'USD')).toBe(7000);
    expect(await listOf(intentNo)).toMatchObject({ paid: 10_000, refundable: 7000, refunds: [{ refundNo: r.data.refundNo, status: 'succeeded' }] });
  });

  it('a refund Stripe fails: the balance is credited back once however often the job runs; the amount is refundable again', async () => {
    const { memberId, intentNo } = await paidTopup('stripe', 5000, 'USD');
    const r = await refund(intentNo, '50.00');
    expect(r.data.status).toBe('pending');
    expect(await balanceOf(t.db, memberId, 'USD')).toBe(0);
    stripe.settleRefund(r.data.providerRef, 'failed');
    await follow();
    await follow();
    expect(await rowOf(r.data.refundNo)).toMatchObject({ status: 'failed', failure: 'expired_or_canceled_card' });
    expect(await balanceOf(t.db, memberId, 'USD')).toBe(5000);
    expect((await entriesOf(r.data.id)).map((e) => [e.key, e.amount])).toEqual([
      [`payment_refund:${r.data.id}`, -5000],
      [`payment_refund_back:${r.data.id}`, 5000],
    ]);
    expect(await eventsOf(r.data.id)).toEqual(['topup.refund.failed']);
    expect((await listOf(intentNo)).refundable).toBe(5000);
  });

  it('more than is left to refund, a short balance, or no ticket: refused, nothing written, Stripe not called', async () => {
    const { memberId, intentNo } = await paidTopup('stripe', 8000, 'USD');
    expect((await refund(intentNo, '60.00')).data.status).toBe('pending');
    const before = { rows: await refundCount(), calls: stripe.refundCalls.length };
    expect(await refund(intentNo, '20.01')).toMatchObject({ code: 40001, message: '退款金额超过可退金额 20.00 USD' });

    // The member spent the rest of the balance: the refund cannot be debited from it.
    await t.db.transaction((tx) =>
      post(tx, { ownerType: 'member', ownerId: memberId, kind: 'balance', currency: 'USD', amount: -1500, type: 'payment', remark: 'spent' }, t.clock.now()),
    );
    const short = await refund(intentNo, '10.00');
    expect(short.code).toBe(40900);
    expect(short.message).toMatch(/^会员余额不足/);

    const bare = await t.call('POST', '/api/payment/refundPayment', { token: staff, body: { intentNo, amount: '1.00', remark: 'x' } });
    expect(bare.code).toBe(42800);
    expect({ rows: await refundCount(), calls: stripe.refundCalls.length }).toEqual(before);
    expect(await balanceOf(t.db, memberId, 'USD')).toBe(500);
  });

  it('a refund left "sending" (the server stopped before the call) is sent by the job after a minute, with the same number', async () => {
    const { intentNo } = await paidTopup('stripe', 4000, 'USD');
    const actor = { id: null, name: '售后', ip: '' };
    const opened = await t.db.transaction((tx) =>
      openPaymentRefund(tx, actor, { intentNo, amount: 1000, remark: '售后退款', sourceType: 'afterSales.refund', sourceId: 7 }, t.clock.now()),
    );
    expect(await follow()).toMatchObject({ sent: 0 });
    t.clock.advance(61_000);
    expect(await follow()).toMatchObject({ sent: 1 });
    expect(await rowOf(opened.refundNo)).toMatchObject({ status: 'pending', sourceType: 'afterSales.refund', sourceId: '7' });
    expect(stripe.refundCalls.at(-1)!.idempotencyKey).toBe(`waystation-${opened.refundNo}`);
  });
});

describe('a refund through Alipay', () => {
  it('fund_change "N" → pending; the job asks alipay.trade.fastpay.refund.query until REFUND_SUCCESS', async () => {
    const { memberId, intentNo } = await paidTopup('alipay', 10_000, 'CNY');
    alipay.refundSettings.fundChange = 'N';
    const r = await refund(intentNo, '40.00');
    expect(r.code, r.message).toBe(20000);
    expect(r.data).toMatchObject({ provider: 'alipay', status: 'pending', amount: 4000, currency: 'CNY' });
    expect(r.data.providerRef).toBe(alipay.tradeOf(intentNo).tradeNo);
    expect(await balanceOf(t.db, memberId, 'CNY')).toBe(6000);
    const sent = alipay.calls.filter((c) => c.method === 'alipay.trade.refund').at(-1)!;
    expect(sent.bizContent).toMatchObject({ out_trade_no: intentNo, out_request_no: r.data.refundNo, refund_amount: '40.00' });

    await follow();
    expect((await rowOf(r.data.refundNo)).status).toBe('pending');
    expect(alipay.calls.some((c) => c.method === 'alipay.trade.fastpay.refund.query' && c.bizContent.out_request_no === r.data.refundNo)).toBe(true);
    alipay.settleRefund(r.data.refundNo);
    await follow();
    expect(await rowOf(r.data.refundNo)).toMatchObject({ status: 'succeeded' });
    expect(alipay.refunds.get(r.data.refundNo)!.amount).toBe(4000);
    expect(await balanceOf(t.db, memberId, 'CNY')).toBe(6000);
    alipay.refundSettings.fundChange = 'Y';
  });

  it("Alipay's refusal fails the refund at once and credits the balance back once", async () => {
    const { memberId, intentNo } = await paidTopup('alipay', 3000, 'CNY');
    alipay.refundSettings.refusal = { subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' };
    const r = await refund(intentNo, '30.00');
    alipay.refundSettings.refusal = null;
    expect(r.data).toMatchObject({ status: 'failed', failure: '卖家余额不足' });
    await follow();
    await follow();
    expect(await balanceOf(t.db, memberId, 'CNY')).toBe(3000);
    expect((await entriesOf(r.data.id)).map((e) => e.amount)).toEqual([-3000, 3000]);
    expect(await auditsOf(r.data.refundNo)).toEqual(['payment.refund.open', 'payment.refund.failed']);
  });
});

describe('a refund through PayPal', () => {
  it("the capture's refund with PayPal-Request-Id, up to amount + fee; PENDING → the job → COMPLETED; FAILED → credited back once", async () => {
    const { memberId, intentNo, intent } = await paidTopup('paypal', 5000, 'EUR');
    expect(intent.fee).toBe(205); // 3.4 % of 50.00 plus 0.35
    const captureId = paypal.orderOf(intent.providerRef!).capture!.id;
    const r = await refund(intentNo, '20.00');
    expect(r.data).toMatchObject({ provider: 'paypal', status: 'pending', amount: 2000, currency: 'EUR' });
    const call = paypal.calls.filter((c) => c.method === 'POST' && c.path === `/v2/payments/captures/${captureId}/refund`).at(-1)!;
    expect(call.requestId).toBe(`waystation-refund-${r.data.refundNo}`);
    expect(JSON.parse(call.body)).toMatchObject({ amount: { currency_code: 'EUR', value: '20.00' }, invoice_id: r.data.refundNo });
    expect(await balanceOf(t.db, memberId, 'EUR')).toBe(3000);
    paypal.settleRefund(r.data.providerRef, 'COMPLETED');
    await follow();
    expect((await rowOf(r.data.refundNo)).status).toBe('succeeded');
    expect((await listOf(intentNo)).refundable).toBe(3205);

    const second = await refund(intentNo, '30.00');
    expect(second.data.status).toBe('pending');
    paypal.settleRefund(second.data.providerRef, 'FAILED');
    await follow();
    await follow();
    expect(await rowOf(second.data.refundNo)).toMatchObject({ status: 'failed', failure: 'REFUND_FAILED_INSUFFICIENT_FUNDS' });
    expect(await balanceOf(t.db, memberId, 'EUR')).toBe(3000);
    expect((await entriesOf(second.data.id)).map((e) => e.amount)).toEqual([-3000, 3000]);
    expect(await eventsOf(second.data.id)).toEqual(['topup.refund.failed']);
  });
});

describe('支付对账 lists the day’s refunds', () => {
  it('each refund against what the ledger took from the balance: the amount while live, nothing once failed; the export has them', async () => {
    const { intentNo } = await paidTopup('stripe', 9000, 'USD');
    const live = await refund(intentNo, '40.00');
    const failed = await refund(intentNo, '10.00');
    stripe.settleRefund(failed.data.providerRef, 'failed');
    await follow();
    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day } });
    expect(res.code, res.message).toBe(20000);
    const mine = res.data.refunds.filter((r) => r.intentNo === intentNo);
    expect(mine.map((r) => [r.refundNo, r.amount, r.status, r.ledgerAmount, r.result])).toEqual([
      [live.data.refundNo, 4000, 'pending', 4000, 'matched'],
      [failed.data.refundNo, 1000, 'failed', 0, 'matched'],
    ]);

    const file = await t.app.inject({ method: 'GET', url: `/api/payment/reconcile/export?date=${day}`, headers: { 'x-token': staff } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.getWorksheet('退款')!;
    expect(sheet.rowCount - 1).toBe(res.data.refunds.length);
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(3).value === failed.data.refundNo)!;
    expect([row.getCell(7).value, row.getCell(8).value, row.getCell(9).value, row.getCell(10).value]).toEqual([10, '失败（已退回余额）', 0, '一致']);
  });
});

describe('the follow-up job', () => {
  it('is scheduled for a slot only while a refund is not final', async () => {
    const slotJobs = async () => (await t.db.select().from(jobs).where(eq(jobs.kind, 'payment.followRefunds'))).length;
    const schedule = (at: Date) => paymentRefundJobs(t.app.services.secrets).schedule!(t.db, at);
    await t.db
      .update(paymentRefunds)
      .set({ status: 'succeeded' })
      .where(inArray(paymentRefunds.status, ['sending', 'pending']));
    const before = await slotJobs();
    await schedule(new Date('2026-12-01T10:00:00Z'));
    expect(await slotJobs()).toBe(before);
    const { intentNo } = await paidTopup('stripe', 2000, 'USD');
    expect((await refund(intentNo, '5.00')).data.status).toBe('pending');
    await schedule(new Date('2026-12-01T10:05:00Z'));
    expect(await slotJobs()).toBe(before + 1);
  });
});
