import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentWithdrawals, ledgerEntries, refundRequests } from '../../packages/server/src/db/schema';
import { checkLedger } from '../../packages/server/src/modules/ledger/service';
import { reconcileWithdrawals } from '../../packages/server/src/modules/finance/service';
import { loginApi, passVerify, toast, useE2E } from '../support/browser';

const e2e = useE2E();

describe('money reviews in the browser (demo data)', () => {
  it('an agent withdrawal is approved, then paid with proof', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/financialManage/agentWithdrawalManage'));
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'Nordic Haul' });
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: '审核通过' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.getByText('待打款').waitFor();
    await row.getByRole('button', { name: '确认打款' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '打款凭证' });
    const proof = dialog.getByLabel('打款凭证');
    // The dialog has opened when its field shows; OK with the field empty is refused under it.
    await proof.waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allInnerTexts(), { timeout: 15_000 }).toContain('请填写打款凭证');
    await proof.click();
    await proof.pressSequentially('ICBC-20261122-0001', { delay: 10 });
    await expect.poll(() => proof.inputValue()).toBe('ICBC-20261122-0001');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await row.getByText('已打款').waitFor();
    const [w] = await e.server.db.select().from(agentWithdrawals).where(eq(agentWithdrawals.payProof, 'ICBC-20261122-0001'));
    expect(w.status).toBe('paid');
    expect((await reconcileWithdrawals(e.server.db)).mismatches).toEqual([]);
  });

  it('a refund review pays the member once', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const [refund] = await e.server.db.select().from(refundRequests).where(eq(refundRequests.sourceNo, 'PKG-DEMO-LOST'));
    const page = await ctx.newPage();
    await page.goto(e.url('/afterSalesManage/refunded'));
    await page
      .locator('tr.ant-table-row')
      .filter({ hasText: refund.refundNo })
      .getByRole('button', { name: /详\s*情/ })
      .click();
    const card = page.locator('.ant-card').filter({ hasText: `退款单 ${refund.refundNo}` });
    await card.getByText('退款审核中').waitFor();
    await card.getByRole('button', { name: '审核通过' }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '128.00 CNY' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    // Then the verify dialog: refund_review is on after the first start, with the super admin as verifier.
    await passVerify(page, e.server, { operation: '退款审核' });
    await toast(page, '操作成功').waitFor();
    await card.getByText('已退款').waitFor();
    await expect.poll(async () => card.getByRole('button', { name: '审核通过' }).count()).toBe(0);
    const rows = await e.server.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'refund'), eq(ledgerEntries.refId, String(refund.id))));
    expect(rows.map((r) => r.amount)).toEqual([12_800]);
    const check = await checkLedger(e.server.db);
    expect(check.balanceMismatches.length + check.runningMismatches).toBe(0);
  });
});
