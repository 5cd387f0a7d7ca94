import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { loginApi, useE2E } from '../support/browser';
import { rollupDue } from '../../packages/server/src/modules/report/rollup';

const e2e = useE2E();

/** The first sheet of the Excel file a click downloads. */
async function downloadSheet(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-report-')), download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return { name: download.suggestedFilename(), sheet: wb.worksheets[0] };
}

const totalOf = async (page: Page) => Number((await page.getByTestId('throughput-total').innerText()).replace(/\D/g, ''));

describe('数据报表 on the demo history', () => {
  beforeAll(async () => {
    // What the hourly report.rollup job does on a server: every day of the demo's history rolled up.
    const e = e2e();
    await rollupDue(e.server.db, () => e.server.clock.now());
  });

  it('工位效率: last week’s steps per station and worker; 近 30 天 redraws with more; one station; export; 立即更新', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'warehouse1');
    const page = await ctx.newPage();
    await page.goto(e.url('/report/throughput'));
    await page.getByRole('img', { name: '每日扫描步数（按工位）' }).locator('canvas').first().waitFor();
    const week = await totalOf(page);
    expect(week).toBeGreaterThan(0);
    await page.locator('tr.ant-table-row').filter({ hasText: '仓库' }).first().waitFor();

    await page.getByText('近 30 天').click();
    await expect.poll(() => page.url()).toContain('days=30');
    await expect.poll(() => totalOf(page)).toBeGreaterThan(week);
    await page.getByRole('img', { name: '每日扫描步数（按工位）' }).locator('canvas').first().waitFor();

    await page.getByRole('combobox', { name: '工位' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('打包', { exact: true }).click();
    await expect.poll(() => page.url()).toContain('station=packing');
    await expect.poll(async () => (await page.locator('tr.ant-table-row td:first-child').allInnerTexts()).every((t) => t === '打包')).toBe(true);
    expect(await page.locator('tr.ant-table-row').count()).toBeGreaterThan(0);

    const { name, sheet } = await downloadSheet(page, () => page.getByRole('button', { name: '导出 Excel' }).click());
    expect(name).toBe('工位效率.xlsx');
    expect(sheet.getRow(1).getCell(1).value).toBe('工位');
    expect(sheet.getRow(2).getCell(1).value).toBe('打包');

    const asOf = await page.getByTestId('report-range').innerText();
    e.server.clock.advanceMinutes(7);
    await page.getByRole('button', { name: /立即更新/ }).click();
    await expect.poll(() => page.getByTestId('report-range').innerText()).not.toBe(asOf);
  }, 120_000);

  it('资金报表: a finance clerk sees the days reconciled with the ledger, for 30 days and for 7, and exports them', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/report/money?days=30'));
    await page
      .getByTestId('reconcile-CNY')
      .getByText(/与账本核对一致/)
      .waitFor();
    await page.getByRole('img', { name: '每日充值、支付与退款' }).locator('canvas').first().waitFor();
    const month = await page.getByTestId('reconcile-CNY').innerText();
    await page.locator('tr.ant-table-row').filter({ hasText: '合计' }).waitFor();

    await page.getByText('近 7 天').click();
    await expect.poll(() => page.url()).toContain('days=7');
    await expect.poll(() => page.getByTestId('reconcile-CNY').innerText()).not.toBe(month);
    await page
      .getByTestId('reconcile-CNY')
      .getByText(/与账本核对一致/)
      .waitFor();

    const { name, sheet } = await downloadSheet(page, () => page.getByRole('button', { name: '导出 Excel' }).click());
    expect(name).toBe('资金报表.xlsx');
    expect(sheet.getRow(1).getCell(1).value).toBe('日期');
    expect(sheet.rowCount).toBeGreaterThan(1);
  }, 120_000);

  it('流转时效: weekly medians per stage, then by marketplace', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'ops1');
    const page = await ctx.newPage();
    await page.goto(e.url('/report/leadTimes'));
    await page.getByRole('img', { name: '各环节时效中位数（小时，按周）' }).locator('canvas').first().waitFor();
    await page.locator('tr.ant-table-row').filter({ hasText: '付款 → 采购' }).first().waitFor();
    await page.locator('tr.ant-table-row').filter({ hasText: '提交打包 → 发货' }).first().waitFor();

    await page.getByText('按平台').click();
    await expect.poll(() => page.url()).toContain('by=marketplace');
    await page.locator('tr.ant-table-row').filter({ hasText: '淘宝' }).first().waitFor();
    const { sheet } = await downloadSheet(page, () => page.getByRole('button', { name: '导出 Excel' }).click());
    expect(sheet.getRow(1).getCell(2).value).toBe('环节');
  }, 120_000);
});
