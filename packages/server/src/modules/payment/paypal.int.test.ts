import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethods, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { PaymentChannel } from '@waystation/shared/contract/payment';
import type { ReconcileResult } from '@waystation/shared/contract/paymentReconcile';
import { auditLogs, ledgerEntries, paymentChannels, topupIntents } from '../../db/schema';
import { emailCode } from '../../testing/member';
import { balanceOf } from '../../testing/factories/goods-in';
import { createTestApp, type TestApp } from '../../testing/server';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_SECRET, FAKE_PAYPAL_WEBHOOK_ID, type FakePaypal, startFakePaypal } from '../../testing/fakePaypal';
import { expireTopups, TOPUP_TTL_MS } from './gateways';

/**
 * Issue #32: a member tops up through a PayPal channel. PayPal is a local server answering as PayPal's REST reference
 * describes (testing/fakePaypal.ts): OAuth, Orders v2 and verify-webhook-signature; its notifications are signed the
 * way PayPal signs them, with a key pair made there, and confirmed by that server when the webhook id and signature fit.
 */

let paypal: FakePaypal;
let t: TestApp;
let staff: string;
let channelId: number;
let key = 0;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

beforeAll(async () => {
  paypal = await startFakePaypal();
  // The admin allows this address for outbound calls (the server calls no other address than those allowed).
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp();
  staff = await t.login();
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await t.close();
  await paypal.close();
});

const open = <T = unknown>(method: 'GET' | 'POST', path: string, o: { token?: string; body?: unknown; query?: Record<string, unknown> } = {}) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(method === 'POST' ? { 'idempotency-key': `paypal-test-${++key}` } : {}) },
  });

async function newMember(): Promise<{ token: string; id: number }> {
  const email = `paypal${Date.now()}${++key}@example.com`;
  await open('POST', '/auth/register', { body: { email, password: 'secret123', name: 'PayPal Member', country: 'US' } });
  const r = await open<{ token: string; member: { id: number } }>('POST', '/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) } });
  expect(r.code, r.message).toBe(20000);
  return { token: r.data.token, id: r.data.member.id };
}

/** PayPal posting an event to the channel's notification address, with its transmission headers. */
async function notify(e: { payload: string; headers: Record<string, string> }, channel = channelId) {
  const res = await t.app.inject({ method: 'POST', url: `/api/open/v1/payments/callback/paypal?channel=${channel}`, payload: e.payload, headers: e.headers });
  return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: { intentNo: string; status: string } }) };
}

const rowOf = async (intentNo: string) => (await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo)))[0]!;
const RETURN_URL = 'https://shop.example.com/wallet?topup=done';
const topup = (token: string, amount: number, currency = 'USD', channel = channelId) =>
  open<TopupIntent>('POST', '/topups', { token, body: { amount, currency, channelId: channel, returnUrl: RETURN_URL } });
const callsTo = (path: string) => paypal.calls.filter((c) => c.method === 'POST' && c.path === path);
const orderIdOf = async (intentNo: string) => (await rowOf(intentNo)).providerRef!;
const ledgerOf = (intentNo: string) =>
  t.db
    .select({ type: ledgerEntries.type, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.refId, intentNo))
    .orderBy(ledgerEntries.id);

const channelBody = {
  name: 'PayPal',
  providerType: 'paypal',
  currencies: ['USD'],
  feePercent: '3.4',
  fixedFee: '0.30',
  currency: 'USD',
  gateway: 'paypal',
  clientId: FAKE_PAYPAL_CLIENT_ID,
  webhookId: FAKE_PAYPAL_WEBHOOK_ID,
};

describe('a top-up through a PayPal channel', () => {
  it('the operator sets the channel up: the client secret is sealed at rest and never returned in full; missing fields and currencies PayPal does not take are refused', async () => {
    const saved = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: staff,
      body: { ...channelBody, apiBase: paypal.url, clientSecret: FAKE_PAYPAL_SECRET },
    });
    expect(saved.code, saved.message).toBe(20000);
    channelId = saved.data.id;
    const rule = await t.call('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: 'USD 充值', scenario: 'recharge', currency: 'USD', channelIds: [channelId], priority: 0 },
    });
    expect(rule.code, rule.message).toBe(20000);

    const detail = await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: staff, query: { id: channelId } });
    expect(detail.data).toMatchObject({
      gateway: 'paypal',
      apiBase: paypal.url,
      clientId: FAKE_PAYPAL_CLIENT_ID,
      clientSecret: '••••9876',
      webhookId: FAKE_PAYPAL_WEBHOOK_ID,
      secretKey: '',
      notifyPath: `/api/open/v1/payments/callback/paypal?channel=${channelId}`,
    });
    const [row] = await t.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
    expect(JSON.stringify(row!.credentials)).not.toContain(FAKE_PAYPAL_SECRET);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'paymentChannel'), eq(auditLogs.targetId, String(channelId))));
    expect(JSON.stringify(audits)).not.toContain(FAKE_PAYPAL_SECRET);

    // An edit without the secret keeps it.
    const kept = await t.call('POST', '/api/payment/saveChannel', { token: staff, body: { ...channelBody, id: channelId, apiBase: paypal.url } });
    expect(kept.code, kept.message).toBe(20000);
    expect((await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: staff, query: { id: channelId } })).data.clientSecret).toBe('••••9876');

    const refused = (body: Record<string, unknown>) =>
      t.call('POST', '/api/payment/saveChannel', { token: staff, body: { ...channelBody, clientSecret: FAKE_PAYPAL_SECRET, ...body } });
    expect(await refused({ clientId: '' })).toMatchObject({ code: 40001, message: '请输入 PayPal 应用的 Client ID' });
    expect(await refused({ clientSecret: '' })).toMatchObject({ code: 40001, message: '请输入 PayPal 应用的 Client secret' });
    expect(await refused({ webhookId: '' })).toMatchObject({ code: 40001, message: '请输入 PayPal 的 Webhook ID（在 PayPal 开发者后台添加 Webhook 后显示）' });
    expect(await refused({ webhookId: 'WH-1' })).toMatchObject({ code: 40001, message: 'Webhook ID 只能包含字母和数字' });
    expect(await refused({ currencies: ['USD', 'KRW', 'INR'] })).toMatchObject({ code: 40001, message: 'PayPal 不支持币种：KRW, INR' });
  });

  it('the top-up makes an order for amount + fee and answers its approval link; approval → capture → completed credits once however often PayPal delivers', async () => {
    const m = await newMember();
    const methods = await open<PaymentMethods>('GET', '/payments/methods', {
      token: m.token,
      query: { purpose: 'recharge', amount: '100.00', currency: 'USD' },
    });
    // 3.4 % of 100.00 plus 0.30.
    expect(methods.data.channels).toEqual([expect.objectContaining({ id: channelId, gateway: 'paypal', fee: 370, total: 10_370 })]);

    const created = await topup(m.token, 10_000);
    expect(created.code, created.message).toBe(20000);
    const intentNo = created.data.intentNo;
    const orderId = await orderIdOf(intentNo);
    expect(created.data).toMatchObject({ provider: 'paypal', status: 'pending', amount: 10_000, fee: 370, total: 10_370, channelId, clientSecret: '' });
    expect(created.data.payUrl).toBe(`${paypal.url}/checkoutnow?token=${orderId}`);
    const create = callsTo('/v2/checkout/orders').at(-1)!;
    expect(create.requestId).toBe(`waystation-${intentNo}`);
    expect(JSON.parse(create.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '103.70' }, custom_id: intentNo, invoice_id: intentNo }],
      // The buyer comes back to the member site's page after approving or canceling.
      application_context: { return_url: RETURN_URL, cancel_url: RETURN_URL },
    });
    expect(callsTo('/v1/oauth2/token')).toHaveLength(1);
    expect((await fetch(created.data.payUrl)).status).toBe(200); // the member's browser at PayPal's checkout

    // An approval PayPal has not recorded (yet): the capture is refused (422 ORDER_NOT_APPROVED); PayPal delivers again.
    const early = await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId));
    expect(early).toMatchObject({ status: 409, code: 40900, message: '支付网关拒绝了这笔支付：ORDER_NOT_APPROVED' });
    const captureCalls = () => callsTo(`/v2/checkout/orders/${orderId}/capture`).length;
    const refusedCaptures = captureCalls();
    expect(refusedCaptures).toBe(1);

    // Notifications PayPal does not confirm: signed with another key, or for another webhook. Nothing is written.
    paypal.approve(orderId);
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId, { privateKey: stranger }));
    expect(forged).toMatchObject({ status: 403, code: 40300, message: '回调签名无效' });
    const otherHook = await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId, { webhookId: '5GP028458E2496506' }));
    expect(otherHook).toMatchObject({ status: 403, code: 40300 });
    const bare = paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId);
    expect(await notify({ payload: bare.payload, headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 403, code: 40300 });
    expect(captureCalls()).toBe(refusedCaptures);
    expect(await rowOf(intentNo)).toMatchObject({ status: 'pending', providerRef: orderId });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(0);

    // Approved, delivered twice: captured once, credited once.
    const approved = paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId);
    expect((await notify(approved)).data).toEqual({ intentNo, status: 'paid' });
    expect((await notify(approved)).data).toEqual({ intentNo, status: 'paid' });
    const captures = callsTo(`/v2/checkout/orders/${orderId}/capture`).slice(refusedCaptures);
    expect(captures.map((c) => c.requestId)).toEqual([`waystation-capture-${intentNo}`]);
    // The capture's own notification, delivered twice, changes nothing more.
    for (let i = 0; i < 2; i++) expect((await notify(paypal.captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId))).data).toEqual({ intentNo, status: 'paid' });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(10_000);
    expect(await ledgerOf(intentNo)).toEqual([
      { type: 'recharge', amount: 10_370 },
      { type: 'payment_fee', amount: -370 },
    ]);
    // One OAuth token for all these calls (PayPal asks that a token be reused until it expires).
    expect(callsTo('/v1/oauth2/token')).toHaveLength(1);
  });

  it('a capture PayPal holds for review waits for PAYMENT.CAPTURE.COMPLETED, its amount checked; a denied capture or a voided order fails the top-up', async () => {
    const m = await newMember();
    paypal.settings.captureStatus = 'PENDING';
    try {
      const held = (await topup(m.token, 5_000)).data;
      const orderId = await orderIdOf(held.intentNo);
      paypal.approve(orderId);
      expect((await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId))).data).toEqual({ intentNo: held.intentNo, status: 'pending' });
      expect(await balanceOf(t.db, m.id, 'USD')).toBe(0);

      // A wrong amount or currency credits nothing.
      const completed = 'PAYMENT.CAPTURE.COMPLETED';
      expect(await notify(paypal.captureEvent(completed, orderId, { status: 'COMPLETED', amount: { currency_code: 'USD', value: '50.00' } }))).toMatchObject({
        status: 409,
        code: 40900,
      });
      expect(await notify(paypal.captureEvent(completed, orderId, { status: 'COMPLETED', amount: { currency_code: 'EUR', value: '52.00' } }))).toMatchObject({
        status: 409,
        code: 40900,
      });
      expect(await balanceOf(t.db, m.id, 'USD')).toBe(0);
      expect((await notify(paypal.captureEvent(completed, orderId, { status: 'COMPLETED' }))).data).toEqual({ intentNo: held.intentNo, status: 'paid' });
      expect(await balanceOf(t.db, m.id, 'USD')).toBe(5_000);

      const denied = (await topup(m.token, 2_000)).data;
      const deniedOrder = await orderIdOf(denied.intentNo);
      paypal.approve(deniedOrder);
      await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', deniedOrder));
      expect((await notify(paypal.captureEvent('PAYMENT.CAPTURE.DENIED', deniedOrder, { status: 'DECLINED' }))).data).toEqual({
        intentNo: denied.intentNo,
        status: 'failed',
      });

      const voided = (await topup(m.token, 3_000)).data;
      const voidedOrder = await orderIdOf(voided.intentNo);
      expect((await notify(paypal.orderEvent('CHECKOUT.ORDER.SAVED', voidedOrder))).data).toEqual({ intentNo: voided.intentNo, status: 'ignored' });
      paypal.orderOf(voidedOrder).status = 'VOIDED';
      expect((await notify(paypal.orderEvent('CHECKOUT.ORDER.VOIDED', voidedOrder))).data).toEqual({ intentNo: voided.intentNo, status: 'failed' });
      expect(await balanceOf(t.db, m.id, 'USD')).toBe(5_000);
    } finally {
      paypal.settings.captureStatus = 'COMPLETED';
    }
  });

  it('JPY takes no decimals at PayPal: an amount with fractions is refused before anything is written, a whole one is sent without decimals', async () => {
    const jpy = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: staff,
      body: {
        ...channelBody,
        name: 'PayPal JPY',
        currencies: ['JPY'],
        currency: 'JPY',
        feePercent: '0',
        fixedFee: '0',
        apiBase: paypal.url,
        clientSecret: FAKE_PAYPAL_SECRET,
      },
    });
    expect(jpy.code, jpy.message).toBe(20000);
    await t.call('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: 'JPY 充值', scenario: 'recharge', currency: 'JPY', channelIds: [jpy.data.id], priority: 0 },
    });
    const m = await newMember();
    expect(await topup(m.token, 100_050, 'JPY', jpy.data.id)).toMatchObject({ code: 40001, message: 'JPY 只能支付整数金额' });
    expect(await t.db.select().from(topupIntents).where(eq(topupIntents.memberId, m.id))).toEqual([]);

    const created = await topup(m.token, 100_000, 'JPY', jpy.data.id);
    expect(created.code, created.message).toBe(20000);
    expect(JSON.parse(callsTo('/v2/checkout/orders').at(-1)!.body).purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '1000' });
    const orderId = await orderIdOf(created.data.intentNo);
    paypal.approve(orderId);
    expect((await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', orderId), jpy.data.id)).data.status).toBe('paid');
    expect(await balanceOf(t.db, m.id, 'JPY')).toBe(100_000);
  });

  it('expiry: an order never approved simply expires (PayPal lets it lapse); one approved is captured and credited, or expires when PayPal refuses the capture; one captured is left to its notification', async () => {
    const m = await newMember();
    const neverApproved = (await topup(m.token, 1_000)).data;
    const declined = (await topup(m.token, 2_500)).data;
    const declinedOrder = await orderIdOf(declined.intentNo);
    paypal.approve(declinedOrder);
    paypal.declined.add(declinedOrder);
    const approvedOnly = (await topup(m.token, 1_500)).data;
    const captured = (await topup(m.token, 3_000)).data;
    const approvedOrder = await orderIdOf(approvedOnly.intentNo);
    const capturedOrder = await orderIdOf(captured.intentNo);
    paypal.approve(approvedOrder); // its notification lost
    paypal.approve(capturedOrder);
    paypal.settings.captureStatus = 'PENDING';
    await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', capturedOrder));
    paypal.settings.captureStatus = 'COMPLETED';

    t.clock.advance(TOPUP_TTL_MS + 60_000);
    await expireTopups(t.db, t.app.services.secrets, t.clock.now());
    expect((await rowOf(neverApproved.intentNo)).status).toBe('expired');
    expect(callsTo(`/v2/checkout/orders/${await orderIdOf(neverApproved.intentNo)}/capture`)).toHaveLength(0);
    expect((await rowOf(approvedOnly.intentNo)).status).toBe('paid');
    expect(callsTo(`/v2/checkout/orders/${approvedOrder}/capture`).map((c) => c.requestId)).toEqual([`waystation-capture-${approvedOnly.intentNo}`]);
    expect((await rowOf(captured.intentNo)).status).toBe('pending');
    expect((await rowOf(declined.intentNo)).status).toBe('expired');
    expect(callsTo(`/v2/checkout/orders/${declinedOrder}/capture`)).toHaveLength(1);
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(1_500);

    expect((await notify(paypal.captureEvent('PAYMENT.CAPTURE.COMPLETED', capturedOrder, { status: 'COMPLETED' }))).data.status).toBe('paid');
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(4_500);
  });

  it('支付对账 asks PayPal about each top-up of the day: matched, a capture whose notification never came, a credit PayPal shows no capture for', async () => {
    staff = await t.login(); // the clock has moved a day: a fresh staff session
    const m = await newMember();
    const make = async (amount: number) => rowOf((await topup(m.token, amount)).data.intentNo);
    const [a, b, c] = [await make(10_000), await make(2_000), await make(5_000)];
    paypal.approve(a.providerRef!);
    await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', a.providerRef!));
    // b: captured, held for review, then completed at PayPal; that notification never came.
    paypal.approve(b.providerRef!);
    paypal.settings.captureStatus = 'PENDING';
    await notify(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', b.providerRef!));
    paypal.settings.captureStatus = 'COMPLETED';
    paypal.orderOf(b.providerRef!).capture!.status = 'COMPLETED';
    // c: credited on a notification while PayPal's order shows no completed capture.
    await notify(paypal.captureEvent('PAYMENT.CAPTURE.COMPLETED', c.providerRef!, { status: 'COMPLETED' }));

    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day, channelId } });
    expect(res.code, res.message).toBe(20000);
    const mine = res.data.rows.filter((r) => [a.intentNo, b.intentNo, c.intentNo].includes(r.intentNo));
    expect(mine.map((r) => [r.intentNo, r.paymentId, r.providerAmount, r.ledgerAmount, r.result]).sort()).toEqual(
      [
        [a.intentNo, a.providerRef, 10_370, 10_370, 'matched'],
        [b.intentNo, b.providerRef, 2_098, null, 'missing_in_ledger'],
        [c.intentNo, c.providerRef, null, 5_200, 'missing_at_provider'],
      ].sort(),
    );
    expect(res.data.channels).toEqual([expect.objectContaining({ channelId, currency: 'USD', error: '', differences: 2 })]);
  });

  it('the SDK reaches PayPal only at an address the server may call', async () => {
    const m = await newMember();
    const calls = paypal.calls.length;
    process.env.OUTBOUND_ALLOW_HOSTS = '';
    try {
      const refused = await topup(m.token, 1_000);
      expect(refused).toMatchObject({ code: 40001, message: '不允许向内部地址 127.0.0.1 发送（可在 OUTBOUND_ALLOW_HOSTS 中放行）' });
      const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day, channelId } });
      expect(res.data.channels[0]!.error).toBe('不允许向内部地址 127.0.0.1 发送（可在 OUTBOUND_ALLOW_HOSTS 中放行）');
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    }
    expect(paypal.calls.length).toBe(calls);
  });

  it('credentials PayPal refuses (401 invalid_client) fail the top-up with a clear message; nothing is credited', async () => {
    const [row] = await t.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
    await t.db
      .update(paymentChannels)
      .set({ credentials: { ...(row!.credentials as object), clientSecret: t.app.services.secrets.seal('EWrongSecret') } })
      .where(eq(paymentChannels.id, channelId));
    const m = await newMember();
    const refused = await topup(m.token, 500);
    expect(refused).toMatchObject({ code: 40900, message: '支付网关的 Client ID 或 Client secret 无效，请联系客服' });
    const [intent] = await t.db.select().from(topupIntents).where(eq(topupIntents.memberId, m.id));
    expect(intent!.status).toBe('failed');
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(0);
  });
});
