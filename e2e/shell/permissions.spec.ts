import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loginUi, pickUserMenuItem, sidebarLabels, submenuLabels, tabTitles, useE2E } from '../support/browser';

const e2e = useE2E();

describe('roles and language', () => {
  it('a warehouse user sees a smaller menu and can open neither a route it lacks nor its API', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/login'));
    await loginUi(page, 'warehouse1', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByText('欢迎，仓库小王').waitFor();
    // Dashboard, the warehouse menu and its reports (工位效率, 库龄报表): nothing else.
    const labels = await sidebarLabels(page);
    expect(labels).toEqual(['首页', '仓库管理', '数据报表']);
    // Only the warehouse queues are on the dashboard.
    const queues = await page.locator('[data-testid^="queue-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(queues.sort()).toEqual(['queue-pack_exception', 'queue-pack_wait_audit', 'queue-remove_wait', 'queue-sort_wait']);

    const adminCalls: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/admin/fetchList')) adminCalls.push(r.status());
    });
    await page.goto(e.url('/systemManage/adminUser'));
    await page.getByText('无权访问').waitFor();
    expect(adminCalls).toEqual([]);
    // Route search does not offer it either.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('管理员账号');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor();
    expect(await page.locator('.ant-select-item-option').allInnerTexts()).not.toContain('系统管理 > 管理员账号');
    // The server refuses the call itself.
    // A script on the page never sees the token (HttpOnly, issue #28); with the page's own marker the call is the
    // user's, and the server refuses it.
    const { cookies, status } = await page.evaluate(async () => {
      const marker =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('Admin-Session='))
          ?.split('=')[1] ?? '';
      const res = await fetch('/api/admin/fetchList?page=1&limit=20', { headers: { 'X-Session': decodeURIComponent(marker) } });
      return { cookies: document.cookie, status: ((await res.json()) as { code: number }).code };
    });
    expect(cookies).not.toContain('Admin-Token');
    expect(status).toBe(40300);
  });

  it('the demo role switch (demo mode only) reloads the menu for the chosen role', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/login'));
    await loginUi(page);
    await page.locator('.sidebar-container').getByText('系统管理', { exact: true }).waitFor();
    await pickUserMenuItem(page, '切换演示角色', '仓库 (warehouse)');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect.poll(async () => (await sidebarLabels(page)).includes('系统管理')).toBe(false);
    expect((await sidebarLabels(page)).every((l) => ['首页', '仓库管理', '数据报表'].includes(l))).toBe(true);
    // The tabs are made anew for the new menu: waited for, as a person waits to see them (CI once read them before).
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  });

  it('English can be chosen in the user menu and is remembered', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/login'));
    await loginUi(page);
    await page.goto(e.url('/systemManage/role'));
    await pickUserMenuItem(page, '语言', 'English');
    await page.locator('.app-breadcrumb').getByText('Roles').waitFor();
    // Built-in roles are named and described in the chosen language.
    await page.getByRole('cell', { name: 'Warehouse', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: /^Warehouse stations: inbound/ }).count()).toBe(1);
    expect((await submenuLabels(page, 'System')).slice(0, 3)).toEqual(['Staff accounts', 'Roles', 'Audit trail']);
    await page.reload();
    await page.locator('.app-breadcrumb').getByText('Dashboard').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Roles']);
    expect(await page.title()).toBe('Roles - 驿站代购集运管理后台');
  });
});
