import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { balanceOf, lineStatus, newLine } from '../../testing/factories/goods-in';
import { adminIdOf, superAdminId, ticketFor, verifiedCall, withTicket } from '../../testing/factories/money-people';

let t: TestApp;
let admin: string;
let buyer: string;
let _buyerId: number;
let wh: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
  _buyerId = await adminIdOf(t, buyer);
  wh = await t.login('warehouse1', DEMO_PASSWORD);
});
afterAll(() => t.close());

const post = (url: string, body: unknown, token = buyer, headers?: Record<string, string>) =>
  t.call<{ id: number; status: string; repeated: boolean }>('POST', url, { token, body, headers });
/** A call that sends money back to the member's balance: verified like cancelling (issue 12). */
const moneyBack = (url: string, body: { id: number } & Record<string, unknown>) =>
  verifiedCall<{ id: number; status: string; repeated: boolean }>(t, 'cancel_purchase', body.id, 'POST', url, { token: buyer, body });

describe('purchase desk transitions', () => {
  it('claims a waiting line for the caller, idempotently, and shows it in the trace', async () => {
    const line = await newLine(t.db);
    const r = await post('/api/buy/claim', { id: line.id });
    expect(r.code).toBe(20000);
    expect(r.data).toEqual({ id: line.id, status: 'purchasing', repeated: false });
    const again = await post('/api/buy/claim', { id: line.id });
    expect(again.data.repeated).toBe(true);
    const d = await t.call<{ purchaserName: string; trace: { type: string; actorName: string; fromStatus: string; toStatus: string }[]; actions: string[] }>(
      'GET',
      '/api/buy/detail',
      { token: buyer, query: { id: String(line.id) } },
    );
    expect(d.data.purchaserName).toBe('采购小张');
    expect(d.data.trace).toEqual([
      expect.objectContaining({ type: 'purchase_claim', actorName: '采购小张', fromStatus: 'purchase_wait', toStatus: 'purchasing' }),
    ]);
    expect(d.data.actions).toEqual(expect.arrayContaining(['purchase', 'hold', 'transfer', 'fail', 'patch_request']));
  });

  it('refuses a claim by someone else once claimed (40900) and actions by non-assignees (40300)', async () => {
    const line = await newLine(t.db);
    expect((await post('/api/buy/claim', { id: line.id })).code).toBe(20000);
    // a second purchaser (the super admin may step in, so create a plain purchaser)
    const other = await post('/api/buy/claim', { id: line.id }, admin);
    expect(other.code).toBe(40900);
    expect(other.status).toBe(409);
    expect(other.message).toContain('采购中');
  });

  it('lets exactly one of two concurrent claims win', async () => {
    const line = await newLine(t.db);
    const [a, b] = await Promise.all([post('/api/buy/claim', { id: line.id }), post('/api/buy/claim', { id: line.id }, admin)]);
    const codes = [a.code, b.code].sort();
    // the loser sees 40900, unless it ran strictly after the winner and was the same purchaser (then repeated)
    expect(codes).toEqual([20000, 40900]);
  });

  it('holds and releases, purchases with the marketplace order number, updates logistics', async () => {
    const line = await newLine(t.db);
    await post('/api/buy/claim', { id: line.id });
    expect((await post('/api/buy/hold', { id: line.id, reason: '等待卖家回复库存' })).data.status).toBe('purchase_hold');
    expect((await post('/api/buy/purchased', { id: line.id, mallOrderNo: 'TB1', realPrice: 100 })).code).toBe(40900);
    expect((await post('/api/buy/release', { id: line.id })).data.status).toBe('purchasing');
    const p = await post('/api/buy/purchased', {
      id: line.id,
      mallOrderNo: 'TB2026011500001',
      realPrice: 11_900,
      domesticFee: 800,
      trackingNo: 'SF1234567890',
    });
    expect(p.data).toEqual({ id: line.id, status: 'purchased', repeated: false });
    expect((await post('/api/buy/purchased', { id: line.id, mallOrderNo: 'TB2026011500001', realPrice: 11_900 })).data.repeated).toBe(true);
    const l = await post('/api/buy/logistics', { id: line.id, trackingNo: 'SF1234567890', logisticsStatus: 'TRANSPORT' });
    expect(l.data.status).toBe('purchased');
    const d = await t.call<{ logisticsStatus: string; mallOrderNo: string; trace: { type: string }[] }>('GET', '/api/buy/detail', {
      token: buyer,
      query: { id: String(line.id) },
    });
    expect(d.data.logisticsStatus).toBe('TRANSPORT');
    expect(d.data.trace.map((e) => e.type)).toEqual(['purchase_claim', 'purchase_hold', 'purchase_release', 'purchase_complete', 'logistics']);
  });

  it('validates input: unknown keys, missing reason, bad tracking number', async () => {
    const line = await newLine(t.db);
    expect((await post('/api/buy/claim', { id: line.id, extra: 1 })).code).toBe(40001);
    expect((await post('/api/buy/hold', { id: line.id, reason: '  ' })).code).toBe(40001);
    await post('/api/buy/claim', { id: line.id });
    expect((await post('/api/buy/purchased', { id: line.id, mallOrderNo: 'X', realPrice: 1, trackingNo: '中文' })).code).toBe(40001);
  });

  it('price difference: top-up request, paid back to purchasing (patch_completed)', async () => {
    const line = await newLine(t.db, { paidAmount: 10_000 });
    await post('/api/buy/claim', { id: line.id });
    expect((await post('/api/buy/patchRequest', { id: line.id, amount: 1_500 })).data.status).toBe('purchase_patch');
    expect((await post('/api/buy/purchased', { id: line.id, mallOrderNo: 'X', realPrice: 1 })).code).toBe(40900);
    expect((await post('/api/buy/patchPaid', { id: line.id })).data.status).toBe('purchasing');
    const d = await t.call<{ patchStatus: string; paidAmount: number }>('GET', '/api/buy/detail', { token: buyer, query: { id: String(line.id) } });
    expect(d.data).toMatchObject({ patchStatus: 'patch_completed', paidAmount: 11_500 });
  });

  it('price difference: refund to the member balance (patch_refund), once; match (patch_match)', async () => {
    const line = await newLine(t.db, { memberCode: 'U100002', paidAmount: 10_000 });
    const before = await balanceOf(t.db, line.memberId);
    await post('/api/buy/claim', { id: line.id });
    expect((await moneyBack('/api/buy/patchRefund', { id: line.id, amount: 20_000 })).code).toBe(40001);
    const r = await moneyBack('/api/buy/patchRefund', { id: line.id, amount: 700 });
    expect(r.data).toEqual({ id: line.id, status: 'purchasing', repeated: false });
    expect(await balanceOf(t.db, line.memberId)).toBe(before + 700);
    expect((await moneyBack('/api/buy/patchRefund', { id: line.id, amount: 700 })).data.repeated).toBe(true);
    expect(await balanceOf(t.db, line.memberId)).toBe(before + 700);
    expect((await post('/api/buy/patchMatch', { id: line.id })).code).toBe(40900);

    const m = await newLine(t.db);
    await post('/api/buy/claim', { id: m.id });
    expect((await post('/api/buy/patchMatch', { id: m.id })).data.status).toBe('purchasing');
  });

  it('purchase failed: refunds the whole payment (purchase_fail → refunded)', async () => {
    const line = await newLine(t.db, { memberCode: 'U100003', paidAmount: 5_000 });
    const before = await balanceOf(t.db, line.memberId);
    await post('/api/buy/claim', { id: line.id });
    const r = await moneyBack('/api/buy/fail', { id: line.id, reason: '卖家缺货' });
    expect(r.data.status).toBe('refunded');
    expect(await balanceOf(t.db, line.memberId)).toBe(before + 5_000);
    const d = await t.call<{ trace: { type: string; toStatus: string }[] }>('GET', '/api/buy/detail', { token: buyer, query: { id: String(line.id) } });
    expect(d.data.trace.map((e) => e.toStatus)).toEqual(['purchasing', 'purchase_fail', 'refunded']);
  });

  it('transfers to another purchaser; refuses a non-purchaser target', async () => {
    const line = await newLine(t.db);
    await post('/api/buy/claim', { id: line.id });
    const list = await t.call<{ id: number; username: string }[]>('GET', '/api/buy/purchaserList', { token: buyer });
    const adminEntry = list.data.find((p) => p.username === 'admin')!;
    expect(list.data.some((p) => p.username === 'warehouse1')).toBe(false);
    const whId = await adminIdOf(t, wh);
    expect((await post('/api/buy/transfer', { id: line.id, purchaserId: whId })).code).toBe(40001);
    const r = await post('/api/buy/transfer', { id: line.id, purchaserId: adminEntry.id, note: '请接手' });
    expect(r.data.status).toBe('purchasing');
    // now purchaser1 is no longer the assignee
    const refused = await post('/api/buy/hold', { id: line.id, reason: 'x' });
    expect(refused.code).toBe(40300);
  });

  it('refuses transitions the machine has no row for', async () => {
    const shelved = await newLine(t.db, { status: 'shelved' });
    expect((await post('/api/buy/claim', { id: shelved.id })).code).toBe(40900);
    expect((await post('/api/buy/release', { id: shelved.id })).code).toBe(40900);
    expect((await moneyBack('/api/buy/fail', { id: shelved.id, reason: 'x' })).code).toBe(40900);
    expect((await post('/api/buy/patchPaid', { id: shelved.id })).code).toBe(40900);
    expect((await post('/api/buy/logistics', { id: shelved.id, trackingNo: 'A1', logisticsStatus: 'SIGN' })).code).toBe(40900);
    expect((await post('/api/buy/claim', { id: 99_999_999 })).code).toBe(40400);
  });

  it('refuses the desk to warehouse staff (40300) but lets them query orders', async () => {
    const line = await newLine(t.db);
    expect((await post('/api/buy/claim', { id: line.id }, wh)).code).toBe(40300);
    const q = await t.call<{ list: { id: number }[] }>('GET', '/api/warehouse/orderQuery', {
      token: wh,
      query: { numberType: 'purchaseNo', numberValue: line.purchaseNo },
    });
    expect(q.data.list.map((l) => l.id)).toEqual([line.id]);
  });
});

describe('cancel (sensitive: cancel_purchase)', () => {
  /** A cancel with a ticket for the line from the seeded verifier. */
  const cancel = (body: { id: number; reason: string }) =>
    verifiedCall<{ id: number; status: string }>(t, 'cancel_purchase', body.id, 'POST', '/api/buy/cancel', { token: buyer, body });

  it('cancels an unpaid line without a refund, and a paid one with a refund', async () => {
    const unpaid = await newLine(t.db, { status: 'ordered' });
    expect((await cancel({ id: unpaid.id, reason: '会员要求取消' })).data.status).toBe('canceled');
    const paid = await newLine(t.db, { memberCode: 'U100004', paidAmount: 3_000 });
    const before = await balanceOf(t.db, paid.memberId);
    expect((await cancel({ id: paid.id, reason: '会员要求取消' })).data.status).toBe('refunded');
    expect(await balanceOf(t.db, paid.memberId)).toBe(before + 3_000);
    const claimed = await newLine(t.db);
    await post('/api/buy/claim', { id: claimed.id });
    expect((await cancel({ id: claimed.id, reason: 'x' })).code).toBe(40900);
  });

  it('needs a verification ticket for this line from its verifier, the super admin after the first start (42800 without)', async () => {
    const adminId = await superAdminId(t);
    const line = await newLine(t.db);
    const refused = await post('/api/buy/cancel', { id: line.id, reason: '会员要求取消' });
    expect(refused.code).toBe(42800);
    expect(refused.data).toMatchObject({ type: 'cancel_purchase' });
    expect(await lineStatus(t.db, line.id)).toBe('purchase_wait');
    const wrongTarget = await ticketFor(t, buyer, 'cancel_purchase', line.id + 1, adminId, { url: '/api/buy/cancel', body: { id: line.id + 1, reason: 'x' } });
    expect((await post('/api/buy/cancel', { id: line.id, reason: 'x' }, buyer, withTicket(wrongTarget))).code).toBe(42800);
    // A ticket for other values (another reason) does not open this call.
    const otherValues = await ticketFor(t, buyer, 'cancel_purchase', line.id, adminId, { url: '/api/buy/cancel', body: { id: line.id, reason: '别的原因' } });
    expect((await post('/api/buy/cancel', { id: line.id, reason: '会员要求取消' }, buyer, withTicket(otherValues))).code).toBe(42800);
    const ticket = await ticketFor(t, buyer, 'cancel_purchase', line.id, adminId, (refused.data as unknown as { request: string }).request);
    const ok = await post('/api/buy/cancel', { id: line.id, reason: '会员要求取消' }, buyer, withTicket(ticket));
    expect(ok.data.status).toBe('refunded');
    expect((await post('/api/buy/cancel', { id: line.id, reason: 'x' }, buyer, withTicket(ticket))).code).toBe(42800);
  });
});

describe('lists and badges', () => {
  it('filters by status, number and marketplace, pages by cursor, and counts the badges', async () => {
    const a = await newLine(t.db, { mallType: 'JD', memberCode: 'U100005' });
    const b = await newLine(t.db, { mallType: 'JD', memberCode: 'U100005' });
    await newLine(t.db, { status: 'purchase_hold', memberCode: 'U100005' });
    const q = (query: Record<string, string>) =>
      t.call<{ list: { id: number }[]; total: number; nextCursor: string | null }>('GET', '/api/buy/pageList', { token: buyer, query });
    const jd = await q({ status: 'purchase_wait', mallType: 'JD', numberType: 'userCode', numberValue: 'u100005' });
    expect(jd.data.list.map((l) => l.id)).toEqual([b.id, a.id]);
    expect(jd.data.total).toBe(2);
    const first = await q({ numberType: 'userCode', numberValue: 'U100005', limit: '1' });
    const second = await q({ numberType: 'userCode', numberValue: 'U100005', limit: '1', cursor: first.data.nextCursor! });
    expect(second.data.list[0].id).toBeLessThan(first.data.list[0].id);
    expect((await q({ sort: 'pay_time', order: 'asc' })).code).toBe(20000);
    expect((await q({ sort: 'bogus' })).code).toBe(40001);

    const waiting = await t.call<number>('POST', '/api/back/getTaskNumByType', { token: buyer, body: { taskNumType: 'purchase_wait' } });
    const held = await t.call<number>('POST', '/api/back/getTaskNumByType', { token: buyer, body: { taskNumType: 'purchase_hold' } });
    const all = await t.call<Record<string, number>>('GET', '/api/back/getTaskNum', { token: buyer });
    expect(waiting.data).toBeGreaterThanOrEqual(2);
    expect(held.data).toBeGreaterThanOrEqual(1);
    expect(all.data).toMatchObject({ waitPurchaseNum: waiting.data, purchaseHoldNum: held.data });
  });
});
