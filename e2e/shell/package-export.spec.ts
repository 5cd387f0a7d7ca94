import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';
import { newPackage } from '../../packages/server/src/modules/goodsOut/factory';
import { loginApi, openFromSidebar, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

/** A cell as Excel shows it: its number through the cell's number format (1,234.50 "CNY", 0 "g"); empty as "-". */
function shown(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v !== 'number') return String(v);
  const format = /^(#,##)?0(\.0+)? ?(?:"(.*)")?$/.exec(cell.numFmt ?? '');
  if (!format) return String(v);
  const decimals = format[2] ? format[2].length - 1 : 0;
  const text = format[1] ? v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }) : v.toFixed(decimals);
  return format[3] ? `${text} ${format[3]}` : text;
}

const text = async (l: Locator) => ((await l.innerText()).trim() || '-').replace(/\s+/g, ' ');

describe('包裹查询 导出', () => {
  it('every exported cell of a packed package is what the list and 包裹详情 show: same labels, values and units', async () => {
    const e = e2e();
    // Weighed at 950 g against a 600 g estimate: the export must write what was weighed.
    const p = await newPackage(e.server.db, {
      status: 'packed',
      memberCode: 'U100002',
      items: 2,
      itemWeightG: 420,
      estimatedWeightG: 600,
      packedWeightG: 950,
      dims: [240, 160, 110],
    });
    expect([p.status, p.estimatedWeightG, p.realWeightG]).toEqual(['packed', 600, 950]);

    const ctx = await e.context();
    await loginApi(e, ctx, 'warehouse1');
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await openFromSidebar(page, '仓库管理', '包裹查询');
    await typeByHand(page.getByTestId('number-value'), p.packageNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: p.packageNo });
    await row.waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);

    // The list's row by its column titles.
    const titles = (await page.locator('.ant-table-thead > tr > th:not(.ant-table-cell-scrollbar)').allInnerTexts()).map((t) => t.trim());
    const cells = row.locator('> td');
    const onList = new Map<string, string>();
    for (const [i, title] of titles.entries()) if (title) onList.set(title, await text(cells.nth(i)));
    expect(onList.get('实重')).toBe('950 g');
    expect(onList.get('预估重量')).toBe('600 g');

    await page.getByRole('button', { name: /导\s*出/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导出 包裹列表' });
    await dialog.getByText('导出完成：1 行').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下\s*载/ }).click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-export-')), 'x.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0];
    const exported = new Map<string, string>();
    sheet.getRow(1).eachCell((head, col) => exported.set(String(head.value), shown(sheet.getRow(2).getCell(col))));
    expect(exported.get('实重')).toBe('950 g');
    expect(sheet.getRow(2).getCell([...exported.keys()].indexOf('实重') + 1).value).toBe(950);

    // Every exported column is a column of the list, with the same text.
    expect(
      [...exported.keys()].every((k) => onList.has(k)),
      [...exported.keys()].join(','),
    ).toBe(true);
    expect(Object.fromEntries(exported)).toEqual(Object.fromEntries([...exported.keys()].map((k) => [k, onList.get(k)])));

    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // 包裹详情 shows each exported column under the same label, with the same text.
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await page.getByTestId('detail-package-no').waitFor();
    const onDetail = new Map<string, string>();
    onDetail.set('包裹号', await text(page.getByTestId('detail-package-no')));
    onDetail.set('状态', await text(page.locator('.ant-card-head-title .ant-tag').first()));
    const items = page.locator('.ant-descriptions-item-container');
    for (let i = 0; i < (await items.count()); i++) {
      const label = (await items.nth(i).locator('.ant-descriptions-item-label').innerText()).trim();
      onDetail.set(label, await text(items.nth(i).locator('.ant-descriptions-item-content')));
    }
    expect(Object.fromEntries(exported)).toEqual(Object.fromEntries([...exported.keys()].map((k) => [k, onDetail.get(k)])));
  }, 120_000);
});
