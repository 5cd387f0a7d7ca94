import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { loginApi, useE2E } from '../support/browser';

const e2e = useE2E();

describe('导出 from a list', () => {
  it('exports every package the tab and filters select (not just the page), with progress, then downloads the workbook', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'warehouse1');
    const page = await ctx.newPage();
    await page.goto(e.url('/WarehouseManage/packQuery?status=shipped&limit=10'));
    const rows = page.locator('tr.ant-table-row');
    await rows.first().waitFor();
    const totalText = await page.locator('.ant-pagination-total-text').innerText();
    const total = Number(totalText.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10); // more than the page shows

    await page.getByRole('button', { name: /导\s*出/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导出 包裹列表' });
    await dialog.getByText(`导出完成：${total} 行`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下\s*载/ }).click()]);
    expect(download.suggestedFilename()).toBe('包裹列表.xlsx');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-export-')), 'x.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('包裹号');
    const statuses = new Set((sheet.getColumn(2).values as string[]).slice(2));
    expect([...statuses]).toEqual(['已发货']);
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await dialog.waitFor({ state: 'hidden' });
  }, 120_000);
});
