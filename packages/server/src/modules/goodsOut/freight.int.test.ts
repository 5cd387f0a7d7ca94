import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import type { MemberPackage } from '@waystation/shared/contract/openPacks';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import { auditLogs, couponGrants, coupons, domainEvents, ledgerEntries, packageExceptions, packages } from '../../db/schema';
import { checkLedger, post as ledgerPost } from '../ledger/service';
import { emailCode } from '../../testing/member';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newAgent, verifiedCall } from '../../testing/factories/money-people';
import { newPackage } from './factory';

/** Issue 30.2 and the freight parts of 30.4: overpaid freight back, corrections that unblock, coupons and commission on freight. */
let t: TestApp;
let wh: string;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  admin = await t.login();
});
afterAll(() => t.close());

type Weighed = { status: string; repeated: boolean; freightCharged: number; freightReal: number; patchAmount: number };
const staff = <T>(url: string, body: unknown) => t.call<T>('POST', url, { token: wh, body });
const weigh = (packageNo: string, weightG: number, dims: [number, number, number] = [200, 150, 100]) =>
  staff<Weighed>('/api/warehouse/packing/weigh', { packageNo, weightG, lengthMm: dims[0], widthMm: dims[1], heightMm: dims[2] });
const modifyFreight = (id: number, freightReal: number) =>
  verifiedCall<{ status: string; repeated: boolean }>(t, 'modify_package_freight', id, 'POST', '/api/warehouse/package/modifyFreight', {
    token: wh,
    body: { id, freightReal, reason: '渠道改价' },
  });
const open = <T>(token: string, path: string, body: unknown) =>
  t.call<T>('POST', `/api/open/v1${path}`, { body, headers: { authorization: `Bearer ${token}`, 'idempotency-key': `freight-${Date.now()}-${++seq}` } });

/** A member registered on the member API (under `agentId`, if given) with 1,000.00 CNY on the balance. */
async function member(agentId?: number) {
  const email = `freight${Date.now()}${++seq}@example.com`;
  const started = await t.call('POST', '/api/open/v1/auth/register', {
    body: { email, password: 'secret123', name: `Freight ${seq}`, ...(agentId ? { agentId } : {}) },
    headers: { 'idempotency-key': `freight-reg-${Date.now()}-${seq}` },
  });
  expect(started.code, started.message).toBe(20000);
  const reg = await t.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
    body: { email, code: await emailCode(t.db, email) },
    headers: { 'idempotency-key': `freight-confirm-${Date.now()}-${seq}` },
  });
  expect(reg.code, reg.message).toBe(20000);
  const { token, member: m } = reg.data;
  await t.db.transaction((tx) =>
    ledgerPost(tx, { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 100_000, type: 'recharge' }, t.clock.now()),
  );
  return { token, id: m.id, userCode: m.userCode };
}

const entries = (ownerType: 'member' | 'agent', ownerId: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerType, ownerType), eq(ledgerEntries.ownerId, ownerId)))
    .orderBy(asc(ledgerEntries.id));
const balanceOf = async (ownerType: 'member' | 'agent', ownerId: number) => (await entries(ownerType, ownerId)).at(-1)?.balanceAfter ?? 0;
const packageOf = async (id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]!;
const eventsOf = (id: number, type: string) =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityType, 'package'), eq(domainEvents.entityId, String(id)), eq(domainEvents.type, type)));
const auditsOf = (packageNo: string, action: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetId, packageNo), eq(auditLogs.action, action)));

/** Raises an exception on the package and cancels it with its refund (sensitive: modify_package_status). */
async function cancelWithRefund(p: { id: number; packageNo: string }) {
  const raised = await staff('/api/warehouse/exception/raise', { packageNo: p.packageNo, type: 'other', reason: '会员要求取消', photos: [] });
  expect(raised.code, raised.message).toBe(20000);
  const [e] = await t.db.select().from(packageExceptions).where(eq(packageExceptions.packageId, p.id));
  const body = { id: e!.id, resolution: '取消并退款' };
  const canceled = await verifiedCall(t, 'modify_package_status', e!.id, 'POST', '/api/warehouse/exception/cancel', { token: wh, body });
  expect(canceled.code, canceled.message).toBe(20000);
}

/**
 * A package of `m` paid from the balance and open at packing with all items checked: 2 items of 400 g quoted on an
 * estimate of 3,000 g (EMS to the US), so a lighter box comes out cheaper than paid.
 */
async function atPacking(m: { userCode: string }, estimatedWeightG = 3000) {
  return newPackage(t.db, { status: 'packing', memberCode: m.userCode, estimatedWeightG, fromBalance: true, now: t.clock.now() });
}

describe('freight below what was paid, at the weigh', () => {
  it('refunds the difference to the balance once, as patch_refund, with one event and one audit row', async () => {
    const m = await member();
    const p = await atPacking(m);
    expect(p.freightCharged).toBe(p.freightEstimated);
    const paidBalance = 100_000 - p.freightCharged;
    expect(await balanceOf('member', m.id)).toBe(paidBalance);

    const w = await weigh(p.packageNo, 900);
    expect(w.code, w.message).toBe(20000);
    expect(w.data).toMatchObject({ status: 'packed', repeated: false, patchAmount: 0 });
    // Quoted on 3,000 g: 385.00; weighed 900 g in a 200 × 150 × 100 mm box: 205.00; 180.00 comes back.
    expect([p.freightCharged, w.data.freightReal]).toEqual([38_500, 20_500]);
    const refund = 18_000;
    const row = await packageOf(p.id);
    expect(row).toMatchObject({ status: 'packed', patchStatus: 'patch_refund', refundedAmount: refund, patchAmount: 0 });
    const back = (await entries('member', m.id)).filter((e) => e.type === 'refund');
    expect(back.map((e) => [e.amount, e.refType, e.refId, e.balanceAfter])).toEqual([[18_000, 'package', p.packageNo, 79_500]]);
    expect(await eventsOf(p.id, 'package.pack_done')).toHaveLength(1);
    const [audit] = await auditsOf(p.packageNo, 'package.pack_done');
    expect(audit.after).toMatchObject({ status: 'packed', patchStatus: 'patch_refund', refund });

    // The same weigh again (a double click, a retry): answered as done, nothing refunded twice.
    const again = await weigh(p.packageNo, 900);
    expect(again.data).toMatchObject({ status: 'packed', repeated: true });
    expect((await entries('member', m.id)).filter((e) => e.type === 'refund')).toHaveLength(1);
    expect(await eventsOf(p.id, 'package.pack_done')).toHaveLength(1);
    expect(await balanceOf('member', m.id)).toBe(paidBalance + refund);

    // The member sees the outcome and what came back.
    const seen = await t.call<MemberPackage>('GET', '/api/open/v1/packs/detail', {
      query: { packageNo: p.packageNo },
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(seen.data).toMatchObject({ patchStatus: 'patch_refund', refundedAmount: refund, freightCharged: p.freightCharged });
    // And staff on the package detail.
    const detail = await t.call<{ patchStatus: string; refundedAmount: number }>('GET', '/api/warehouse/package/detail', { token: wh, query: { id: p.id } });
    expect(detail.data).toMatchObject({ patchStatus: 'patch_refund', refundedAmount: 18_000 });
  });

  it('marks freight equal to what was paid (or within the tolerance) patch_match, refunding nothing', async () => {
    const m = await member();
    const p = await atPacking(m, 900);
    const w = await weigh(p.packageNo, 900);
    expect(w.data).toMatchObject({ status: 'packed', freightReal: p.freightCharged });
    expect(await packageOf(p.id)).toMatchObject({ patchStatus: 'patch_match', refundedAmount: 0 });
    expect((await entries('member', m.id)).filter((e) => e.type === 'refund')).toHaveLength(0);
  });

  it('marks a top-up paid by the member patch_completed', async () => {
    const m = await member();
    const p = await atPacking(m, 900);
    const w = await weigh(p.packageNo, 900, [400, 300, 300]);
    expect(w.data.status).toBe('patch_wait');
    expect(await packageOf(p.id)).toMatchObject({ patchStatus: 'patch_wait', patchAmount: w.data.patchAmount });
    const paid = await open<MemberPackage>(m.token, '/packs/payPatch', { packageNo: p.packageNo });
    expect(paid.data).toMatchObject({ status: 'pending_launch', patchStatus: 'patch_completed', freightCharged: w.data.freightReal });
    expect(await balanceOf('member', m.id)).toBe(100_000 - w.data.freightReal);
  });
});

describe('correcting the freight of a package waiting for its top-up', () => {
  async function waiting() {
    const m = await member();
    const p = await atPacking(m, 900);
    const w = await weigh(p.packageNo, 900, [400, 300, 300]);
    expect(w.data.status).toBe('patch_wait');
    return { m, p: await packageOf(p.id) };
  }

  it('recomputes the top-up while one is still due', async () => {
    const { p } = await waiting();
    const r = await modifyFreight(p.id, p.freightCharged + 5_000);
    expect(r.code, r.message).toBe(20000);
    expect(await packageOf(p.id)).toMatchObject({ status: 'patch_wait', patchAmount: 5_000, patchStatus: 'patch_wait' });
    expect(await eventsOf(p.id, 'package.patch_paid')).toHaveLength(0);
  });

  it('moves on as if topped up when nothing is due any more, and the label sends it to sorting', async () => {
    const { m, p } = await waiting();
    const before = await balanceOf('member', m.id);
    const r = await modifyFreight(p.id, p.freightCharged);
    expect(r.data).toMatchObject({ status: 'pending_launch', repeated: false });
    expect(await packageOf(p.id)).toMatchObject({ status: 'pending_launch', patchAmount: 0, patchStatus: 'patch_match', refundedAmount: 0 });
    expect(await eventsOf(p.id, 'package.patch_paid')).toHaveLength(1);
    expect(await auditsOf(p.packageNo, 'package.patch_paid')).toHaveLength(1);
    expect(await auditsOf(p.packageNo, 'package.modifyFreight')).toHaveLength(1);
    expect(await balanceOf('member', m.id)).toBe(before);
    const label = await staff<{ status: string }>('/api/warehouse/packing/confirmLabel', { packageNo: p.packageNo, code: p.packageNo });
    expect(label.data.status).toBe('wait_ship');
  });

  it('refunds what is now overpaid, once', async () => {
    const { m, p } = await waiting();
    const before = await balanceOf('member', m.id);
    const corrected = p.freightCharged - 1_234;
    const r = await modifyFreight(p.id, corrected);
    expect(r.data.status).toBe('pending_launch');
    expect(await packageOf(p.id)).toMatchObject({ status: 'pending_launch', patchStatus: 'patch_refund', refundedAmount: 1_234, freightReal: corrected });
    const back = (await entries('member', m.id)).filter((e) => e.type === 'refund');
    expect(back.map((e) => [e.amount, e.balanceAfter])).toEqual([[1_234, before + 1_234]]);
    // The same correction again changes nothing.
    const again = await modifyFreight(p.id, corrected);
    expect(again.data).toMatchObject({ status: 'pending_launch', repeated: true });
    expect((await entries('member', m.id)).filter((e) => e.type === 'refund')).toHaveLength(1);
    expect(await eventsOf(p.id, 'package.patch_paid')).toHaveLength(1);
  });

  it('settles the bill of a package an exception holds, which then resumes as if topped up', async () => {
    const { p } = await waiting();
    expect((await staff('/api/warehouse/exception/raise', { packageNo: p.packageNo, type: 'other', reason: '待核实运费', photos: [] })).code).toBe(20000);
    const r = await modifyFreight(p.id, p.freightCharged);
    expect(r.data.status).toBe('exception');
    expect(await packageOf(p.id)).toMatchObject({ status: 'exception', prevStatus: 'patch_wait', patchAmount: 0, patchStatus: 'patch_match' });
    const [e] = await t.db.select().from(packageExceptions).where(eq(packageExceptions.packageId, p.id));
    const resolved = await staff<{ status: string }>('/api/warehouse/exception/resolve', { id: e!.id, resolution: '运费已更正' });
    expect(resolved.data.status).toBe('pending_launch');
    expect(await eventsOf(p.id, 'package.resolve')).toHaveLength(1);
  });

  it('bills a freight corrected higher after the weigh as a top-up while the label is not confirmed; further on it only records it', async () => {
    const m = await member();
    const p = await atPacking(m, 900);
    expect((await weigh(p.packageNo, 900)).data.status).toBe('packed');
    const r = await modifyFreight(p.id, p.freightCharged + 2_500);
    expect(r.data.status).toBe('patch_wait');
    expect(await packageOf(p.id)).toMatchObject({ status: 'patch_wait', patchStatus: 'patch_wait', patchAmount: 2_500 });
    expect(await eventsOf(p.id, 'package.patch_request')).toHaveLength(1);
    expect(await auditsOf(p.packageNo, 'package.patch_request')).toHaveLength(1);
    // The member pays it as a weigh's top-up, and the package goes on to its label.
    const paid = await open<MemberPackage>(m.token, '/packs/payPatch', { packageNo: p.packageNo });
    expect(paid.data).toMatchObject({ status: 'pending_launch', patchStatus: 'patch_completed', freightCharged: p.freightCharged + 2_500 });
    expect(await balanceOf('member', m.id)).toBe(100_000 - p.freightCharged - 2_500);

    // Topped up (or labelled, sorted): a later correction upward is on the record, nothing more is billed.
    const later = await modifyFreight(p.id, p.freightCharged + 4_000);
    expect(later.data.status).toBe('pending_launch');
    expect(await packageOf(p.id)).toMatchObject({
      status: 'pending_launch',
      patchStatus: 'patch_completed',
      patchAmount: 0,
      freightReal: p.freightCharged + 4_000,
    });
    expect(await balanceOf('member', m.id)).toBe(100_000 - p.freightCharged - 2_500);
    const d = await t.call<{ trace: { note: string }[] }>('GET', '/api/warehouse/package/detail', { token: admin, query: { id: p.id } });
    expect(d.data.trace.at(-1)!.note).toContain('不再向会员补收');
  });

  it('refunds a freight corrected lower after packing, and the later cancel refunds only the rest', async () => {
    const m = await member();
    const p = await atPacking(m, 900);
    await weigh(p.packageNo, 900);
    const r = await modifyFreight(p.id, p.freightCharged - 500);
    expect(r.data.status).toBe('packed');
    expect(await packageOf(p.id)).toMatchObject({ status: 'packed', patchStatus: 'patch_refund', refundedAmount: 500 });
    expect(await balanceOf('member', m.id)).toBe(100_000 - p.freightCharged + 500);
    await cancelWithRefund(p);
    const back = (await entries('member', m.id)).filter((e) => e.type === 'refund');
    expect(back.map((e) => e.amount)).toEqual([500, p.freightCharged - 500]);
    expect(await packageOf(p.id)).toMatchObject({ status: 'canceled', refundedAmount: p.freightCharged });
    expect(await balanceOf('member', m.id)).toBe(100_000);
  });
});

describe('a shipping coupon at freight payment', () => {
  async function grant(memberId: number, scope: 'shipping' | 'all' | 'purchase', amount = 3_000) {
    const now = t.clock.now();
    const [c] = await t.db
      .insert(coupons)
      .values({
        kind: 'normal',
        name: `运费券 ${scope}`,
        discountType: 'amount',
        amount,
        scope,
        validityType: 'days',
        validDays: 7,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const grantNo = `GF${Date.now()}${++seq}`;
    await t.db.insert(couponGrants).values({
      couponId: c!.id,
      memberId,
      grantNo,
      grantKey: grantNo,
      sourceType: 'targetedGrant',
      validFrom: new Date(now.getTime() - 1000),
      validTo: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    });
    return grantNo;
  }
  const grantStatus = async (grantNo: string) => (await t.db.select().from(couponGrants).where(eq(couponGrants.grantNo, grantNo)))[0]!.status;

  it('takes its discount off the freight; a purchase coupon is refused and leaves nothing written', async () => {
    const m = await member();
    const p = await newPackage(t.db, { status: 'pack_pretrial_pass', memberCode: m.userCode, estimatedWeightG: 3000, now: t.clock.now() });
    const wrong = await grant(m.id, 'purchase');
    const refused = await open(m.token, '/packs/pay', { packageNo: p.packageNo, couponGrantNo: wrong });
    expect(refused.code).toBe(40900);
    expect(refused.message).toBe('该优惠券不能用于运费');
    expect(await grantStatus(wrong)).toBe('activity');
    expect((await packageOf(p.id)).status).toBe('pack_pretrial_pass');
    expect(await balanceOf('member', m.id)).toBe(100_000);

    const shipping = await grant(m.id, 'shipping');
    const paid = await open<MemberPackage>(m.token, '/packs/pay', { packageNo: p.packageNo, couponGrantNo: shipping });
    expect(paid.code, paid.message).toBe(20000);
    expect(paid.data).toMatchObject({ status: 'remove_wait', freightCharged: p.freightEstimated, freightDiscount: 3_000 });
    expect(await grantStatus(shipping)).toBe('used');
    const [payment] = (await entries('member', m.id)).filter((e) => e.type === 'payment');
    expect(payment).toMatchObject({
      amount: -(p.freightEstimated - 3_000),
      refType: 'package',
      refId: p.packageNo,
      balanceAfter: 100_000 - p.freightEstimated + 3_000,
    });
    // Used once: another package cannot take it again.
    const other = await newPackage(t.db, { status: 'pack_pretrial_pass', memberCode: m.userCode, now: t.clock.now() });
    expect((await open(m.token, '/packs/pay', { packageNo: other.packageNo, couponGrantNo: shipping })).code).toBe(40900);
  });

  it('a coupon for both applies too; a cancel gives back the money paid, and the coupon to use again', async () => {
    const m = await member();
    const p = await newPackage(t.db, { status: 'pack_pretrial_pass', memberCode: m.userCode, estimatedWeightG: 3000, now: t.clock.now() });
    const both = await grant(m.id, 'all', 2_000);
    expect((await open<MemberPackage>(m.token, '/packs/pay', { packageNo: p.packageNo, couponGrantNo: both })).data.freightDiscount).toBe(2_000);
    const paidMoney = p.freightEstimated - 2_000;
    await cancelWithRefund(p);
    const back = (await entries('member', m.id)).filter((e) => e.type === 'refund');
    expect(back.map((e) => e.amount)).toEqual([paidMoney]);
    expect(await balanceOf('member', m.id)).toBe(100_000);
    expect(await grantStatus(both)).toBe('activity');
    // Usable again: another package takes it.
    const next = await newPackage(t.db, { status: 'pack_pretrial_pass', memberCode: m.userCode, estimatedWeightG: 3000, now: t.clock.now() });
    const again = await open<MemberPackage>(m.token, '/packs/pay', { packageNo: next.packageNo, couponGrantNo: both });
    expect(again.code, again.message).toBe(20000);
    expect(again.data.freightDiscount).toBe(2_000);
  });
});

describe('commission on freight', () => {
  it('the agent earns on the freight paid and gives back the refunded part, all of it at a cancel', async () => {
    const agent = await newAgent(t);
    // This agent: 10 % from the first cent (its own tier comes before the platform's).
    const tier = await t.call('POST', '/api/profitConf/save', {
      token: admin,
      body: { name: `运费 ${agent.id}`, agentId: agent.id, minAmount: '0', rate: '10' },
    });
    expect(tier.code, tier.message).toBe(20000);
    const m = await member(agent.id);
    const p = await atPacking(m);
    // 10 % of the 385.00 paid; the weigh gives 180.00 of it back, so the agent keeps 10 % of 205.00.
    const commission = () => entries('agent', agent.id);
    expect((await commission()).map((e) => [e.amount, e.refType, e.refId])).toEqual([[3_850, 'package', p.packageNo]]);
    await weigh(p.packageNo, 900);
    expect((await commission()).map((e) => [e.amount, e.balanceAfter])).toEqual([
      [3_850, 3_850],
      [-1_800, 2_050],
    ]);
    // The repeated weigh takes nothing more back.
    await weigh(p.packageNo, 900);
    expect(await commission()).toHaveLength(2);

    await cancelWithRefund(p);
    expect(await balanceOf('agent', agent.id)).toBe(0);
    expect(await balanceOf('member', m.id)).toBe(100_000);
    const check = await checkLedger(t.db);
    expect([check.balanceMismatches, check.runningMismatches, check.orphanEntries]).toEqual([[], 0, 0]);
  });

  it('a refunded line of a paid shop order takes back its part of the order’s commission', async () => {
    const agent = await newAgent(t);
    await t.call('POST', '/api/profitConf/save', { token: admin, body: { name: `商品 ${agent.id}`, agentId: agent.id, minAmount: '0', rate: '10' } });
    const m = await member(agent.id);
    const lines = [
      { mallType: 'TB', productUrl: 'https://item.taobao.com/31', title: '外套', quantity: 1, unitPrice: 30_000 },
      { mallType: 'TB', productUrl: 'https://item.taobao.com/32', title: '围巾', quantity: 1, unitPrice: 10_000 },
    ];
    const order = await open<MemberOrder>(m.token, '/orders', { lines });
    const paid = await open<MemberOrder>(m.token, '/orders/pay', { orderNo: order.data.orderNo });
    expect(paid.code, paid.message).toBe(20000);
    const commission = () => entries('agent', agent.id);
    expect((await commission()).map((e) => e.amount)).toEqual([4_000]);
    // The 100.00 scarf is given up before anyone buys it: a quarter of the order, 10.00 of the commission.
    const scarf = paid.data.lines.find((l) => l.title === '围巾')!;
    const refunded = await open(m.token, '/orders/refundLine', { purchaseNo: scarf.purchaseNo, reason: '不想要了' });
    expect(refunded.code, refunded.message).toBe(20000);
    expect((await commission()).map((e) => [e.amount, e.balanceAfter, e.refType])).toEqual([
      [4_000, 4_000, 'shop_order'],
      [-1_000, 3_000, 'shop_order'],
    ]);
    // Asked again: nothing more comes back and nothing more is taken.
    await open(m.token, '/orders/refundLine', { purchaseNo: scarf.purchaseNo, reason: '不想要了' });
    expect(await commission()).toHaveLength(2);
    // The order paid 400.00 of goods and the demo's 5 % service fee (20.00); the scarf's 100.00 came back with its share
    // of the fee (the order keeps 5 % of the 300.00 still paid: 15.00, so 5.00 back).
    expect(await balanceOf('member', m.id)).toBe(100_000 - 40_000 - 2_000 + 10_000 + 500);
  });
});
