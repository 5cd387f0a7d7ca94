import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { packageDeclarations, packageItems, packages } from '../../packages/server/src/db/schema';
import { newPackage } from '../../packages/server/src/modules/goodsOut/factory';
import { passVerify, typeByHand } from '../support/browser';
import { useStationServer } from '../support/stations';

/** Issue 30.1: staff take a stalled pack order out of pre-review from 包裹详情 (fail, back to pre-review, cancel). */
const station = useStationServer('pack-detail-actions', { now: () => new Date() });

const statusShown = (page: Page) => page.getByTestId('package-status').first().innerText();
const dbStatus = async (id: number) => (await station.server.db.select({ s: packages.status }).from(packages).where(eq(packages.id, id)))[0].s;

/**
 * A dialog that has stopped moving: station pages keep antd's animations, and a button pressed while the dialog still
 * zooms in is released over the backdrop, so the click is lost (seen in CI under load).
 */
async function settled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
}

/** Clicks an action of 包裹详情, fills its dialog's one field by hand, confirms, and waits for the success message. */
async function act(page: Page, action: 'fail' | 'reopen' | 'cancel', title: string, field: string, text: string): Promise<void> {
  await page.getByTestId(`pack-${action}`).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: title });
  await settled(dialog);
  await typeByHand(dialog.getByLabel(field), text);
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '操作成功' }).last().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('包裹详情: a pack order that fails or stalls', () => {
  it('fails a quoted package with a reason, sends it back to pre-review, fails it again and cancels it', async () => {
    const p = await newPackage(station.server.db, { status: 'pack_pretrial_pass' });
    const wh = await station.page('warehouse1');
    await wh.goto(`${station.server.url}/WarehouseManage/packDetail?id=${p.id}`);
    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('预审通过');
    // Not shipped: 物流轨迹 says there is nothing yet (issue #33.3).
    await wh.getByTestId('pack-tracking').getByText('暂无物流轨迹').waitFor();
    // Quoted, not paid: fail or cancel; nothing to send back yet.
    expect(await wh.getByTestId('pack-reopen').count()).toBe(0);

    await act(wh, 'fail', '预审不通过', '不通过原因', '含锂电池，该渠道不可运');
    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('预审不通过');
    await expect.poll(() => wh.getByTestId('trace-item').last().innerText()).toContain('含锂电池，该渠道不可运');
    expect(await dbStatus(p.id)).toBe('pack_pretrial_fail');

    await act(wh, 'reopen', '重新预审', '备注', '会员确认已去掉电池');
    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('待预审');
    // Back in pre-review: the review's own pass and fail buttons are offered again.
    await wh.getByTestId(`pass-${p.id}`).waitFor();
    expect(await dbStatus(p.id)).toBe('pack_pretrial');

    await wh.getByTestId(`fail-${p.id}`).click();
    const failDialog = wh.locator('.ant-modal:visible').filter({ hasText: '预审不通过' });
    await settled(failDialog);
    await typeByHand(failDialog.getByLabel('不通过原因'), '地址不完整');
    await failDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('预审不通过');

    // Cancel asks for a reason of its own (the fail reason typed before is not carried over): an empty one is refused.
    await wh.getByTestId('pack-cancel').click();
    const cancelDialog = wh.locator('.ant-modal:visible').filter({ hasText: '取消包裹' });
    await cancelDialog.getByText('商品退回会员的在库商品').waitFor();
    await settled(cancelDialog);
    await cancelDialog.getByRole('button', { name: /确\s*认/ }).click();
    await cancelDialog.locator('.ant-form-item-explain-error').filter({ hasText: '取消原因' }).waitFor();
    await cancelDialog.getByRole('button', { name: /取\s*消/ }).click();
    await cancelDialog.waitFor({ state: 'hidden' });
    expect(await dbStatus(p.id)).toBe('pack_pretrial_fail');

    await act(wh, 'cancel', '取消包裹', '取消原因', '会员来电要求取消');
    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('已取消');
    expect(await wh.getByTestId('pack-cancel').count()).toBe(0);
    const items = await station.server.db.select({ released: packageItems.released }).from(packageItems).where(eq(packageItems.packageId, p.id));
    expect(items.map((i) => i.released)).toEqual([true, true]);
  }, 120_000);
});

/** Issue 30.2, the staff side: a package weighed heavier than paid waits for its top-up; staff correct its freight. */
describe('包裹详情: freight that was wrong', () => {
  const money = (minor: number) => `${(minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))(?=\d*\.)/g, ',')} CNY`;
  const rowOf = async (id: number) => (await station.server.db.select().from(packages).where(eq(packages.id, id)))[0]!;

  it('corrects the freight to what was paid: nothing is due any more, the package moves on and 运费差额 says 无需补退', async () => {
    // Quoted on 900 g, weighed in a 400 × 300 × 300 mm box: the volumetric weight bills more than was paid.
    const made = await newPackage(station.server.db, { status: 'patch_wait', estimatedWeightG: 900, dims: [400, 300, 300] });
    const before = await rowOf(made.id);
    expect(before).toMatchObject({ status: 'patch_wait', patchStatus: 'patch_wait' });
    expect(before.patchAmount).toBeGreaterThan(0);

    const wh = await station.page('warehouse1');
    await wh.goto(`${station.server.url}/WarehouseManage/packDetail?id=${made.id}`);
    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('待补运费');
    expect(await wh.getByTestId('patch-amount').innerText()).toBe(money(before.patchAmount));

    await wh.getByTestId('modify-modifyFreight').click();
    const dialog = wh.locator('.ant-modal:visible').filter({ hasText: '修改运费' });
    await settled(dialog);
    await typeByHand(dialog.getByLabel('实际运费'), (before.freightCharged / 100).toFixed(2));
    await typeByHand(dialog.getByLabel('修改原因'), '按会员协议价计费');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // Changing freight is a sensitive operation: the verifier's code first (on at the first start, the super admin verifies).
    await passVerify(wh, station.server, { operation: '修改包裹运费' });
    await wh.locator('.ant-message-notice').filter({ hasText: '操作成功' }).last().waitFor();

    await expect.poll(() => statusShown(wh), { timeout: 15_000 }).toBe('补款完成待发');
    const outcome = wh.locator('.ant-descriptions-item').filter({ hasText: '运费差额' });
    await expect.poll(() => outcome.innerText()).toContain('无需补退');
    expect(await wh.getByTestId('patch-amount').count()).toBe(0);
    await expect.poll(() => wh.getByTestId('trace-item').last().innerText()).toContain('无需补运费');
    expect(await rowOf(made.id)).toMatchObject({ status: 'pending_launch', patchStatus: 'patch_match', patchAmount: 0, freightReal: before.freightCharged });
  }, 120_000);

  it('completes a customs declaration by hand: the missing English, an HS code, the verifier; then the papers print', async () => {
    // Issue #33: the second line comes from a Chinese title, so its English description is for staff to write.
    const made = await newPackage(station.server.db, { status: 'packing', items: 2, titles: ['Wireless mouse', '蓝牙耳机'] });
    const wh = await station.page('warehouse1');
    await wh.goto(`${station.server.url}/WarehouseManage/packDetail?id=${made.id}`);
    const card = wh.getByTestId('pack-customs');
    await card.getByText('缺少英文品名').waitFor();
    expect(await card.getByRole('button', { name: '打印报关单' }).isDisabled()).toBe(true);

    await card.getByRole('button', { name: '编辑申报' }).click();
    const dialog = wh.locator('.ant-modal:visible').filter({ hasText: '编辑申报' });
    await settled(dialog);
    await typeByHand(dialog.getByLabel('英文品名').nth(1), 'Bluetooth earphones');
    await typeByHand(dialog.getByLabel('HS编码').nth(1), '851830');
    await typeByHand(dialog.getByLabel('修改原因'), '按实物补全申报');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await passVerify(wh, station.server);
    await wh.locator('.ant-message-notice').filter({ hasText: '申报已保存' }).last().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => card.getByText('缺少英文品名').count()).toBe(0);
    await card.getByRole('cell', { name: 'Bluetooth earphones' }).waitFor();
    const lines = await station.server.db
      .select()
      .from(packageDeclarations)
      .where(eq(packageDeclarations.packageId, made.id))
      .orderBy(packageDeclarations.lineNo);
    expect(lines.map((l) => [l.descriptionEn, l.hsCode])).toEqual([
      ['Wireless mouse', ''],
      ['Bluetooth earphones', '851830'],
    ]);
    // The new tab asks for the papers, a PDF: the whole browser shows it, the headless shell saves it (its address then
    // stays blank), so what the tab asked for is what is read.
    const papers = `/api/warehouse/package/customs?packageNo=${made.packageNo}&`;
    const asked = wh.context().waitForEvent('request', (r) => r.url().includes(papers));
    const [popup] = await Promise.all([wh.waitForEvent('popup'), card.getByRole('button', { name: '打印报关单' }).click()]);
    const request = await asked;
    expect(request.frame().page()).toBe(popup);
    expect((await request.response())?.headers()['content-type']).toBe('application/pdf');
    await popup.close();
  }, 120_000);
});
