import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { newLine, lineStatus } from '../testing/factories/goods-in';
import { ledgerEntries, purchaseOrders } from '../db/schema';
import { apiRoutesOf } from '../core/http';
import { requestScope } from '../core/requestScope';
import { post } from '../modules/ledger/service';

/**
 * Issue 12.3: money never goes back to a balance from a staff call without a verification ticket. The ledger itself
 * refuses an unverified credit inside an API call; the routes that may credit without one are few and each says why.
 */
let t: TestApp;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('money back to a balance', () => {
  it('a purchaser cannot claim then fail a paid line to refund it without a ticket (as cancelling needs one)', async () => {
    const line = await newLine(t.db, { paidAmount: 9_900 });
    expect((await t.call('POST', '/api/buy/claim', { token: buyer, body: { id: line.id } })).code).toBe(20000);
    const failed = await t.call<{ type: string; summary: { label: string; value: string }[] }>('POST', '/api/buy/fail', {
      token: buyer,
      body: { id: line.id, reason: '卖家缺货' },
    });
    expect(failed.code).toBe(42800);
    expect(failed.data.type).toBe('cancel_purchase');
    expect(failed.data.summary).toContainEqual({ label: '原因', value: '卖家缺货' });
    expect(await lineStatus(t.db, line.id)).toBe('purchasing');
    expect(
      await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.refId, String(line.id))),
    ).toEqual([]);
    const [row] = await t.db.select({ refunded: purchaseOrders.paidAmount }).from(purchaseOrders).where(eq(purchaseOrders.id, line.id));
    expect(row.refunded).toBe(9_900);
  });

  it('every route that sends money back to a balance needs a ticket, except the reviewed few that say why', () => {
    const unverified = apiRoutesOf(t.app).filter((r) => r.creditsWithoutTicket);
    // A new entry here is a decision: review it, and say why in the route's creditsWithoutTicket.
    expect(unverified.map((r) => r.url).sort()).toEqual([
      '/api/finance/agentWithdrawal/review',
      '/api/finance/settleCommission',
      '/api/marketing/activity/draw',
      // 确认收款 accrues the agent's commission on the order's goods like the member's own payment (no amount typed).
      '/api/waitPaidOrder/manualPaid',
      // The weigh refunds overpaid freight priced by the channel from the weighed box: a station step hundreds of times
      // an hour, no amount typed (a later change of the weight or freight is verified).
      '/api/warehouse/packing/weigh',
    ]);
    for (const r of unverified) expect(r.creditsWithoutTicket!.length).toBeGreaterThan(20);
    const refunding = [
      '/api/buy/cancel',
      '/api/buy/fail',
      '/api/buy/patchRefund',
      '/api/afterSales/refundReview',
      '/api/vip/modifyAmount',
      '/api/warehouse/exception/cancel',
      '/api/warehouse/return/step',
    ];
    for (const url of refunding) expect(apiRoutesOf(t.app).find((r) => r.url === url)?.verify, url).toBeTruthy();
  });

  it('the ledger refuses a credit made inside an API call that consumed no ticket', async () => {
    const line = await newLine(t.db);
    const credit = () =>
      t.db.transaction((tx) =>
        post(tx, { ownerType: 'member', ownerId: line.memberId, kind: 'balance', currency: 'CNY', amount: 100, type: 'refund' }, new Date()),
      );
    await expect(requestScope.run({ url: '/api/some/new/route', verified: false }, credit)).rejects.toMatchObject({ code: 40300 });
    await expect(requestScope.run({ url: '/api/some/new/route', verified: true }, credit)).resolves.toMatchObject({ replayed: false });
    // Outside any API call (jobs, scripts) the ledger posts as before.
    await expect(credit()).resolves.toMatchObject({ replayed: false });
  });

  it('refuses an absurd manual credit (99,999,999,999) with a clear message before anything else', async () => {
    const finance = await t.login('finance1', DEMO_PASSWORD);
    const line = await newLine(t.db);
    const r = await t.call<{ fields: Record<string, string> }>('POST', '/api/vip/modifyAmount', {
      token: finance,
      body: { memberId: line.memberId, direction: 'add', amount: '99999999999', remark: '测试', requestId: 'absurd-credit-1' },
    });
    expect(r.code).toBe(40001);
    expect(r.data.fields.amount).toBe('单笔金额不能超过 10,000,000.00');
  });
});
