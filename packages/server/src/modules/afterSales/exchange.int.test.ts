import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import type { ReturnItem } from '@waystation/shared/contract/afterSales';
import { auditLogs, ledgerEntries, purchaseOrders, refundRequests, returnRequests, traceEvents, warehouseItems } from '../../db/schema';
import { emailCode } from '../../testing/member';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newLine } from '../../testing/factories/goods-in';
import { verifiedCall } from '../../testing/factories/money-people';

/** A member's QC answer "exchange": reviewed and shipped like a return, but the seller's signature refunds nothing. */
let t: TestApp;
let admin: string;
let finance: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  finance = await t.login('finance1', DEMO_PASSWORD);
});
afterAll(() => t.close());

const open = <T = unknown>(path: string, body: unknown, token?: string) =>
  t.call<T>('POST', `/api/open/v1${path}`, {
    body,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'idempotency-key': `exchange-${++seq}-${Date.now()}` },
  });
const staff = <T = unknown>(url: string, body: Record<string, unknown>, token = admin) => t.call<T>('POST', url, { token, body });

async function newMember() {
  const email = `exchange${Date.now()}${++seq}@example.com`;
  expect((await open('/auth/register', { email, password: 'secret123', name: 'Erin Exchange' })).code).toBe(20000);
  const r = await open<SessionResult>('/auth/registerConfirm', { email, code: await emailCode(t.db, email) });
  expect(r.code, r.message).toBe(20000);
  return r.data;
}

/** A line of the member's received at the inbound station from `trackingNo` and held by QC for the member's answer. */
async function heldLine(member: SessionResult['member'], trackingNo: string) {
  const line = await newLine(t.db, { status: 'purchased', memberCode: member.userCode, trackingNo, paidAmount: 9_900, title: '羊毛大衣' });
  const got = await staff<{ lines: { item: { itemCode: string } }[] }>('/api/warehouse/inbound/receive', {
    trackingNo,
    lines: [{ id: line.id, weightG: 900, lengthMm: 400, widthMm: 300, heightMm: 80 }],
  });
  expect(got.code, got.message).toBe(20000);
  const itemCode = got.data.lines[0]!.item.itemCode;
  const held = await staff<{ status: string }>('/api/warehouse/qc/problem', { itemCode, problem: 'wrong_size', note: '收到 S 码', media: [] });
  expect(held.data.status).toBe('purchase_hold');
  return { ...line, itemCode };
}

const lineOf = async (id: number) => (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0]!;
const requestOf = async (lineId: number) =>
  (
    await t.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.purchaseOrderId, String(lineId)))
  )[0]!;
const review = (id: number, result: string, remark = '') =>
  verifiedCall<ReturnItem>(t, 'return_review', id, 'POST', '/api/afterSales/returnReview', { token: finance, body: { id, result, remark } });

/** The member answers, staff approve and record the shipment back to the seller; the request is ready to be signed. */
async function answeredAndSent(decision: 'return' | 'exchange', trackingNo: string) {
  const { token, member } = await newMember();
  const line = await heldLine(member, trackingNo);
  const answered = await open('/orders/qcDecision', { purchaseNo: line.purchaseNo, decision, remark: '要 M 码' }, token);
  expect(answered.code, answered.message).toBe(20000);
  const req = await requestOf(line.id);
  expect((await review(req.id, 'REVIEW_SUCCESS')).data.status).toBe('return_doing');
  const sent = await staff<ReturnItem>('/api/afterSales/returnSend', { id: req.id, shippingCompany: 'SF', shippingNo: `SFX${++seq}` }, finance);
  expect(sent.data.shippingStatus).toBe('send');
  return { member, line, req };
}

describe('an exchange', () => {
  it('is a request of kind exchange; signed, it refunds nothing and the line is purchased again awaiting the replacement', async () => {
    const oldNo = `EXO${Date.now()}${++seq}`;
    const { member, line, req } = await answeredAndSent('exchange', oldNo);
    expect(req).toMatchObject({ kind: 'exchange', amount: 9_900, reason: '会员答复：换货，要 M 码' });
    const listed = await t.call<{ list: ReturnItem[] }>('GET', '/api/afterSales/returnList', { token: finance, query: { purchaseOrderNo: line.purchaseNo } });
    expect(listed.data.list.map((x) => [x.returnNo, x.kind])).toEqual([[req.returnNo, 'exchange']]);

    const signed = await staff<ReturnItem>('/api/afterSales/returnSign', { id: req.id }, finance);
    expect(signed.code, signed.message).toBe(20000);
    expect(signed.data).toMatchObject({ kind: 'exchange', status: 'returned', shippingStatus: 'sign', refundId: null });
    // No refund was opened and no money moved: the payment stays paid.
    expect(
      await t.db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.sourceId, String(line.id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.ownerId, member.id))),
    ).toEqual([]);
    expect(await lineOf(line.id)).toMatchObject({
      status: 'purchased',
      paidAmount: 9_900,
      refundedAmount: 0,
      trackingNo: '',
      logisticsStatus: null,
      holdReason: '',
    });
    const trace = await t.db.select().from(traceEvents).where(eq(traceEvents.purchaseId, line.id)).orderBy(traceEvents.id);
    expect(trace.at(-1)).toMatchObject({
      type: 'purchase_exchange',
      fromStatus: 'return_doing',
      toStatus: 'purchased',
      note: `${req.returnNo}，原国内单号 ${oldNo} 已清除`,
    });
    // The item received from the old parcel went back to the seller: its record goes, kept in the audit row.
    expect(await t.db.select().from(warehouseItems).where(eq(warehouseItems.purchaseId, line.id))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'purchase.exchange_done'), eq(auditLogs.targetId, String(line.id))));
    expect(audit!.after).toMatchObject({ status: 'purchased', oldTrackingNo: oldNo, removedItem: { itemCode: line.itemCode, qcProblem: 'wrong_size' } });
    // Signed once: a second signature is refused.
    expect((await staff('/api/afterSales/returnSign', { id: req.id }, finance)).code).toBe(40900);

    // The old parcel's number finds nothing any more; the purchaser enters the replacement's and it is received as usual.
    const oldLookup = await staff<{ lines: unknown[] }>('/api/warehouse/inbound/lookup', { trackingNo: oldNo });
    expect(oldLookup.data.lines).toEqual([]);
    const newNo = `EXN${Date.now()}${++seq}`;
    const tracked = await staff('/api/buy/logistics', { id: line.id, trackingNo: newNo, logisticsStatus: 'TRANSPORT' });
    expect(tracked.code, tracked.message).toBe(20000);
    const lookup = await staff<{ lines: { id: number; receivable: boolean; item: unknown }[] }>('/api/warehouse/inbound/lookup', { trackingNo: newNo });
    expect(lookup.data.lines).toEqual([expect.objectContaining({ id: line.id, receivable: true, item: null })]);
    const received = await staff<{ lines: { status: string; repeated: boolean; item: { itemCode: string } }[] }>('/api/warehouse/inbound/receive', {
      trackingNo: newNo,
      lines: [{ id: line.id, weightG: 950, lengthMm: 400, widthMm: 300, heightMm: 80 }],
    });
    expect(received.code, received.message).toBe(20000);
    expect(received.data.lines[0]).toMatchObject({ status: 'stocking_input', repeated: false, item: { itemCode: line.itemCode } });
    const [item] = await t.db.select().from(warehouseItems).where(eq(warehouseItems.purchaseId, line.id));
    expect(item).toMatchObject({ trackingNo: newNo, weightG: 950, qcProblem: null });
  });

  it('refused at review ends as a refused return does', async () => {
    const { token, member } = await newMember();
    const line = await heldLine(member, `EXR${Date.now()}${++seq}`);
    expect((await open('/orders/qcDecision', { purchaseNo: line.purchaseNo, decision: 'exchange' }, token)).code).toBe(20000);
    const req = await requestOf(line.id);
    const refused = await review(req.id, 'REVIEW_FAIL', '商品已使用');
    expect(refused.data).toMatchObject({ kind: 'exchange', status: 'return_apply_refuse', reviewResult: 'REVIEW_FAIL' });
    expect((await lineOf(line.id)).status).toBe('return_apply_refuse');
    expect(
      await t.db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.sourceId, String(line.id))),
    ).toEqual([]);
  });
});

describe('a return answered to QC', () => {
  it('is a request of kind return; signed, it still opens its refund', async () => {
    const { line, req } = await answeredAndSent('return', `RTO${Date.now()}${++seq}`);
    expect(req.kind).toBe('return');
    const signed = await staff<ReturnItem>('/api/afterSales/returnSign', { id: req.id }, finance);
    expect(signed.data).toMatchObject({ kind: 'return', status: 'returned' });
    const refunds = await t.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.sourceId, String(line.id)));
    expect(refunds.map((r) => [r.id, r.amount, r.reason, r.status])).toEqual([[signed.data.refundId, 9_900, 'return_goods', 'return_refund_check']]);
    expect(await lineOf(line.id)).toMatchObject({ status: 'returned', trackingNo: line.trackingNo });
  });
});
