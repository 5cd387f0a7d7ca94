import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseDetail, WaitPaidOrder } from '@waystation/shared/contract/purchase';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { lineStatus, newLine } from '../../testing/factories/goods-in';

let t: TestApp;
let finance: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.login('finance1', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('unpaid orders (/waitPaidOrder)', () => {
  it('lists unpaid orders with what is owed, shows the lines, and marks one paid manually (lines → purchase_wait)', async () => {
    const a = await newLine(t.db, { status: 'ordered', memberCode: 'U100006', paidAmount: 4_500 });
    const b = await newLine(t.db, { status: 'ordered', orderId: a.orderId, memberCode: 'U100006', paidAmount: 1_000 });
    const list = await t.call<{ list: WaitPaidOrder[] }>('GET', '/api/waitPaidOrder/pageList', {
      token: finance,
      query: { userCode: 'u100006' },
    });
    // U100006 is a demo 金卡会员 (95 %), and the demo's service.feePercent is 5: 5,500 − 275 = 5,225, + 261.25 → 261.
    expect(list.data.list).toContainEqual(
      expect.objectContaining({
        id: a.orderId,
        amount: 5_500,
        levelDiscount: 275,
        serviceFee: 261,
        serviceFeePercent: '5',
        due: 5_486,
        lineCount: 2,
        userCode: 'U100006',
      }),
    );
    const d = await t.call<{ lines: { id: number; status: string }[] }>('GET', '/api/waitPaidOrder/detail', {
      token: finance,
      query: { id: String(a.orderId) },
    });
    expect(d.data.lines.map((l) => l.id)).toEqual([a.id, b.id]);
    const paid = await t.call<{ status: string; repeated: boolean }>('POST', '/api/waitPaidOrder/manualPaid', {
      token: finance,
      body: { id: a.orderId, note: '银行转账已到账' },
    });
    expect(paid.data).toEqual({ id: a.orderId, status: 'paid', repeated: false });
    expect(await lineStatus(t.db, a.id)).toBe('purchase_wait');
    expect(await lineStatus(t.db, b.id)).toBe('purchase_wait');
    const again = await t.call<{ repeated: boolean }>('POST', '/api/waitPaidOrder/manualPaid', { token: finance, body: { id: a.orderId, note: 'x' } });
    expect(again.data.repeated).toBe(true);
    const trace = await t.call<PurchaseDetail>('GET', '/api/buy/detail', {
      token: buyer,
      query: { id: String(a.id) },
    });
    expect(trace.data.trace).toEqual([expect.objectContaining({ type: 'order_manual_paid', actorName: '财务小陈' })]);
    // The line carries its share of the level's discount: 275 × 4,500 / 5,500 = 225.
    expect(trace.data.paidAmount).toBe(4_275);
    expect(trace.data.order).toMatchObject({ paidAmount: 5_486, levelDiscount: 275, serviceFee: 261, serviceFeePercent: '5' });
    expect((await t.call('POST', '/api/waitPaidOrder/cancel', { token: finance, body: { id: a.orderId, reason: 'x' } })).code).toBe(40900);
  });

  it('cancels an unpaid order and its lines; purchasers may not', async () => {
    const a = await newLine(t.db, { status: 'ordered' });
    expect((await t.call('POST', '/api/waitPaidOrder/cancel', { token: buyer, body: { id: a.orderId, reason: '超时未支付' } })).code).toBe(40300);
    const r = await t.call<{ status: string }>('POST', '/api/waitPaidOrder/cancel', { token: finance, body: { id: a.orderId, reason: '超时未支付' } });
    expect(r.data.status).toBe('canceled');
    expect(await lineStatus(t.db, a.id)).toBe('canceled');
    expect((await t.call('POST', '/api/waitPaidOrder/manualPaid', { token: finance, body: { id: a.orderId, note: 'x' } })).code).toBe(40900);
    expect((await t.call('GET', '/api/waitPaidOrder/detail', { token: finance, query: { id: '99999999' } })).code).toBe(40400);
  });
});
