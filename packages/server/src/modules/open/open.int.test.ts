import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { MemberPackage } from '@waystation/shared/contract/openPacks';
import type { TopupIntent } from '@waystation/shared/contract/openTopups';
import { queryRows } from '../../db';
import {
  agents,
  auditLogs,
  couponGrants,
  coupons,
  domainEvents,
  drawRecords,
  ledgerEntries,
  memberKyc,
  packages,
  purchaseOrders,
  shopOrders,
} from '../../db/schema';
import { settleCommission } from '../finance/service';
import { post } from '../ledger/service';
import { emailCode } from '../../testing/member';
import { DEMO_PASSWORD, startTestServer, type TestApp } from '../../testing/server';
import { channelIdOf, newShelvedItem } from '../goodsOut/factory';
import { openRoutesOf } from './http';

let t: TestApp & { url: string };
let staff: string;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
  staff = await t.login();
});
afterAll(() => t.close());

const key = () => `test-key-${Date.now()}-${++seq}`;
/** A member-API call: bearer token, and a fresh Idempotency-Key on writes unless one is given. */
const open = <T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; body?: unknown; query?: Record<string, unknown>; key?: string | null; ip?: string } = {},
) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    ip: o.ip,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(method === 'POST' && o.key !== null ? { 'idempotency-key': o.key ?? key() } : {}),
    },
  });

let emailSeq = 0;
async function newMember(ip = '10.9.0.1') {
  const email = `member${Date.now()}${++emailSeq}@example.com`;
  const started = await open('POST', '/auth/register', { body: { email, password: 'secret123', name: 'Test Member', country: 'US' }, ip });
  expect(started.code, started.message).toBe(20000);
  const r = await open<SessionResult>('POST', '/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) }, ip });
  expect(r.code, r.message).toBe(20000);
  return { token: r.data.token, member: r.data.member, email };
}

describe('member accounts and tokens', () => {
  it('registers, signs in, and keeps member and staff tokens apart', async () => {
    const { token, member, email } = await newMember();
    expect(member.userCode).toMatch(/^U\d+$/);
    const me = await open<{ email: string }>('GET', '/me', { token });
    expect(me.data.email).toBe(email);

    // A taken email answers as a new one would (its owner gets a note, no code): sign-up tells nobody who has an account.
    const again = await open('POST', '/auth/register', { body: { email: email.toUpperCase(), password: 'secret123', name: 'X' } });
    expect(again.code).toBe(20000);
    expect(again.data).toEqual({ email, codeExpiresInSeconds: 900 });

    const wrong = await open('POST', '/auth/login', { body: { email, password: 'wrong-pass1' }, key: null });
    expect(wrong.code).toBe(40100);
    const login = await open<SessionResult>('POST', '/auth/login', { body: { email, password: 'secret123' }, key: null });
    expect(login.code).toBe(20000);

    // A staff token is no member token, and a member token opens no staff route.
    expect((await open('GET', '/me', { token: staff })).code).toBe(50008);
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(50008);
    expect((await t.call('GET', '/api/admin/info', { headers: { authorization: `Bearer ${token}` } })).code).toBe(50008);
    expect((await open('GET', '/me')).code).toBe(50008);

    await open('POST', '/auth/logout', { token: login.data.token, key: null });
    expect((await open('GET', '/me', { token: login.data.token })).code).toBe(50008);
    expect((await open('GET', '/me', { token })).code).toBe(20000);
  });

  it('resets a password with the emailed code, once', async () => {
    const { email, token } = await newMember();
    expect((await open('POST', '/auth/resetRequest', { body: { email } })).code).toBe(20000);
    const [mail] = await queryRows<{ body: string }>(t.db, sql`select body from outbox_messages where recipient = ${email} order by id desc limit 1`);
    const code = /(\d{6})/.exec(mail!.body)![1]!;
    const bad = await open('POST', '/auth/reset', { body: { email, code: code === '000000' ? '000001' : '000000', password: 'newpass123' } });
    expect(bad.code).toBe(40001);
    expect((await open('POST', '/auth/reset', { body: { email, code, password: 'newpass123' } })).code).toBe(20000);
    expect((await open('POST', '/auth/reset', { body: { email, code, password: 'newpass456' } })).code).toBe(40001);
    expect((await open('GET', '/me', { token })).code).toBe(50008);
    expect((await open('POST', '/auth/login', { body: { email, password: 'newpass123' }, key: null })).code).toBe(20000);
  });

  it('refuses a write without an Idempotency-Key, and replays the first answer to a retry', async () => {
    const { token } = await newMember();
    const body = { receiver: 'Ann Lee', country: 'US', address: '1 Market St', city: 'San Francisco', postcode: '94105' };
    const none = await open('POST', '/addresses/save', { token, body, key: null });
    expect(none.code).toBe(40001);
    const k = key();
    const first = await open<{ id: number }>('POST', '/addresses/save', { token, body, key: k });
    const retry = await open<{ id: number }>('POST', '/addresses/save', { token, body, key: k });
    expect(retry.code).toBe(20000);
    expect(retry.data.id).toBe(first.data.id);
    const list = await open<{ list: unknown[] }>('GET', '/addresses', { token });
    expect(list.data.list).toHaveLength(1);
    const other = await open('POST', '/addresses/save', { token, body: { ...body, receiver: 'Bob' }, key: k });
    expect(other.code).toBe(40900);
  });

  it('limits sign-in attempts per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      // A new email each time: the per-email wait (member-accounts security test) stays out of this per-address count.
      codes.push((await open('POST', '/auth/login', { body: { email: `nobody${i}@example.com`, password: 'x' }, key: null, ip: '10.77.0.9' })).code);
    expect(codes.slice(0, 20).every((c) => c === 40100)).toBe(true);
    expect(codes.slice(20)).toEqual([42900, 42900]);
  });
});

describe('a member’s journey through the member API', () => {
  it('tops up through the sandbox, orders, pays, and the lines reach the purchasers’ queue with their events', async () => {
    const { token, member } = await newMember();
    const intent = await open<TopupIntent>('POST', '/topups', { token, body: { amount: 50_000, currency: 'CNY', provider: 'sandbox' } });
    expect(intent.data.status).toBe('pending');
    // A forged callback is refused; the sandbox's own (a real HTTP round trip, signed) credits once.
    const forged = await open('POST', '/payments/callback/sandbox', {
      body: { intentNo: intent.data.intentNo, outcome: 'paid', amount: 50_000, currency: 'CNY' },
      key: null,
    });
    expect(forged.code).toBe(40300);
    const paid = await open<TopupIntent>('POST', '/sandbox/pay', { token, body: { intentNo: intent.data.intentNo } });
    expect(paid.data.status, paid.message).toBe('paid');
    await open('POST', '/sandbox/pay', { token, body: { intentNo: intent.data.intentNo } });
    const me = await open<{ accounts: { kind: string; currency: string; balance: number }[] }>('GET', '/me', { token });
    expect(me.data.accounts).toContainEqual({ kind: 'balance', currency: 'CNY', balance: 50_000 });

    const order = await open<MemberOrder>('POST', '/orders', {
      token,
      body: {
        lines: [
          {
            mallType: 'TB',
            productUrl: 'https://item.taobao.com/item.htm?id=1',
            title: '运动鞋',
            props: [{ name: '尺码:42' }],
            quantity: 2,
            unitPrice: 12_000,
          },
          { mallType: 'JD', productUrl: 'https://item.jd.com/2.html', title: '保温杯', quantity: 1, unitPrice: 6_000 },
        ],
      },
    });
    expect(order.code, order.message).toBe(20000);
    expect(order.data).toMatchObject({ status: 'ordered', memberStatus: 'ordered', totalAmount: 30_000 });

    const payKey = key();
    const pay = await open<MemberOrder>('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo }, key: payKey });
    expect(pay.code, pay.message).toBe(20000);
    expect(pay.data.lines.map((l) => l.status)).toEqual(['purchase_wait', 'purchase_wait']);
    expect(pay.data.memberStatus).toBe('paid');
    // The retry answers the same; a second payment of the order is refused.
    expect((await open<MemberOrder>('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo }, key: payKey })).data.status).toBe('paid');
    expect((await open('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo } })).code).toBe(40900);
    const after = await open<{ accounts: { kind: string; balance: number }[] }>('GET', '/me', { token });
    // 300.00 of goods and the demo's 5 % service fee.
    expect(after.data.accounts.find((a) => a.kind === 'balance')?.balance).toBe(18_500);

    // The staff see them waiting to be bought.
    const lines = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.memberId, member.id));
    const staffView = await t.call<{ list: { purchaseNo: string }[] }>('GET', '/api/buy/pageList', {
      token: staff,
      query: { status: 'purchase_wait', limit: 200 },
    });
    expect(staffView.code, staffView.message).toBe(20000);
    expect(staffView.data.list.map((l) => l.purchaseNo)).toEqual(expect.arrayContaining(lines.map((l) => l.purchaseNo)));

    // Every move is a domain event of the member's, written with it.
    const events = await t.db.select().from(domainEvents).where(eq(domainEvents.memberId, member.id));
    expect(events.filter((e) => e.type === 'purchase.queue')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'topup.paid')).toHaveLength(1);

    // Another member sees none of it.
    const other = await newMember();
    expect((await open('GET', '/orders/detail', { token: other.token, query: { orderNo: order.data.orderNo } })).code).toBe(40400);
    expect((await open('POST', '/orders/pay', { token: other.token, body: { orderNo: order.data.orderNo } })).code).toBe(40400);
    expect((await open<{ total: number }>('GET', '/orders', { token: other.token })).data.total).toBe(0);
  });

  it('packs shelved items, pays the quoted freight after pre-review, and confirms receipt', async () => {
    const { token, member } = await newMember();
    const { item } = await newShelvedItem(t.db, { memberCode: member.userCode, weightG: 800 });
    const items = await open<{ list: { id: number }[] }>('GET', '/items', { token });
    expect(items.data.list.map((i) => i.id)).toEqual([item.id]);
    const address = await open<{ id: number }>('POST', '/addresses/save', {
      token,
      body: { receiver: 'Ann Lee', country: 'US', address: '1 Market St', city: 'San Francisco', postcode: '94105' },
    });
    const channelId = await channelIdOf(t.db, 'DHL');
    const pack = await open<MemberPackage>('POST', '/packs', { token, body: { itemIds: [item.id], channelId, addressId: address.data.id } });
    expect(pack.code, pack.message).toBe(20000);
    expect(pack.data).toMatchObject({ status: 'pack_pretrial', memberStatus: 'pack_ordered' });
    expect((await open<{ list: unknown[] }>('GET', '/items', { token })).data.list).toEqual([]);

    // Paying before the pre-review is refused by the package machine.
    expect((await open('POST', '/packs/pay', { token, body: { packageNo: pack.data.packageNo } })).code).toBe(40900);
    const [{ id }] = await t.db.select({ id: packages.id }).from(packages).where(eq(packages.packageNo, pack.data.packageNo));
    const review = await t.call('POST', '/api/warehouse/pretrial/pass', { token: staff, body: { id, estimatedWeightG: 900 } });
    expect(review.code, review.message).toBe(20000);
    const quoted = await open<MemberPackage>('GET', '/packs/detail', { token, query: { packageNo: pack.data.packageNo } });
    expect(quoted.data.freightEstimated).toBeGreaterThan(0);

    // Too little balance: refused, nothing moves.
    const poor = await open('POST', '/packs/pay', { token, body: { packageNo: pack.data.packageNo } });
    expect(poor.code).toBe(40900);
    expect(poor.message).toBe('余额不足');
    const intent = await open<TopupIntent>('POST', '/topups', {
      token,
      body: { amount: quoted.data.freightEstimated, currency: quoted.data.currency, provider: 'sandbox' },
    });
    await open('POST', '/sandbox/pay', { token, body: { intentNo: intent.data.intentNo } });
    const paid = await open<MemberPackage>('POST', '/packs/pay', { token, body: { packageNo: pack.data.packageNo } });
    expect(paid.code, paid.message).toBe(20000);
    expect(paid.data).toMatchObject({ status: 'remove_wait', memberStatus: 'packing', freightCharged: quoted.data.freightEstimated });
    expect(paid.data.timeline.map((s) => s.status)).toContain('packing');

    // Receipt only once shipped.
    expect((await open('POST', '/packs/confirmReceipt', { token, body: { packageNo: pack.data.packageNo } })).code).toBe(40900);
    const list = await open<{ list: MemberPackage[]; total: number }>('GET', '/packs', { token });
    expect(list.data.total).toBe(1);
    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.memberId, member.id), eq(domainEvents.entityType, 'package')))
      // In the order they were written: the events pump's update may move a row in the table.
      .orderBy(domainEvents.id);
    expect(events.map((e) => e.type)).toEqual(['package.submit', 'package.pretrial_pass', 'package.pay', 'package.pay_done', 'package.queue']);
  });

  it('a failed pre-review shows its reason; the member resubmits with another channel and address, or cancels; another member is refused', async () => {
    const { token, member } = await newMember();
    const other = await newMember();
    const { item } = await newShelvedItem(t.db, { memberCode: member.userCode, weightG: 600 });
    const address = await open<{ id: number }>('POST', '/addresses/save', { token, body: { receiver: 'Ann Lee', country: 'US', address: '1 Market St' } });
    const moved = await open<{ id: number }>('POST', '/addresses/save', { token, body: { receiver: 'Ann Lee', country: 'GB', address: '221B Baker Street' } });
    const theirs = await open<{ id: number }>('POST', '/addresses/save', {
      token: other.token,
      body: { receiver: 'Bo', country: 'DE', address: 'Hauptstr. 1' },
    });
    const [ems, dhl] = [await channelIdOf(t.db, 'EMS'), await channelIdOf(t.db, 'DHL')];
    const pack = await open<MemberPackage>('POST', '/packs', { token, body: { itemIds: [item.id], channelId: ems, addressId: address.data.id } });
    const packageNo = pack.data.packageNo;
    const [{ id }] = await t.db.select({ id: packages.id }).from(packages).where(eq(packages.packageNo, packageNo));
    const eventsOf = async () =>
      (
        await t.db
          .select()
          .from(domainEvents)
          .where(and(eq(domainEvents.entityType, 'package'), eq(domainEvents.entityId, String(id))))
          .orderBy(domainEvents.id)
      ).map((e) => e.type);

    // Resubmitting what did not fail changes nothing (a change is refused); another member's package answers as missing.
    expect((await open('POST', '/packs/resubmit', { token, body: { packageNo } })).code).toBe(20000);
    expect((await eventsOf()).filter((e) => e === 'package.resubmit')).toEqual([]);
    expect((await open('POST', '/packs/resubmit', { token, body: { packageNo, channelId: dhl } })).code).toBe(40900);
    expect((await t.call('POST', '/api/warehouse/pretrial/fail', { token: staff, body: { id, reason: '电池类商品该渠道不可运' } })).code).toBe(20000);
    const failed = await open<MemberPackage>('GET', '/packs/detail', { token, query: { packageNo } });
    expect(failed.data).toMatchObject({ status: 'pack_pretrial_fail', memberStatus: 'pack_pretrial_fail', failReason: '电池类商品该渠道不可运' });
    expect(failed.data.timeline.at(-1)).toMatchObject({ status: 'pack_pretrial_fail', note: '电池类商品该渠道不可运' });
    for (const path of ['/packs/resubmit', '/packs/cancel']) {
      const refused = await open('POST', path, { token: other.token, body: { packageNo } });
      expect(refused.code).toBe(40400);
    }
    // Their address is not the member's to use.
    expect((await open('POST', '/packs/resubmit', { token, body: { packageNo, addressId: theirs.data.id } })).code).toBe(40400);

    const resubmitted = await open<MemberPackage>('POST', '/packs/resubmit', {
      token,
      body: { packageNo, channelId: dhl, addressId: moved.data.id, remark: '已去掉电池' },
    });
    expect(resubmitted.code, resubmitted.message).toBe(20000);
    expect(resubmitted.data).toMatchObject({ status: 'pack_pretrial', memberStatus: 'pack_ordered', channelId: dhl, countryCode: 'GB', failReason: null });
    // The same resubmit again (a retry with a new key) is done already: no second transition (the events below).
    const retry = await open('POST', '/packs/resubmit', { token, body: { packageNo, channelId: dhl, addressId: moved.data.id, remark: '已去掉电池' } });
    expect(retry.code).toBe(20000);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, id));
    expect(row).toMatchObject({ channelId: dhl, countryCode: 'GB', memberRemark: '已去掉电池' });
    expect(row.address.address).toBe('221B Baker Street');

    // Not paid yet: the member cancels, and the item is theirs to pack again.
    expect((await open<{ list: unknown[] }>('GET', '/items', { token })).data.list).toEqual([]);
    const canceled = await open<MemberPackage>('POST', '/packs/cancel', { token, body: { packageNo } });
    expect(canceled.data).toMatchObject({ status: 'canceled', memberStatus: 'canceled' });
    expect((await open<{ list: { id: number }[] }>('GET', '/items', { token })).data.list.map((i) => i.id)).toEqual([item.id]);
    expect((await open('POST', '/packs/resubmit', { token, body: { packageNo } })).code).toBe(40900);
    expect(await eventsOf()).toEqual(['package.submit', 'package.pretrial_fail', 'package.resubmit', 'package.cancel']);
    const audits = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'package'), eq(auditLogs.targetId, packageNo)))
      .orderBy(auditLogs.id);
    expect(audits.map((a) => a.action)).toEqual(['package.pretrial_fail', 'package.resubmit', 'package.cancel']);

    // A paid pack order is past the member's cancel.
    const { item: second } = await newShelvedItem(t.db, { memberCode: member.userCode, weightG: 600 });
    const paidPack = await open<MemberPackage>('POST', '/packs', { token, body: { itemIds: [second.id], channelId: ems, addressId: address.data.id } });
    await t.db.update(packages).set({ status: 'remove_wait' }).where(eq(packages.packageNo, paidPack.data.packageNo));
    const late = await open('POST', '/packs/cancel', { token, body: { packageNo: paidPack.data.packageNo } });
    expect(late.code).toBe(40900);
  });

  it('tells wait_sort, a member’s receipt, and auto completion apart in orderStatus', async () => {
    const { token, member } = await newMember();
    const address = await open<{ id: number }>('POST', '/addresses/save', { token, body: { receiver: 'Ann Lee', country: 'US', address: '1 Market St' } });
    const channelId = await channelIdOf(t.db, 'DHL');
    const packs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { item } = await newShelvedItem(t.db, { memberCode: member.userCode, weightG: 500 });
      const p = await open<MemberPackage>('POST', '/packs', { token, body: { itemIds: [item.id], channelId, addressId: address.data.id } });
      packs.push(p.data.packageNo);
    }
    const detail = (no: string) => open<MemberPackage>('GET', '/packs/detail', { token, query: { packageNo: no } }).then((r) => r.data);
    // Labelled, not in a sack yet: waiting to be sorted.
    await t.db.update(packages).set({ status: 'wait_ship' }).where(eq(packages.packageNo, packs[0]!));
    expect(await detail(packs[0]!)).toMatchObject({ memberStatus: 'wait_ship', orderStatus: 'wait_sort' });
    // Shipped long ago: the auto-receive run completes one; the member confirms the other.
    const longAgo = new Date(t.clock.now().getTime() - 40 * 86_400_000);
    await t.db.update(packages).set({ status: 'shipped', shippedAt: longAgo }).where(eq(packages.packageNo, packs[0]!));
    await t.db.update(packages).set({ status: 'shipped', shippedAt: t.clock.now() }).where(eq(packages.packageNo, packs[1]!));
    expect((await open('POST', '/packs/confirmReceipt', { token, body: { packageNo: packs[1]! } })).code).toBe(20000);
    const run = await t.call<{ received: number }>('POST', '/api/warehouse/package/autoReceive', { token: staff });
    expect(run.data.received).toBeGreaterThanOrEqual(1);
    expect(await detail(packs[0]!)).toMatchObject({ memberStatus: 'received', orderStatus: 'completed_auto' });
    expect(await detail(packs[1]!)).toMatchObject({ memberStatus: 'received', orderStatus: 'received' });
  });
});

describe('the member API’s description', () => {
  it('has its own OpenAPI document listing every member call, and every write but sign-in takes a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const routes = openRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(Object.keys(doc.paths)).toContain(r.url);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/open/v1/'))).toBe(true);
    expect(routes.filter((r) => r.method === 'POST' && !r.idempotent).map((r) => r.url)).toEqual([
      '/api/open/v1/auth/login',
      '/api/open/v1/auth/siteLogin',
      '/api/open/v1/auth/logout',
      '/api/open/v1/payments/callback/sandbox',
      '/api/open/v1/payments/callback/stripe',
      '/api/open/v1/payments/callback/alipay',
      '/api/open/v1/payments/callback/paypal',
      '/api/open/v1/agent/auth/login',
      '/api/open/v1/agent/auth/logout',
    ]);
  });
});

describe('identity checks (KYC)', () => {
  it('a member submits, staff reject with a reason, the member resubmits and staff approve; the number stays sealed', async () => {
    const { token, member } = await newMember();
    const body = { fullName: 'Ann Lee', documentType: 'passport', documentNo: 'X1234567', country: 'US' };
    const sent = await open<{ status: string; documentHint: string }>('POST', '/kyc', { token, body });
    expect(sent.data).toMatchObject({ status: 'pending', documentHint: '••••4567' });
    expect((await open('POST', '/kyc', { token, body })).code).toBe(40900);
    const [row] = await t.db.select().from(memberKyc).where(eq(memberKyc.memberId, member.id));
    expect(row!.documentNo).not.toContain('X1234567');

    const noReason = await t.call('POST', '/api/vip/kycReview', { token: staff, body: { memberId: member.id, result: 'rejected' } });
    expect(noReason.code).toBe(40001);
    expect(noReason.message).toBe('请填写驳回原因');
    const rejected = await t.call('POST', '/api/vip/kycReview', { token: staff, body: { memberId: member.id, result: 'rejected', reason: '照片不清晰' } });
    expect(rejected.code, rejected.message).toBe(20000);
    expect((await t.call('POST', '/api/vip/kycReview', { token: staff, body: { memberId: member.id, result: 'passed' } })).code).toBe(40900);
    expect((await open<{ status: string; reason: string }>('GET', '/kyc', { token })).data).toMatchObject({ status: 'rejected', reason: '照片不清晰' });

    expect((await open('POST', '/kyc', { token, body })).code).toBe(20000);
    expect((await t.call('POST', '/api/vip/kycReview', { token: staff, body: { memberId: member.id, result: 'passed' } })).code).toBe(20000);
    const detail = await t.call<{ kycStatus: string; kycName: string; kyc: { status: string } }>('GET', '/api/vip/detail', {
      token: staff,
      query: { id: member.id },
    });
    expect(detail.data).toMatchObject({ kycStatus: 'passed', kycName: 'Ann Lee', kyc: { status: 'passed' } });
    // A warehouse worker has no member rights: the review is refused.
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/vip/kycReview', { token: wh, body: { memberId: member.id, result: 'passed' } })).code).toBe(40300);
  });
});

describe('content for the terminals', () => {
  it('serves tips, help, agreements and app versions, cached by ETag, and records which agreement version a member accepted', async () => {
    const tips = await t.app.inject({ method: 'GET', url: '/api/open/v1/content/tips?appId=1' });
    expect(tips.statusCode).toBe(200);
    const etag = tips.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/api/open/v1/content/tips?appId=1', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const saved = await t.call<{ id: number }>('POST', '/api/agreement/save', {
      token: staff,
      body: { code: 'privacy_t13', title: '隐私政策', appId: 1, requireAccept: true },
    });
    expect(saved.code, saved.message).toBe(20000);
    const published = await t.call('POST', '/api/agreement/saveAgreement', {
      token: staff,
      body: { id: saved.data.id, content: '第一版内容', changeNote: '首次发布' },
    });
    expect(published.code, published.message).toBe(20000);
    const current = await open<{ list: { code: string; version: number; content: string }[] }>('GET', '/content/agreements');
    expect(current.data.list).toContainEqual(expect.objectContaining({ code: 'privacy_t13', version: 1, content: '第一版内容' }));

    const { token } = await newMember();
    const pending = await open<{ list: { code: string }[] }>('GET', '/agreements/pending', { token });
    expect(pending.data.list.map((a) => a.code)).toContain('privacy_t13');
    expect((await open('POST', '/agreements/accept', { token, body: { code: 'privacy_t13', version: 2 } })).code).toBe(40900);
    const accepted = await open<{ list: { code: string }[] }>('POST', '/agreements/accept', { token, body: { code: 'privacy_t13', version: 1 } });
    expect(accepted.data.list.map((a) => a.code)).not.toContain('privacy_t13');

    const version = await open<{ updateAvailable: boolean; mustUpdate: boolean }>('GET', '/content/appVersion', {
      query: { platform: 'android', current: '0.0.1' },
    });
    expect(version.code, version.message).toBe(20000);
    const bad = await open('GET', '/content/appVersion', { query: { platform: 'android', current: 'latest' } });
    expect(bad.code).toBe(40001);
    const help = await open<{ list: unknown[] }>('GET', '/content/help');
    expect(help.code).toBe(20000);
    // Resource slots as this member sees them: the same answer as the marketing screen's preview for the member.
    const slots = await open<{ spaceId: number }[]>('GET', '/content/resources', { token });
    const me = await open<{ userCode: string }>('GET', '/me', { token });
    const preview = await t.call<{ spaceId: number }[]>('GET', '/api/marketing/resource/preview', { token: staff, query: { userCode: me.data.userCode } });
    expect(slots.code, slots.message).toBe(20000);
    expect(slots.data).toEqual(preview.data);
  });
});

describe('commission', () => {
  it('accrues to the member’s agent when the member pays an order, once', async () => {
    const now = t.clock.now();
    const [agent] = await t.db.insert(agents).values({ agentName: 'T13 agent', rebateBp: 500, createdAt: now, updatedAt: now }).returning();
    const bad = await open('POST', '/auth/register', {
      body: { email: `agentless${Date.now()}@example.com`, password: 'secret123', name: 'X', agentId: 999_999 },
    });
    expect(bad.code).toBe(40001);
    const agentedEmail = `agented${Date.now()}@example.com`;
    await open('POST', '/auth/register', { body: { email: agentedEmail, password: 'secret123', name: 'Agent Member', agentId: agent!.id } });
    const reg = await open<SessionResult>('POST', '/auth/registerConfirm', { body: { email: agentedEmail, code: await emailCode(t.db, agentedEmail) } });
    const token = reg.data.token;
    await t.db.transaction((tx) =>
      post(tx, { ownerType: 'member', ownerId: reg.data.member.id, kind: 'balance', currency: 'CNY', amount: 50_000, type: 'recharge', remark: 't' }, now),
    );
    const order = await open<MemberOrder>('POST', '/orders', {
      token,
      body: { lines: [{ mallType: 'TB', productUrl: 'https://item.taobao.com/c', title: '佣金测试', quantity: 2, unitPrice: 10_000 }] },
    });
    expect((await open('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo } })).code).toBe(20000);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.ownerType, 'agent'), eq(ledgerEntries.ownerId, agent!.id)));
    expect(rows.map((r) => [r.type, r.amount])).toEqual([['commission', expect.any(Number)]]);
    expect(rows[0]!.amount).toBeGreaterThan(0);
    // The settlement run that used to do this by hand finds nothing left to pay for the order.
    await settleCommission(t.db, { id: null, name: 'test', ip: '' }, now);
    const after = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.ownerType, 'agent'), eq(ledgerEntries.ownerId, agent!.id)));
    expect(after).toHaveLength(1);
  });
});

describe('coupons at checkout and price top-ups', () => {
  async function funded(amount: number) {
    const { token, member } = await newMember();
    await t.db.transaction((tx) =>
      post(tx, { ownerType: 'member', ownerId: member.id, kind: 'balance', currency: 'CNY', amount, type: 'recharge', remark: 't' }, t.clock.now()),
    );
    return { token, member };
  }
  const balanceOf = async (token: string) =>
    (await open<{ accounts: { kind: string; balance: number }[] }>('GET', '/me', { token })).data.accounts.find((a) => a.kind === 'balance')?.balance;
  const twoLines = {
    lines: [
      { mallType: 'TB', productUrl: 'https://item.taobao.com/1', title: '外套', quantity: 1, unitPrice: 30_000 },
      { mallType: 'TB', productUrl: 'https://item.taobao.com/2', title: '围巾', quantity: 1, unitPrice: 10_000 },
    ],
  };

  it('uses a coupon once, in the payment: the discount is shared over the lines and a refused payment leaves it unused', async () => {
    const { token, member } = await funded(100_000);
    const now = t.clock.now();
    const [coupon] = await t.db
      .insert(coupons)
      .values({
        kind: 'normal',
        name: '满300减50',
        discountType: 'amount',
        amount: 5_000,
        minSpend: 30_000,
        scope: 'purchase',
        validityType: 'days',
        validDays: 7,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const grantNo = `GT${Date.now()}`;
    await t.db.insert(couponGrants).values({
      couponId: coupon!.id,
      memberId: member.id,
      grantNo,
      grantKey: grantNo,
      sourceType: 'targetedGrant',
      validFrom: new Date(now.getTime() - 1000),
      validTo: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    });
    expect((await open<{ list: { grantNo: string }[] }>('GET', '/coupons', { token })).data.list.map((c) => c.grantNo)).toEqual([grantNo]);

    // Below the minimum spend: refused, and the coupon stays unused.
    const small = await open<MemberOrder>('POST', '/orders', { token, body: { lines: [twoLines.lines[1]] } });
    const refused = await open('POST', '/orders/pay', { token, body: { orderNo: small.data.orderNo, couponGrantNo: grantNo } });
    expect(refused.code).toBe(40900);
    expect(refused.message).toBe('订单满 300.00 CNY 才能使用该优惠券');
    const [unused] = await t.db.select().from(couponGrants).where(eq(couponGrants.grantNo, grantNo));
    expect(unused!.status).toBe('activity');

    const order = await open<MemberOrder>('POST', '/orders', { token, body: twoLines });
    const paid = await open<MemberOrder>('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo, couponGrantNo: grantNo } });
    expect(paid.code, paid.message).toBe(20000);
    // 350.00 of goods after the coupon, and the demo's 5 % service fee on them.
    expect(paid.data).toMatchObject({ paidAmount: 36_750, serviceFee: 1_750 });
    expect(paid.data.lines.map((l) => l.paidAmount)).toEqual([26_250, 8_750]);
    expect(await balanceOf(token)).toBe(63_250);
    const again = await open<MemberOrder>('POST', '/orders', { token, body: twoLines });
    expect((await open('POST', '/orders/pay', { token, body: { orderNo: again.data.orderNo, couponGrantNo: grantNo } })).message).toBe('优惠券已使用');

    // Refunded line by line: the coupon stays used while any goods money is left, and comes back with the last refund.
    const [first, second] = paid.data.lines;
    const refund = (purchaseNo: string) => open<MemberOrder>('POST', '/orders/refundLine', { token, body: { purchaseNo, reason: '不想要了' } });
    expect((await refund(first!.purchaseNo)).code).toBe(20000);
    expect((await t.db.select().from(couponGrants).where(eq(couponGrants.grantNo, grantNo)))[0]!.status).toBe('used');
    expect((await refund(second!.purchaseNo)).code).toBe(20000);
    const [back] = await t.db.select().from(couponGrants).where(eq(couponGrants.grantNo, grantNo));
    expect(back).toMatchObject({ status: 'activity', usedAt: null });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, grantNo), eq(auditLogs.action, 'marketing.grant.reinstate')));
    expect(audit!.after).toEqual({ status: 'activity', reason: `订单 ${order.data.orderNo} 商品款全部退款` });
    const reused = await open<MemberOrder>('POST', '/orders/pay', { token, body: { orderNo: again.data.orderNo, couponGrantNo: grantNo } });
    expect(reused.code, reused.message).toBe(20000);
  });

  it('the member pays a price top-up, or declines it and gets the line’s payment back', async () => {
    const { token } = await funded(100_000);
    const order = await open<MemberOrder>('POST', '/orders', { token, body: twoLines });
    await open('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo } });
    const lines = await t.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.orderId, (await t.db.select().from(shopOrders).where(eq(shopOrders.orderNo, order.data.orderNo)))[0]!.id));
    for (const l of lines) {
      expect((await t.call('POST', '/api/buy/claim', { token: staff, body: { id: l.id } })).code).toBe(20000);
      expect((await t.call('POST', '/api/buy/patchRequest', { token: staff, body: { id: l.id, amount: 2_000 } })).code).toBe(20000);
    }
    const [coat, scarf] = lines.sort((x, y) => x.id - y.id);
    // 400.00 of goods and the demo's 5 % service fee.
    expect(await balanceOf(token)).toBe(58_000);
    const detail = await open<MemberOrder>('GET', '/orders/detail', { token, query: { orderNo: order.data.orderNo } });
    expect(detail.data.lines.map((l) => [l.memberStatus, l.patchAmount])).toEqual([
      ['purchase_patch', 2_000],
      ['purchase_patch', 2_000],
    ]);

    const topped = await open<MemberOrder>('POST', '/orders/payPatch', { token, body: { purchaseNo: coat!.purchaseNo } });
    expect(topped.code, topped.message).toBe(20000);
    expect(topped.data.lines[0]).toMatchObject({ status: 'purchasing', paidAmount: 32_000 });
    expect(await balanceOf(token)).toBe(56_000);

    const declined = await open<MemberOrder>('POST', '/orders/declinePatch', { token, body: { purchaseNo: scarf!.purchaseNo } });
    expect(declined.code, declined.message).toBe(20000);
    expect(declined.data.lines[1]).toMatchObject({ status: 'refunded', memberStatus: 'refunded' });
    // The scarf's 100.00 back, and the fee follows the goods still paid: the order keeps 5 % of the coat's 320.00 (16.00)
    // of the 20.00 charged, 4.00 back (the top-up was charged no fee, so it keeps part of the scarf's share).
    expect(declined.data).toMatchObject({ serviceFee: 2_000, serviceFeeRefunded: 400 });
    expect(await balanceOf(token)).toBe(66_400);
    // Nothing left to answer on either line.
    expect((await open('POST', '/orders/declinePatch', { token, body: { purchaseNo: coat!.purchaseNo } })).code).toBe(40900);
  });

  it('the member gets the money of a line nobody has bought back at once; a line being bought is refused', async () => {
    const { token } = await funded(100_000);
    const order = await open<MemberOrder>('POST', '/orders', { token, body: twoLines });
    const paid = await open<MemberOrder>('POST', '/orders/pay', { token, body: { orderNo: order.data.orderNo } });
    expect(await balanceOf(token)).toBe(58_000);
    const [coat, scarf] = paid.data.lines;
    const [claimed] = await t.db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.purchaseNo, coat!.purchaseNo));
    expect((await t.call('POST', '/api/buy/claim', { token: staff, body: { id: claimed!.id } })).code).toBe(20000);

    const noReason = await open('POST', '/orders/refundLine', { token, body: { purchaseNo: scarf!.purchaseNo, reason: ' ' } });
    expect(noReason.code).toBe(40001);
    const key = `refund-${Date.now()}`;
    const back = await open<MemberOrder>('POST', '/orders/refundLine', { token, body: { purchaseNo: scarf!.purchaseNo, reason: '不想要了' }, key });
    expect(back.code, back.message).toBe(20000);
    expect(back.data.lines[1]).toMatchObject({ status: 'refunded', memberStatus: 'refunded' });
    // The scarf's 100.00 and its 5.00 of the service fee.
    expect(await balanceOf(token)).toBe(68_500);
    // A retry with the same key replays; asking again refunds nothing more.
    expect((await open('POST', '/orders/refundLine', { token, body: { purchaseNo: scarf!.purchaseNo, reason: '不想要了' }, key })).code).toBe(20000);
    expect((await open('POST', '/orders/refundLine', { token, body: { purchaseNo: scarf!.purchaseNo, reason: '再试' } })).code).toBe(20000);
    expect(await balanceOf(token)).toBe(68_500);

    const busy = await open('POST', '/orders/refundLine', { token, body: { purchaseNo: coat!.purchaseNo, reason: '不想要了' } });
    expect(busy.code).toBe(40900);
    expect(await balanceOf(token)).toBe(68_500);
    const other = await newMember();
    expect((await open('POST', '/orders/refundLine', { token: other.token, body: { purchaseNo: coat!.purchaseNo, reason: 'x' } })).code).toBe(40400);
  });
});

describe('returns and lucky draws', () => {
  it('a member asks to return a shelved item; it waits for review, and an item in a pack order cannot be returned', async () => {
    const { token, member } = await newMember();
    const { line } = await newShelvedItem(t.db, { memberCode: member.userCode });
    const r = await open<{ returnNo: string; status: string; amount: number }>('POST', '/returns', {
      token,
      body: { purchaseNo: line.purchaseNo, reason: '尺码偏小' },
    });
    expect(r.code, r.message).toBe(20000);
    expect(r.data).toMatchObject({ status: 'return_checking', amount: line.paidAmount });
    const staffList = await t.call<{ list: { returnNo: string }[] }>('GET', '/api/afterSales/returnList', {
      token: staff,
      query: { status: 'return_checking', limit: 200 },
    });
    expect(staffList.code, staffList.message).toBe(20000);
    expect(staffList.data.list.map((x) => x.returnNo)).toContain(r.data.returnNo);
    const detail = await open<MemberOrder>('GET', '/orders/detail', {
      token,
      query: { orderNo: (await t.db.select().from(shopOrders).where(eq(shopOrders.id, line.orderId)))[0]!.orderNo },
    });
    expect(detail.data.lines[0]!.memberStatus).toBe('return_checking');
    expect((await open('POST', '/returns', { token, body: { purchaseNo: line.purchaseNo, reason: '再来一次' } })).code).toBe(40900);

    const other = await newShelvedItem(t.db, { memberCode: member.userCode });
    const address = await open<{ id: number }>('POST', '/addresses/save', { token, body: { receiver: 'R', country: 'US', address: '1 St' } });
    await open('POST', '/packs', { token, body: { itemIds: [other.item.id], channelId: await channelIdOf(t.db, 'DHL'), addressId: address.data.id } });
    const packed = await open('POST', '/returns', { token, body: { purchaseNo: other.line.purchaseNo, reason: '不想要了' } });
    expect(packed.code).toBe(40900);
    expect(packed.message).toBe('商品已提交打包，不能申请退货');
  });

  it('draws in a lucky-draw activity: free draws first, a retry with the same key draws once', async () => {
    const { token } = await newMember();
    const now = t.clock.now();
    const saved = await t.call<{ id: number }>('POST', '/api/marketing/activity/save', {
      token: staff,
      body: {
        kind: 'turntable',
        name: '会员端转盘',
        startAt: new Date(now.getTime() - 3_600_000).toISOString(),
        endAt: new Date(now.getTime() + 86_400_000).toISOString(),
        freeDrawsPerDay: 1,
        prizes: [
          { name: '积分', prizeType: 'points', amount: '5', probability: '100', stock: 10 },
          { name: '谢谢参与', prizeType: 'none', probability: '0', isFiller: true },
        ],
      },
    });
    expect(saved.code, saved.message).toBe(20000);
    const activity = { id: saved.data.id };
    const k = key();
    const first = await open<{ free: boolean; prizeName: string }>('POST', '/draws', { token, body: { activityId: activity.id }, key: k });
    expect(first.code, first.message).toBe(20000);
    expect(first.data.free).toBe(true);
    const retry = await open<{ prizeName: string }>('POST', '/draws', { token, body: { activityId: activity.id }, key: k });
    expect(retry.data.prizeName).toBe(first.data.prizeName);
    expect(await t.db.select().from(drawRecords).where(eq(drawRecords.activityId, activity.id))).toHaveLength(1);
    // The day's free draw is spent and the activity has no paid draws: the next one is refused.
    const second = await open('POST', '/draws', { token, body: { activityId: activity.id } });
    expect(second.code).toBe(40900);
  });
});
