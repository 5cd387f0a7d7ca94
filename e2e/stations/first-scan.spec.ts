import { and, asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { purchaseOrders, warehouseItems } from '../../packages/server/src/db/schema';
import { channelIdOf, itemCodesOf, newPackage, newShelvedItem, systemOp } from '../../packages/server/src/modules/goodsOut/factory';
import { newShelf } from '../../packages/server/src/testing/factories/goods-in';
import { bindSack } from '../../packages/server/src/modules/goodsOut/sorting';
import { DEMO_PASSWORD, loginApi, loginUi, openFromSidebar, useE2E } from '../support/browser';
import { lastScanLog, scan, scanReady } from '../support/stations';

/**
 * Issue 27.1: a worker opens a station by clicking the sidebar and scans at once — at 0, 300 and 700 ms after the
 * click, on a slow PC (CPU throttled 4×). Every scan must reach the station whole and in order, on every station.
 */
const e2e = useE2E({ now: () => new Date() });

/** When the last click happened, by the page's own clock. */
async function watchClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener('click', () => ((window as unknown as { __wsClickAt: number }).__wsClickAt = performance.now()), true);
  });
}

/** Waits until `ms` have passed since the last click, by the page's clock (a scan made at that moment, not a sleep). */
const sinceClick = (page: Page, ms: number) =>
  page.waitForFunction((d) => performance.now() - (window as unknown as { __wsClickAt: number }).__wsClickAt >= d, ms, { polling: 10 });

/** The codes of the scan log, oldest first, with their answers. */
async function scanLog(page: Page): Promise<{ code: string; text: string }[]> {
  // Stations opened before stay mounted but hidden (their tabs): only the one on screen counts.
  const rows = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="scan-log-item"]'))
      .filter((el) => el.checkVisibility())
      .map((el) => ({ code: el.querySelector('.ant-tag')?.textContent?.trim() ?? '', text: el.textContent ?? '' })),
  );
  return rows.reverse();
}

interface Station {
  menu: string;
  user: string;
  /** The three codes scanned at 0, 300 and 700 ms, each with a part of the answer the station gives it. */
  scans: () => Promise<{ code: string; says: string }[]>;
}

const purchasedTrackingNos = async () =>
  (
    await e2e()
      .server.db.select({ no: purchaseOrders.trackingNo })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.status, 'purchased'), ne(purchaseOrders.trackingNo, '')))
      .orderBy(asc(purchaseOrders.id))
  ).map((r) => r.no);

const itemsIn = async (status: string) =>
  (
    await e2e()
      .server.db.select({ code: warehouseItems.itemCode, title: purchaseOrders.title })
      .from(warehouseItems)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
      .where(eq(purchaseOrders.status, status))
      .orderBy(asc(warehouseItems.id))
  ).slice(0, 3);

const STATIONS: Station[] = [
  {
    menu: '入库扫描',
    user: 'warehouse1',
    scans: async () => {
      const nos = [...new Set(await purchasedTrackingNos())].slice(0, 3);
      return nos.map((code) => ({ code, says: '件商品' }));
    },
  },
  {
    menu: '拍照质检',
    user: 'warehouse1',
    scans: async () => (await itemsIn('stocking_input')).map((i) => ({ code: i.code, says: `已扫描 ${i.title}` })),
  },
  {
    menu: '上架',
    user: 'warehouse1',
    scans: async () => (await itemsIn('stocking_photo')).map((i) => ({ code: i.code, says: '建议库位' })),
  },
  {
    menu: '库位盘点',
    user: 'warehouse1',
    scans: async () => {
      const db = e2e().server.db;
      await newShelf(db, 'F-01-01-01');
      const [a, b] = [(await newShelvedItem(db, { shelf: 'F-01-01-01' })).item, (await newShelvedItem(db, { shelf: 'F-01-01-01' })).item];
      return [
        { code: 'F-01-01-01', says: '盘点 F-01-01-01：记录有 2 件' },
        { code: a.itemCode, says: `${a.itemCode} 在库位上` },
        { code: b.itemCode, says: `${b.itemCode} 在库位上` },
      ];
    },
  },
  {
    menu: '包裹下架',
    user: 'warehouse2',
    scans: async () => {
      const p = await newPackage(e2e().server.db, { status: 'remove_wait', items: 2 });
      const [a, b] = await itemCodesOf(e2e().server.db, p.id);
      return [
        { code: p.packageNo, says: '包裹' },
        { code: a, says: '下架成功 1/2' },
        { code: b, says: `包裹 ${p.packageNo} 已全部下架` },
      ];
    },
  },
  {
    menu: '打包称重',
    user: 'warehouse2',
    scans: async () => {
      const p = await newPackage(e2e().server.db, { status: 'removed', items: 2 });
      const [a, b] = await itemCodesOf(e2e().server.db, p.id);
      return [
        { code: p.packageNo, says: `包裹 ${p.packageNo}：2 件商品` },
        { code: a, says: `${a} 1/2` },
        { code: b, says: '2/2 商品已全部核对' },
      ];
    },
  },
  {
    menu: '分拣出库',
    user: 'warehouse2',
    scans: async () => {
      const db = e2e().server.db;
      const op = await systemOp(db, new Date());
      const urls = { sackLabel: () => '', manifestPdf: () => '', manifestXlsx: () => '' };
      await bindSack(db, { code: 'SKFIRST-CA', channelId: await channelIdOf(db, 'EMS'), countryCode: 'CA' }, op, urls);
      const [p, q] = [await newPackage(db, { status: 'wait_ship', country: 'CA' }), await newPackage(db, { status: 'wait_ship', country: 'CA' })];
      return [
        { code: p.packageNo, says: '请装入麻袋 SKFIRST-CA' },
        { code: 'SKFIRST-CA', says: `${p.packageNo} 已装入 SKFIRST-CA` },
        { code: q.packageNo, says: '请装入麻袋 SKFIRST-CA' },
      ];
    },
  },
];

describe('the first scans right after opening a station from the sidebar, on a slow PC', () => {
  it('reach every station whole and in order: scans at 0, 300 and 700 ms after the click, CPU throttled 4×', async () => {
    const e = e2e();
    const pages = new Map<string, Page>();
    const kept: string[] = [];
    const failures: string[] = [];
    for (const station of STATIONS) {
      const want = await station.scans();
      expect(want).toHaveLength(3);
      let page = pages.get(station.user);
      if (!page) {
        const ctx = await e.context();
        await loginApi(e, ctx, station.user);
        page = await ctx.newPage();
        await page.goto(e.url('/dashboard'));
        await page.getByTestId('app-wrapper').waitFor();
        await watchClicks(page);
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        pages.set(station.user, page);
      }
      await openFromSidebar(page, '仓库管理', station.menu);
      for (const [i, at] of [0, 300, 700].entries()) {
        await sinceClick(page, at);
        await scan(page, want[i].code);
      }
      // What the worker sees: one log line per scan, each naming the whole code with the station's answer.
      const whole = async () => {
        const log = await scanLog(page);
        return want.filter((w) => log.some((l) => l.code === w.code && l.text.includes(w.says))).length;
      };
      try {
        await expect.poll(() => scanLog(page).then((l) => l.map((r) => r.code)), { timeout: 15_000 }).toEqual(want.map((w) => w.code));
        await expect.poll(whole, { timeout: 5_000 }).toBe(3);
      } catch {
        failures.push(`${station.menu}: ${JSON.stringify(await scanLog(page))}`);
      }
      kept.push(`${station.menu} ${await whole()}/3`);
      // A cut code at 入库扫描 matches no parcel and offers to register it as unclaimed.
      if (await page.getByRole('button', { name: '登记为无主包裹' }).count()) failures.push(`${station.menu}: 登记为无主包裹 offered`);
    }
    console.log(`scans kept whole at 0/300/700 ms, CPU 4× slower: ${kept.join(', ')}`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('tells the worker when another login of the same account ended the session: each scan is shown, said and kept, and sent after the new login', async () => {
    const e = e2e();
    const [a, b] = await itemsIn('stocking_photo');
    const ctx = await e.context();
    await loginApi(e, ctx, 'warehouse1');
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await page.getByTestId('app-wrapper').waitFor();
    await (await ctx.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await openFromSidebar(page, '仓库管理', '上架');
    await scanReady(page);

    // The same account logs in somewhere else: this page's session has ended.
    await e.server.login('warehouse1', DEMO_PASSWORD);
    await scan(page, a.code);
    const line = lastScanLog(page);
    await expect.poll(() => line.innerText()).toContain('登录已失效（您的账号已在其他地方登录）');
    expect(await line.innerText()).toContain(a.code);
    expect(await line.getAttribute('class')).toContain('scan-log-error');
    await expect.poll(() => page.evaluate(() => window.__wsSpoken ?? [])).toContain('登录已失效，扫描已暂存，请重新登录');
    const prompt = page.locator('.ant-modal-confirm').filter({ hasText: '确认退出登录' });
    await prompt.waitFor();

    // A scan made while the re-login prompt is open is not held unseen behind it: kept too, after the first.
    await scan(page, b.code);
    await expect.poll(() => lastScanLog(page).innerText()).toContain(b.code);
    expect(await lastScanLog(page).innerText()).toContain('登录已失效');
    const pendingPanel = page.getByTestId('scan-pending');
    await expect.poll(() => pendingPanel.locator('.ant-tag').allInnerTexts()).toEqual([a.code, b.code]);
    expect(await pendingPanel.innerText()).toContain('重新登录后按扫描顺序自动提交');

    // Logging in again brings the worker back to the station, where the kept scans are sent in the order made.
    await prompt.getByRole('button', { name: '重新登录' }).click();
    await loginUi(page, 'warehouse1', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/WarehouseManage/shelving');
    const delivered = async () => (await page.getByTestId('scan-log-item').allInnerTexts()).filter((t) => t.includes('补交'));
    // The log shows the newest first.
    await expect.poll(async () => (await delivered()).map((t) => [a.code, b.code].find((c) => t.includes(c))), { timeout: 15_000 }).toEqual([b.code, a.code]);
    for (const t of await delivered()) expect(t).toContain('建议库位');
    expect(await pendingPanel.count()).toBe(0);
  }, 120_000);
});
