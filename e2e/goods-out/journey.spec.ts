import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfText } from '../../packages/server/src/testing/factories/goods-in';
import { itemCodesOf, newPackage, systemOp } from '../../packages/server/src/modules/goodsOut/factory';
import { payPackage } from '../../packages/server/src/modules/goodsOut/orders';
import { admins } from '../../packages/server/src/db/schema';
import { enableVerify, lastCodeFor } from '../../packages/server/src/testing/factories/money-people';
import { typeByHand } from '../support/browser';
import { expectDriverBanner, lastScanLog, scan, scanReady, useStationServer } from '../support/stations';

const station = useStationServer('goods-out', { now: () => new Date() });

const pageAs = (username: string) => station.page(username);

const expectLog = async (page: Page, text: string, tone: 'success' | 'error' | 'info' | 'warning') => {
  await expect.poll(() => lastScanLog(page).innerText(), { timeout: 10_000 }).toContain(text);
  expect(await lastScanLog(page).getAttribute('class')).toContain(`scan-log-${tone}`);
};
const ok = (page: Page) => page.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定|OK/ });

describe('goods out, through the screens', () => {
  it('takes one package from pack_pretrial to shipped with a scanner: pre-review, removal, packing, label, sack, batch, manifest', async () => {
    const p = await newPackage(station.server.db, { country: 'CA', titles: ['端到端 帆布包', '端到端 马克杯'] });
    const codes = await itemCodesOf(station.server.db, p.id);
    const other = await newPackage(station.server.db, { status: 'remove_wait', country: 'CA' });
    const otherCode = (await itemCodesOf(station.server.db, other.id))[0];
    const wh = await pageAs('warehouse1');

    // Pre-review: pass with the estimated weight; the quote is EMS 欧美澳 on 900 g.
    await wh.goto(`${station.server.url}/WarehouseManage/packPretrial`);
    await wh.getByTestId(`pass-${p.id}`).click();
    await typeByHand(wh.getByTestId('estimated-weight'), '900');
    await ok(wh).click();
    await wh.locator('.ant-message-notice').filter({ hasText: '205.00 CNY' }).waitFor();

    // The member pays on the member site.
    await payPackage(station.server.db, p.id, await systemOp(station.server.db, new Date()));

    // Removal: lock the package, a wrong item is a loud error, then both items off their shelves.
    await wh.goto(`${station.server.url}/WarehouseManage/packagesOutShelves`);
    await wh.getByText('请将电脑键盘切换为英文输入法，否则可能导致扫描失败').waitFor();
    await scanReady(wh);
    await scan(wh, p.packageNo);
    await expect.poll(() => wh.getByTestId('current-package').innerText(), { timeout: 10_000 }).toBe(p.packageNo);
    await scan(wh, otherCode);
    await expectLog(wh, `属于包裹 ${other.packageNo}，不属于当前包裹 ${p.packageNo}`, 'error');
    await scan(wh, codes[0]);
    await expectLog(wh, '下架成功 1/2', 'success');
    await scan(wh, codes[1]);
    await expectLog(wh, `包裹 ${p.packageNo} 已全部下架`, 'success');
    await expect.poll(() => wh.evaluate(() => window.__wsSpoken?.join('|') ?? ''), { timeout: 10_000 }).toContain(`包裹 ${p.packageNo} 已全部下架`);

    // Packing: open, check both items, weigh and measure, print the label, scan it.
    await wh.goto(`${station.server.url}/WarehouseManage/packing`);
    await expectDriverBanner(wh);
    await scanReady(wh);
    await scan(wh, p.packageNo);
    await expect.poll(() => wh.getByTestId('checklist-item').count(), { timeout: 10_000 }).toBe(2);
    for (const c of codes) await scan(wh, c);
    await expectLog(wh, '商品已全部核对，请称重', 'success');
    await typeByHand(wh.getByTestId('pack-weightG'), '950');
    await typeByHand(wh.getByTestId('pack-lengthMm'), '200');
    await typeByHand(wh.getByTestId('pack-widthMm'), '150');
    await typeByHand(wh.getByTestId('pack-heightMm'), '100');
    await wh.getByTestId('submit-weigh').click();
    await expect.poll(() => wh.getByTestId('freight-real').innerText(), { timeout: 10_000 }).toBe('205.00 CNY');
    const labelHref = await wh.getByTestId('label-link').getAttribute('href');
    const label = await wh.request.get(`${station.server.url}${labelHref}`);
    expect(label.headers()['content-type']).toBe('application/pdf');
    const labelText = await pdfText(await label.body());
    for (const s of [p.packageNo, 'EMS 国际特快', 'CA', '950 g', '3000 cm³', '打包：仓库小王']) expect(labelText).toContain(s);
    await scanReady(wh);
    await scan(wh, p.packageNo);
    await expectLog(wh, `${p.packageNo} 面单确认，待分拣`, 'success');

    // Bind a sack card to EMS for Canada.
    await wh.goto(`${station.server.url}/WarehouseManage/sortingOutStorage/bindSack`);
    await expectDriverBanner(wh);
    await typeByHand(wh.getByTestId('sack-code'), 'SKE2E-CA-1');
    await wh.locator('.ant-form-item').filter({ hasText: '渠道' }).locator('.ant-select').click();
    await wh.locator('.ant-select-item-option').filter({ hasText: 'EMS 国际特快' }).click();
    // The destinations are the enabled countries: the worker types to find one.
    await wh.locator('.ant-form-item').filter({ hasText: '国家' }).locator('.ant-select').click();
    await wh.keyboard.type('CA');
    await wh
      .locator('.ant-select-item-option')
      .filter({ hasText: /^加拿大 CA$/ })
      .click();
    await wh.getByTestId('bind-submit').click();
    await wh.getByTestId('bound-sack').filter({ hasText: 'SKE2E-CA-1' }).waitFor();

    // Sorting: the package shows its sack; the sack card puts it there.
    await wh.goto(`${station.server.url}/WarehouseManage/sortingOutStorage`);
    await expectDriverBanner(wh);
    await scanReady(wh);
    await scan(wh, p.packageNo);
    await expect.poll(() => wh.getByTestId('target-sack').innerText(), { timeout: 10_000 }).toBe('SKE2E-CA-1');
    await scan(wh, 'SKE2E-CA-1');
    await expectLog(wh, `${p.packageNo} 已装入 SKE2E-CA-1`, 'success');

    // Seal the sack with its weight.
    await wh.getByRole('tab', { name: '麻袋' }).click();
    await wh.getByTestId('seal-SKE2E-CA-1').click();
    await typeByHand(wh.getByTestId('seal-weight'), '1000');
    await ok(wh).click();
    await wh.locator('.ant-message-notice').filter({ hasText: '已封袋' }).waitFor();

    // Out of storage: a new batch, the sealed sack scanned into it, hand-over with the tracking number.
    await wh.getByRole('tab', { name: '出库' }).click();
    await wh.getByTestId('new-batch').click();
    await scanReady(wh);
    await scan(wh, 'SKE2E-CA-1');
    await expectLog(wh, '麻袋 SKE2E-CA-1 已出库', 'success');
    const batchNo = (await wh.locator('[data-testid^="handover-OB"]').first().getAttribute('data-testid'))!.replace('handover-', '');
    await wh.getByTestId(`handover-${batchNo}`).click();
    await typeByHand(wh.getByTestId(`tracking-${p.packageNo}`), 'EE900000001CN');
    await wh.getByTestId('handover-ok').click();
    await wh.locator('.ant-message-notice').filter({ hasText: '已交接发货' }).waitFor();

    // The manifest, as PDF and Excel.
    const pdfHref = await wh.getByTestId(`manifest-pdf-${batchNo}`).getAttribute('href');
    const manifest = await pdfText(await (await wh.request.get(`${station.server.url}${pdfHref}`)).body());
    for (const s of [`出库清单 ${batchNo}`, 'SKE2E-CA-1', p.packageNo, 'EE900000001CN']) expect(manifest).toContain(s);
    const xlsxHref = await wh.getByTestId(`manifest-xlsx-${batchNo}`).getAttribute('href');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await (await wh.request.get(`${station.server.url}${xlsxHref}`)).body()) as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    // The customs declaration rides along (issue #33): the purchase lines' titles, one per line.
    expect(rows.slice(2)).toEqual([
      [
        'SKE2E-CA-1',
        p.packageNo,
        'U100001',
        'Alice Martin',
        'CA',
        'EMS 国际特快',
        950,
        118,
        2,
        '端到端 帆布包 ×1; 端到端 马克杯 ×1',
        'EE900000001CN',
        '已发货',
      ],
    ]);

    // The package query shows it shipped, and its timeline every step.
    await wh.goto(`${station.server.url}/WarehouseManage/packDetail?id=${p.id}`);
    await expect.poll(() => wh.getByTestId('package-status').first().innerText(), { timeout: 10_000 }).toBe('已发货');
    const steps = (await wh.getByTestId('trace-item').allInnerTexts()).map((s) => s.split('\n')[0].split(' ')[0]);
    expect(steps).toEqual([
      '创建包裹订单',
      '预审通过',
      '发起支付',
      '支付成功',
      '待下架',
      '下架',
      '下架',
      '打包',
      '打包',
      '修改包裹重量',
      '面单确认',
      '分拣',
      '出库',
      '发货',
    ]);
  });

  it('shows the demo queues on the list screens, and resolves an exception back to where it was raised', async () => {
    const p = await newPackage(station.server.db, { status: 'exception', country: 'CA' });
    const wh = await pageAs('warehouse2');
    await wh.goto(`${station.server.url}/WarehouseManage/packQuery?status=remove_wait`);
    await expect.poll(() => wh.locator('.ant-table-row').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    for (const s of await wh.getByTestId('package-status').allInnerTexts()) expect(s).toBe('待下架');
    await wh.goto(`${station.server.url}/WarehouseManage/packagesOutShelves/controlOutShelves`);
    await expect.poll(() => wh.locator('.ant-table-row').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await wh.goto(`${station.server.url}/WarehouseManage/abnormalPackage`);
    await wh.getByTestId(`exception-${p.packageNo}`).click();
    await typeByHand(wh.getByTestId('resolution'), '已重新加固');
    await wh.getByTestId('resolve').click();
    await ok(wh).click();
    await wh.locator('.ant-message-notice').filter({ hasText: '操作成功' }).waitFor();
    await wh.goto(`${station.server.url}/WarehouseManage/packDetail?id=${p.id}`);
    await expect.poll(() => wh.getByTestId('package-status').first().innerText(), { timeout: 10_000 }).toBe('打包中');
    expect((await wh.getByTestId('trace-item').allInnerTexts()).at(-1)).toContain('已重新加固');

    // A sensitive change (SPEC §6): the weight, through the verify dialog, with warehouse2 as the verifier.
    const [me] = await station.server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'warehouse2'));
    await enableVerify(station.server, 'modify_package_attr', [me.id]);
    await wh.getByTestId('modify-modifyWeight').click();
    const dialog = wh.locator('.ant-modal').filter({ hasText: '修改重量' });
    await typeByHand(dialog.getByLabel('重量', { exact: true }), '1234');
    await typeByHand(dialog.getByLabel('修改原因'), '复称');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const verify = wh.locator('.ant-modal').filter({ hasText: '安全验证' });
    await verify.waitFor();
    expect(await verify.getByTestId('verify-operation').innerText()).toBe('修改包裹属性');
    await verify.getByRole('button', { name: '发送验证码' }).click();
    await verify.getByText('验证码已发送给').waitFor();
    await typeByHand(verify.getByLabel('验证码', { exact: true }), await lastCodeFor(station.server, me.id));
    await verify.getByRole('button', { name: '验证并继续' }).click();
    await wh.locator('.ant-message-notice').filter({ hasText: '操作成功' }).waitFor();
    await expect.poll(() => wh.getByTestId('trace-item').last().innerText(), { timeout: 10_000 }).toContain('900 g → 1234 g（复称）');
  });
});
