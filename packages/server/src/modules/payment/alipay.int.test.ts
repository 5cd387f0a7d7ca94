import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethods, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { PaymentChannel } from '@waystation/shared/contract/payment';
import type { ReconcileResult } from '@waystation/shared/contract/paymentReconcile';
import { auditLogs, ledgerEntries, paymentChannels, topupIntents } from '../../db/schema';
import { emailCode } from '../../testing/member';
import { balanceOf } from '../../testing/factories/goods-in';
import { createTestApp, type TestApp } from '../../testing/server';
import { alipayTestKeys, type FakeAlipay, startFakeAlipay } from '../../testing/fakeAlipay';
import { businessDateTime } from '../../platform/businessTime';
import { expireTopups, TOPUP_TTL_MS } from './gateways';

/**
 * Issue #32: a member tops up through an Alipay channel. Alipay's gateway is a local server answering as Alipay's
 * open-platform documentation describes (testing/fakeAlipay.ts), with RSA2 key pairs made here; its notifications are
 * signed with Alipay's private key the way Alipay signs them and checked by the Alipay SDK.
 */

const keys = alipayTestKeys();
const NOTIFY_BASE = 'https://ws.example.com';
let alipay: FakeAlipay;
let t: TestApp;
let staff: string;
let channelId: number;
let key = 0;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;

beforeAll(async () => {
  alipay = await startFakeAlipay(keys);
  // The admin allows this address for outbound calls (the server calls no other address than those allowed).
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp();
  staff = await t.login();
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await t.close();
  await alipay.close();
});

const open = <T = unknown>(method: 'GET' | 'POST', path: string, o: { token?: string; body?: unknown; query?: Record<string, unknown> } = {}) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(method === 'POST' ? { 'idempotency-key': `alipay-test-${++key}` } : {}) },
  });

async function newMember(): Promise<{ token: string; id: number }> {
  const email = `alipay${Date.now()}${++key}@example.com`;
  await open('POST', '/auth/register', { body: { email, password: 'secret123', name: 'Alipay Member', country: 'CN' } });
  const r = await open<{ token: string; member: { id: number } }>('POST', '/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) } });
  expect(r.code, r.message).toBe(20000);
  return { token: r.data.token, id: r.data.member.id };
}

/** The member's browser opens the page-payment address: Alipay's cashier opens the trade. */
async function openCashier(intent: TopupIntent) {
  const res = await fetch(intent.payUrl);
  expect(res.status).toBe(200);
  await res.text();
}

/** Alipay posting form fields to the notify_url it was given for the trade (or with the channel named, as `query` says). */
async function notify(fields: Record<string, string>, query = '') {
  const target = new URL(`${alipay.tradeOf(fields.out_trade_no!).notifyUrl}${query}`);
  expect(target.origin).toBe(NOTIFY_BASE);
  const res = await t.app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
}
const refusal = (r: { body: string }) => JSON.parse(r.body) as { code: number; message: string };

const rowOf = async (intentNo: string) => (await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo)))[0]!;
const RETURN_URL = 'https://shop.example.com/wallet?topup=done';
const topup = (token: string, amount: number, currency = 'CNY') =>
  open<TopupIntent>('POST', '/topups', { token, body: { amount, currency, channelId, returnUrl: RETURN_URL } });

const channelBody = {
  name: '支付宝',
  providerType: 'alipay',
  currencies: ['CNY'],
  feePercent: '0.6',
  fixedFee: '0',
  currency: 'CNY',
  gateway: 'alipay',
  notifyBase: NOTIFY_BASE,
};
/** The key material's last 4 characters, as the screens show it. */
const hintOf = (pem: string) =>
  `••••${pem
    .replace(/-----[A-Z ]+-----/g, '')
    .replace(/\s+/g, '')
    .slice(-4)}`;

describe('a top-up through an Alipay channel', () => {
  it('the operator sets the channel up: the app private key is sealed at rest and never returned in full; missing or wrong fields are refused', async () => {
    // Alipay's public key as the open platform shows it: bare Base64.
    const bareAlipayKey = keys.alipayPublicKey.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const saved = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: staff,
      body: { ...channelBody, apiBase: alipay.url, appId: keys.appId, privateKey: keys.appPrivateKey, alipayPublicKey: bareAlipayKey },
    });
    expect(saved.code, saved.message).toBe(20000);
    channelId = saved.data.id;
    const rule = await t.call('POST', '/api/payment/saveRule', {
      token: staff,
      body: { name: 'CNY 充值', scenario: 'recharge', currency: 'CNY', channelIds: [channelId], priority: 0 },
    });
    expect(rule.code, rule.message).toBe(20000);

    const detail = await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: staff, query: { id: channelId } });
    expect(detail.data).toMatchObject({ gateway: 'alipay', appId: keys.appId, privateKey: hintOf(keys.appPrivateKey), notifyBase: NOTIFY_BASE, secretKey: '' });
    expect(detail.data.alipayPublicKey).toBe(keys.alipayPublicKey);
    // No query: Alipay does not keep a notify_url's query as it is; the trade names the top-up and so its channel.
    expect(detail.data.notifyPath).toBe('/api/open/v1/payments/callback/alipay');
    const keyMaterial = keys.appPrivateKey.split('\n')[5]!;
    const [row] = await t.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
    expect(JSON.stringify(row!.credentials)).not.toContain(keyMaterial);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'paymentChannel'), eq(auditLogs.targetId, String(channelId))));
    expect(JSON.stringify(audits)).not.toContain(keyMaterial);

    // An edit without the private key keeps it.
    const kept = await t.call('POST', '/api/payment/saveChannel', {
      token: staff,
      body: { ...channelBody, id: channelId, apiBase: alipay.url, appId: keys.appId, alipayPublicKey: keys.alipayPublicKey },
    });
    expect(kept.code, kept.message).toBe(20000);
    expect((await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: staff, query: { id: channelId } })).data.privateKey).toBe(
      hintOf(keys.appPrivateKey),
    );

    const refused = async (body: Record<string, unknown>) =>
      t.call('POST', '/api/payment/saveChannel', {
        token: staff,
        body: { ...channelBody, appId: keys.appId, privateKey: keys.appPrivateKey, alipayPublicKey: keys.alipayPublicKey, ...body },
      });
    expect(await refused({ appId: '' })).toMatchObject({ code: 40001, message: '请输入支付宝应用的 AppID' });
    expect(await refused({ privateKey: '' })).toMatchObject({ code: 40001, message: '请输入应用私钥' });
    expect(await refused({ alipayPublicKey: '' })).toMatchObject({ code: 40001, message: '请输入支付宝公钥' });
    expect(await refused({ notifyBase: '' })).toMatchObject({ code: 40001, message: '请输入本站的公网地址（支付宝的通知发往此处）' });
    expect(await refused({ currencies: ['CNY', 'USD'] })).toMatchObject({ code: 40001, message: '支付宝渠道只接受人民币（CNY）' });
    // A PEM pasted into a one-line (password) field loses its line breaks: still the same key.
    const oneLine = await t.call('POST', '/api/payment/saveChannel', {
      token: staff,
      body: {
        ...channelBody,
        id: channelId,
        apiBase: alipay.url,
        appId: keys.appId,
        alipayPublicKey: keys.alipayPublicKey,
        privateKey: keys.appPrivateKey.replace(/\n/g, ''),
      },
    });
    expect(oneLine.code, oneLine.message).toBe(20000);
    expect(await refused({ privateKey: 'MIIBbm90IGEga2V5' })).toMatchObject({ code: 40001, message: '应用私钥无效：需 PKCS#1 或 PKCS#8 格式的 RSA 私钥' });
    // A private key pasted as the public key (PEM or bare Base64) is refused, never stored.
    for (const wrongKey of [keys.appPrivateKey, keys.appPrivateKey.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')]) {
      expect(await refused({ alipayPublicKey: wrongKey })).toMatchObject({ code: 40001, message: '支付宝公钥无效：需 RSA 公钥（PEM 或 Base64）' });
    }
  });

  it('payments/methods lists the channel with its fee; the top-up answers the signed page address; the notification credits once, a forged or wrong one nothing', async () => {
    const m = await newMember();
    const methods = await open<PaymentMethods>('GET', '/payments/methods', {
      token: m.token,
      query: { purpose: 'recharge', amount: '100.00', currency: 'CNY' },
    });
    expect(methods.code, methods.message).toBe(20000);
    expect(methods.data.channels).toEqual([expect.objectContaining({ id: channelId, gateway: 'alipay', fee: 60, total: 10_060 })]);

    const usd = await topup(m.token, 10_000, 'USD');
    expect(usd).toMatchObject({ code: 40001, message: '支付宝渠道只接受人民币（CNY）' });

    // The return address is the member site's own https page: a plain http one elsewhere is refused.
    const plain = await open<TopupIntent>('POST', '/topups', {
      token: m.token,
      body: { amount: 10_000, currency: 'CNY', channelId, returnUrl: 'http://shop.example.com/' },
    });
    expect([plain.code, plain.message]).toEqual([40001, '返回地址须为 https 链接']);
    const created = await topup(m.token, 10_000);
    expect(created.code, created.message).toBe(20000);
    expect(created.data).toMatchObject({ provider: 'alipay', status: 'pending', amount: 10_000, fee: 60, total: 10_060, channelId, clientSecret: '' });
    const page = new URL(created.data.payUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${alipay.url}/gateway.do`);
    expect(Object.fromEntries(page.searchParams)).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: keys.appId,
      sign_type: 'RSA2',
      timestamp: businessDateTime(t.clock.now()),
      notify_url: `${NOTIFY_BASE}/api/open/v1/payments/callback/alipay`,
      return_url: RETURN_URL,
    });
    expect(JSON.parse(page.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: created.data.intentNo,
      total_amount: '100.60',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: businessDateTime(new Date(t.clock.now().getTime() + TOPUP_TTL_MS)),
    });
    await openCashier(created.data); // the fake checks the page address's signature with the app's public key
    const intentNo = created.data.intentNo;

    // Waiting for the buyer: nothing happens, and Alipay is told the notification was handled.
    expect(await notify(alipay.notification(intentNo))).toMatchObject({ status: 200, body: 'success' });
    alipay.pay(intentNo);
    // A forged signature is refused and writes nothing; a wrong amount credits nothing.
    const forged = await notify(alipay.notification(intentNo, {}, keys.appPrivateKey));
    expect([forged.status, refusal(forged)]).toEqual([403, expect.objectContaining({ code: 40300, message: '回调签名无效' })]);
    const wrong = await notify(alipay.notification(intentNo, { total_amount: '100.00' }));
    expect([wrong.status, refusal(wrong).code]).toEqual([409, 40900]);
    expect(await rowOf(intentNo)).toMatchObject({ status: 'pending', providerRef: null });
    expect(await balanceOf(t.db, m.id, 'CNY')).toBe(0);

    // Delivered twice: credited once; the answer is the plain word Alipay waits for.
    const paid = await notify(alipay.notification(intentNo));
    expect(paid).toMatchObject({ status: 200, body: 'success' });
    expect(paid.type).toMatch(/^text\/plain/);
    expect(await notify(alipay.notification(intentNo), `?channel=${channelId}`)).toMatchObject({ status: 200, body: 'success' });
    expect(await balanceOf(t.db, m.id, 'CNY')).toBe(10_000);
    expect(await rowOf(intentNo)).toMatchObject({ status: 'paid', providerRef: alipay.tradeOf(intentNo).tradeNo });
    const entries = await t.db
      .select({ type: ledgerEntries.type, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refId, intentNo))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { type: 'recharge', amount: 10_060 },
      { type: 'payment_fee', amount: -60 },
    ]);
    // TRADE_FINISHED (the refund period over) and a late close change nothing.
    expect(await notify(alipay.notification(intentNo, { trade_status: 'TRADE_FINISHED' }))).toMatchObject({ body: 'success' });
    expect(await notify(alipay.notification(intentNo, { trade_status: 'TRADE_CLOSED' }))).toMatchObject({ body: 'success' });
    expect((await rowOf(intentNo)).status).toBe('paid');
    expect(await balanceOf(t.db, m.id, 'CNY')).toBe(10_000);
  });

  it('a closed trade fails its top-up', async () => {
    const m = await newMember();
    const created = await topup(m.token, 2_000);
    await openCashier(created.data);
    expect(await notify(alipay.notification(created.data.intentNo, { trade_status: 'TRADE_CLOSED' }))).toMatchObject({ body: 'success' });
    expect((await rowOf(created.data.intentNo)).status).toBe('failed');
    expect(await balanceOf(t.db, m.id, 'CNY')).toBe(0);
  });

  it('支付对账 asks Alipay about each top-up of the day: matched, a missed notification, and a credit Alipay does not show paid', async () => {
    const m = await newMember();
    const make = async (amount: number) => {
      const r = await topup(m.token, amount);
      await openCashier(r.data);
      return rowOf(r.data.intentNo);
    };
    const [a, b, c] = [await make(10_000), await make(2_000), await make(5_000)];
    alipay.pay(a.intentNo);
    await notify(alipay.notification(a.intentNo));
    alipay.pay(b.intentNo); // paid at Alipay; its notification never came
    await notify(alipay.notification(c.intentNo, { trade_status: 'TRADE_SUCCESS' })); // credited, while Alipay says it waits

    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day, channelId } });
    expect(res.code, res.message).toBe(20000);
    const mine = res.data.rows.filter((r) => [a.intentNo, b.intentNo, c.intentNo].includes(r.intentNo));
    expect(mine.map((r) => [r.intentNo, r.paymentId, r.providerAmount, r.ledgerAmount, r.result]).sort()).toEqual(
      [
        [a.intentNo, alipay.tradeOf(a.intentNo).tradeNo, 10_060, 10_060, 'matched'],
        [b.intentNo, alipay.tradeOf(b.intentNo).tradeNo, 2_012, null, 'missing_in_ledger'],
        [c.intentNo, alipay.tradeOf(c.intentNo).tradeNo, null, 5_030, 'missing_at_provider'],
      ].sort(),
    );
    expect(res.data.channels).toEqual([expect.objectContaining({ channelId, currency: 'CNY', error: '' })]);
    // Each call is signed with Beijing time, whatever the server's time zone.
    expect(alipay.calls.filter((x) => x.method === 'alipay.trade.query').every((x) => x.timestamp === businessDateTime(t.clock.now()))).toBe(true);
  });

  it('a top-up never paid expires after a day, its trade closed at Alipay first; one paid meanwhile is left to its notification', async () => {
    const m = await newMember();
    const neverOpened = (await topup(m.token, 1_000)).data;
    const waiting = (await topup(m.token, 1_500)).data;
    const paidLate = (await topup(m.token, 3_000)).data;
    await openCashier(waiting);
    await openCashier(paidLate);
    alipay.pay(paidLate.intentNo);

    t.clock.advance(TOPUP_TTL_MS + 60_000);
    await expireTopups(t.db, t.app.services.secrets, t.clock.now());
    expect(alipay.closed).toEqual(expect.arrayContaining([neverOpened.intentNo, waiting.intentNo, paidLate.intentNo]));
    expect((await rowOf(neverOpened.intentNo)).status).toBe('expired');
    expect((await rowOf(waiting.intentNo)).status).toBe('expired');
    expect(alipay.tradeOf(waiting.intentNo).status).toBe('TRADE_CLOSED');
    expect((await rowOf(paidLate.intentNo)).status).toBe('pending');

    expect(await notify(alipay.notification(paidLate.intentNo))).toMatchObject({ body: 'success' });
    expect((await rowOf(paidLate.intentNo)).status).toBe('paid');
    expect(await balanceOf(t.db, m.id, 'CNY')).toBe(3_000);
  });

  it('the SDK reaches Alipay only at an address the server may call', async () => {
    staff = await t.login(); // the clock has moved a day: a fresh staff session
    const calls = alipay.calls.length;
    process.env.OUTBOUND_ALLOW_HOSTS = '';
    try {
      const day = new Date(t.clock.now().getTime() + 8 * 3_600_000 - TOPUP_TTL_MS).toISOString().slice(0, 10);
      const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day, channelId } });
      expect(res.data.channels[0]!.error).toBe('不允许向内部地址 127.0.0.1 发送（可在 OUTBOUND_ALLOW_HOSTS 中放行）');
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    }
    expect(alipay.calls.length).toBe(calls);
  });
  it('an answer not signed by Alipay’s key is not believed: the channel says so and nothing is read from it', async () => {
    const [row] = await t.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
    const stored = row!.credentials as Record<string, string>;
    // Another public key than the one the (fake) gateway signs with: as if someone answered in Alipay's place.
    await t.db
      .update(paymentChannels)
      .set({ credentials: { ...stored, alipayPublicKey: keys.appPublicKey } })
      .where(eq(paymentChannels.id, channelId));
    try {
      const day = new Date(t.clock.now().getTime() + 8 * 3_600_000 - TOPUP_TTL_MS).toISOString().slice(0, 10);
      const res = await t.call<ReconcileResult>('GET', '/api/payment/reconcile', { token: staff, query: { date: day, channelId } });
      expect(res.data.channels[0]!.error).toBe('支付宝的应答签名无效，请联系客服');
      expect(res.data.rows.every((r) => r.providerAmount === null)).toBe(true);
    } finally {
      await t.db.update(paymentChannels).set({ credentials: stored }).where(eq(paymentChannels.id, channelId));
    }
  });
});
