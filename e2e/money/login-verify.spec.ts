import { describe, expect, it } from 'vitest';
import { adminIdOf, enableVerify, lastCodeFor } from '../../packages/server/src/testing/factories/money-people';
import { DEMO_PASSWORD, useE2E, typeByHand } from '../support/browser';

const e2e = useE2E();

describe('admin_login verification', () => {
  it('asks for the second factor after the password and logs in with a code from the outbox', async () => {
    const e = e2e();
    const adminToken = await e.server.login();
    const adminId = await adminIdOf(e.server, adminToken);
    await enableVerify(e.server, 'admin_login', [adminId], adminToken);
    const page = await e.page();
    await page.goto(e.url('/login'));
    await typeByHand(page.getByLabel(/用户名|Username/), 'cs1');
    await typeByHand(page.getByLabel(/^(密码|Password)$/), DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    const step = page.locator('form[aria-label="安全验证"]');
    await step.waitFor();
    expect(await step.getByLabel('验证人').inputValue()).toBe(String(adminId));
    e.server.clock.advance(61_000);
    await step.getByRole('button', { name: '发送验证码' }).click();
    await step.getByText('验证码已发送给').waitFor();
    await typeByHand(step.getByLabel('验证码', { exact: true }), await lastCodeFor(e.server, adminId));
    await step.getByRole('button', { name: '验证并继续' }).click();
    await page.getByTestId('app-wrapper').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
