import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topupIntents } from '../../packages/server/src/db/schema';
import { newMember } from '../../packages/server/src/testing/factories/money-people';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../../packages/server/src/testing/fakeStripe';
import { createChannelTopup } from '../../packages/server/src/modules/payment/gateways';
import { loginApi, openFromSidebar, typeByHand, useE2E } from '../support/browser';

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
  });
});
