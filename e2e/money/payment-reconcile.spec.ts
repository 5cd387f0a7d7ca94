import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topupIntents } from '../../packages/server/src/db/schema';
import { newMember } from '../../packages/server/src/testing/factories/money-people';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../../packages/server/src/testing/fakeStripe';
import { createChannelTopup } from '../../packages/server/src/modules/payment/gateways';
import { loginApi, openFromSidebar, passVerify, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();
let stripe: FakeStripe;
const allowedBefore = process.env.OUTBOUND_ALLOW_HOSTS;
beforeAll(async () => {
  stripe = await startFakeStripe(() => e2e().server.clock.now());
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
});
afterAll(async () => {
  if (allowedBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = allowedBefore;
  await stripe.close();
});

/** Issue #32: finance reconciles a day's Stripe payments against the ledger on 支付对账 and sees the differences first. */
describe('支付对账', () => {
  it('finance picks the day and sees a payment whose notification never came, beside one that matches', async () => {
    const e = e2e();
    const admin = await e.server.login();
    const saved = await e.server.call<{ id: number }>('POST', '/api/payment/saveChannel', {
      token: admin,
      body: {
        name: 'Stripe 对账渠道',
        providerType: 'card',
        currencies: ['USD'],
        currency: 'USD',
        gateway: 'stripe',
        apiBase: stripe.url,
        secretKey: FAKE_STRIPE_KEY,
        webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      },
    });
    const channelId = saved.data.id;
    await e.server.call('POST', '/api/payment/saveRule', {
      token: admin,
      body: { name: 'USD 网关充值', scenario: 'recharge', currency: 'USD', channelIds: [channelId], priority: 0 },
    });
    const member = await newMember(e.server);
    const now = e.server.clock.now();
    const topup = async (amount: number) => {
      const intent = await createChannelTopup(e.server.db, e.server.app.services.secrets, member.id, { amount, currency: 'USD', channelId }, now);
      return (await e.server.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intent.intentNo)))[0]!;
    };
    const [paid, lost] = [await topup(4_000), await topup(2_500)];
    for (const i of [paid, lost]) stripe.succeeded.add(i.providerRef!);
    const { payload, signature } = stripe.event('payment_intent.succeeded', {
      id: paid.providerRef!,
      amount: paid.amount,
      currency: 'usd',
      intentNo: paid.intentNo,
    });
    const notified = await e.server.app.inject({
      method: 'POST',
      url: `/api/open/v1/payments/callback/stripe?channel=${channelId}`,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(notified.json().data.status).toBe('paid');

    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/'));
    await openFromSidebar(page, '支付管理', '支付对账');
    const day = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    await typeByHand(page.getByLabel('对账日期'), day);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(day);

    const summary = page.getByTestId(`reconcile-channel-${channelId}`);
    await summary.getByText('2 笔，服务商 65.00 USD，账本 40.00 USD，差异 1 笔').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // The difference first: Stripe has the 25.00 payment, the ledger does not.
    await expect.poll(() => rows.first().innerText()).toContain(lost.intentNo);
    expect(await rows.first().innerText()).toContain('账本缺少');
    expect(await rows.filter({ hasText: paid.intentNo }).innerText()).toContain('一致');

    // 退款 on the matched payment: 10.00 back to the card through Stripe (refund_review), 处理中 until Stripe settles it.
    await rows
      .filter({ hasText: paid.intentNo })
      .getByRole('button', { name: /^退\s*款$/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `原路退款 · ${paid.intentNo}` });
    await dialog.getByText('实付 40.00 USD，可退 40.00 USD', { exact: false }).waitFor();
    await dialog.getByText('暂无退款').waitFor();
    await typeByHand(dialog.getByLabel('退款金额'), '10.00');
    await typeByHand(dialog.getByLabel('退款原因'), '客户取消订单');
    await dialog.getByRole('button', { name: /^退\s*款$/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '10.00 USD' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await passVerify(page, e.server, { operation: '退款审核' });
    await toast(page, '操作成功').waitFor();
    await dialog.locator('tr.ant-table-row').filter({ hasText: '处理中' }).filter({ hasText: '10.00 USD' }).waitFor();
    await dialog.getByText('实付 40.00 USD，可退 30.00 USD', { exact: false }).waitFor();
    const sent = stripe.refundCalls.at(-1)!;
    expect([sent.params.get('payment_intent'), sent.params.get('amount')]).toEqual([paid.providerRef, '1000']);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The day's refunds, against what the ledger took from the member's balance for them.
    const refundRow = page.getByTestId('reconcile-refunds').locator('tr.ant-table-row').filter({ hasText: paid.intentNo });
    await expect.poll(() => refundRow.innerText()).toMatch(/10\.00 USD[\s\S]*处理中[\s\S]*10\.00 USD[\s\S]*一致/);

    // 补记入账 of the payment whose notification never came: Stripe is asked again, the row then matches.
    await rows.filter({ hasText: lost.intentNo }).getByRole('button', { name: '补记入账' }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: lost.intentNo })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await passVerify(page, e.server, { operation: '修改用户余额' });
    await expect.poll(() => rows.filter({ hasText: lost.intentNo }).innerText()).toContain('一致');
    await summary.getByText('2 笔，服务商 65.00 USD，账本 65.00 USD，差异 0 笔').waitFor();
  });
});
