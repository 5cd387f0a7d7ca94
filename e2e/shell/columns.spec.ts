import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginApi, useE2E } from '../support/browser';

const e2e = useE2E();

/**
 * Issue 11: on a 1440 px screen the key columns of the busiest lists are in view without scrolling sideways, and a
 * pinned action column never covers one of them. Less important columns may scroll.
 */
const KEY_COLUMNS: [route: string, titles: string[]][] = [
  ['/WarehouseManage/orderQuery', ['采购单号', '商品', '实付', '状态', '国内快递单号', '操作']],
  ['/buyModule/buyOrder', ['采购单号', '商品', '实付', '状态', '国内快递单号', '操作']],
  ['/systemManage/role', ['角色标识', '角色名称', '授权菜单', '操作']],
  ['/systemManage/adminUser', ['用户名', '姓名', '角色', '状态', '操作']],
  ['/vipManage/list', ['用户编码', '姓名', '状态', '余额', '佣金', '操作']],
  ['/transaction/list', ['时间', '账户主体', '类型', '金额', '变动后余额']],
];

/** Titles of header cells that are not wholly visible: outside the table's view or under a pinned column. */
async function hiddenHeaders(page: Page, titles: string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const table = document.querySelector('.ant-table-container') as HTMLElement;
    const view = table.getBoundingClientRect();
    const pinned = [...table.querySelectorAll('thead th.ant-table-cell-fix-right, thead th.ant-table-cell-fix-end')].map((th) => th.getBoundingClientRect());
    const pinnedLeft = Math.min(view.right, ...pinned.map((r) => r.left));
    return [...table.querySelectorAll('thead th')]
      .filter((th) => wanted.includes((th.textContent ?? '').trim()))
      .filter((th) => {
        const r = th.getBoundingClientRect();
        const isPinned = th.classList.contains('ant-table-cell-fix-right') || th.classList.contains('ant-table-cell-fix-end');
        return r.left < view.left - 1 || r.right > (isPinned ? view.right : pinnedLeft) + 1;
      })
      .map((th) => (th.textContent ?? '').trim());
  }, titles);
}

describe('list columns on a 1440 px screen', () => {
  it('show every key column without scrolling, none under the pinned action column', async () => {
    const e = e2e();
    const ctx = await e.context({ width: 1440, height: 900 });
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    for (const [route, titles] of KEY_COLUMNS) {
      await page.goto(e.url(route));
      const header = page.locator('.ant-table-thead');
      for (const title of titles) await header.getByText(title, { exact: true }).first().waitFor();
      expect(await hiddenHeaders(page, titles), route).toEqual([]);
    }
  });
});
