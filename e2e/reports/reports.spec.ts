import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { loginApi, openFromSidebar, useE2E } from '../support/browser';
import { businessDayOf, rollupDue } from '../../packages/server/src/modules/report/rollup';
import { post } from '../../packages/server/src/modules/ledger/service';
import { members } from '../../packages/server/src/db/schema';

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

/** A table's cell texts by column title, for the rows that contain `rowText`. */
async function rowByTitle(page: Page, rowText: string): Promise<Map<string, string>> {
  const table = page
    .locator('.ant-table-wrapper')
    .filter({ has: page.locator('tr.ant-table-row').filter({ hasText: rowText }) })
    .first();
  const titles = (await table.locator('.ant-table-thead > tr > th:not(.ant-table-cell-scrollbar)').allInnerTexts()).map((t) => t.trim());
  const cells = table.locator('tr.ant-table-row').filter({ hasText: rowText }).first().locator('> td');
  const out = new Map<string, string>();
  for (const [i, title] of titles.entries()) out.set(title, (await cells.nth(i).innerText()).trim());
  return out;
}
/** "1,234.56 CNY" or "—" in major units. */
const amountOf = (text: string | undefined) => (!text || text === '—' ? 0 : Number(text.replace(/[^\d.-]/g, '')));

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
    // Busy time is defined on the page, and every step counts some: no worker does thousands of steps per busy hour.
    expect(await page.getByTestId('busy-note').innerText()).toContain('每步至少 20 秒');
    const workers = page.locator('.ant-table-wrapper').last();
    const titles = (await workers.locator('.ant-table-thead > tr > th').allInnerTexts()).map((t) => t.trim());
    const perBusyHour = await workers.locator(`tr.ant-table-row > td:nth-child(${titles.indexOf('每工作小时步数') + 1})`).allInnerTexts();
    const busy = await workers.locator(`tr.ant-table-row > td:nth-child(${titles.indexOf('忙碌时长') + 1})`).allInnerTexts();
    expect(perBusyHour.length).toBeGreaterThan(0);
    for (const v of perBusyHour) expect(Number(v), v).toBeLessThanOrEqual(180);
    for (const v of busy) expect(v).not.toBe('0.0 小时');

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

  it('资金报表 agrees with the ledger right after a ledger write (no 立即更新), and its chart has the table’s signs', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await openFromSidebar(page, '数据报表', '资金报表');
    const check = page.getByTestId('reconcile-CNY');
    await check.getByText(/与账本核对一致/).waitFor();
    const today = businessDayOf(e.server.clock.now());
    const before = await check.innerText();
    const beforeTopup = (await page.locator('tr.ant-table-row').filter({ hasText: today }).count()) ? amountOf((await rowByTitle(page, today)).get('充值')) : 0;

    // A member tops up 123.45 CNY and pays 45.67 CNY for goods: the ledger's rows, written as every balance change writes them.
    const [m] = await e.server.db.select({ id: members.id }).from(members).where(eq(members.userCode, 'U100103'));
    await e.server.db.transaction(async (tx) => {
      const entry = { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY' } as const;
      await post(tx, { ...entry, amount: 123_45, type: 'recharge', refType: 'recharge', refId: 'E2E-MONEY-1' }, e.server.clock.now());
      await post(tx, { ...entry, amount: -45_67, type: 'payment', refType: 'shop_order', refId: 'E2E-MONEY-2' }, e.server.clock.now());
    });
    // The clerk looks again (F5): no 立即更新 pressed, the report already has it and agrees.
    await page.reload();
    await expect.poll(() => check.innerText()).not.toBe(before);
    expect(await check.innerText()).toMatch(/^与账本核对一致/);
    const net = (text: string) => amountOf(/净额 ([\d,.-]+) CNY/.exec(text)?.[1]);
    expect(Math.round((net(await check.innerText()) - net(before)) * 100)).toBe(123_45 - 45_67);
    const row = await rowByTitle(page, today);
    expect(Math.round((amountOf(row.get('充值')) - beforeTopup) * 100)).toBe(123_45);

    // The chart's last day (hover its right end): each series has the sign and amount of the table's cell.
    const chart = page.getByRole('img', { name: '每日充值、支付与退款' });
    const over = chart.locator('.u-over');
    const box = (await over.boundingBox())!;
    await over.hover({ position: { x: box.width - 2, y: box.height / 2 } });
    const legend = async (label: string) =>
      (await chart.locator('.u-legend .u-series').filter({ hasText: label }).locator('.u-value').innerText()).replace(/,/g, '');
    await expect.poll(() => legend('净额')).not.toBe('--');
    // Today's goods are a payment: below zero in the table and on the chart alike.
    expect(amountOf(row.get('商品货款'))).toBeLessThan(0);
    const lastDay = (await page.locator('tr.ant-table-row:not(.report-total-row) > td:first-child').allInnerTexts()).filter((d) => /^\d{4}-/.test(d)).at(-1)!;
    const shownRow = await rowByTitle(page, lastDay);
    for (const label of ['充值', '商品货款', '运费', '退款', '净额'])
      expect([label, Number(await legend(label))]).toEqual([label, amountOf(shownRow.get(label))]);
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
