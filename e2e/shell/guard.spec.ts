import { describe, expect, it } from 'vitest';
import { loginApi, loginUi, sessionCookies, tabTitles, TEST_ADMIN, toast, useE2E, typeByHand } from '../support/browser';

const e2e = useE2E();

describe('navigation guard and session', () => {
  it('without a token sends every page but /login and /auth-redirect to /login?redirect={path}', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/systemManage/adminUser?status=activity'));
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).toContain('redirect=/systemManage/adminUser');
    expect(new URL(page.url()).searchParams.get('status')).toBe('activity');
    await expect.poll(() => page.getByRole('button', { name: '登录' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('驿站代购集运管理后台');

    await page.goto(e.url('/dashboard'));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/dashboard');
  });

  it('logs in with a trimmed username, honours the redirect with its original query, and shows the title', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/systemManage/adminUser?status=activity'));
    await page.waitForURL(/\/login/);
    await loginUi(page, '  admin  ');
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    expect(new URL(page.url()).searchParams.get('status')).toBe('activity');
    await page.getByRole('cell', { name: 'warehouse1' }).waitFor();
    expect(await page.title()).toBe('管理员账号 - 驿站代购集运管理后台');
    // The filter from the URL is in the form.
    await page.locator('.list-filters').getByTitle('正常').waitFor();
  });

  it('the login form comes with the page: typed and sent before the app’s script arrives, it logs in once it has', async () => {
    const e = e2e();
    const page = await e.page();
    // The app's script is held back until the person has typed and pressed Enter (a slow line does the same).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(e.url('/login?redirect=/systemManage/adminUser'), { waitUntil: 'commit' });
    await typeByHand(page.getByLabel('用户名'), 'admin');
    await typeByHand(page.getByLabel('密码', { exact: true }), TEST_ADMIN.password);
    await page.keyboard.press('Enter');
    // Held, not sent by the browser itself (which would put the password in the address).
    expect(await page.evaluate(() => (window as Window & { wsLoginQueued?: boolean }).wsLoginQueued)).toBe(true);
    expect(page.url()).not.toContain('password');
    expect(await page.getByLabel('用户名').inputValue()).toBe('admin');

    release();
    await page.waitForURL((u) => u.pathname === '/systemManage/adminUser');
    await page.getByRole('cell', { name: 'warehouse1' }).waitFor();
  });

  it('shows the empty-field messages, the caps-lock warning and toggles the password visibility', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/login'));
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入密码').waitFor();
    const password = page.getByLabel('密码', { exact: true });
    await typeByHand(password, 'secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: '显示密码' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    // Headless Chromium has no real Caps Lock state: send the key event a keyboard with Caps Lock on sends.
    await password.dispatchEvent('keyup', { key: 'A', modifierCapsLock: true });
    await page.getByText('大写锁定已打开').waitFor();
    await password.dispatchEvent('keyup', { key: 'a', modifierCapsLock: false });
    await page.getByText('大写锁定已打开').waitFor({ state: 'detached' });
  });

  it('a wrong password shows the server message and stays on /login', async () => {
    const e = e2e();
    const page = await e.page();
    await page.goto(e.url('/login'));
    await typeByHand(page.getByLabel('用户名'), 'admin');
    await typeByHand(page.getByLabel('密码', { exact: true }), 'wrong-password-1');
    await page.keyboard.press('Enter');
    await toast(page, /./).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('with a token, /login goes to the dashboard', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/login'));
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByText('欢迎，').waitFor();
    expect(await page.title()).toBe('首页 - 驿站代购集运管理后台');
  });

  it('a token the server refuses is cleared, the error shown, and the user sent to /login?redirect={path}', async () => {
    const e = e2e();
    const ctx = await e.context();
    await ctx.addCookies(sessionCookies(e.server.url, 'not-a-real-token'));
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/role'));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/systemManage/role');
    await toast(page, /./).first().waitFor();
    // The guard reports it; no re-login prompt is stacked on the login page.
    expect(await page.getByText(/Confirm logout|确认退出登录/).count()).toBe(0);
    // The server clears the HttpOnly token with its refusal; the page forgets its marker.
    const cookies = await ctx.cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();
    expect(cookies.find((c) => c.name === 'Admin-Session')).toBeUndefined();
  });

  it('missing user info and empty roles show the SPEC messages and go back to login', async () => {
    const e = e2e();
    for (const [data, text] of [
      [null, 'Verification failed, please Login again.'],
      [
        { id: 1, username: 'admin', roles: [], name: 'x', avatar: '', introduction: '', permissions: [], demo: false },
        'getInfo: roles must be a non-null array!',
      ],
    ] as const) {
      const ctx = await e.context();
      await loginApi(e, ctx);
      await ctx.route('**/api/admin/info', (route) => route.fulfill({ json: { code: 20000, message: 'success', data } }));
      const page = await ctx.newPage();
      await page.goto(e.url('/systemManage/audit'));
      await toast(page, text).waitFor();
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/systemManage/audit');
      // The page forgets its session (the answer here never reached the server, which keeps its cookie until it ends).
      expect((await ctx.cookies()).find((c) => c.name === 'Admin-Session')).toBeUndefined();
    }
  });

  it('logout clears the session, closes the tabs and keeps the current path as redirect', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/role?keyword=ware'));
    await page.getByRole('cell', { name: '仓库', exact: true }).waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/systemManage/role');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('ware');
    expect((await ctx.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    // Logging in again lands on the kept path, with only the Dashboard tab left from before.
    await loginUi(page);
    await page.waitForURL((u) => u.pathname === '/systemManage/role');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('ware');
  });

  it('/auth-redirect opens without a token', async () => {
    const e = e2e();
    const page = await e.page();
    const res = await page.goto(e.url('/auth-redirect'));
    expect(res?.status()).toBe(200);
    // Opened directly (no opener) it moves on to / and from there, without a token, to the login page.
    await page.waitForURL(/\/login/);
  });
});
