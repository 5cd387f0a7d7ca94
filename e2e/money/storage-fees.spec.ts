import { describe, expect, it } from 'vitest';
import { loginApi, passVerify, toast, typeByHand, useE2E } from '../support/browser';
import { newShelvedItem } from '../../packages/server/src/modules/goodsOut/factory';
import { newMember } from '../../packages/server/src/testing/factories/money-people';
import { balanceOf } from '../../packages/server/src/testing/factories/goods-in';
import { chargeStorageFees } from '../../packages/server/src/modules/storageFee/service';

const e2e = useE2E();

describe('财务管理 › 仓储费', () => {
  it('lists the overdue item, its daily fee after the job, and waives it with a reason after verification', async () => {
    const e = e2e();
    const now = e.server.clock.now().getTime();
    const m = await newMember(e.server);
    const { item } = await newShelvedItem(e.server.db, { memberCode: m.userCode, now: new Date(now - 100 * 86_400_000) });
    await chargeStorageFees(e.server.db, e.server.clock.now()); // the daily storageFee.charge job
    const before = await balanceOf(e.server.db, m.id);

    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/financialManage/storageFee'));
    await typeByHand(page.getByLabel('用户编码'), m.userCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: item.itemCode });
    await row.waitFor();
    expect(await row.innerText()).toContain('已超期');
    expect(await row.innerText()).toContain('1.00 CNY');

    await page.getByRole('tab', { name: '仓储费记录' }).click();
    await expect.poll(() => page.url()).toContain('tab=fees');
    await typeByHand(page.getByLabel('用户编码'), m.userCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const fee = page.locator('tr.ant-table-row').filter({ hasText: item.itemCode });
    await fee.getByText('已扣费').waitFor();
    await fee.getByRole('checkbox').click();
    await page.getByRole('button', { name: '减免所选' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '减免 1 条仓储费' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请填写减免原因').waitFor();
    await typeByHand(dialog.getByLabel('减免原因'), '入库延误，免收');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await passVerify(page, e.server, { operation: '减免仓储费' });
    await toast(page, '已减免 1 条，退回 1.00 CNY').waitFor();
    await fee.getByText('已减免').waitFor();
    expect(await fee.innerText()).toContain('入库延误，免收');
    expect(await balanceOf(e.server.db, m.id)).toBe(before + 100);
  }, 120_000);
});
