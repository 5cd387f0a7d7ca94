import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginApi, pickByKeyboard, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

async function adminPage(username?: string): Promise<Page> {
  const e = e2e();
  const ctx = await e.context();
  await loginApi(e, ctx, username);
  return ctx.newPage();
}

/** Picks an option of an antd Select found by its aria-label (typing to filter). */
async function pick(page: Page, label: string, option: string, scope = page.locator('body')) {
  await pickByKeyboard(scope.getByLabel(label, { exact: true }), option, option);
}

describe('configuration and content screens', () => {
  it('an operations user sets up a zone and sees the channel in the calculator, cheapest first', async () => {
    const e = e2e();
    const page = await adminPage('ops1');
    // A new channel through the list screen.
    await page.goto(e.url('/logisticsChannelsManage/channelList'));
    await page.getByRole('button', { name: /新增渠道/ }).click();
    const dialog = page.getByRole('dialog');
    await typeByHand(dialog.getByLabel('渠道代码'), 'E2E-LINE');
    await typeByHand(dialog.getByLabel('渠道名称'), '端到端专线');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(page, '操作成功').waitFor();
    const row = page.locator('tr').filter({ hasText: 'E2E-LINE' });
    await row.waitFor();

    // Its zone: Germany, 1 g first weight at 1.00, then 0.01 per 1000 g: cheaper than every demo channel.
    await row.getByRole('button', { name: '国家区域' }).click();
    await page.waitForURL(/countryAreaConfig\?channelId=\d+/);
    await page.getByRole('button', { name: /新增区域/ }).click();
    const zone = page.getByRole('dialog');
    await typeByHand(zone.getByLabel('区域名称'), '德国');
    await pickByKeyboard(zone.getByLabel('国家'), '德国', '德国');
    await typeByHand(zone.getByLabel('首重', { exact: true }), '1');
    await typeByHand(zone.getByLabel('首重价格（CNY）'), '1.234');
    await zone.getByRole('button', { name: /确\s*定|OK/ }).click();
    await zone.locator('#firstPrice_help').getByText('请输入整数或保留1~2位小数').waitFor();
    await typeByHand(zone.getByLabel('首重价格（CNY）'), '1');
    await typeByHand(zone.getByLabel('续重步长', { exact: true }), '1000');
    await typeByHand(zone.getByLabel('续重价格（CNY）'), '0.01');
    await zone.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(page, '操作成功').first().waitFor();
    await page.locator('tr').filter({ hasText: '德国' }).filter({ hasText: '1.00 CNY' }).waitFor();

    // Attributes: accept batteries.
    await page.goto(e.url(page.url().replace(/.*countryAreaConfig/, '/logisticsChannelsManage/bindChannelAttr')));
    const battery = page.getByRole('switch', { name: '带电是否接受' });
    await expect.poll(() => battery.getAttribute('aria-checked')).toBe('false');
    await battery.click();
    const bound = page.waitForResponse((r) => r.url().includes('/api/logistics/bindChannelAttr'));
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    expect((await (await bound).json()).code).toBe(20000);

    // The calculator: 2.5 kg to Germany with a battery.
    await page.goto(e.url('/logisticsChannelsManage/freightCalculator'));
    await pick(page, '目的国家', '德国');
    await typeByHand(page.getByLabel('重量', { exact: true }), '2500');
    await page.getByLabel('带电').check();
    await page.getByRole('button', { name: /计算运费/ }).click();
    const first = page.getByTestId('freight-quotes').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => first.innerText()).toContain('端到端专线');
    // 1.00 + 3 continued steps × 0.01 = 1.03 CNY.
    expect(await first.innerText()).toContain('1.03 CNY');
    expect(await first.innerText()).toContain('最便宜');
    // Channels refusing batteries are listed with the reason.
    await page.getByText(/经济空运专线：不接受：带电/).waitFor();
  });

  it('changes a member-terminal tip and reads it back after a reload', async () => {
    const e = e2e();
    const page = await adminPage();
    await page.goto(e.url('/systemManage/vipTerminalConfig'));
    await page.getByText('充值提示', { exact: true }).click();
    await page.waitForURL(/vipTerminalConfig\/RechargeTip$/);
    const text = page.getByLabel('内容（中文）');
    await expect.poll(() => text.inputValue()).toContain('充值到账');
    await typeByHand(text, '充值后请刷新余额页面。');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await toast(page, '操作成功').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('内容（中文）').inputValue()).toBe('充值后请刷新余额页面。');
    const saved = await e.server.call<{ tipsText: string }[]>('POST', '/api/config/batchTipsConfig', {
      token: await e.server.login(),
      body: { appId: 1, tipsKeys: ['RechargeTip'] },
    });
    expect(saved.data[0].tipsText).toBe('充值后请刷新余额页面。');
  });

  it('writes a help article with the toolbar, previews it sanitized and publishes it', async () => {
    const e = e2e();
    const page = await adminPage();
    await page.goto(e.url('/helpCenter/home'));
    await page.getByRole('button', { name: /新增文章/ }).click();
    await page.waitForURL(/homeOperate/);
    const toolbar = page.getByRole('toolbar', { name: 'Markdown 工具栏' });
    await toolbar.getByRole('button').first().waitFor();
    expect(await toolbar.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')))).toEqual([
      '标题',
      '粗体',
      '斜体',
      '删除线',
      '引用',
      '无序列表',
      '有序列表',
      '代码',
    ]);
    await typeByHand(page.getByRole('textbox', { name: '标题', exact: true }), '端到端文章');
    await page.getByLabel('分类', { exact: true }).click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '新手入门' }).click();
    const editor = page.getByLabel('文章内容（Markdown）');
    await typeByHand(editor, '退货说明');
    await editor.selectText();
    await toolbar.getByRole('button', { name: '标题' }).click();
    await editor.press('End');
    await editor.pressSequentially('\n\n<img src=x onerror="window.__xss=1">');
    const preview = page.getByTestId('markdown-preview');
    await preview.locator('h2', { hasText: '退货说明' }).waitFor();
    expect(await preview.locator('img').count()).toBe(0);
    expect(await preview.innerText()).toContain('<img src=x');
    await page.getByRole('button', { name: '保存并发布' }).click();
    await toast(page, '操作成功').waitFor();
    await page.goto(e.url('/helpCenter/home'));
    const row = page.locator('tr').filter({ hasText: '端到端文章' });
    await row.getByText('已发布').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
