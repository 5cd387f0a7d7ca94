import { describe, expect, it } from 'vitest';
import { editMenu, loginApi, toast, useE2E } from '../support/browser';

const e2e = useE2E();

describe('logged-out codes and the error log', () => {
  it('an expired session (50014) asks to log in again in the SPEC’s words (English UI): Cancel stays, Re-Login clears the token and reloads to login', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    await ctx.addInitScript(() => localStorage.setItem('waystation-lang', 'en'));
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/adminUser'));
    await page.getByRole('cell', { name: 'warehouse1' }).waitFor();

    // Nine idle hours later the server answers 50014 (idle expiry is 8 h).
    e.server.clock.advance(9 * 3600_000);
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/fetchList'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(((await (await answer).json()) as { code: number }).code).toBe(50014);
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title').getByText('Confirm logout', { exact: true }).waitFor();
    expect(await dialog.getByText('You have been logged out, you can cancel to stay on this page, or log in again').count()).toBe(1);
    // The browser asks for reduced motion (every e2e context but the stations'): the prompt is there at once, not zooming in.
    expect(await page.locator('.ant-modal').evaluate((el) => [el.className, el.getAnimations({ subtree: true }).length])).toEqual([
      expect.not.stringMatching(/ant-zoom/),
      0,
    ]);
    await toast(page, /./).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/systemManage/adminUser');

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByRole('button', { name: 'Re-Login' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/systemManage/adminUser');
    expect((await ctx.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  });

  it('the Chinese UI asks the same in Chinese', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/adminUser'));
    await page.getByRole('cell', { name: 'warehouse1' }).waitFor();
    e.server.clock.advance(9 * 3600_000);
    await page.getByRole('button', { name: '查 询' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title').getByText('确认退出登录', { exact: true }).waitFor();
    expect(await dialog.getByText('您已退出登录，可以取消以留在此页面，或重新登录').count()).toBe(1);
    expect(await dialog.getByText('Confirm logout').count()).toBe(0);
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('the error-log button appears after an error, lists message, info, url and stack, and Clear All empties it', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/role'));
    await page.getByRole('cell', { name: '仓库', exact: true }).waitFor();
    expect(await page.getByTestId('error-log-button').count()).toBe(0);

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from a test');
      });
      void Promise.reject(new Error('rejected in a test'));
    });
    await page.getByTestId('error-log-button').click();
    const modal = page.locator('.ant-modal').filter({ hasText: '错误日志' });
    await modal.getByRole('cell', { name: 'boom from a test', exact: true }).waitFor();
    await modal.getByRole('cell', { name: 'rejected in a test', exact: true }).waitFor();
    const headers = await modal.locator('thead th').allInnerTexts();
    expect(headers.slice(0, 4)).toEqual(['信息', '来源', '地址', '堆栈']);
    expect(await modal.getByText('unhandledrejection').count()).toBe(1);
    expect(await modal.locator('tbody').innerText()).toContain('/systemManage/role');

    await modal.getByRole('button', { name: /清\s*空/ }).click();
    await page.getByTestId('error-log-button').waitFor({ state: 'detached' });
  });

  it('a permitted screen the web app does not have says so and is logged; it is not in the menu', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    await editMenu(ctx, (tree) => [
      ...tree,
      {
        path: '/later',
        component: 'Layout',
        name: '/later',
        alwaysShow: true,
        meta: { title: '以后的模块', titleEn: 'Later' },
        children: [{ path: 'screen', component: 'later/NotBuiltYet', name: '/later/screen', meta: { title: '以后的页面', titleEn: 'Later screen' } }],
      },
    ]);
    const page = await ctx.newPage();
    await page.goto(e.url('/later/screen'));
    await page.getByText('页面暂未开放').waitFor();
    expect(await page.title()).toBe('以后的页面 - 驿站代购集运管理后台');
    await page.getByTestId('error-log-button').click();
    await page.locator('.ant-modal').getByText('later/NotBuiltYet', { exact: false }).first().waitFor();
    expect(await page.locator('.sidebar-container').getByText('以后的模块').count()).toBe(0);
  });

  it('an unknown address shows the 404 page inside the shell', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/no/such/page'));
    await page.getByText('页面不存在').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});
