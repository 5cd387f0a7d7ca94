import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginApi, pickByKeyboard, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

/** Picks an option of an antd Select found by its label (typing to filter). */
async function pick(page: Page, label: string, option: string, scope = page.locator('body')) {
  await pickByKeyboard(scope.getByLabel(label, { exact: true }), option, option);
}

describe('marketing journey', () => {
  it('a marketing user creates coupons, grants one to a previewed crowd, configures and simulates a turntable, and sees grants and draws in the records', async () => {
    const e = e2e();
    // The browser picks activity windows from its real clock: bring the server's test clock up to it first.
    e.server.clock.advance(Math.max(0, Date.now() - e.server.clock.now().getTime()));
    const ctx = await e.context();
    await loginApi(e, ctx, 'marketing1');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    // A fixed coupon: 满200减20, valid 15 days after grant.
    await page.goto(e.url('/marketingManage/couponManage/operateConstCoupon'));
    const constForm = page.locator('form#constCoupon');
    await typeByHand(constForm.getByLabel('优惠券名称'), 'E2E满200减20');
    await typeByHand(constForm.getByLabel('优惠金额'), '20');
    await typeByHand(constForm.getByLabel('使用门槛'), '200');
    await constForm.getByText('领取后N天').click();
    await typeByHand(constForm.getByLabel('有效天数'), '15');
    await constForm.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').last().waitFor();
    await page.waitForURL(/\/marketingManage\/couponManage$/);
    const fixedRow = page.locator('tr').filter({ hasText: 'E2E满200减20' });
    await fixedRow.waitFor();
    expect(await fixedRow.innerText()).toContain('满200.00减20.00');

    // A monthly cycle coupon to Google members on the 1st.
    await page.getByRole('button', { name: '新增周期优惠券' }).click();
    const cycleForm = page.locator('form#cycleCoupon');
    await typeByHand(cycleForm.getByLabel('优惠券名称'), 'E2E每月运费券');
    await typeByHand(cycleForm.getByLabel('优惠金额'), '6');
    await cycleForm.getByText('每月', { exact: true }).click();
    await typeByHand(cycleForm.getByLabel('发放日'), '1');
    await pick(page, '注册来源', 'Google', cycleForm);
    await cycleForm.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').last().waitFor();
    const cycleRow = page.locator('tr').filter({ hasText: 'E2E每月运费券' });
    await cycleRow.waitFor();
    expect(await cycleRow.innerText()).toMatch(/周期优惠券[\s\S]*每月 · 1/);

    // Grant the fixed coupon to a crowd after seeing its count.
    await fixedRow.getByRole('button', { name: '发放', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('按人群').click();
    await pick(page, '注册来源', 'Google', dialog);
    await dialog.getByRole('button', { name: '预览人数' }).click();
    const countText = await dialog.getByTestId('crowd-count').innerText();
    const count = Number(/(\d+)/.exec(countText)![1]);
    expect(count).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.locator('.ant-modal-confirm-title').getByText(`确定向 ${count} 位会员发放吗？`).waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(page, `已发放 ${count} 张`).waitFor();

    // A turntable: two prizes, the filler takes the rest; its simulation matches the rates.
    await page.goto(e.url('/marketingManage/activitiesManage/turntableConfig'));
    const config = page.locator('form#turntableConfig');
    await config.waitFor({ timeout: 5000 }).catch(async () => {
      console.log('ERRORS', errors, await page.locator('body').innerText());
    });
    await typeByHand(config.getByLabel('活动名称'), 'E2E幸运转盘');
    await config.getByRole('button', { name: '添加奖品' }).click();
    await typeByHand(config.getByLabel('奖品名称 1'), '88积分');
    await typeByHand(config.getByLabel('金额/积分 1'), '88');
    await typeByHand(config.getByLabel('中奖概率（%） 1'), '12.5');
    await config.getByRole('button', { name: '添加奖品' }).click();
    await typeByHand(config.getByLabel('奖品名称 2'), '优惠券');
    await pick(page, '奖品类型 2', '优惠券', config);
    await pick(page, '优惠券 2', 'E2E满200减20', config);
    await typeByHand(config.getByLabel('中奖概率（%） 2'), '7.25');
    await expect.poll(() => config.getByLabel('谢谢参与 中奖概率（%）').inputValue()).toBe('80.25');
    await expect.poll(() => page.getByTestId('wheel').locator('path').count()).toBe(3);
    await config.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').last().waitFor();
    await page.waitForURL(/turntableConfig\?id=\d+/);
    await page.getByRole('button', { name: '模拟 100,000 次抽奖' }).click();
    const sim = page.getByTestId('simulation');
    await sim.locator('tbody tr').nth(2).waitFor();
    const rows = await sim.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t')[1])).toEqual(['12.5%', '7.25%', '80.25%']);
    for (const r of rows) expect(r).toContain('✓');
    const observed = rows.map((r) => Number(r.split('\t')[2].replace('%', '')));
    expect(Math.abs(observed[0] - 12.5)).toBeLessThan(0.6);
    expect(Math.abs(observed[2] - 80.25)).toBeLessThan(0.7);

    // A draw for a member shows in the draw records.
    await typeByHand(page.getByLabel('用户编码', { exact: true }), 'U100001');
    await page.getByRole('button', { name: '转一下' }).click();
    await page.getByTestId('draw-result').waitFor();
    const records = page.locator('.ant-card').filter({ hasText: '抽奖记录' });
    await records.locator('tbody tr').filter({ hasText: 'U100001' }).waitFor();

    // Every grant of the crowd is in the send records.
    await page.goto(e.url('/marketingManage/couponManage/couponSendRecord?sourceType=crowdSelectGrant'));
    await page.getByText(`共 ${count} 条`).waitFor();
    const first = page.locator('tbody tr.ant-table-row').first();
    expect(await first.innerText()).toContain('E2E满200减20');
    expect(await first.innerText()).toContain('人群发放');
    expect(errors).toEqual([]);
  });
});
