import { describe, expect, it } from 'vitest';
import { loginApi, typeByHand, useE2E } from '../support/browser';
import { newShelvedItem } from '../../packages/server/src/modules/goodsOut/factory';
import { newMember } from '../../packages/server/src/testing/factories/money-people';

const e2e = useE2E();

describe('数据报表 › 库龄报表', () => {
  it('shows the shelf by age bucket with a chart, and a member’s row when filtered by code and minimum age (filters in the URL)', async () => {
    const e = e2e();
    const now = e.server.clock.now();
    const m = await newMember(e.server);
    for (const days of [10, 100, 130]) await newShelvedItem(e.server.db, { memberCode: m.userCode, now: new Date(now.getTime() - days * 86_400_000 - 60_000) });
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/report/storage'));
    await page.getByTestId('bucket-d90_plus').waitFor();
    // The report reads the hourly roll-up of the shelf: 立即更新 builds it now.
    const asOf = await page.getByTestId('report-range').innerText();
    e.server.clock.advanceMinutes(3);
    await page.getByRole('button', { name: /立即更新/ }).click();
    await expect.poll(() => page.getByTestId('report-range').innerText()).not.toBe(asOf);
    expect(Number((await page.getByTestId('bucket-d90_plus').locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(2);
    await page.getByRole('img', { name: '件数' }).locator('canvas').first().waitFor();

    await typeByHand(page.getByLabel('用户编码'), m.userCode);
    await typeByHand(page.getByLabel('最久在架 ≥ 天'), '120');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.url()).toContain('minDays=120');
    const row = page.locator('tr.ant-table-row').filter({ hasText: m.userCode });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    // 0–30, 31–60, 61–90, 90+, items, oldest
    expect(cells.slice(2)).toEqual(['1', '0', '0', '2', '3', '130']);

    await typeByHand(page.getByLabel('最久在架 ≥ 天'), '200');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.url()).toContain('minDays=200');
    await page.getByText('没有在架的商品').waitFor();
  }, 120_000);
});
