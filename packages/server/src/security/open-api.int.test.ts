import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { MemberPackage } from '@waystation/shared/contract/openPacks';
import type { TopupIntent } from '@waystation/shared/contract/openTopups';
import { agents, couponCodes, couponGrants, memberAddresses, packages, purchaseOrders, shopOrders, topupIntents } from '../db/schema';
import { newLine } from '../testing/factories/goods-in';
import { hashPassword } from '../core/password';
import { newAgent } from '../testing/factories/money-people';
import { openRoutesOf } from '../modules/open/http';
import { channelIdOf, newShelvedItem } from '../modules/goodsOut/factory';
import { post } from '../modules/ledger/service';
import { createTestApp, type TestApp } from '../testing/server';
import { emailCode } from '../testing/member';

/**
 * Issue 13: the member API's own matrix. Every member call refuses a missing, garbage or staff token; member B, given
 * every identifier of member A's (order, package, top-up, address, items), gets none of A's data back and changes
 * nothing of A's; bad values in any field never give a 5xx.
 */
let t: TestApp;
let staff: string;
let n = 0;
const ip = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const call = (
  method: 'GET' | 'POST',
  url: string,
  o: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
) => {
  n++;
  return t.app.inject({
    method,
    url,
    query: o.query,
    payload: o.body === undefined ? undefined : JSON.stringify(o.body),
    remoteAddress: ip(),
    headers: {
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': `matrix-key-${n}` } : {}),
      ...o.headers,
    },
  });
};
const json = async <T>(p: ReturnType<typeof call>) => (await p).json() as { code: number; message: string; data: T };

async function member(tag: string) {
  const email = `${tag}-${Date.now()}@example.com`;
  await call('POST', '/api/open/v1/auth/register', { body: { email, password: 'secret123', name: tag } });
  const r = await json<SessionResult>(call('POST', '/api/open/v1/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) } }));
  expect(r.code, r.message).toBe(20000);
  return r.data;
}

let a: SessionResult;
let b: SessionResult;
/** An agent-terminal token, and a member site's key. */
let agentToken: string;
let siteKey: string;
const ids: Record<string, unknown> = {};
const secretsOfA: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login();
  a = await member('alice-matrix');
  b = await member('bob-matrix');
  const agent = await newAgent(t);
  await t.db
    .update(agents)
    .set({ passwordHash: await hashPassword('agentpass1') })
    .where(eq(agents.id, agent.id));
  agentToken = (await json<{ token: string }>(call('POST', '/api/open/v1/agent/auth/login', { body: { account: agent.agentName, password: 'agentpass1' } })))
    .data.token;
  siteKey = (await t.call<{ key: string }>('POST', '/api/notification/siteKey/create', { token: staff, body: { name: 'matrix' } })).data.key;
  await t.db.transaction((tx) =>
    post(
      tx,
      { ownerType: 'member', ownerId: a.member.id, kind: 'balance', currency: 'CNY', amount: 100_000, type: 'recharge', remark: 'matrix' },
      t.clock.now(),
    ),
  );
  const order = await json<MemberOrder>(
    call('POST', '/api/open/v1/orders', {
      token: a.token,
      body: { lines: [{ mallType: 'TB', productUrl: 'https://item.taobao.com/a', title: 'Alice 的订单', quantity: 1, unitPrice: 1_000 }] },
    }),
  );
  const address = await json<{ id: number }>(
    call('POST', '/api/open/v1/addresses/save', { token: a.token, body: { receiver: 'Alice Secret', country: 'US', address: '7 Private Rd' } }),
  );
  const { item } = await newShelvedItem(t.db, { memberCode: a.member.userCode });
  const pack = await json<MemberPackage>(
    call('POST', '/api/open/v1/packs', { token: a.token, body: { itemIds: [item.id], channelId: await channelIdOf(t.db, 'DHL'), addressId: address.data.id } }),
  );
  const topup = await json<TopupIntent>(call('POST', '/api/open/v1/topups', { token: a.token, body: { amount: 1_000, currency: 'CNY', provider: 'sandbox' } }));
  // A line of A's on hold for A's answer to a QC problem, and a redeem code A has used.
  const held = await newLine(t.db, { status: 'purchase_hold', memberCode: a.member.userCode });
  await t.db.update(purchaseOrders).set({ holdFrom: 'stocking_input', holdReason: '质检问题：商品破损' }).where(eq(purchaseOrders.id, held.id));
  const coupon = await t.call<{ id: number }>('POST', '/api/marketing/coupon/saveConst', {
    token: staff,
    body: {
      name: '矩阵券',
      discountType: 'amount',
      amount: '5',
      minSpend: '0',
      scope: 'purchase',
      validityType: 'days',
      validDays: 30,
      totalStock: 10,
      perMemberLimit: 5,
    },
  });
  await t.call('POST', '/api/marketing/coupon/addCodes', { token: staff, body: { couponId: coupon.data.id, count: 1, requestId: `matrix-${Date.now()}` } });
  const [code] = await t.db.select().from(couponCodes).where(eq(couponCodes.couponId, coupon.data.id));
  expect((await json(call('POST', '/api/open/v1/coupons/redeem', { token: a.token, body: { code: code!.code } }))).code).toBe(20000);
  Object.assign(ids, {
    orderNo: order.data.orderNo,
    packageNo: pack.data.packageNo,
    intentNo: topup.data.intentNo,
    addressId: address.data.id,
    id: address.data.id,
    itemIds: [item.id],
    purchaseNo: held.purchaseNo,
    decision: 'refund',
    code: code!.code,
  });
  secretsOfA.push(order.data.orderNo, pack.data.packageNo, topup.data.intentNo, a.member.userCode, a.member.email, 'Alice Secret', 'Alice 的订单');
});
afterAll(() => t.close());

const memberRoutes = () => openRoutesOf(t.app).filter((r) => r.auth === 'member');
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};

describe('member API matrix', () => {
  it('every member call refuses a missing, garbage or staff token', async () => {
    const wrong: string[] = [];
    for (const r of memberRoutes()) {
      for (const [label, token] of [
        ['no token', undefined],
        ['garbage', 'not-a-token-0000'],
        ['staff token', staff],
      ] as const) {
        const res = await json(call(r.method, r.url, { token, body: r.method === 'POST' ? {} : undefined }));
        if (res.code !== 50008) wrong.push(`${label} → ${r.method} ${r.url}: ${res.code}`);
      }
    }
    expect(memberRoutes().length).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });

  it('agent calls take only agent tokens, member calls never take one, and a site key acts only for a member it names', async () => {
    const wrong: string[] = [];
    const agentRoutes = openRoutesOf(t.app).filter((r) => r.auth === 'agent');
    for (const r of agentRoutes) {
      for (const [label, token, headers] of [
        ['no token', undefined, {}],
        ['staff token', staff, {}],
        ['member token', a.token, {}],
        ['site key', undefined, { 'x-api-key': siteKey, 'x-member-code': a.member.userCode }],
      ] as const) {
        const res = await json(call(r.method, r.url, { token, headers, body: r.method === 'POST' ? {} : undefined }));
        if (res.code !== 50008) wrong.push(`${label} → ${r.method} ${r.url}: ${res.code}`);
      }
    }
    for (const r of memberRoutes()) {
      const res = await json(call(r.method, r.url, { token: agentToken, body: r.method === 'POST' ? {} : undefined }));
      if (res.code !== 50008) wrong.push(`agent token → ${r.method} ${r.url}: ${res.code}`);
      const noMember = await json(call(r.method, r.url, { headers: { 'x-api-key': siteKey }, body: r.method === 'POST' ? {} : undefined }));
      if (noMember.code !== 40001) wrong.push(`site key without a member → ${r.method} ${r.url}: ${noMember.code}`);
    }
    expect(agentRoutes.length).toBeGreaterThan(4);
    expect(wrong).toEqual([]);
  });

  it('member B, given every identifier of member A, sees and changes none of A’s data', async () => {
    const before = JSON.stringify(await stateOfA());
    const leaks: string[] = [];
    for (const r of memberRoutes()) {
      if (r.url.endsWith('/auth/logout')) continue;
      const fields = { ...shapeOf(r.body), ...shapeOf(r.query) };
      const input: Record<string, unknown> = {};
      for (const f of Object.keys(fields)) if (f in ids) input[f] = ids[f];
      // A full, valid body for the calls that need more than an identifier.
      if (r.url.endsWith('/addresses/save')) Object.assign(input, { receiver: 'Bob', country: 'US', address: '1 Bob St' });
      if (r.url.endsWith('/packs')) Object.assign(input, { channelId: await channelIdOf(t.db, 'DHL') });
      const res = await call(r.method, r.url, {
        token: b.token,
        body: r.method === 'POST' ? input : undefined,
        query: r.method === 'GET' ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) : undefined,
      });
      for (const s of secretsOfA) if (res.body.includes(s)) leaks.push(`${r.method} ${r.url} answered ${s}`);
    }
    expect(leaks).toEqual([]);
    expect(JSON.stringify(await stateOfA())).toBe(before);
    // Named: B's answer to A's QC problem and B's try of A's used code are refused, and B got nothing.
    const answer = await json(call('POST', '/api/open/v1/orders/qcDecision', { token: b.token, body: { purchaseNo: ids.purchaseNo, decision: 'refund' } }));
    expect(answer.code).toBe(40400);
    const redeem = await json(call('POST', '/api/open/v1/coupons/redeem', { token: b.token, body: { code: ids.code } }));
    expect([redeem.code, redeem.message]).toEqual([40900, '兑换码已被使用']);
    expect(await t.db.select().from(couponGrants).where(eq(couponGrants.memberId, b.member.id))).toEqual([]);
  });

  it('bad values in any field of any member call never give a 5xx', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 64; i++) deep = [deep];
    const values: unknown[] = ['a\u0000b', '\ud800', 'x'.repeat(100_000), 'NaN', -1, 1e308, 1.5, true, [], {}, deep, { $gt: '' }];
    const problems: string[] = [];
    let requests = 0;
    for (const r of openRoutesOf(t.app)) {
      // Each call as its own kind of caller, so the values reach its validation.
      const as = r.auth === 'agent' ? { token: agentToken } : r.auth === 'site' ? { headers: { 'x-api-key': siteKey } } : { token: b.token };
      for (const value of values) {
        for (const f of Object.keys(shapeOf(r.body))) {
          requests++;
          const res = await call('POST', r.url, { ...as, body: { [f]: value } });
          if (res.statusCode >= 500) problems.push(`${r.url} ${f}=${JSON.stringify(value)?.slice(0, 20)}: ${res.statusCode}`);
        }
        for (const f of Object.keys(shapeOf(r.query))) {
          requests++;
          const res = await call('GET', r.url, { ...as, query: { [f]: typeof value === 'string' ? value.slice(0, 2000) : JSON.stringify(value) } });
          if (res.statusCode >= 500) problems.push(`${r.url} ?${f}: ${res.statusCode}`);
        }
      }
      // Past the member's per-minute limit the answer is 42900, not a 5xx: the clock moves on so every field is tried.
      t.clock.advance(61_000);
    }
    console.log(`member API bad-input corpus: ${requests} requests over ${openRoutesOf(t.app).length} calls`);
    expect(problems).toEqual([]);
  });
});

async function stateOfA() {
  return {
    orders: await t.db.select().from(shopOrders).where(eq(shopOrders.memberId, a.member.id)),
    packages: await t.db.select().from(packages).where(eq(packages.memberId, a.member.id)),
    topups: await t.db.select().from(topupIntents).where(eq(topupIntents.memberId, a.member.id)),
    addresses: await t.db.select().from(memberAddresses).where(eq(memberAddresses.memberId, a.member.id)),
    lines: await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.memberId, a.member.id)),
    coupons: await t.db.select().from(couponGrants).where(eq(couponGrants.memberId, a.member.id)),
  };
}
