import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editMenu, loginApi, pickUserMenuItem, sidebarLabels, TEST_ADMIN, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

/** Holds the answers for the built files matching `pattern` until the returned function is called: a slow line. */
async function holdAssets(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('sidebar, breadcrumb, route search', () => {
  it('shows only permitted screens that exist, applies the single-child rule and opens external links in a new tab', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    await editMenu(ctx, (tree) => [
      ...tree,
      {
        path: '/reports',
        component: 'Layout',
        name: '/reports',
        meta: { title: '报表中心', titleEn: 'Reports', icon: 'list' },
        children: [{ path: 'staff', component: 'system/AdminUserList', name: '/reports/staff', meta: { title: '员工报表', titleEn: 'Staff report' } }],
      },
      {
        path: '/always',
        component: 'Layout',
        name: '/always',
        alwaysShow: true,
        meta: { title: '总是子菜单', titleEn: 'Always' },
        children: [{ path: 'one', component: 'system/AuditList', name: '/always/one', meta: { title: '唯一子项', titleEn: 'Only child' } }],
      },
      {
        path: '/unbuilt',
        component: 'Layout',
        name: '/unbuilt',
        alwaysShow: true,
        meta: { title: '未上线模块', titleEn: 'Unbuilt' },
        children: [{ path: 'page', component: 'nowhere/NotBuilt', name: '/unbuilt/page', meta: { title: '未上线页面', titleEn: 'Unbuilt page' } }],
      },
      {
        path: '/links',
        component: 'Layout',
        name: '/links',
        meta: { title: '链接', titleEn: 'Links' },
        children: [{ path: 'https://example.com/manual', component: 'Layout', name: 'manual', meta: { title: '操作手册', titleEn: 'Manual' } }],
      },
    ]);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await page.locator('.sidebar-container').getByText('系统管理', { exact: true }).waitFor();
    const labels = await sidebarLabels(page);
    // Top level: Dashboard (single child of /), 系统管理 (alwaysShow), 员工报表 shown directly, 总是子菜单 as a submenu, the link.
    expect(labels).toContain('首页');
    expect(labels).toContain('员工报表');
    expect(labels).not.toContain('报表中心');
    expect(labels).toContain('总是子菜单');
    // A screen the web app does not have is not offered, though the role grants it.
    expect(labels).not.toContain('未上线模块');
    expect(labels).not.toContain('未上线页面');
    const link = page.locator('.sidebar-container a[href="https://example.com/manual"]');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');

    await page.locator('.sidebar-container').getByText('系统管理', { exact: true }).click();
    await page.locator('.sidebar-container').getByText('角色管理', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/systemManage/role');
    // The URL changes before the lazily loaded page renders; the shell follows when it does.
    await expect.poll(() => page.locator('.sidebar-container .ant-menu-item-selected').innerText()).toBe('角色管理');
  });

  it('logging in before the shell has arrived: the menu a person opened stays open when the language changes', async () => {
    const e = e2e();
    const page = await e.page();
    // The shell's chunk is held until after the login, as on a slow line where the user typed faster than it came.
    const release = await holdAssets(page, /\/assets\/Layout-[^/]*\.js$/);
    await page.goto(e.url('/login'));
    await typeByHand(page.getByLabel(/用户名|Username/), TEST_ADMIN.username);
    await typeByHand(page.getByLabel(/^(密码|Password)$/), TEST_ADMIN.password);
    const loggedIn = page.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
    await page.keyboard.press('Enter');
    await loggedIn;
    release();
    await page.getByText('欢迎，').waitFor();

    // 系统管理 is the last submenu, in either language.
    const system = page.locator('.sidebar-container li.ant-menu-submenu').last();
    await system.locator('.ant-menu-submenu-title').getByText('系统管理').click();
    await system.locator('.ant-menu-item').filter({ hasText: '数据备份' }).waitFor();
    await pickUserMenuItem(page, '语言', 'English');
    await page.getByText('Welcome, ').waitFor();
    await system.locator('.ant-menu-submenu-title').getByText('System', { exact: true }).waitFor();
    expect(await system.getAttribute('class')).toContain('ant-menu-submenu-open');
    await system.locator('.ant-menu-item').filter({ hasText: 'Backups' }).click();
    await page.getByText('Backup and archiving settings').waitFor();
  });

  it('the login answer brings the first screen: user info, menu and counters are not asked for again', async () => {
    const e = e2e();
    const page = await e.page();
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (['/api/admin/info', '/api/role/getEnableRoutes', '/api/back/getTaskNum'].includes(path)) asked.push(path);
    });
    // The dashboard shows its counters, the sidebar its menu and the header the name: all from the login answer.
    await page.goto(e.url('/login'));
    await typeByHand(page.getByLabel(/用户名|Username/), TEST_ADMIN.username);
    await typeByHand(page.getByLabel(/^(密码|Password)$/), TEST_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('queue-purchase_wait').locator('.ant-statistic-content-value').waitFor();
    await page.locator('.sidebar-container').getByText('系统管理', { exact: true }).waitFor();
    await page.getByText('欢迎，').waitFor();
    expect(asked).toEqual([]);
  });

  it('a hidden route highlights its activeMenu item and is opened by URL only', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    await editMenu(ctx, (tree) =>
      tree.map((top) =>
        top.path === '/systemManage'
          ? {
              ...top,
              children: [
                ...(top.children ?? []),
                {
                  path: 'roleDetail',
                  component: 'system/AuditList',
                  name: '/systemManage/roleDetail',
                  hidden: true,
                  meta: { title: '角色详情', titleEn: 'Role detail', activeMenu: '/systemManage/role' },
                },
              ],
            }
          : top,
      ),
    );
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/roleDetail'));
    await page.locator('.sidebar-container .ant-menu-item-selected').getByText('角色管理').waitFor();
    expect(await sidebarLabels(page)).not.toContain('角色详情');
    expect(await page.locator('.app-breadcrumb').innerText()).toContain('角色详情');
  });

  it('breadcrumb starts with Dashboard; the last and noRedirect items are not links', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/audit'));
    const crumb = page.locator('.app-breadcrumb');
    await crumb.getByText('审计日志').waitFor();
    expect((await crumb.locator('li:not(.ant-breadcrumb-separator)').allInnerTexts()).map((s) => s.trim())).toEqual(['首页', '系统管理', '审计日志']);
    expect(await crumb.locator('a').allInnerTexts()).toEqual(['首页']);
    await crumb.getByRole('link', { name: '首页' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect.poll(async () => (await crumb.innerText()).trim()).toBe('首页');
    expect(await crumb.locator('a').count()).toBe(0);
  });

  it('route search opened before its box has loaded keeps what was typed meanwhile', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    // The box's chunk is held, as on a slow line right after the page opened.
    const release = await holdAssets(page, /\/assets\/RouteSearchBox-[^/]*\.js$/);
    await page.goto(e.url('/dashboard'));
    await page.getByText('欢迎，').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: '搜索菜单' }).waitFor();
    await page.keyboard.type('角色', { delay: 15 });
    release();
    const option = page.locator('.ant-select-item-option').first();
    await option.waitFor();
    expect(await option.innerText()).toBe('系统管理 > 角色管理');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/systemManage/role');
  });

  it('route search: Ctrl+K opens it, fuzzy titles and paths, title chain with " > ", keyboard choice navigates, hidden routes excluded', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    await editMenu(ctx, (tree) =>
      tree.map((top) =>
        top.path === '/systemManage'
          ? {
              ...top,
              children: [
                ...(top.children ?? []),
                { path: 'secretAudit', component: 'system/AuditList', name: 'x', hidden: true, meta: { title: '隐藏审计页', titleEn: 'Hidden audit' } },
              ],
            }
          : top,
      ),
    );
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await page.getByText('欢迎，').waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('route-search').locator('input');
    await input.waitFor();
    await page.keyboard.type('角色');
    const option = page.locator('.ant-select-item-option').first();
    await option.waitFor();
    expect(await option.innerText()).toBe('系统管理 > 角色管理');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/systemManage/role');

    // By path, keyboard only.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('adminUser');
    await page.locator('.ant-select-item-option').first().getByText('系统管理 > 管理员账号').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');

    // Hidden routes are not offered.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('隐藏审计页');
    await page.locator('.ant-select-dropdown').getByText('没有匹配的菜单').waitFor();
    expect(await page.locator('.ant-select-item-option').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('route-search').waitFor({ state: 'detached' });
  });
});

describe('settings and mobile', () => {
  it('theme colour, Tags-View, Fixed Header, Sidebar Logo, size and the sidebar state persist across a reload', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/adminUser'));
    const primary = page.getByRole('button', { name: '查 询' });
    await primary.waitFor();
    expect(await primary.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(64, 158, 255)');
    await page.getByRole('button', { name: '系统布局配置' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('.ant-color-picker-trigger').click();
    // The fifth preset is #212121.
    await page.locator('.ant-color-picker-presets-color').nth(4).click();
    await drawer.locator('.ant-drawer-title').click();
    await page.locator('.ant-color-picker-presets').waitFor({ state: 'hidden' });
    await drawer.getByRole('switch', { name: '开启 Tags-View' }).click();
    await drawer.getByRole('switch', { name: '固定 Header' }).click();
    await drawer.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await drawer.getByText('小', { exact: true }).click();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.locator('.ant-drawer-section').waitFor({ state: 'hidden' });
    await page.getByTestId('hamburger').click();
    await expect.poll(() => primary.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(33, 33, 33)');

    await page.reload();
    await page.getByRole('button', { name: '查 询' }).waitFor();
    expect(await page.getByRole('button', { name: '查 询' }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(33, 33, 33)');
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await page.getByTestId('app-header').getAttribute('class')).toBe('fixed-header');
    expect(await page.getByTestId('sidebar-logo').getAttribute('href')).toBe('/');
    expect(await page.getByTestId('app-wrapper').getAttribute('class')).toContain('hideSidebar');
    const cookies = Object.fromEntries((await ctx.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.sidebarStatus).toBe('0');
    expect(cookies.size).toBe('small');
    expect(await page.locator('.ant-btn-sm').count()).toBeGreaterThan(0);
  });

  it('dark mode and compact density: the page, header, tabs and tables turn dark, rows tighten, and both persist', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/adminUser'));
    const firstCell = page.locator('.ant-table-tbody tr.ant-table-row td').first();
    await firstCell.waitFor();
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const rowHeight = () => firstCell.evaluate((td) => td.getBoundingClientRect().height);
    expect(await background('body')).toBe('rgb(240, 242, 245)');
    expect(await background('.navbar')).toBe('rgb(255, 255, 255)');
    const looseRow = await rowHeight();

    await page.getByRole('button', { name: '系统布局配置' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('switch', { name: '暗色模式' }).click();
    await drawer.getByRole('switch', { name: '紧凑模式' }).click();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.locator('.ant-drawer-section').waitFor({ state: 'hidden' });
    await expect.poll(() => background('body')).toBe('rgb(0, 0, 0)');
    expect(await background('.navbar')).toBe('rgb(20, 20, 20)');
    expect(await background('.tags-view-container')).toBe('rgb(20, 20, 20)');
    await expect.poll(() => background('.ant-table')).not.toBe('rgb(255, 255, 255)');
    await expect.poll(rowHeight).toBeLessThan(looseRow);

    await page.reload();
    await firstCell.waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await background('body')).toBe('rgb(0, 0, 0)');
    expect(await rowHeight()).toBeLessThan(looseRow);
  });

  it('defaults: Tags-View on, fixed header off, logo off, sidebar open and 210 px wide, size medium', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await page.getByTestId('tags-view').waitFor();
    expect(await page.getByTestId('app-header').getAttribute('class')).toBe('static-header');
    expect(await page.getByTestId('sidebar-logo').count()).toBe(0);
    expect(await page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
    await page.getByTestId('hamburger').click();
    await expect.poll(() => page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().width)).toBe(54);
    expect((await ctx.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.getByTestId('hamburger').click();
    expect((await ctx.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
  });

  it('under 992 px the layout is mobile: sidebar closed, tools hidden; backdrop click and route change close the sidebar', async () => {
    const e = e2e();
    const ctx = await e.context({ width: 800, height: 900 });
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    const wrapper = page.getByTestId('app-wrapper');
    await wrapper.waitFor();
    expect(await wrapper.getAttribute('class')).toContain('mobile');
    expect(await wrapper.getAttribute('class')).toContain('hideSidebar');
    expect(await page.getByTestId('header-tools').count()).toBe(0);
    const sidebarLeft = () => page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().right);
    await expect.poll(sidebarLeft).toBeLessThanOrEqual(0);

    await page.getByTestId('hamburger').click();
    await page.getByTestId('drawer-bg').waitFor();
    await expect.poll(sidebarLeft).toBe(210);
    await page.getByTestId('drawer-bg').click({ position: { x: 600, y: 400 } });
    await page.getByTestId('drawer-bg').waitFor({ state: 'detached' });
    expect(await wrapper.getAttribute('class')).toContain('hideSidebar');

    await page.getByTestId('hamburger').click();
    await page.locator('.sidebar-container').getByText('系统管理', { exact: true }).click();
    await page.locator('.sidebar-container').getByText('审计日志', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/systemManage/audit');
    await page.getByTestId('drawer-bg').waitFor({ state: 'detached' });

    // Growing past the breakpoint switches back to the desktop layout.
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect.poll(() => wrapper.getAttribute('class')).toContain('desktop');
    expect(await page.getByTestId('header-tools').count()).toBe(1);
  });

  it('the back-to-top button shows after 200 px of scrolling and scrolls back up', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/audit'));
    await page.locator('.app-main .ant-card').waitFor();
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      document.querySelector('.app-main')!.appendChild(filler);
    });
    const button = page.getByRole('button', { name: '回到顶部' });
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(400);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await button.waitFor({ state: 'detached' });
  });
});
