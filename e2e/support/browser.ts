import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startTestServer, TEST_ADMIN, DEMO_PASSWORD } from '../../packages/server/src/testing/server';
import type { AppConfig } from '../../packages/server/src/config';
import { SESSION_COOKIE, sessionMarkerOf, TOKEN_COOKIE } from '../../packages/server/src/core/sessionCookie';
import { lastCodeFor, superAdminId } from '../../packages/server/src/testing/factories/money-people';
import { CHROMIUM, CHROMIUM_ARGS } from './global-setup';

export { TEST_ADMIN, DEMO_PASSWORD };

export { CHROMIUM_ARGS };

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The run's Chromium (launched once by e2e/support/global-setup.ts), connected to for this spec file: `close()`
 * closes this file's contexts and disconnects. Without a run's browser, a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface ContextOptions {
  width?: number;
  height?: number;
  motion?: boolean;
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  url(path?: string): string;
  /**
   * A fresh browser profile (cookies, storage) with a desktop viewport unless told otherwise, set to reduce motion (the
   * shell honours it): a dialog that zooms in starts invisible at full size and then shrinks, so a button pressed at
   * that moment is released over the backdrop and its click is lost (CI, session.spec). `motion: true` keeps antd's
   * animations, as the station specs do.
   */
  context(opts?: ContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  page(opts?: ContextOptions): Promise<Page>;
}

/**
 * One real server on a fresh database per spec file, and the run's Chromium (fresh contexts per test). Call at the
 * top of a spec (with config overrides, e.g. a data directory of its own); the returned getter is valid inside tests.
 */
export function useE2E(overrides: Partial<AppConfig> = {}): () => E2E {
  let env: E2E | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const webDist = inject('webDist');
    const [server, browser] = await Promise.all([startTestServer({ ...overrides, ...(webDist ? { webDist } : {}) }), launchBrowser()]);
    env = {
      server,
      browser,
      url: (path = '/') => `${server.url}${path}`,
      async context(opts = {}) {
        const ctx = await browser.newContext({
          viewport: { width: opts.width ?? 1400, height: opts.height ?? 900 },
          locale: 'zh-CN',
          reducedMotion: opts.motion ? 'no-preference' : 'reduce',
        });
        ctx.setDefaultTimeout(15_000);
        contexts.push(ctx);
        return ctx;
      },
      async page(opts) {
        const ctx = await this.context(opts);
        return ctx.newPage();
      },
    };
  });
  // Each test's browser contexts end with it, so no page keeps polling the server behind later tests.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportPages(contexts);
    for (const ctx of contexts.splice(0)) await ctx.close().catch(() => undefined);
  });
  afterAll(async () => {
    for (const ctx of contexts.splice(0)) await ctx.close().catch(() => undefined);
    await env?.browser.close();
    await env?.server.close();
  });
  return () => {
    if (!env) throw new Error('useE2E: not started');
    return env;
  };
}

/**
 * What a failed test left on screen, in the log: each open page's address, its visible text and a screenshot's path. A
 * failure seen once in CI can then be read instead of guessed.
 */
async function reportPages(contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((ctx) => ctx.pages());
  for (const [i, page] of pages.entries()) {
    const shot = path.join(os.tmpdir(), `ws-e2e-failure-${Date.now()}-${i}.png`);
    const [text] = await Promise.all([
      page
        .locator('body')
        .innerText({ timeout: 2000 })
        .catch((err: Error) => `(no text: ${err.message})`),
      page.screenshot({ path: shot, timeout: 5000 }).catch(() => undefined),
    ]);
    const shown = text.replace(/\n{2,}/g, '\n').slice(0, 3000);
    console.error(`\n── page ${i + 1} of ${pages.length} at the failure: ${page.url()}\n   screenshot: ${shot}\n${shown}\n──`);
  }
}

/**
 * Clears the field and types `text` key by key, as a person does (never a programmatic fill), then waits until the
 * field shows it: a key lost on a loaded machine shows here, not three steps later.
 */
export async function typeByHand(field: Locator, text: string): Promise<void> {
  await field.click();
  const page = field.page();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await field.pressSequentially(text, { delay: text.length > 60 ? 2 : 15 });
  const editable = await field.evaluate((el) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement);
  await expect.poll(() => (editable ? field.inputValue() : field.innerText().then((t) => t.trim()))).toBe(editable ? text : text.trim());
}

/**
 * Picks an option of an antd Select as a person does. A searchable one by keyboard: click the field, type, the first
 * match is active, Enter. One without search by clicking the option once the list has opened. Waits until the field
 * shows the choice, then closes a multiple select's list that stays open (Escape only while it is open: on a closed
 * select it would close the dialog around it).
 */
export async function pickByKeyboard(field: Locator, typed: string, option: string): Promise<void> {
  const page = field.page();
  const select = field.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const list = page.locator('.ant-select-dropdown:visible');
  await field.click();
  if (((await select.getAttribute('class')) ?? '').includes('ant-select-show-search')) {
    await field.pressSequentially(typed, { delay: 15 });
    await list.locator('.ant-select-item-option-active').filter({ hasText: option }).waitFor();
    await page.keyboard.press('Enter');
  } else {
    await list.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  }
  await expect.poll(() => select.innerText()).toContain(option);
  const combobox = select.getByRole('combobox');
  if ((await combobox.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await expect.poll(() => combobox.getAttribute('aria-expanded')).not.toBe('true');
}

/** Logs in through the login page (Enter submits) and waits for the shell. */
export async function loginUi(page: Page, username: string = TEST_ADMIN.username, password: string = TEST_ADMIN.password): Promise<void> {
  await typeByHand(page.getByLabel(/用户名|Username/), username);
  await typeByHand(page.getByLabel(/^(密码|Password)$/), password);
  await page.keyboard.press('Enter');
  await page.getByTestId('app-wrapper').waitFor();
}

/**
 * The cookies the server sets at login (core/sessionCookie.ts): the HttpOnly token and the pages' readable marker. For
 * tests that are not about login; a bogus `token` gives a session the server refuses.
 */
export function sessionCookies(url: string, token: string) {
  return [
    { name: TOKEN_COOKIE, value: token, url, httpOnly: true, sameSite: 'Strict' as const },
    { name: SESSION_COOKIE, value: sessionMarkerOf(token), url, sameSite: 'Strict' as const },
  ];
}

/** Logs in through the API and puts the session in its cookies: for tests that are not about login. */
export async function loginApi(e: E2E, ctx: BrowserContext, username: string = TEST_ADMIN.username, password?: string): Promise<string> {
  const token = await e.server.login(username, password ?? (username === TEST_ADMIN.username ? TEST_ADMIN.password : DEMO_PASSWORD));
  await ctx.addCookies(sessionCookies(e.server.url, token));
  return token;
}

/** The labels of the sidebar's top-level entries (items and submenus). */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const texts = await page.locator('.sidebar-container ul.ant-menu-root > li:not(.ant-menu-item-divider)').allInnerTexts();
  return texts.map((s) => s.trim().split('\n')[0].trim());
}

/** The labels of a submenu's items (opens it when closed). */
export async function submenuLabels(page: Page, title: string): Promise<string[]> {
  const sub = page.locator('.sidebar-container ul.ant-menu-root > li.ant-menu-submenu').filter({ hasText: title });
  if (!(await sub.getAttribute('class'))?.includes('ant-menu-submenu-open')) await sub.locator('.ant-menu-submenu-title').click();
  await sub.locator('ul .ant-menu-item').first().waitFor();
  return (await sub.locator('ul .ant-menu-item').allInnerTexts()).map((s) => s.trim());
}

/**
 * Opens a page through the sidebar as a person does: opens the submenu when it is closed, waits until the item is
 * shown and the submenu has stopped moving, clicks it and waits for its address. Returns that address.
 */
export async function openFromSidebar(page: Page, submenu: string, item: string): Promise<string> {
  const sub = page.locator('.sidebar-container ul.ant-menu-root > li.ant-menu-submenu').filter({ hasText: submenu });
  const link = sub.locator('ul .ant-menu-item a').filter({ hasText: item });
  if (!(await sub.getAttribute('class'))?.includes('ant-menu-submenu-open')) await sub.locator('.ant-menu-submenu-title').click();
  await link.waitFor();
  // The submenu slides open; a click while it moves can land beside the link (CI saw one that navigated nowhere).
  // A person clicks once it has stopped.
  await expect.poll(() => sub.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  const target = new URL((await link.getAttribute('href')) ?? '/', page.url()).pathname;
  await link.click();
  await page.waitForURL((u) => u.pathname === target);
  return target;
}

/** Texts of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return page
    .locator('.tags-view-item')
    .allInnerTexts()
    .then((t) => t.map((s) => s.trim()));
}

/** The text of antd toasts currently on screen. */
/**
 * Picks `item` from the `submenu` of the user menu. A submenu opens on hover and closes when the pointer leaves it;
 * while the page behind is still laying out the popup can close under the click, so the pick is retried.
 */
export async function pickUserMenuItem(page: Page, submenu: string, item: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: submenu }).hover();
      const target = page.getByRole('menuitem', { name: item });
      await target.waitFor({ state: 'visible', timeout: 3000 });
      await target.hover({ timeout: 3000 });
      await target.click({ timeout: 3000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
    }
  }
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * Passes the verify dialog a sensitive action opened (SPEC §6) the way an operator does: picks the verifier — by
 * default the super admin (超级管理员), whom the first start makes the verifier of every type — sends the code,
 * reads it from the outbox and submits it. `operation` is the operation's label the dialog must show.
 */
export async function passVerify(page: Page, server: TestServer, opts: { operation?: string; verifier?: { name: string; id: number } } = {}): Promise<void> {
  const verifier = opts.verifier ?? { name: '超级管理员', id: await superAdminId(server) };
  const dialog = page.locator('.ant-modal').filter({ hasText: '安全验证' });
  await dialog.waitFor();
  if (opts.operation) expect(await dialog.getByTestId('verify-operation').innerText()).toBe(opts.operation);
  await dialog.getByLabel('验证人', { exact: true }).click();
  await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: verifier.name }).click();
  server.clock.advance(61_000); // past the resend interval of an earlier code for this operator and type
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await dialog.getByText(`验证码已发送给 ${verifier.name}`).waitFor();
  await typeByHand(dialog.getByLabel('验证码', { exact: true }), await lastCodeFor(server, verifier.id));
  await dialog.getByRole('button', { name: '验证并继续' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

interface MenuRoute {
  path: string;
  component: string;
  name: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  meta: Record<string, unknown> & { title: string; titleEn: string };
  children?: MenuRoute[];
}

/**
 * Lets a test change the menu tree the real server returns (e.g. to add a single-child parent or a badge
 * to a screen that exists); the rest of the response is the server's own.
 */
export async function editMenu(ctx: BrowserContext, edit: (tree: MenuRoute[]) => MenuRoute[]): Promise<void> {
  await ctx.route('**/api/role/getEnableRoutes', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { code: number; message: string; data: MenuRoute[] };
    await route.fulfill({ response: res, json: { ...body, data: edit(body.data) } });
  });
}
