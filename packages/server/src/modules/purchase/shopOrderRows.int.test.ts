import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, shopOrders } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newLine } from '../../testing/factories/goods-in';

/** The shop-order binding through the engine: what one staff transition leaves in the database, once. */

let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.login('finance1', DEMO_PASSWORD);
});
afterAll(() => t.close());

async function writesOf(orderId: number, orderNo: string, action: string) {
  const [order] = await t.db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
  const events = await t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityType, 'shop_order'), eq(domainEvents.entityId, String(orderId)), eq(domainEvents.type, action)));
  const audits = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'shop_order'), eq(auditLogs.targetId, orderNo), eq(auditLogs.action, action)));
  return { order: order!, events, audits };
}

describe('shop order transitions write their rows (status, domain event, audit)', () => {
  it('manual_paid: the order is paid with what it costs (goods + service fee), one order.manual_paid event and audit row; a repeat writes nothing', async () => {
    const a = await newLine(t.db, { status: 'ordered', paidAmount: 3_000 });
    await newLine(t.db, { status: 'ordered', orderId: a.orderId, paidAmount: 2_000 });
    const [{ orderNo }] = await t.db.select({ orderNo: shopOrders.orderNo }).from(shopOrders).where(eq(shopOrders.id, a.orderId));
    const now = t.clock.now();
    const body = { id: a.orderId, note: '银行转账已到账' };
    expect((await t.call('POST', '/api/waitPaidOrder/manualPaid', { token: finance, body })).data).toMatchObject({ status: 'paid', repeated: false });
    expect((await t.call('POST', '/api/waitPaidOrder/manualPaid', { token: finance, body })).data).toMatchObject({ status: 'paid', repeated: true });

    const w = await writesOf(a.orderId, orderNo, 'order.manual_paid');
    // U100001 is a demo 普通会员 (no discount); the demo's service.feePercent is 5: 5,000 + 250.
    expect(w.order).toMatchObject({ status: 'paid', paidAmount: 5_250, levelDiscount: 0, serviceFee: 250, serviceFeeBp: 500 });
    expect(w.order.payTime?.toISOString()).toBe(now.toISOString());
    expect(w.events.map((e) => [e.memberId, e.data])).toEqual([[a.memberId, { from: 'ordered', to: 'paid', no: orderNo, note: '银行转账已到账' }]]);
    expect(w.audits.map((r) => [r.actorName, r.before, r.after])).toEqual([
      [
        '财务小陈',
        { status: 'ordered' },
        { status: 'paid', note: '银行转账已到账', amount: 5_250, levelDiscount: 0, couponDiscount: 0, pointsUsed: 0, pointsEarned: 50, serviceFee: 250 },
      ],
    ]);
  });

  it('cancel: the order is canceled, one order.cancel event and audit row; paying it afterwards is refused (40900)', async () => {
    const a = await newLine(t.db, { status: 'ordered' });
    const [{ orderNo }] = await t.db.select({ orderNo: shopOrders.orderNo }).from(shopOrders).where(eq(shopOrders.id, a.orderId));
    const body = { id: a.orderId, reason: '超时未支付' };
    expect((await t.call('POST', '/api/waitPaidOrder/cancel', { token: finance, body })).data).toMatchObject({ status: 'canceled', repeated: false });
    expect((await t.call('POST', '/api/waitPaidOrder/cancel', { token: finance, body })).data).toMatchObject({ repeated: true });
    const paid = await t.call('POST', '/api/waitPaidOrder/manualPaid', { token: finance, body: { id: a.orderId, note: 'x' } });
    expect(paid).toMatchObject({ code: 40900, message: `订单 ${orderNo} 当前状态为「已取消」，不能执行该操作，请刷新后重试` });

    const w = await writesOf(a.orderId, orderNo, 'order.cancel');
    expect(w.order.status).toBe('canceled');
    expect(w.events.map((e) => e.data)).toEqual([{ from: 'ordered', to: 'canceled', no: orderNo, note: '超时未支付' }]);
    expect(w.audits.map((r) => [r.before, r.after])).toEqual([[{ status: 'ordered' }, { status: 'canceled', note: '超时未支付' }]]);
    expect((await writesOf(a.orderId, orderNo, 'order.manual_paid')).events).toEqual([]);
  });
});
