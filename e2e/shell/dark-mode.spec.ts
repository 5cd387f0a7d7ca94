import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { loginApi, openFromSidebar, useE2E } from '../support/browser';
import { scan, scanReady } from '../support/stations';

const e2e = useE2E();

/** The stations with a scan log, as the warehouse menu names them. */
const STATIONS = ['入库扫描', '拍照质检', '上架', '包裹下架', '打包称重', '分拣出库'];

/**
 * The lowest WCAG contrast ratio of the texts of a scan log line (the time, the message) against what is painted
 * behind them: the backgrounds of the element and its ancestors, composited, over the page.
 */
function lineContrast(line: Locator): Promise<number> {
  return line.evaluate((li) => {
    const rgba = (c: string) => {
      const [r, g, b, a = 1] = (c.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const over = (top: ReturnType<typeof rgba>, under: ReturnType<typeof rgba>) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    const backdrop = (el: Element) => {
      const layers: ReturnType<typeof rgba>[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e).backgroundColor));
      return layers.reverse().reduce((under, top) => over(top, under), { r: 255, g: 255, b: 255, a: 1 });
    };
    const luminance = (c: ReturnType<typeof rgba>) => {
      const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
    };
    const texts = [...li.querySelectorAll('span')].filter((s) => !s.querySelector('span') && !s.closest('.ant-tag') && (s.textContent ?? '').trim());
    return Math.min(
      ...texts.map((s) => {
        const bg = backdrop(s);
        const fg = over(rgba(getComputedStyle(s).color), bg);
        const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        return (hi + 0.05) / (lo + 0.05);
      }),
    );
  });
}

/** Scans a code no station knows (the scan box clicked first: the focus is not under test here) and returns its log line. */
async function scanUnknown(page: Page, code: string): Promise<Locator> {
  await page.locator('[data-testid="scan-input"]:visible').click();
  await scanReady(page);
  await scan(page, code);
  // The stations opened before stay mounted, hidden, behind their tabs: this station's line is the one with this code.
  const line = page.getByTestId('scan-log-item').filter({ hasText: code });
  await line.waitFor();
  return line;
}

/** A station page of its own, opened from the sidebar (contrast does not depend on the CPU: no throttling here). */
async function openStationPage(ctx: BrowserContext, url: string, station: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(url);
  await openFromSidebar(page, '仓库管理', station);
  return page;
}

describe('the stations in dark mode', () => {
  it('every station’s scan log reads at a contrast of at least 4.5, in the dark theme and the light one', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'warehouse1');
    const page = await openStationPage(ctx, e.url('/dashboard'), '入库扫描');
    const light = await scanUnknown(page, 'NOPE-LIGHT-1');
    expect(await lineContrast(light)).toBeGreaterThanOrEqual(4.5);

    await page.getByRole('button', { name: '系统布局配置' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('switch', { name: '暗色模式' }).click();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.locator('.ant-drawer-section').waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.close();

    // Each station on a page of its own (the setting is kept by the browser), as on the station PCs.
    for (const [i, station] of STATIONS.entries()) {
      const p = await openStationPage(ctx, e.url('/dashboard'), station);
      expect(await p.locator('html').getAttribute('data-theme')).toBe('dark');
      const line = await scanUnknown(p, `NOPE-DARK-${i + 1}`);
      // The log itself is dark, not a white box in a dark page.
      expect(await p.locator('.scan-kit-log:visible').evaluate((el) => getComputedStyle(el).backgroundColor), station).not.toBe('rgb(255, 255, 255)');
      expect(await lineContrast(line), station).toBeGreaterThanOrEqual(4.5);
      await p.close();
    }
  }, 300_000);
});
