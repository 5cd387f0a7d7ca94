import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { editMenu, loginApi, toast, useE2E, typeByHand } from '../support/browser';
import { packages } from '../../packages/server/src/db/schema';
import { newPackage } from '../../packages/server/src/modules/goodsOut/factory';

const e2e = useE2E();

async function openConvert(page: Page) {
  await page.getByRole('button', { name: '用户ID/编码转换' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '用户ID / 用户编码转换' });
  await dialog.waitFor();
  return dialog;
}

describe('header tools', () => {
  it('user ID ⇄ user code conversion: 请输入, 未找到, 转换成功 and copy', async () => {
    const e = e2e();
    const ctx = await e.context();
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.server.url });
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    const dialog = await openConvert(page);
    const input = dialog.getByRole('textbox');
    const convert = dialog.getByRole('button', { name: /转\s*换/ });

    await convert.click();
    await toast(page, '请输入').waitFor();
    await typeByHand(input, '   ');
    await convert.click();
    await expect.poll(() => toast(page, '请输入').count()).toBeGreaterThan(0);

    // User code → id (trimmed input), then back.
    await dialog.getByText('用户编码 → 用户ID').click();
    await typeByHand(input, '  U100001  ');
    await convert.click();
    await toast(page, '转换成功').waitFor();
    const id = (await dialog.getByTestId('convert-result').innerText()).trim();
    expect(id).toMatch(/^\d+$/);

    await dialog.getByText('用户ID → 用户编码').click();
    await typeByHand(input, ` ${id} `);
    await convert.click();
    await expect.poll(() => dialog.getByTestId('convert-result').innerText()).toBe('U100001');

    await dialog.getByRole('button', { name: /复\s*制/ }).click();
    await toast(page, '复制成功').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('U100001');

    await typeByHand(input, '99999999');
    await convert.click();
    await toast(page, '未找到').waitFor();
  });

  it('copy failure says 复制失败', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    });
    await page.goto(e.url('/dashboard'));
    const dialog = await openConvert(page);
    await dialog.getByText('用户编码 → 用户ID').click();
    await typeByHand(dialog.getByRole('textbox'), 'U100002');
    await dialog.getByRole('button', { name: /转\s*换/ }).click();
    await dialog.getByTestId('convert-result').waitFor();
    await dialog.getByRole('button', { name: /复\s*制/ }).click();
    await toast(page, '复制失败').waitFor();
  });
});

describe('menu badges', () => {
  it('are fetched only with a token, at start and every 20 s; 99+ above 99, none at 0, a missing counter is 0', async () => {
    const e = e2e();
    const ctx = await e.context();
    let calls = 0;
    const answers = [
      { waitPurchaseNum: 120, waitSortNum: 0 },
      { waitPurchaseNum: 5, waitSortNum: 3 },
    ];
    await ctx.route('**/api/back/getTaskNum', (route) => {
      const data = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return route.fulfill({ json: { code: 20000, message: 'success', data } });
    });
    const page = await ctx.newPage();
    await page.clock.install();
    await page.goto(e.url('/login'));
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(calls).toBe(0);

    // Badge keys on screens that exist, so the sidebar can show them (the real queues' screens come later).
    await editMenu(ctx, (tree) =>
      tree.map((top) =>
        top.path === '/systemManage'
          ? {
              ...top,
              children: (top.children ?? []).map((c) =>
                c.path === 'adminUser'
                  ? { ...c, meta: { ...c.meta, badge: 'purchase_wait' } }
                  : c.path === 'role'
                    ? { ...c, meta: { ...c.meta, badge: 'sort_wait' } }
                    : c.path === 'audit'
                      ? { ...c, meta: { ...c.meta, badge: 'pack_exception' } }
                      : c,
              ),
            }
          : top,
      ),
    );
    await loginApi(e, ctx);
    await page.goto(e.url('/systemManage/adminUser'));
    const item = (label: string) =>
      page.locator('.sidebar-container li.ant-menu-submenu').filter({ hasText: '系统管理' }).locator('.ant-menu-item').filter({ hasText: label });
    await item('管理员账号').getByTestId('menu-badge').getByText('99+').waitFor();
    expect(await item('角色管理').getByTestId('menu-badge').count()).toBe(0);
    expect(await item('审计日志').getByTestId('menu-badge').count()).toBe(0);
    // The submenu shows the sum.
    expect(await page.locator('.sidebar-container .ant-menu-submenu-title').filter({ hasText: '系统管理' }).getByTestId('menu-badge').innerText()).toBe('99+');
    expect(calls).toBe(1);

    await page.clock.runFor(20_000);
    await item('管理员账号').getByTestId('menu-badge').getByText('5', { exact: true }).waitFor();
    await item('角色管理').getByTestId('menu-badge').getByText('3', { exact: true }).waitFor();
    expect(calls).toBe(2);
  });

  it('the dashboard shows the queues the role covers, with the count or 暂未统计 when the queue is not counted yet', async () => {
    const e = e2e();
    const ctx = await e.context();
    await ctx.route('**/api/back/getTaskNum', (route) => route.fulfill({ json: { code: 20000, message: 'success', data: { waitPurchaseNum: 7 } } }));
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    const card = (key: string) => page.getByTestId(`queue-${key}`);
    await card('purchase_wait').getByText('7', { exact: true }).waitFor();
    expect(await card('pack_exception').getByText('暂未统计').count()).toBe(1);
    expect(await page.locator('[data-testid^="queue-"]').count()).toBe(7);
  });

  it('a queue card shows how long its oldest item has waited and how many are past the queue’s SLA', async () => {
    const e = e2e();
    // Every package waiting for pre-review is fresh but one, placed 5 hours ago: past the 4-hour promise.
    const now = e.server.clock.now();
    await e.server.db.update(packages).set({ createdAt: now }).where(eq(packages.status, 'pack_pretrial'));
    const late = await newPackage(e.server.db);
    await e.server.db
      .update(packages)
      .set({ createdAt: new Date(now.getTime() - 5 * 3_600_000) })
      .where(eq(packages.id, late.id));
    const ctx = await e.context();
    // The page's own session asks for the charts' figures below: a second login would end it.
    const token = await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    const timer = page.getByTestId('sla-pack_wait_audit');
    await timer.getByText('超时 1', { exact: true }).waitFor();
    expect(await timer.innerText()).toMatch(/最久已等 [45] 小时/);

    // Below the queues, the last 30 days as charts: the shipped total is the server's count, drawn on a canvas.
    const flow = (await e.server.app.inject({ method: 'GET', url: '/api/back/dailyFlow', headers: { 'x-token': token } })).json() as {
      data: { shipped: number[] };
    };
    const shipped = flow.data.shipped.reduce((a, b) => a + b, 0);
    await page.getByTestId('flow-shipped-total').getByText(`合计 ${shipped}`, { exact: true }).waitFor();
    await page.getByTestId('flow-shipped').locator('canvas').first().waitFor();
    await page.getByTestId('flow-shipped').getByRole('link', { name: '发货（包裹）' }).click();
    await page.waitForURL(/packQuery\?status=shipped/);
  });
});
