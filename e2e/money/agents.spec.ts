import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentUsers, agents } from '../../packages/server/src/db/schema';
import { loginApi, passVerify, toast, useE2E, typeByHand } from '../support/browser';

const e2e = useE2E();

describe('agents in the browser (demo data)', () => {
  it('operations staff change an agent rebate from the agent page, and see the agent terminal settings', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'ops1');
    const page = await ctx.newPage();
    await page.goto(e.url('/proxyManage/list'));
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'Nordic Haul' });
    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByRole('tab', { name: '敏感设置' }).click();
    await page.getByRole('button', { name: '修改平台返利' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '平台返利（%）' });
    await typeByHand(dialog.getByLabel('平台返利（%）'), '101');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入1~100的数值，最多保留两位小数').waitFor();
    await typeByHand(dialog.getByLabel('平台返利（%）'), '4.5');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // Then the verify dialog: the type is on after the first start, with the super admin as verifier.
    await passVerify(page, e.server, { operation: '修改代理平台返利' });
    await toast(page, '操作成功').waitFor();
    const [a] = await e.server.db.select().from(agents).where(eq(agents.agentName, 'Nordic Haul'));
    expect(a.rebateBp).toBe(450);

    await page.goto(e.url('/systemManage/agentBackendConfig/botManage'));
    await page.locator('tr.ant-table-row').filter({ hasText: 'Discord 订单通知' }).waitFor();

    await page.goto(e.url('/proxyManage/agentUser'));
    await page.locator('tr.ant-table-row').filter({ hasText: 'nordic.olaf' }).getByRole('button', { name: '终端设置' }).click();
    const settings = page.locator('.ant-modal').filter({ hasText: '终端设置 · nordic.olaf' });
    await typeByHand(settings.getByLabel('时区'), 'Europe/Stockholm');
    await settings.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').waitFor();
    const [u] = await e.server.db.select().from(agentUsers).where(eq(agentUsers.username, 'nordic.olaf'));
    expect(u.appConfig).toMatchObject({ timezone: 'Europe/Stockholm' });
  });
});
