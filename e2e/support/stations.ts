import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer } from '../../packages/server/src/testing/server';
import type { AppConfig } from '../../packages/server/src/config';
import { DEMO_PASSWORD, launchBrowser, sessionCookies, type TestServer } from './browser';

/** A fresh browser context signed in as a demo staff member (session cookies, no login screen), on a station-sized screen. */
export async function stationPage(browser: Browser, server: TestServer, contexts: BrowserContext[], username: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
  ctx.setDefaultTimeout(10_000);
  contexts.push(ctx);
  const token = await server.login(username, DEMO_PASSWORD);
  await ctx.addCookies(sessionCookies(server.url, token));
  return ctx.newPage();
}

/**
 * The station specs' own server (on a data folder of its own, with `overrides` such as the wall clock) and Chromium,
 * started once per spec file; `page(username)` opens a signed-in station-sized page. Call at the top of a spec.
 */
export function useStationServer(name: string, overrides: Partial<AppConfig> = {}) {
  const contexts: BrowserContext[] = [];
  let dataDir = '';
  let browser: Browser | undefined;
  const station = {
    server: undefined as unknown as TestServer,
    page: (username: string) => stationPage(browser!, station.server, contexts, username),
  };
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ws-e2e-${name}-`));
    [station.server, browser] = await Promise.all([startTestServer({ dataDir, ...overrides }), launchBrowser()]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await station.server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return station;
}

/** A keyboard-wedge scanner: characters, then Enter, into whatever has focus. */
export async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The station's scan input has focus: the scanner's characters land there. */
export async function scanReady(page: Page): Promise<void> {
  // Stations opened before stay mounted, hidden behind their tabs: the one on screen is the visible one.
  await page.locator('[data-testid="scan-input"]:visible').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 5000 }).toBe('scan-input');
}

/** The newest line of a station's scan log. */
export const lastScanLog = (page: Page) => page.getByTestId('scan-log-item').first();

/**
 * No print driver runs in tests: stations that print show the SPEC's 客户端未连接 notice (with the driver's download
 * link) 1 s after opening, as a banner that leaves the focus where it is.
 */
export async function expectDriverBanner(page: Page): Promise<void> {
  const banner = page.getByTestId('driver-alert');
  await banner.getByText('客户端未连接').waitFor();
  expect(await banner.getByRole('link', { name: '下载打印客户端' }).getAttribute('href')).toBe('/api/warehouse/printAgent/download');
}

declare global {
  interface Window {
    /** What the station's voice said (packages/web/src/warehouse/voice.ts keeps it for tests and support). */
    __wsSpoken?: string[];
  }
}
