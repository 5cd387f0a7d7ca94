import { describe, expect, it } from 'vitest';
import { loginApi, useE2E } from '../support/browser';

const e2e = useE2E();

describe('sensitive operation configuration', () => {
  it('a super admin finds a type on with himself as verifier after the first start, names another verifier, switches a type off; the outbox tab shows the codes', async () => {
    const e = e2e();
    const ctx = await e.context();
    const token = await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/verifyConfig'));
    // After the first start: on, verified by the super admin.
    const row = page.locator('tr').filter({ hasText: 'modify_user_status' });
    await row.getByText('已开启').waitFor();
    expect(await row.innerText()).toContain('超级管理员');
    await row.getByRole('button', { name: '配置' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '配置敏感操作验证' });
    await dialog.getByText('关闭后该操作将被拒绝执行').waitFor();
    expect(await dialog.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    // Enabled without a verifier is refused.
    await dialog.locator('.ant-select-selection-item').filter({ hasText: '超级管理员' }).locator('.ant-select-selection-item-remove').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('开启验证时至少选择一名验证人').waitFor();
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: 'finance1' }).click();
    await dialog.locator('.ant-modal-title').click(); // closes the multi-select's dropdown
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    // What stays on screen, not the 3-second toast (a loaded machine can paint it after it has gone): the dialog closes
    // once saved and the row names the new verifier.
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('财务小陈');
    expect(await row.innerText()).not.toContain('超级管理员');
    await row.getByText('已开启').waitFor();

    const check = await e.server.call<{ enable: boolean; subjectList: { username: string }[] }>('GET', '/api/admin/verifyEnable', {
      token,
      query: { type: 'modify_user_status' },
    });
    expect(check.data.enable).toBe(true);
    expect(check.data.subjectList.map((s) => s.username)).toEqual(['finance1']);

    // Switched off: the screen and the enable check say so (the server now refuses the operation).
    await row.getByRole('button', { name: '配置' }).click();
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' }); // closes once saved
    await row.getByText('未开启').waitFor();
    const off = await e.server.call<{ enable: boolean }>('GET', '/api/admin/verifyEnable', { token, query: { type: 'modify_user_status' } });
    expect(off.data.enable).toBe(false);

    await page.getByRole('tab', { name: '发件箱' }).click();
    await page.getByText('未配置邮件服务器时，验证码保存在此，仅超级管理员可见').waitFor();
  });
});
