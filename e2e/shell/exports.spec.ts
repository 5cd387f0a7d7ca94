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

  it('the smaller lists export what their filters select too, each under its own name', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    const lists = [
      { path: '/systemManage/role', name: '角色列表', first: 'ID' },
      { path: '/waitPaidOrder/list', name: '待支付订单', first: '订单号' },
      { path: '/marketingManage/activitiesManage', name: '抽奖活动', first: 'ID' },
      { path: '/WarehouseManage/shelfLocation?zone=A', name: '库位列表', first: '库位码' },
      { path: '/paymentManage/configRule', name: '支付规则', first: '优先级' },
      { path: '/systemManage/webhooks', name: '推送记录', first: 'ID' },
      { path: '/marketingManage/couponManage/couponSendRecord', name: '优惠券发放明细', first: '券码' },
    ];
    for (const list of lists) {
      await page.goto(e.url(list.path));
      const exportButton = page.getByRole('button', { name: /导\s*出/ });
      await exportButton.waitFor();
      // What the list says it holds: its total, or nothing when it shows its empty state.
      // (Read once the list has loaded: while it loads, the table shows its spinner over the empty placeholder.)
      const table = page.locator('.ant-table-wrapper').last();
      await table.locator('tr.ant-table-row, .ant-empty').first().waitFor();
      await expect.poll(() => table.locator('.ant-spin-spinning').count()).toBe(0);
      const totalText = page.locator('.ant-pagination-total-text').last();
      const total = (await table.locator('tr.ant-table-row').count()) ? Number((await totalText.innerText()).replace(/\D/g, '')) : 0;
      await exportButton.click();
      const dialog = page.locator('.ant-modal').filter({ hasText: `导出 ${list.name}` });
      await dialog.getByText(`导出完成：${total} 行`).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下\s*载/ }).click()]);
      expect(download.suggestedFilename()).toBe(`${list.name}.xlsx`);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-export-')), 'x.xlsx');
      await download.saveAs(file);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      expect([list.path, wb.worksheets[0].rowCount, wb.worksheets[0].getRow(1).getCell(1).value]).toEqual([list.path, total + 1, list.first]);
      await dialog
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
      await dialog.waitFor({ state: 'hidden' });
    }
  }, 180_000);
});
