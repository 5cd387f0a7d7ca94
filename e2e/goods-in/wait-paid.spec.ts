import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { memberProfiles, purchaseOrders, shopOrders, userLevels } from '../../packages/server/src/db/schema';
import { emailCode } from '../../packages/server/src/testing/member';
import { loginApi, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

let keys = 0;
/** The member site calling the member API over HTTP, as it would from its own server. */
async function memberCall<T>(base: string, path: string, o: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${base}/api/open/v1${path}`, {
    method: o.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body === undefined ? {} : { 'idempotency-key': `e2e-wait-paid-${Date.now()}-${++keys}` }),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const env = (await res.json()) as { code: number; message: string; data: T };
  expect(env.code, `${path}: ${env.message}`).toBe(20000);
  return env.data;
}

const text = async (l: Locator) => ((await l.innerText()).trim() || '-').replace(/\s+/g, ' ');
/** "1,234.56" → 123456 minor units. */
const minor = (shown: string) => Math.round(Number(shown.replace(/,/g, '')) * 100);

describe('待支付订单: finance marks an unpaid order paid', () => {
  it('reads what to collect in the dialog, confirms with a note; the order leaves the list, paid at that amount, its lines queue for buying', async () => {
    const e = e2e();
    const base = e.server.url;

    // A member of its own (no demo unpaid order is touched) registers and orders two lines without paying.
    const email = `e2e-wait-paid-${Date.now()}@example.com`;
    await memberCall(base, '/auth/register', { body: { email, password: 'secret123', name: 'Wen Unpaid' } });
    const session = await memberCall<{ token: string; member: { id: number; userCode: string } }>(base, '/auth/registerConfirm', {
      body: { email, code: await emailCode(e.server.db, email) },
    });
    const order = await memberCall<{ orderNo: string }>(base, '/orders', {
      token: session.token,
      body: {
        lines: [
          { mallType: 'TB', productUrl: 'https://item.taobao.com/item.htm?id=4501', title: '待支付测试 羊毛围巾', quantity: 1, unitPrice: 4_500 },
          { mallType: 'TB', productUrl: 'https://item.taobao.com/item.htm?id=4502', title: '待支付测试 棉袜', quantity: 2, unitPrice: 500 },
        ],
      },
    });
    // The member is a 金卡会员 (the demo's 95 %), so the dialog has a level discount to name.
    const [gold] = await e.server.db.select({ id: userLevels.id }).from(userLevels).where(eq(userLevels.name, '金卡会员'));
    await e.server.db.update(memberProfiles).set({ levelId: gold.id }).where(eq(memberProfiles.memberId, session.member.id));

    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));

    // 待支付订单 from the sidebar (a single page: a top-level item, no submenu).
    const menuItem = page.locator('.sidebar-container ul.ant-menu-root > li.ant-menu-item').filter({ hasText: '待支付订单' });
    await menuItem.click();
    await page.waitForURL((u) => u.pathname === '/waitPaidOrder/list');
    const row = page.locator('tr.ant-table-row').filter({ hasText: order.orderNo });
    await row.waitFor();
    const titles = (await page.locator('.ant-table-thead > tr > th:not(.ant-table-cell-scrollbar)').allInnerTexts()).map((t) => t.trim());
    for (const title of ['会员折扣', '代购服务费', '应收金额', '支付截止']) expect(titles).toContain(title);
    const cells = row.locator('> td');
    const onList = new Map<string, string>();
    for (const [i, title] of titles.entries()) if (title) onList.set(title, await text(cells.nth(i)));
    // 55.00 of goods; 95 %: − 2.75; 5 % fee on the rest (52.25): 2.61; to collect 54.86.
    expect(onList.get('会员')).toBe(`${session.member.userCode} Wen Unpaid`);
    expect(onList.get('会员折扣')).toBe('2.75 CNY');
    expect(onList.get('代购服务费')).toBe('2.61 CNY (5%)');
    expect(onList.get('应收金额')).toBe('54.86 CNY');
    expect(onList.get('支付截止')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // The detail, then 确认收款: the dialog names what to collect and how it is made.
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await page.waitForURL((u) => /^\/waitPaidOrder\/detail\/\d+$/.test(u.pathname));
    await page.locator('.ant-card-head').filter({ hasText: order.orderNo }).waitFor();
    const status = page.locator('.ant-descriptions-item').filter({ has: page.locator('.ant-descriptions-item-label', { hasText: /^状态$/ }) });
    expect(await text(status.locator('.ant-descriptions-item-content'))).toBe('已下单(未支付)');
    await page.getByRole('button', { name: '确认收款' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '收款说明' });
    await dialog.waitFor();
    const said = await text(dialog.locator('.ant-alert'));
    expect(said).toBe('请确认已收到 54.86 CNY：商品 55.00 CNY − 会员折扣 2.75 CNY + 代购服务费 2.61 CNY（5%）。确认后按此金额记为已支付（不扣会员余额）。');
    const named = /^请确认已收到 ([\d,.]+) CNY：/.exec(said);
    expect(named).not.toBeNull();
    const due = minor(named![1]);

    // A note is required; typed by hand, then confirmed.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.locator('.ant-form-item-explain-error').filter({ hasText: '收款说明' }).waitFor();
    await typeByHand(dialog.getByLabel('收款说明'), '银行转账已到账 尾号 6688');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '操作成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The detail reads paid; the buttons to collect or cancel are gone; its lines are waiting for a purchaser.
    await expect.poll(() => text(status.locator('.ant-descriptions-item-content'))).toBe('已支付');
    expect(await page.getByRole('button', { name: '确认收款' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '取消订单' }).count()).toBe(0);
    const items = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: '订单商品' }) });
    await expect.poll(() => items.locator('tr.ant-table-row').allInnerTexts()).toEqual([expect.stringContaining('待采购'), expect.stringContaining('待采购')]);

    // Back on the list (from the sidebar): the order is no longer there.
    await menuItem.click();
    await page.waitForURL((u) => u.pathname === '/waitPaidOrder/list');
    // (The list stays open behind its tab: its rows are the visible ones.)
    await page.locator('tr.ant-table-row:visible').first().waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row:visible').filter({ hasText: order.orderNo }).count()).toBe(0);

    // The database agrees: paid at what the dialog named, the lines queued for buying.
    const [saved] = await e.server.db.select().from(shopOrders).where(eq(shopOrders.orderNo, order.orderNo));
    expect([saved.status, saved.paidAmount, saved.levelDiscount, saved.serviceFee]).toEqual(['paid', due, 275, 261]);
    expect(due).toBe(5_486);
    const lines = await e.server.db
      .select({ status: purchaseOrders.status, paidAmount: purchaseOrders.paidAmount })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.orderId, saved.id))
      .orderBy(asc(purchaseOrders.id));
    // Each line carries its share of the discount: 275 × 4,500 / 5,500 = 225 and 50.
    expect(lines).toEqual([
      { status: 'purchase_wait', paidAmount: 4_275 },
      { status: 'purchase_wait', paidAmount: 950 },
    ]);
  });
});
