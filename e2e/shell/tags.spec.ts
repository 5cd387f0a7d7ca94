import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginApi, tabTitles, useE2E, typeByHand } from '../support/browser';

const e2e = useE2E();

const tab = (page: Page, title: string) => page.locator('.tags-view-item').filter({ hasText: title });

const openMenus = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

async function contextMenu(page: Page, title: string, action: string): Promise<void> {
  await expect.poll(() => openMenus(page).count()).toBe(0);
  await tab(page, title).click({ button: 'right' });
  // In one run of the suite on a loaded machine (2026-11-29) no menu showed after the right-click, and ten runs of this
  // file under load did not show it again (the cause is not known): a person then right-clicks again, and so does this.
  const shown = await openMenus(page)
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) await tab(page, title).click({ button: 'right' });
  // Wait for the menu's opening animation to end before choosing.
  await expect.poll(() => openMenus(page).getAttribute('class')).not.toMatch(/appear|enter/);
  await openMenus(page).getByRole('menuitem', { name: action, exact: true }).click();
  await expect.poll(() => openMenus(page).count()).toBe(0);
}

/** Opens 系统管理's screens from the sidebar, one after another. */
async function openSystemScreens(page: Page, screens: [label: string, path: string][]): Promise<void> {
  for (const [label, path] of screens) {
    const system = page.locator('.sidebar-container li.ant-menu-submenu').filter({ hasText: '系统管理' });
    if (!(await system.getAttribute('class'))?.includes('ant-menu-submenu-open')) {
      await system.locator('.ant-menu-submenu-title').click();
    }
    await system.locator('.ant-menu-item').filter({ hasText: label }).click();
    await page.waitForURL((u) => u.pathname === path);
    await tab(page, label).waitFor();
  }
}

async function openTabs(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/dashboard'));
  await page.getByText('欢迎，').waitFor();
  await openSystemScreens(page, [
    ['管理员账号', '/systemManage/adminUser'],
    ['角色管理', '/systemManage/role'],
    ['审计日志', '/systemManage/audit'],
  ]);
}

describe('tags view', () => {
  it('opens a tab per page, Dashboard affixed first; tabs survive a reload; affixed cannot be closed', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await openTabs(page, e.url);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '管理员账号', '角色管理', '审计日志']);
    expect(await tab(page, '审计日志').getAttribute('class')).toContain('active');
    await page.reload();
    await tab(page, '审计日志').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '管理员账号', '角色管理', '审计日志']);

    expect(await tab(page, '首页').locator('.tags-view-close').count()).toBe(0);
    await tab(page, '首页').click({ button: 'right' });
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.getByRole('menuitem', { name: '刷新' }).waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['刷新', '关闭其他', '关闭所有']);
  });

  it("keeps a page's unsaved input and filters when switching tabs", async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await openTabs(page, e.url);
    await tab(page, '管理员账号').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    const username = page.locator('.list-filters input#username');
    await typeByHand(username, 'half-typed');
    await tab(page, '角色管理').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/role');
    await typeByHand(page.locator('.list-filters input#keyword'), 'ware');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('keyword') === 'ware');
    await expect.poll(() => tab(page, '角色管理').getAttribute('href')).toBe('/systemManage/role?keyword=ware');

    await tab(page, '管理员账号').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    expect(await username.inputValue()).toBe('half-typed');
    // The role tab reopens with its filter.
    await tab(page, '角色管理').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/role' && u.searchParams.get('keyword') === 'ware');
    expect(await page.locator('.list-filters input#keyword').inputValue()).toBe('ware');
  });

  it('keeps the 8 most recently used pages; an older tab reopens fresh from its address, with its filters', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await openTabs(page, e.url);
    await tab(page, '管理员账号').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    await typeByHand(page.locator('.list-filters input#username'), 'half-typed');
    await tab(page, '角色管理').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/role');
    await typeByHand(page.locator('.list-filters input#keyword'), 'ware');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('keyword') === 'ware');
    // Typed after searching, not searched: lost when the page falls out of the kept ones.
    await typeByHand(page.locator('.list-filters input#keyword:visible'), 'warehouse');
    // Seven more screens: the staff list is now the eighth most recent and is still kept.
    await openSystemScreens(page, [
      ['审计日志', '/systemManage/audit'],
      ['事件推送', '/systemManage/webhooks'],
      ['站点密钥', '/systemManage/siteKeys'],
      ['会员端配置', '/systemManage/vipTerminalConfig'],
      ['代理端配置', '/systemManage/agentBackendConfig'],
      ['系统参数', '/systemManage/param'],
      ['版本管理', '/systemManage/appVersion'],
    ]);
    await tab(page, '管理员账号').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    expect(await page.locator('.list-filters input#username').inputValue()).toBe('half-typed');
    // Two more: the roles list falls out of the eight kept, the staff list is kept again.
    await openSystemScreens(page, [
      ['基础数据', '/systemManage/referenceData'],
      ['数据备份', '/systemManage/backup'],
    ]);
    await expect.poll(() => tabTitles(page)).toHaveLength(12);
    await tab(page, '管理员账号').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    expect(await page.locator('.list-filters input#username').inputValue()).toBe('half-typed');
    await tab(page, '角色管理').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/role' && u.searchParams.get('keyword') === 'ware');
    await page.getByText('角色标识').first().waitFor();
    expect(await page.locator('.list-filters input#keyword:visible').inputValue()).toBe('ware');
    // Only the open screen and the eight kept are in the page.
    expect(await page.locator('.list-filters').count()).toBeLessThanOrEqual(9);
  });

  it('keys typed right after a search stay in the filter while the list follows the address on a slow PC (CPU throttled 4×); back empties it', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/role'));
    const keyword = page.locator('.list-filters input#keyword');
    const financeRow = page.locator('.ant-table-row').filter({ hasText: 'finance' });
    await financeRow.waitFor();
    await typeByHand(keyword, 'ware');
    await (await ctx.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.keyboard.press('Enter');
    // At once, as a person who searched and goes on typing: the list renders the new address meanwhile.
    await page.keyboard.type('house', { delay: 15 });
    await page.waitForURL((u) => u.searchParams.get('keyword') === 'ware');
    await expect.poll(() => financeRow.count()).toBe(0);
    await expect.poll(() => keyword.inputValue()).toBe('warehouse');
    // The address still leads the form when it changes otherwise: back to the whole list empties the field.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/systemManage/role' && !u.searchParams.has('keyword'));
    await financeRow.waitFor();
    await expect.poll(() => keyword.inputValue()).toBe('');
  });

  // A test of its own: on a loaded CI machine the steps above and below together came near the 60 s a test has.
  it('Refresh starts a page afresh; noCache pages start afresh when left', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await openTabs(page, e.url);
    await tab(page, '管理员账号').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    const username = page.locator('.list-filters input#username');
    await typeByHand(username, 'half-typed');
    expect(await username.inputValue()).toBe('half-typed');
    await contextMenu(page, '管理员账号', '刷新');
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    await expect.poll(() => page.locator('.list-filters input#username').inputValue()).toBe('');

    // The profile page is noCache: leaving it drops its state.
    await page.goto(e.url('/profile/index'));
    const name = page.getByLabel('姓名');
    await typeByHand(name, 'Changed but not saved');
    await tab(page, '审计日志').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/audit');
    await tab(page, '个人中心').click();
    await page.waitForURL((u) => u.pathname === '/profile/index');
    await expect.poll(() => page.getByLabel('姓名').inputValue()).toBe('超级管理员');
  });

  it('Close, close icon, middle-click, Close Others and Close All; closing the active tab goes to the last one', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await openTabs(page, e.url);

    // Closing a tab that is not active keeps the page.
    await contextMenu(page, '角色管理', '关闭');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '管理员账号', '审计日志']);
    expect(new URL(page.url()).pathname).toBe('/systemManage/audit');

    // Closing the active tab goes to the last remaining one.
    await tab(page, '审计日志').locator('.tags-view-close').click();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '管理员账号']);

    // Middle-click closes.
    await openTabs(page, e.url);
    await tab(page, '角色管理').click({ button: 'middle' });
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '管理员账号', '审计日志']);

    // Close Others keeps the affixed tab and the chosen one, and opens it.
    await contextMenu(page, '管理员账号', '关闭其他');
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '管理员账号']);

    // Close All keeps only the affixed Dashboard and goes there.
    await contextMenu(page, '管理员账号', '关闭所有');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);

    // Refresh on the Dashboard re-enters it through /redirect.
    await contextMenu(page, '首页', '刷新');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByText('欢迎，').waitFor();
  });
});
