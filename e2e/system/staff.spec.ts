import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginApi, loginUi, pickByKeyboard, sidebarLabels, submenuLabels, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr').filter({ hasText: text });

describe('staff accounts, roles and audit trail', () => {
  it('creates a role granting one screen, a staff account holding it, who then sees only that screen and can use it', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();

    // Role with the staff accounts screen only (not role management).
    await page.goto(e.url('/systemManage/role'));
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleModal = page.locator('.ant-modal').filter({ hasText: '新增角色' });
    await typeByHand(roleModal.getByLabel('角色标识'), 'Bad Key');
    await typeByHand(roleModal.getByLabel('角色名称'), '人事专员');
    await roleModal.getByRole('button', { name: /保\s*存/ }).click();
    await roleModal.getByText('角色标识需为2~64位小写字母、数字或下划线').waitFor();
    await typeByHand(roleModal.getByLabel('角色标识'), 'staffer');
    await roleModal.locator('.ant-tree-treenode').filter({ hasText: '管理员账号' }).locator('.ant-tree-checkbox').click();
    await roleModal.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').waitFor();
    await row(page, 'staffer').getByText('1 个页面').waitFor();

    // Staff account with that role.
    await page.goto(e.url('/systemManage/adminUser'));
    await page.getByRole('button', { name: '新增管理员' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新增管理员' });
    await typeByHand(modal.getByLabel('用户名'), 'ab');
    await typeByHand(modal.getByLabel('姓名'), '人事小孙');
    await typeByHand(modal.getByLabel('密码'), 'short');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await modal.getByText('用户名需为3~32位字母、数字或下划线').waitFor();
    await modal.getByText('密码需为8~64位，且同时包含字母和数字').waitFor();
    await modal.getByText('请至少选择一个角色').waitFor();
    await typeByHand(modal.getByLabel('用户名'), 'staffer1');
    await typeByHand(modal.getByLabel('密码'), 'staff12345');
    // The role by keyboard (a clicked option could be lost while the list was still opening under load).
    await pickByKeyboard(modal.getByLabel('角色'), 'staffer', '人事专员');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').waitFor();
    await row(page, 'staffer1').getByText('人事专员').waitFor();

    const other = await e.context();
    const p2 = await other.newPage();
    await p2.goto(e.url('/login'));
    await loginUi(p2, 'staffer1', 'staff12345');
    await p2.getByText('欢迎，人事小孙').waitFor();
    expect(await sidebarLabels(p2)).toEqual(['首页', '系统管理']);
    expect(await submenuLabels(p2, '系统管理')).toEqual(['管理员账号']);
    // The role selector works without the role-management permission.
    await p2.goto(e.url('/systemManage/adminUser'));
    await row(p2, 'staffer1').waitFor();
    await p2.getByRole('button', { name: '新增管理员' }).click();
    await p2.locator('.ant-modal').filter({ hasText: '新增管理员' }).getByLabel('角色').click();
    await p2.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('人事专员', { exact: true }).waitFor();
    expect(await p2.locator('.ant-message-notice').count()).toBe(0);
    await p2.goto(e.url('/systemManage/role'));
    await p2.getByText('无权访问').waitFor();
  });

  it('changing an account status asks first; Cancel changes nothing', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/adminUser?username=warehouse2'));
    await row(page, 'warehouse2').getByText('正常').waitFor();

    const ask = async () => {
      await row(page, 'warehouse2')
        .getByRole('button', { name: /更改状态/ })
        .click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '禁用' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText('确定将账号「warehouse2」的状态改为「禁用」吗？').waitFor();
      await confirm.getByText('该账号当前的登录会话将被结束。').waitFor();
      return confirm;
    };
    let confirm = await ask();
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row(page, 'warehouse2').getByText('正常').count()).toBe(1);

    confirm = await ask();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await row(page, 'warehouse2').getByText('禁用').waitFor();
    await expect(e.server.login('warehouse2', 'demo12345')).rejects.toThrow();
  });

  it('a role in use cannot be deleted; an unused one is deleted after confirmation', async () => {
    const e = e2e();
    const ctx = await e.context();
    // One session: a second login of the same account would end the browser's (50012).
    const token = await loginApi(e, ctx);
    await e.server.call('POST', '/api/role/save', { token, body: { key: 'temp_role', name: '临时角色', description: '', routes: [] } });
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/role'));
    expect(
      await row(page, '仓库')
        .getByRole('button', { name: /删\s*除/ })
        .isDisabled(),
    ).toBe(true);
    await row(page, 'temp_role')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定删除角色「临时角色」吗？此操作不可恢复。').waitFor();
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await row(page, 'temp_role').waitFor({ state: 'detached' });
  });

  it('the audit trail lists writes with before and after, filtered by action through the URL', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/audit'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await typeByHand(page.getByLabel('动作'), 'admin.login');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL((u) => u.searchParams.get('action') === 'admin.login');
    // Codes are shown by their labels: admin.login is 员工账号 · 登录, its target 员工账号.
    await expect
      .poll(async () => (await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts()).every((t) => t.includes('员工账号 · 登录')))
      .toBe(true);
    expect(await page.locator('.ant-table-tbody').innerText()).not.toContain('admin.login');
    // Times are y-m-d h:i:s.
    expect(await page.locator('.ant-table-tbody tr.ant-table-row td').nth(1).innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.reload();
    expect(await page.getByLabel('动作').inputValue()).toBe('admin.login');
  });

  it('table columns can be resized and keep their width per route and column', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/adminUser'));
    const header = page.locator('th').filter({ hasText: '用户名' });
    await header.waitFor();
    const before = (await header.boundingBox())!.width;
    const handle = header.locator('.col-resize-handle');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 50);
    expect(await page.evaluate(() => localStorage.getItem('waystation-col-width:/systemManage/adminUser:username'))).toMatch(/^\d+$/);
    await page.reload();
    await page.locator('th').filter({ hasText: '用户名' }).waitFor();
    expect((await page.locator('th').filter({ hasText: '用户名' }).boundingBox())!.width).toBeGreaterThan(before + 50);
  });
});
