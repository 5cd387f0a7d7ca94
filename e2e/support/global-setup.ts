import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's private copy of the web build (see useE2E). */
    webDist?: string;
    /** The run's one Chromium, which each spec file connects to (see launchBrowser). */
    browserEndpoint?: string;
  }
}

/**
 * Debian's Chromium as its old headless shell (package chromium-headless-shell): the same engine without the desktop
 * browser's own layer, which a test never sees. Measured on layout.spec, 2026-11-29: its tests took 47 s instead of 56,
 * its browser processes 54 s of CPU instead of 71. E2E_CHROMIUM=/usr/bin/chromium runs them in the whole browser.
 */
export const CHROMIUM = process.env.E2E_CHROMIUM || '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 preloads the address bar's popup (two WebUI renderers) into every new window, which is every test's
  // context here: 190 ms of CPU each, half of what a context costs (20 contexts: 7.8 s → 4.0 s of Chromium's CPU).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
/** What packages/web/build.mjs exports (a plain script: no types of its own). */
interface WebBuild {
  DIST: string;
  isStale(): boolean;
  buildWeb(): void;
}

/**
 * Browser tests run against the production build: rebuild it when missing or older than its sources, then
 * copy it for this run, so that a rebuild of packages/web/dist by another run meanwhile cannot swap the
 * hashed files under this run's servers. One Chromium serves the whole run: each spec file connects to it and
 * works in fresh contexts of its own (a launch per file cost seconds on a loaded machine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's headless browser with \`apt-get install -y chromium-headless-shell\` (never \`npx playwright install\`).`,
    );
  }
  const web = (await import(path.resolve(import.meta.dirname, '../../packages/web/build.mjs'))) as WebBuild;
  if (web.isStale()) {
    console.log('[e2e] building packages/web …');
    web.buildWeb();
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-web-'));
  fs.cpSync(web.DIST, copy, { recursive: true });
  project.provide('webDist', copy);
  const browserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    fs.rmSync(copy, { recursive: true, force: true });
  };
}
