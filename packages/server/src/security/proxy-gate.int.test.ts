import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { TopupIntent } from '@waystation/shared/contract/openTopups';
import { configFromEnv } from '../config';
import { ledgerEntries, loginAttempts, openIdempotency, openRateWindows, shopOrders, topupIntents } from '../db/schema';
import { safeFetch } from '../core/outbound';
import { secretBoxFor } from '../core/secrets';
import { post } from '../modules/ledger/service';
import { sandboxSecret, signPayload } from '../modules/payment/topups';
import { newMember } from '../testing/factories/money-people';
import { createTestApp, type TestApp } from '../testing/server';

/**
 * Issue 28, round two: the member API's gate and the client's address.
 */

const random = () =>
  `${1 + Math.floor(Math.random() * 220)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

describe('the client cannot choose its own address behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // TRUST_PROXY=1: one reverse proxy in front, on this machine; it appends the peer it saw to X-Forwarded-For.
    proxied = await createTestApp({ trustProxy: configFromEnv({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  /** A wrong admin password through the proxy: the client wrote `claimed`, the proxy saw `peer` and appended it. */
  const wrongLogin = (app: TestApp, username: string, claimed: string, peer = '203.0.113.9') =>
    app.call('POST', '/api/admin/login', {
      body: { username, password: 'wrong-password-1' },
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': `${claimed}, ${peer}` },
    });

  it('with one hop trusted, wrong passwords under random left-most X-Forwarded-For entries are throttled as the proxy’s real peer', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await wrongLogin(proxied, `nobody-${i}`, random())).code);
    expect(answers.slice(0, 50).every((c) => c === 40100)).toBe(true);
    expect(answers.slice(50)).toEqual(Array(10).fill(42900));
    const refused = await wrongLogin(proxied, 'nobody-again', random());
    expect(refused).toMatchObject({ status: 429, code: 42900, message: '登录尝试过于频繁，请稍后再试' });
    // The login log records the peer the proxy saw, never what the client wrote.
    const rows = await proxied.db.select({ ip: loginAttempts.ip }).from(loginAttempts).where(like(loginAttempts.username, 'nobody-%'));
    expect(rows.length).toBe(50);
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['203.0.113.9']));
    // Another real client behind the same proxy is not locked out by that one.
    expect((await wrongLogin(proxied, 'somebody', random(), '198.51.100.7')).code).toBe(40100);
  }, 300_000);

  it('one hop trusted does not believe a second hop the client wrote itself', async () => {
    await wrongLogin(proxied, 'two-hop-claim', '9.9.9.9, 8.8.8.8', '198.51.100.20');
    const [row] = await proxied.db.select({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.username, 'two-hop-claim'));
    expect(row?.ip).toBe('198.51.100.20');
  });

  it('without TRUST_PROXY the header is ignored: the socket’s peer is the client', async () => {
    await wrongLogin(t, 'no-proxy', '1.2.3.4');
    const [row] = await t.db.select({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.username, 'no-proxy')).orderBy(desc(loginAttempts.id));
    expect(row?.ip).toBe('127.0.0.1');
  });

  it('with the proxies named by address (TRUST_PROXY=127.0.0.1,10.0.0.0/8) entries from them are skipped, the first other one is the client', async () => {
    const named = await createTestApp({ trustProxy: configFromEnv({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy });
    try {
      await wrongLogin(named, 'named-proxies', '1.2.3.4, 203.0.113.50', '10.1.2.3');
      const [row] = await named.db.select({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.username, 'named-proxies'));
      expect(row?.ip).toBe('203.0.113.50');
    } finally {
      await named.close();
    }
  }, 300_000);
});

describe('the member API’s gate', () => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t?.close());

  const siteKey = async (name: string) => {
    const r = await t.call<{ id: number; key: string }>('POST', '/api/notification/siteKey/create', { token: admin, body: { name } });
    expect(r.code, r.message).toBe(20000);
    return r.data;
  };
  /** A member-API call, by a site's key for a member (or anonymous), from an address. */
  const open = async <T>(
    method: 'GET' | 'POST',
    path: string,
    o: { body?: unknown; headers?: Record<string, string>; key?: string | null; ip?: string } = {},
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/open/v1${path}`,
      remoteAddress: o.ip ?? '127.0.0.1',
      payload: o.body === undefined ? undefined : JSON.stringify(o.body),
      headers: {
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' && o.key !== null ? { 'idempotency-key': o.key ?? `gate-key-${++seq}-${Date.now()}` } : {}),
        ...o.headers,
      },
    });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: T }) };
  };

  /** The first attempt of a key died after its write committed: its row is claimed, unanswered, older than the abandonment window. */
  const killFirstAnswer = async (scope: string, key: string) => {
    const [row] = await t.db
      .update(openIdempotency)
      .set({ response: null, createdAt: new Date(t.clock.now().getTime() - 5 * 60_000) })
      .where(and(eq(openIdempotency.scope, scope), eq(openIdempotency.key, key)))
      .returning();
    expect(row).toBeDefined();
  };

  describe('the same Idempotency-Key after a crash replays its first outcome', () => {
    it('a top-up retried after its first answer was lost answers the same intent, never a second one', async () => {
      const m = await newMember(t);
      const { key } = await siteKey('crash top-ups');
      const as = { 'x-api-key': key, 'x-member-code': m.userCode };
      const body = { amount: 12_300, currency: 'CNY', provider: 'sandbox' };
      const first = await open<TopupIntent>('POST', '/topups', { headers: as, body, key: 'topup-crash-0001' });
      expect(first.code, first.message).toBe(20000);
      await killFirstAnswer(`m:${m.id}:/topups`, 'topup-crash-0001');

      const retry = await open<TopupIntent>('POST', '/topups', { headers: as, body, key: 'topup-crash-0001' });
      expect(retry).toMatchObject({ status: 200, code: 20000, data: { intentNo: first.data.intentNo, amount: 12_300, status: 'pending' } });
      const [{ n }] = await t.db.select({ n: count() }).from(topupIntents).where(eq(topupIntents.memberId, m.id));
      expect(n).toBe(1);
      // Its answer is stored now: a third try replays it.
      const third = await open<TopupIntent>('POST', '/topups', { headers: as, body, key: 'topup-crash-0001' });
      expect(third.data.intentNo).toBe(first.data.intentNo);
      // Another key is another intent.
      expect((await open<TopupIntent>('POST', '/topups', { headers: as, body, key: 'topup-crash-0002' })).data.intentNo).not.toBe(first.data.intentNo);
    });

    it('an order payment retried after its first answer was lost answers the paid order, not "not awaiting payment", and pays once', async () => {
      const m = await newMember(t);
      const { key } = await siteKey('crash payments');
      const as = { 'x-api-key': key, 'x-member-code': m.userCode };
      await t.db.transaction((tx) =>
        post(tx, { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 50_000, type: 'recharge', remark: 'gate' }, t.clock.now()),
      );
      const order = await open<MemberOrder>('POST', '/orders', {
        headers: as,
        body: { lines: [{ mallType: 'TB', productUrl: 'https://item.taobao.com/item.htm?id=9', title: '雨伞', quantity: 1, unitPrice: 8_800 }] },
      });
      expect(order.code, order.message).toBe(20000);
      const first = await open<MemberOrder>('POST', '/orders/pay', { headers: as, body: { orderNo: order.data.orderNo }, key: 'pay-crash-0001' });
      expect(first.code, first.message).toBe(20000);
      await killFirstAnswer(`m:${m.id}:/orders/pay`, 'pay-crash-0001');

      const retry = await open<MemberOrder>('POST', '/orders/pay', { headers: as, body: { orderNo: order.data.orderNo }, key: 'pay-crash-0001' });
      expect(retry).toMatchObject({ status: 200, code: 20000, data: { orderNo: order.data.orderNo, status: 'paid', memberStatus: 'paid' } });
      const payments = await t.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.refId, order.data.orderNo), eq(ledgerEntries.type, 'payment')))
        .orderBy(ledgerEntries.id);
      // The goods and the demo's 5 % service fee, each once.
      expect(payments).toEqual([{ amount: -8_800 }, { amount: -440 }]);
      const [stored] = await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, order.data.orderNo));
      expect(stored).toMatchObject({ status: 'paid', paidAmount: 9_240 });
      // Another key paying the same order is still refused.
      const other = await open('POST', '/orders/pay', { headers: as, body: { orderNo: order.data.orderNo }, key: 'pay-crash-0002' });
      expect(other).toMatchObject({ status: 409, code: 40900, message: `订单 ${order.data.orderNo} 当前不是待支付状态` });
    });
  });

  describe('a site key has its own window and may be held to address ranges', () => {
    it('the key’s calls a minute count together, whichever members it acts for', async () => {
      const { id, key } = await siteKey('limited site');
      const limits = await t.call('POST', '/api/notification/siteKey/modifyLimits', { token: admin, body: { id, ratePerMinute: 5, allowedCidrs: [] } });
      expect(limits.code, limits.message).toBe(20000);
      const members = await Promise.all([0, 1, 2].map(() => newMember(t)));
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await open('GET', '/me', { headers: { 'x-api-key': key, 'x-member-code': members[i % 3]!.userCode } }));
      expect(answers.slice(0, 5).map((a) => a.code)).toEqual([20000, 20000, 20000, 20000, 20000]);
      expect(answers[5]).toMatchObject({ status: 429, code: 42900, message: '请求过于频繁，请稍后再试' });
      const [window] = await t.db
        .select({ count: openRateWindows.count })
        .from(openRateWindows)
        .where(eq(openRateWindows.key, `k:${id}`));
      expect(window?.count).toBe(6);
      const listed = await t.call<{ id: number; ratePerMinute: number | null }[]>('GET', '/api/notification/siteKey/list', { token: admin });
      expect(listed.data.find((k) => k.id === id)?.ratePerMinute).toBe(5);
    });

    it('a key limited to address ranges refuses a call from elsewhere (40300, naming the address)', async () => {
      const { id, key } = await siteKey('ranged site');
      const m = await newMember(t);
      const bad = await t.call('POST', '/api/notification/siteKey/modifyLimits', {
        token: admin,
        body: { id, ratePerMinute: null, allowedCidrs: ['203.0.113.0/33'] },
      });
      expect(bad.code).toBe(40001);
      expect(bad.data).toMatchObject({ fields: { 'allowedCidrs.0': '请输入 IP 地址或网段，如 203.0.113.0/24' } });
      const octet = await t.call('POST', '/api/notification/siteKey/modifyLimits', {
        token: admin,
        body: { id, ratePerMinute: null, allowedCidrs: ['203.0.113.300'] },
      });
      expect(octet.code).toBe(40001);
      const set = await t.call('POST', '/api/notification/siteKey/modifyLimits', {
        token: admin,
        body: { id, ratePerMinute: null, allowedCidrs: ['203.0.113.0/24', '2001:db8::1'] },
      });
      expect(set.code, set.message).toBe(20000);
      const listed = await t.call<{ id: number; allowedCidrs: string[] }[]>('GET', '/api/notification/siteKey/list', { token: admin });
      expect(listed.data.find((k) => k.id === id)?.allowedCidrs).toEqual(['203.0.113.0/24', '2001:db8::1/128']);
      const as = { 'x-api-key': key, 'x-member-code': m.userCode };
      expect(await open('GET', '/me', { headers: as, ip: '198.51.100.4' })).toMatchObject({
        status: 403,
        code: 40300,
        message: '该 API Key 不允许从此地址（198.51.100.4）调用，请在站点密钥的允许地址中添加',
      });
      expect((await open('GET', '/me', { headers: as, ip: '203.0.113.200' })).code).toBe(20000);
      expect((await open('GET', '/me', { headers: as, ip: '2001:db8::1' })).code).toBe(20000);
      // Refused before anything is written: a top-up from elsewhere creates nothing.
      const topup = await open('POST', '/topups', { headers: as, ip: '198.51.100.4', body: { amount: 100, currency: 'CNY', provider: 'sandbox' } });
      expect(topup.code).toBe(40300);
      const [{ n }] = await t.db.select({ n: count() }).from(topupIntents).where(eq(topupIntents.memberId, m.id));
      expect(n).toBe(0);
    });
  });

  describe('a provider’s signed payment notification is never refused for rate', () => {
    it('130 signed callbacks from one address all answer; unsigned ones still count and are refused past 120 a minute', async () => {
      const m = await newMember(t);
      const { key } = await siteKey('callbacks');
      const intent = await open<TopupIntent>('POST', '/topups', {
        headers: { 'x-api-key': key, 'x-member-code': m.userCode },
        body: { amount: 1_000, currency: 'CNY', provider: 'sandbox' },
      });
      expect(intent.code, intent.message).toBe(20000);
      const secret = await sandboxSecret(t.db, secretBoxFor(t.config), t.clock.now());
      const ip = '192.0.2.77';
      const signed = async (outcome: 'paid' | 'failed') => {
        const raw = JSON.stringify({ intentNo: intent.data.intentNo, outcome, amount: 1_000, currency: 'CNY' });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/open/v1/payments/callback/sandbox',
          remoteAddress: ip,
          payload: raw,
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': signPayload(secret, raw, t.clock.now()) },
        });
        return res.json() as { code: number; message: string; data: { status: string } };
      };
      const answers = [];
      for (let i = 0; i < 130; i++) answers.push(await signed('paid'));
      expect(answers.filter((a) => a.code !== 20000)).toEqual([]);
      expect(answers.at(-1)?.data.status).toBe('paid');
      const credits = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, intent.data.intentNo));
      expect(credits.length).toBe(1);

      const forged = async () =>
        open('POST', '/payments/callback/sandbox', {
          ip,
          key: null,
          body: { intentNo: intent.data.intentNo, outcome: 'paid', amount: 1_000, currency: 'CNY' },
          headers: { 'x-sandbox-signature': `t=${Math.floor(t.clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}` },
        });
      const refused = [];
      for (let i = 0; i < 121; i++) refused.push(await forged());
      expect(refused.slice(0, 120).every((r) => r.code === 40300 && r.message === '回调签名无效')).toBe(true);
      expect(refused[120]).toMatchObject({ status: 429, code: 42900, message: '请求过于频繁，请稍后再试' });
      const [window] = await t.db
        .select({ count: openRateWindows.count })
        .from(openRateWindows)
        .where(and(eq(openRateWindows.key, `ip:${ip}`), sql`true`));
      expect(window?.count).toBe(121);
      // A signed one still answers while the address is over its limit.
      expect((await signed('paid')).code).toBe(20000);
    }, 300_000);
  });
});

describe('outbound calls connect to the address they checked (no DNS rebinding)', () => {
  let server: http.Server;
  let port: number;
  const seen: { host?: string; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body });
        res.end('stand-in');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    seen.length = 0;
  });

  it('a name that resolves to a public address when checked and to this machine when connecting never reaches this machine', async () => {
    // The attacker's DNS answers the check with a public address, then (short TTL) with 127.0.0.1.
    const checked = vi.spyOn(dnsPromises, 'lookup').mockImplementation((async () => [{ address: '93.184.215.14', family: 4 }]) as never);
    const original = dns.lookup;
    const rebound = vi.spyOn(dns, 'lookup').mockImplementation(((name: string, options: unknown, callback: unknown) => {
      const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void;
      const all = typeof options === 'object' && (options as { all?: boolean }).all;
      if (name !== 'rebind.example') return (original as (...a: unknown[]) => void)(name, options, callback);
      return all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);
    }) as never);
    const outcome = await safeFetch(`http://rebind.example:${port}/hook`, { method: 'POST', body: '{"secret":1}', timeoutMs: 3_000 }).then(
      (res) => `HTTP ${res.status}`,
      () => 'no connection',
    );
    // Before: the connection resolved the name again and posted to the stand-in on 127.0.0.1 (HTTP 200).
    expect(outcome).toBe('no connection');
    expect(seen).toEqual([]);
    expect(checked).toHaveBeenCalledTimes(1);
    expect(rebound.mock.calls.filter(([name]) => name === 'rebind.example')).toEqual([]);
  });

  it('an injected resolver is asked once; an internal answer is refused before any connection (40001)', async () => {
    const answers = [['127.0.0.1'], ['93.184.215.14']];
    const resolve = vi.fn(async () => answers.shift()!);
    await expect(safeFetch(`http://inner.example:${port}/`, { resolve })).rejects.toMatchObject({
      code: 40001,
      message: '不允许向内部地址 inner.example 发送（可在 OUTBOUND_ALLOW_HOSTS 中放行）',
    });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });

  it('an allowed address still gets the request, body and Host header as sent', async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    const res = await safeFetch(`http://127.0.0.1:${port}/hook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":"中文"}' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('stand-in');
    expect(seen).toEqual([{ host: `127.0.0.1:${port}`, body: '{"a":"中文"}' }]);
  });
});
