import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethods, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { PaymentChannel } from '@waystation/shared/contract/payment';
import { auditLogs, ledgerEntries, paymentChannels, topupIntents } from '../../db/schema';
import { emailCode } from '../../testing/member';
import { balanceOf } from '../../testing/factories/goods-in';
import { verifiedCall } from '../../testing/factories/money-people';
import { createTestApp, type TestApp } from '../../testing/server';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../../testing/fakeStripe';
import { createChannelTopup, expireTopups, TOPUP_TTL_MS } from './gateways';
import type { ReconcileResult } from '@waystation/shared/contract/paymentReconcile';
import ExcelJS from 'exceljs';

/**
 * Issue #32: a member tops up through a Stripe channel. Stripe is a local server answering as Stripe's API reference
 * documents (testing/fakeStripe.ts); its notifications are signed with the Stripe SDK's own test header helper.
 */

const SECRET_KEY = FAKE_STRIPE_KEY;
const WEBHOOK_SECRET = FAKE_STRIPE_WEBHOOK_SECRET;
let stripe: FakeStripe;

let t: TestApp;
let staff: string;
let channelId: number;
let key = 0;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

beforeAll(async () => {
  stripe = await startFakeStripe(() => t.clock.now());
  // The admin allows this address for outbound calls (the server calls no other address than those allowed).
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp();
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
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(method === 'POST' ? { 'idempotency-key': `stripe-test-${++key}` } : {}) },
  });

async function newMember(country = 'US'): Promise<{ token: string; id: number }> {
  const email = `stripe${Date.now()}${++key}@example.com`;
  await open('POST', '/auth/register', { body: { email, password: 'secret123', name: 'Stripe Member', country } });
  const r = await open<{ token: string; member: { id: number } }>('POST', '/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) } });
  expect(r.code, r.message).toBe(20000);
  return { token: r.data.token, id: r.data.member.id };
}

/** Stripe posting an event about a PaymentIntent to the channel's notification address, signed as Stripe signs. */
async function notify(type: string, pi: { id: string; amount: number; currency: string; intentNo: string }, secret = WEBHOOK_SECRET) {
  const { payload, signature } = stripe.event(type, pi, secret);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/open/v1/payments/callback/stripe?channel=${channelId}`,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: { intentNo: string; status: string } }) };
}

describe('a top-up through a Stripe channel', () => {
  it('the operator sets the channel up: the keys are sealed at rest and never returned in full', async () => {
    const channel = {
      name: 'Stripe 银行卡',
      providerType: 'card',
      currencies: ['USD'],
      feePercent: '2.9',
      fixedFee: '0.30',
      currency: 'USD',
      countries: ['US', 'DE'],
      gateway: 'stripe',
      apiBase: stripe.url,
    };
    const saved = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: staff,
      body: { ...channel, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    });
    expect(saved.code, saved.message).toBe(20000);
    channelId = saved.data.id;
    const rule = await t.call('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: 'USD 充值', scenario: 'recharge', currency: 'USD', channelIds: [channelId], priority: 0 },
    });
    expect(rule.code, rule.message).toBe(20000);

    const detail = await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: staff, query: { id: channelId } });
    expect(detail.data).toMatchObject({ gateway: 'stripe', secretKey: '••••KEY1', webhookSecret: '••••9876' });
    expect(detail.data.notifyPath).toBe(`/api/open/v1/payments/callback/stripe?channel=${channelId}`);
    const [row] = await t.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
    const stored = JSON.stringify(row!.credentials);
    expect(stored).not.toContain(SECRET_KEY);
    expect(stored).not.toContain(WEBHOOK_SECRET);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'paymentChannel'), eq(auditLogs.targetId, String(channelId))));
    expect(JSON.stringify(audits)).not.toContain(SECRET_KEY);

    // An edit without keys keeps them; a gateway without keys is refused.
    const kept = await t.call('POST', '/api/payment/saveChannel', { token: staff, body: { ...channel, id: channelId } });
    expect(kept.code, kept.message).toBe(20000);
    expect((await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: staff, query: { id: channelId } })).data.secretKey).toBe('••••KEY1');
    const keyless = await t.call('POST', '/api/payment/saveChannel', {
      token: staff,
      body: { name: 'Stripe 2', providerType: 'card', currencies: ['USD'], currency: 'USD', gateway: 'stripe' },
    });
    expect(keyless).toMatchObject({ code: 40001, message: '请输入支付网关的 Secret key' });
  });

  it('payments/methods lists the channel with its fee; the member pays amount + fee, the balance gains the amount, the ledger books both', async () => {
    const m = await newMember('US');
    const methods = await open<PaymentMethods>('GET', '/payments/methods', {
      token: m.token,
      query: { purpose: 'recharge', amount: '100.00', currency: 'USD' },
    });
    expect(methods.code, methods.message).toBe(20000);
    // 2.9 % of 100.00 plus 0.30.
    expect(methods.data.channels).toEqual([expect.objectContaining({ id: channelId, gateway: 'stripe', fee: 320, total: 10_320 })]);

    const created = await open<TopupIntent>('POST', '/topups', { token: m.token, body: { amount: 10_000, currency: 'USD', channelId } });
    expect(created.code, created.message).toBe(20000);
    expect(created.data).toMatchObject({ provider: 'stripe', status: 'pending', amount: 10_000, fee: 320, total: 10_320, channelId });
    expect(created.data.clientSecret).toMatch(/^pi_3Test\d+_secret_/);
    const call = stripe.calls.at(-1)!;
    expect(call.auth).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.idempotencyKey).toBe(`waystation-${created.data.intentNo}`);
    expect([call.params.get('amount'), call.params.get('currency'), call.params.get('metadata[intentNo]')]).toEqual(['10320', 'usd', created.data.intentNo]);
    const [intent] = await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, created.data.intentNo));
    const pi = { id: intent!.providerRef!, amount: 10_320, currency: 'usd', intentNo: intent!.intentNo };

    // A retry under the same Idempotency-Key whose first answer was lost (the server died after the intent was written):
    // the same intent and PaymentIntent, its client secret included.
    const twice = () =>
      createChannelTopup(t.db, t.app.services.secrets, m.id, { amount: 2_500, currency: 'USD', channelId }, t.clock.now(), `retry-${created.data.intentNo}`);
    const [first, retry] = [await twice(), await twice()];
    expect(retry.intentNo).toBe(first.intentNo);
    expect(retry.clientSecret).toMatch(/^pi_3Test\d+_secret_/);
    expect(retry.clientSecret).toBe(first.clientSecret);

    // A wrong amount credits nothing; a bad signature is refused.
    expect(await notify('payment_intent.succeeded', { ...pi, amount: 10_000 })).toMatchObject({ status: 409, code: 40900 });
    expect(await notify('payment_intent.succeeded', pi, 'whsec_someone_else')).toMatchObject({ status: 403, code: 40300 });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(0);

    // Delivered twice: credited once.
    expect((await notify('payment_intent.succeeded', pi)).data).toEqual({ intentNo: pi.intentNo, status: 'paid' });
    expect((await notify('payment_intent.succeeded', pi)).data).toEqual({ intentNo: pi.intentNo, status: 'paid' });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(10_000);
    const entries = await t.db
      .select({ type: ledgerEntries.type, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refId, pi.intentNo))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { type: 'recharge', amount: 10_320 },
      { type: 'payment_fee', amount: -320 },
    ]);
    // A late cancel of a paid payment changes nothing.
    expect((await notify('payment_intent.canceled', pi)).data).toEqual({ intentNo: pi.intentNo, status: 'paid' });
  });

  it('refuses a channel the rules do not offer the member (a country the channel does not serve), and a canceled payment fails its intent', async () => {
    const far = await newMember('JP');
    const none = await open<PaymentMethods>('GET', '/payments/methods', { token: far.token, query: { purpose: 'recharge', amount: '10', currency: 'USD' } });
    expect(none.data.channels).toEqual([]);
    const refused = await open('POST', '/topups', { token: far.token, body: { amount: 1000, currency: 'USD', channelId } });
    expect(refused).toMatchObject({ code: 40900, message: '该支付渠道当前不可用于这笔充值' });

    const m = await newMember('DE');
    const created = await open<TopupIntent>('POST', '/topups', { token: m.token, body: { amount: 2_000, currency: 'USD', channelId } });
    const [intent] = await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, created.data.intentNo));
    const canceled = await notify('payment_intent.canceled', { id: intent!.providerRef!, amount: 2_088, currency: 'usd', intentNo: intent!.intentNo });
    expect(canceled.data).toEqual({ intentNo: intent!.intentNo, status: 'failed' });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(0);
  });

  it('a top-up never paid expires after a day, its PaymentIntent canceled at Stripe; one paid meanwhile is left to its notification', async () => {
    const m = await newMember('US');
    const unpaid = await open<TopupIntent>('POST', '/topups', { token: m.token, body: { amount: 1_000, currency: 'USD', channelId } });
    const paidLate = await open<TopupIntent>('POST', '/topups', { token: m.token, body: { amount: 3_000, currency: 'USD', channelId } });
    const rowOf = async (intentNo: string) => (await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo)))[0]!;
    const late = await rowOf(paidLate.data.intentNo);
    stripe.succeeded.add(late.providerRef!);

    expect(await expireTopups(t.db, t.app.services.secrets, t.clock.now())).toEqual({ expired: 0, left: 0 });
    t.clock.advance(TOPUP_TTL_MS + 60_000);
    await expireTopups(t.db, t.app.services.secrets, t.clock.now());
    const expired = await rowOf(unpaid.data.intentNo);
    expect(expired.status).toBe('expired');
    expect(stripe.canceled).toContain(expired.providerRef);
    expect((await rowOf(paidLate.data.intentNo)).status).toBe('pending');
    const detail = await open<TopupIntent>('GET', '/topups/detail', { token: m.token, query: { intentNo: unpaid.data.intentNo } });
    expect(detail.data.status).toBe('expired');

    // The paid one's notification credits it; a notification for the expired one credits nothing.
    const paid = await notify('payment_intent.succeeded', { id: late.providerRef!, amount: 3_117, currency: 'usd', intentNo: late.intentNo });
    expect(paid.data).toEqual({ intentNo: late.intentNo, status: 'paid' });
    const stale = await notify('payment_intent.succeeded', { id: expired.providerRef!, amount: 1_059, currency: 'usd', intentNo: expired.intentNo });
    expect(stale.data).toEqual({ intentNo: expired.intentNo, status: 'expired' });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(3_000);
  });

  it('支付对账 lists the day’s Stripe payments against the ledger: matched, a missed notification, and a credit Stripe does not list; the export has the same rows', async () => {
    staff = await t.login(); // the clock has moved a day: a fresh staff session
    const m = await newMember('US');
    const make = async (amount: number) => {
      const r = await open<TopupIntent>('POST', '/topups', { token: m.token, body: { amount, currency: 'USD', channelId } });
      return (await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, r.data.intentNo)))[0]!;
    };
    const [a, b, c] = [await make(10_000), await make(2_000), await make(5_000)];
    const pi = (i: typeof a) => ({ id: i.providerRef!, amount: i.amount + i.fee, currency: 'usd', intentNo: i.intentNo });
    stripe.succeeded.add(a.providerRef!);
    await notify('payment_intent.succeeded', pi(a));
    stripe.succeeded.add(b.providerRef!); // paid at Stripe; its notification never came
    await notify('payment_intent.succeeded', pi(c)); // credited, while Stripe's records do not show it paid

    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day } });
    expect(res.code, res.message).toBe(20000);
    const mine = res.data.rows.filter((r) => [a.intentNo, b.intentNo, c.intentNo].includes(r.intentNo));
    expect(mine.map((r) => [r.intentNo, r.providerAmount, r.ledgerAmount, r.result]).sort()).toEqual(
      [
        [a.intentNo, 10_320, 10_320, 'matched'],
        [b.intentNo, 2_088, null, 'missing_in_ledger'],
        [c.intentNo, null, 5_175, 'missing_at_provider'],
      ].sort(),
    );
    expect(res.data.channels.find((x) => x.channelId === channelId)).toMatchObject({ currency: 'USD', error: '', differences: 2 });

    const file = await t.app.inject({ method: 'GET', url: `/api/payment/reconcile/export?date=${day}`, headers: { 'x-token': staff } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount - 1).toBe(res.data.rows.length);
    const cRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(4).value === c.intentNo)!;
    expect([cRow.getCell(6).value, cRow.getCell(7).value, cRow.getCell(8).value]).toEqual(['', 51.75, '服务商无此笔']);

    // 补记入账 of the missed notification: Stripe is asked again and the top-up credited once, as its notification would.
    const credit = (intentNo: string) =>
      verifiedCall<{ intentNo: string; status: string }>(t, 'modify_user_amount', intentNo, 'POST', '/api/payment/creditMissing', {
        token: staff,
        body: { intentNo },
      });
    const before = await balanceOf(t.db, m.id, 'USD');
    expect((await credit(b.intentNo)).data).toEqual({ intentNo: b.intentNo, status: 'paid' });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(before + 2_000);
    expect(await credit(b.intentNo)).toMatchObject({ code: 40900, message: `充值单 ${b.intentNo} 不是待支付状态，无需补记` });
    const unpaid = await make(3_000);
    expect(await credit(unpaid.intentNo)).toMatchObject({ code: 40900, message: `支付服务商没有充值单 ${unpaid.intentNo} 的成功付款，不能补记` });
    expect(await balanceOf(t.db, m.id, 'USD')).toBe(before + 2_000);
    const bare = await t.call('POST', '/api/payment/creditMissing', { token: staff, body: { intentNo: unpaid.intentNo } });
    expect(bare.code).toBe(42800);
    const again = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day } });
    expect(again.data.rows.find((r) => r.intentNo === b.intentNo)?.result).toBe('matched');
  });

  it('a key Stripe refuses fails the intent with a clear message; nothing is credited', async () => {
    await t.db
      .update(paymentChannels)
      .set({
        credentials: {
          ...((await t.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId)))[0]!.credentials as object),
          secretKey: t.app.services.secrets.seal('sk_test_wrong'),
        },
      })
      .where(eq(paymentChannels.id, channelId));
    const m = await newMember('US');
    const refused = await open('POST', '/topups', { token: m.token, body: { amount: 500, currency: 'USD', channelId } });
    expect(refused).toMatchObject({ code: 40900, message: '支付网关的 Secret key 无效，请联系客服' });
    const [intent] = await t.db.select().from(topupIntents).where(eq(topupIntents.memberId, m.id));
    expect(intent!.status).toBe('failed');
  });
});
