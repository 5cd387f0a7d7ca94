import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, ledgerEntries, packageExceptions, packages, purchaseOrders, refundRequests, traceEvents } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import {
  adminIdOf,
  enableVerify,
  newAgent,
  newMember,
  newPurchaseLine,
  newRefund,
  newReturn,
  restoreSeededVerify,
  seededTicket,
  ticketFor,
  verifiedCall,
  withTicket,
} from '../../testing/factories/money-people';
import { checkLedger, post as ledgerPost } from '../ledger/service';
import { newPackage } from '../goodsOut/factory';

let t: TestApp;
let admin: string;
let finance: string;
let financeId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  finance = await t.login('finance1', DEMO_PASSWORD);
  financeId = await adminIdOf(t, finance);
});
afterAll(() => t.close());

type R = { status: string; transactionId: number | null; reviewResult: string | null };

/** The review calls are sensitive (refund_review, return_review): each goes with a ticket from the seeded verifier. */
const refundReview = <T = R>(body: { id: number; result: string; remark?: string }) =>
  verifiedCall<T>(t, 'refund_review', body.id, 'POST', '/api/afterSales/refundReview', { token: finance, body });
const returnReview = <T>(body: { id: number; result: string; remark?: string }) =>
  verifiedCall<T>(t, 'return_review', body.id, 'POST', '/api/afterSales/returnReview', { token: finance, body });

describe('refund review', () => {
  it('pays an approved refund to the balance exactly once, even when approved twice at the same time', async () => {
    const m = await newMember(t);
    const r = await newRefund(t, m.id, { amount: 1234 });
    // One ticket per concurrent call, so both reach the review itself.
    const call = { url: '/api/afterSales/refundReview', body: { id: r.id, result: 'REVIEW_SUCCESS' } };
    const tickets = [await seededTicket(t, finance, 'refund_review', r.id, call), await seededTicket(t, finance, 'refund_review', r.id, call)];
    const [a, b] = await Promise.all(
      tickets.map((ticket) =>
        t.call<R>('POST', '/api/afterSales/refundReview', { token: finance, body: { id: r.id, result: 'REVIEW_SUCCESS' }, headers: withTicket(ticket) }),
      ),
    );
    expect([a.code, b.code].sort()).toEqual([20000, 40900]);
    const ok = a.code === 20000 ? a : b;
    expect(ok.data).toMatchObject({ status: 'refunded', reviewResult: 'REVIEW_SUCCESS' });
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id));
    expect(rows.map((x) => [x.type, x.amount, x.balanceAfter, x.refId])).toEqual([['refund', 1234, 1234, String(r.id)]]);
    expect(ok.data.transactionId).toBe(rows[0].id);
    const again = await refundReview({ id: r.id, result: 'REVIEW_FAIL', remark: 'x' });
    expect(again.code).toBe(40900);
  });

  it('rejects with a reason and moves no money; original-channel refunds move no balance', async () => {
    const m = await newMember(t);
    const r = await newRefund(t, m.id);
    const noReason = await refundReview<{ fields: Record<string, string> }>({ id: r.id, result: 'REVIEW_FAIL' });
    expect(noReason.data.fields.remark).toBe('请填写拒绝原因');
    const fail = await refundReview({ id: r.id, result: 'REVIEW_FAIL', remark: '证据不足' });
    expect(fail.data.status).toBe('return_apply_refuse');
    const orig = await newRefund(t, m.id, { channel: 'original' });
    const pass = await refundReview({ id: orig.id, result: 'REVIEW_SUCCESS' });
    expect(pass.data).toMatchObject({ status: 'refunded', transactionId: null });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id))).toHaveLength(0);
  });

  it('needs a refund_review ticket from one of its verifiers', async () => {
    const m = await newMember(t);
    const r = await newRefund(t, m.id);
    await enableVerify(t, 'refund_review', [financeId], admin);
    const refused = await t.call<{ type: string }>('POST', '/api/afterSales/refundReview', { token: finance, body: { id: r.id, result: 'REVIEW_SUCCESS' } });
    expect(refused.code).toBe(42800);
    expect(refused.data.type).toBe('refund_review');
    const ticket = await ticketFor(t, finance, 'refund_review', r.id, financeId, (refused.data as unknown as { request: string }).request);
    const ok = await t.call<R>('POST', '/api/afterSales/refundReview', {
      token: finance,
      body: { id: r.id, result: 'REVIEW_SUCCESS' },
      headers: withTicket(ticket),
    });
    expect(ok.data.status).toBe('refunded');
    await restoreSeededVerify(t, 'refund_review', admin);
  });

  it('opens one refund per source; lists and filters', async () => {
    const m = await newMember(t);
    const line = await newPurchaseLine(t, m.id, 'shelved', 5000);
    const body = { memberId: m.id, sourceType: 'purchase_order', sourceId: String(line.id), reason: 'refunded_lost_goods', amount: '12.5' };
    const first = await t.call<{ id: number }>('POST', '/api/afterSales/createRefund', { token: finance, body });
    expect(first.code, first.message).toBe(20000);
    expect((await t.call('POST', '/api/afterSales/createRefund', { token: finance, body })).code).toBe(40900);
    const list = await t.call<{ list: { id: number; amount: number }[] }>('GET', '/api/afterSales/refundList', {
      token: finance,
      query: { status: 'return_refund_check', reason: 'refunded_lost_goods' },
    });
    expect(list.data.list.find((x) => x.id === first.data.id)?.amount).toBe(1250);
  });
});

describe('a refund’s source', () => {
  const create = (body: Record<string, unknown>) => t.call<{ id: number; refundNo: string }>('POST', '/api/afterSales/createRefund', { token: finance, body });

  it('must be the member’s own line or package, and the refund no more than it has left to give back', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const line = await newPurchaseLine(t, m.id, 'shelved', 5000);
    const base = { memberId: m.id, sourceType: 'purchase_order', reason: 'refunded_lost_goods' };
    const unknown = await create({ ...base, sourceId: '999001', amount: '1' });
    expect([unknown.code, (unknown.data as unknown as { fields: Record<string, string> }).fields]).toEqual([40001, { sourceId: '该会员没有采购单 999001' }]);
    expect((await create({ ...base, memberId: other.id, sourceId: String(line.id), amount: '1' })).code).toBe(40001);
    const over = await create({ ...base, sourceId: String(line.id), amount: '50.01' });
    expect([over.code, over.message]).toEqual([40001, '退款金额不能超过可退金额 50.00 CNY']);
    const pkgBase = { memberId: m.id, sourceType: 'package', reason: 'refunded_lost_goods', amount: '1' };
    expect((await create({ ...pkgBase, sourceId: 'PK-NOT-THERE' })).code).toBe(40001);
    // Nothing of it was written.
    const written = await t.db
      .select()
      .from(refundRequests)
      .where(inArray(refundRequests.memberId, [m.id, other.id]));
    expect(written).toEqual([]);
  });

  it('is checked again at review: a line refunded meanwhile refuses what it no longer has, and nothing is paid', async () => {
    const m = await newMember(t);
    const line = await newPurchaseLine(t, m.id, 'shelved', 5000);
    const r = await create({ memberId: m.id, sourceType: 'purchase_order', sourceId: String(line.id), reason: 'refunded_lost_goods', amount: '30.00' });
    expect(r.code, r.message).toBe(20000);
    // Refunded elsewhere in the meantime (40.00 of the 50.00 paid).
    await t.db.update(purchaseOrders).set({ refundedAmount: 4000 }).where(eq(purchaseOrders.id, line.id));
    const review = await refundReview({ id: r.data.id, result: 'REVIEW_SUCCESS' });
    expect([review.code, review.message]).toEqual([40900, `采购单 ${line.purchaseNo} 可退金额只剩 10.00 CNY`]);
    expect(
      await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.ownerId, m.id))),
    ).toEqual([]);
  });

  it('a package’s refund counts in what the package refunded: the agent gives back its share, a later cancel refunds only the rest', async () => {
    const agent = await newAgent(t);
    const m = await newMember(t, { agentId: agent.id });
    await ledgerPost(
      t.db,
      {
        ownerType: 'member',
        ownerId: m.id,
        kind: 'balance',
        currency: 'CNY',
        amount: 100_000,
        type: 'recharge',
        refType: 'test',
        refId: `pkg-refund-${m.id}`,
        idempotencyKey: `pkg-refund-${m.id}`,
      },
      t.clock.now(),
    );
    const p = await newPackage(t.db, { status: 'remove_wait', memberCode: m.userCode, fromBalance: true, now: t.clock.now() });
    const paid = p.freightCharged - p.freightDiscount + p.insuranceFee;
    expect(paid).toBeGreaterThan(1_000);
    const commission = async () =>
      (
        await t.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.ownerType, 'agent'), eq(ledgerEntries.ownerId, agent.id)))
      ).reduce((s, e) => s + e.amount, 0);
    const earned = await commission();
    expect(earned).toBeGreaterThan(0);

    const tooMuch = await create({
      memberId: m.id,
      sourceType: 'package',
      sourceId: p.packageNo,
      reason: 'refunded_lost_goods',
      amount: ((paid + 1) / 100).toFixed(2),
    });
    expect(tooMuch.code).toBe(40001);
    const r = await create({ memberId: m.id, sourceType: 'package', sourceId: p.packageNo, reason: 'refunded_lost_goods', amount: '10.00' });
    expect(r.code, r.message).toBe(20000);
    expect((await refundReview({ id: r.data.id, result: 'REVIEW_SUCCESS' })).code).toBe(20000);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, p.id));
    expect(row!.refundedAmount).toBe(1_000);
    expect(await commission()).toBe(earned - Math.floor((earned * 1_000) / paid));

    // Canceled afterwards (through its exception): only what is left comes back.
    const raised = await t.call('POST', '/api/warehouse/exception/raise', {
      token: admin,
      body: { packageNo: p.packageNo, type: 'other', reason: '会员要求取消', photos: [] },
    });
    expect(raised.code, raised.message).toBe(20000);
    const [e] = await t.db.select().from(packageExceptions).where(eq(packageExceptions.packageId, p.id));
    const canceled = await verifiedCall(t, 'modify_package_status', e!.id, 'POST', '/api/warehouse/exception/cancel', {
      token: admin,
      body: { id: e!.id, resolution: '会员要求取消' },
    });
    expect(canceled.code, canceled.message).toBe(20000);
    const refunds = (
      await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.ownerId, m.id)))
    ).filter((x) => x.type === 'refund');
    expect(refunds.map((x) => x.amount)).toEqual([1_000, paid - 1_000]);
    expect(await commission()).toBe(0);
    const check = await checkLedger(t.db);
    expect([check.balanceMismatches, check.runningMismatches]).toEqual([[], 0]);
  });
});

describe('return review', () => {
  it('approves, ships, signs, then the refund pays once; the purchase line follows with trace rows; badge counts', async () => {
    const m = await newMember(t);
    const line = await newPurchaseLine(t, m.id, 'return_checking', 5000);
    const ret = await newReturn(t, m.id, line, 5000);
    const badge = await t.call<number>('POST', '/api/back/getTaskNumByType', { token: finance, body: { taskNumType: 'return_wait' } });
    expect(badge.data).toBeGreaterThanOrEqual(1);
    const pass = await returnReview<{ status: string; shippingStatus: string; returnNo: string }>({ id: ret.id, result: 'REVIEW_SUCCESS' });
    expect(pass.data).toMatchObject({ status: 'return_doing', shippingStatus: 'wait_send' });
    expect((await t.call('POST', '/api/afterSales/returnSign', { token: finance, body: { id: ret.id } })).code).toBe(40900);
    const sent = await t.call<{ shippingStatus: string }>('POST', '/api/afterSales/returnSend', {
      token: finance,
      body: { id: ret.id, shippingCompany: 'SF', shippingNo: 'SF123' },
    });
    expect(sent.data.shippingStatus).toBe('send');
    const signed = await t.call<{ status: string; refundId: number }>('POST', '/api/afterSales/returnSign', { token: finance, body: { id: ret.id } });
    expect(signed.data.status).toBe('returned');
    const refund = await refundReview({ id: signed.data.refundId, result: 'REVIEW_SUCCESS' });
    expect(refund.data.status).toBe('refunded');
    const [po] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, line.id));
    expect(po).toMatchObject({ status: 'refunded', refundedAmount: 5000 });
    const trace = await t.db.select().from(traceEvents).where(eq(traceEvents.purchaseId, line.id));
    expect(trace.map((x) => x.toStatus)).toEqual(['return_doing', 'returned', 'refunded']);
    // The line moves through the one transition engine: each step is audited like any other purchase transition.
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'purchase'), eq(auditLogs.targetId, String(line.id))));
    expect(audit.map((a) => a.action)).toEqual(['purchase.return_pass', 'purchase.return_done', 'purchase.refund']);
    // The return itself moves through the engine too: one domain event and one audit row per step, its two status
    // columns written as one state (status/shipping).
    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'return'), eq(domainEvents.entityId, String(ret.id))))
      .orderBy(domainEvents.id);
    expect(events.map((e) => [e.type, e.memberId, e.data])).toEqual([
      ['afterSales.return.pass', m.id, { from: 'return_checking', to: 'return_doing/wait_send', no: pass.data.returnNo }],
      ['afterSales.return.send', m.id, { from: 'return_doing/wait_send', to: 'return_doing/send', no: pass.data.returnNo }],
      ['afterSales.return.sign', m.id, { from: 'return_doing/send', to: 'returned/sign', no: pass.data.returnNo }],
    ]);
    const returnAudit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'return'), eq(auditLogs.targetId, String(ret.id))))
      .orderBy(auditLogs.id);
    expect(returnAudit.map((a) => [a.action, a.before, (a.after as { status: string }).status])).toEqual([
      ['afterSales.return.pass', { status: 'return_checking' }, 'return_doing/wait_send'],
      ['afterSales.return.send', { status: 'return_doing/wait_send' }, 'return_doing/send'],
      ['afterSales.return.sign', { status: 'return_doing/send' }, 'returned/sign'],
    ]);
    expect(returnAudit[1].after).toMatchObject({ shippingCompany: 'SF', shippingNo: 'SF123' });
    const check = await checkLedger(t.db);
    expect(check.balanceMismatches).toEqual([]);
  });

  it('rejects with a reason; refuses when the purchase line has moved on', async () => {
    const m = await newMember(t);
    const line = await newPurchaseLine(t, m.id, 'return_checking');
    const ret = await newReturn(t, m.id, line);
    const fail = await returnReview<{ status: string; reviewResult: string }>({ id: ret.id, result: 'REVIEW_FAIL', remark: '已使用' });
    expect(fail.data).toMatchObject({ status: 'return_apply_refuse', reviewResult: 'REVIEW_FAIL' });
    const line2 = await newPurchaseLine(t, m.id, 'shelved');
    const ret2 = await newReturn(t, m.id, line2);
    expect((await returnReview({ id: ret2.id, result: 'REVIEW_SUCCESS' })).code).toBe(40900);
  });

  it('is refused to staff without the after-sales routes', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/afterSales/returnList', { token: wh })).code).toBe(40300);
    expect((await t.call('POST', '/api/afterSales/refundReview', { token: wh, body: { id: 1, result: 'REVIEW_SUCCESS' } })).code).toBe(40300);
    const cs = await t.login('cs1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/afterSales/refundList', { token: cs })).code).toBe(20000);
  });
});
