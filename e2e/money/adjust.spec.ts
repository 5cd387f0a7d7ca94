import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ledgerEntries, outboxMessages } from '../../packages/server/src/db/schema';
import { adminIdOf, enableVerify, lastCodeFor, newMember } from '../../packages/server/src/testing/factories/money-people';
import { checkLedger } from '../../packages/server/src/modules/ledger/service';
import { loginApi, toast, useE2E, typeByHand } from '../support/browser';

const e2e = useE2E();

describe('member balance adjustment', () => {
  it('a finance user adjusts a balance through the verify dialog and sees the ledger row', async () => {
    const e = e2e();
    const member = await newMember(e.server, { name: 'E2E Member' });
    const ctx = await e.context();
    const token = await loginApi(e, ctx, 'finance1');
    const financeId = await adminIdOf(e.server, token);
    await enableVerify(e.server, 'modify_user_amount', [financeId]);

    const page = await ctx.newPage();
    await page.goto(e.url(`/vipManage/detail/${member.id}`));
    await expect.poll(() => page.getByTestId('member-balance').innerText()).toBe('0.00 CNY');

    await page.getByRole('button', { name: '调整余额' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '方向' });
    await typeByHand(form.getByLabel(/金额/), '0');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('金额必须大于0').waitFor();
    await typeByHand(form.getByLabel(/金额/), '50.25');
    await typeByHand(form.getByLabel('原因'), '客服补偿');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    // Confirmation first, then the verify dialog.
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '增加 50.25 CNY' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const verify = page.locator('.ant-modal').filter({ hasText: '安全验证' });
    await verify.waitFor();
    expect(await verify.getByTestId('verify-operation').innerText()).toBe('修改用户余额');
    // What is approved is shown, as the server read it, each value by its name as staff read it, and sent with the code.
    const lines = await verify
      .getByTestId('verify-summary')
      .locator('tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim()).join(' ')));
    expect(lines).toEqual([`会员 ${member.userCode}`, '方向 增加', '金额 50.25 CNY', '备注 客服补偿']);
    await verify.getByRole('button', { name: '发送验证码' }).click();
    await verify.getByText('验证码已发送给').waitFor();
    const code = await lastCodeFor(e.server, financeId);
    const [message] = await e.server.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipientAdminId, financeId))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(message.body).toContain(`会员: ${member.userCode}；方向: 增加；金额: 50.25 CNY`);
    await typeByHand(verify.getByLabel('验证码', { exact: true }), code === '000000' ? '111111' : '000000');
    await verify.getByRole('button', { name: '验证并继续' }).click();
    await verify.getByText('验证码错误').waitFor();
    await typeByHand(verify.getByLabel('验证码', { exact: true }), code);
    await verify.getByRole('button', { name: '验证并继续' }).click();
    await toast(page, '操作成功').waitFor();

    await expect.poll(() => page.getByTestId('member-balance').innerText()).toBe('50.25 CNY');
    const row = page.locator('tr.ant-table-row').filter({ hasText: '客服补偿' });
    await row.waitFor();
    expect(await row.innerText()).toContain('+50.25 CNY');

    const rows = await e.server.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, member.id));
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter, r.operatorName])).toEqual([['adjustment', 5025, 5025, '财务小陈']]);
    const check = await checkLedger(e.server.db);
    expect(check.balanceMismatches.length + check.runningMismatches).toBe(0);

    // The transaction detail opens from the row.
    await row.locator('a').first().click();
    await page.getByText('同账户前后流水').waitFor();
  });
});
