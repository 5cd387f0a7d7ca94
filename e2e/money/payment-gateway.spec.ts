import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentChannels } from '../../packages/server/src/db/schema';
import { loginApi, openFromSidebar, pickByKeyboard, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

/** Issue #32: an operator connects a payment channel to Stripe on 支付渠道; the keys are sealed and shown only masked. */
describe('支付渠道: a Stripe account behind a channel', () => {
  it('the operator picks Stripe, types the keys and saves; editing again shows them masked and keeps them', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/'));
    await openFromSidebar(page, '支付管理', '支付渠道');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'PayPal' }).first();
    await row.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/paymentManage\/channelConfig\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // No gateway yet: the key fields are not offered.
    await page.getByLabel('支付网关').waitFor();
    expect(await page.getByLabel('Secret key').count()).toBe(0);
    await pickByKeyboard(page.getByLabel('支付网关'), 'Stripe', 'Stripe');
    await typeByHand(page.getByLabel('API 地址'), 'ftp://stripe');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('请输入 http(s)://主机[:端口] 形式的地址').waitFor();
    await typeByHand(page.getByLabel('API 地址'), '');
    await typeByHand(page.getByLabel('Secret key'), 'sk_test_51OperatorTypedKEY7');
    await typeByHand(page.getByLabel('Webhook 签名密钥'), 'whsec_operator_typed_5555');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').waitFor();
    await page.waitForURL(/\/paymentManage\/channelList/);
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'PayPal' }).first().getByText('Stripe').waitFor();

    const [stored] = await e.server.db.select().from(paymentChannels).where(eq(paymentChannels.id, id));
    expect(stored!.gateway).toBe('stripe');
    expect(JSON.stringify(stored!.credentials)).not.toContain('sk_test_51OperatorTypedKEY7');

    // Editing again: the keys are not in the fields, their placeholders say they are set; the notification address shows.
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'PayPal' }).first().getByRole('button', { name: '编辑' }).click();
    const secret = page.getByLabel('Secret key');
    await expect.poll(() => secret.getAttribute('placeholder')).toBe('已设置（••••KEY7），留空则不修改');
    expect(await secret.inputValue()).toBe('');
    await page.getByText(`/api/open/v1/payments/callback/stripe?channel=${id}`).waitFor();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    // Saved: the list is back (the first save's 操作成功 may still be on screen).
    await page.waitForURL(/\/paymentManage\/channelList/);
    const [kept] = await e.server.db.select().from(paymentChannels).where(eq(paymentChannels.id, id));
    expect(kept!.credentials).toEqual(stored!.credentials);
  });
});
