// Web bundle and first-login bench: prints the production bundle sizes (initial JS+CSS of /login and of the
// first page after login, raw and gzip), the bytes on the wire on /login, and the median time from pressing Enter on
// the login form to the dashboard painted with its counts (and the main-thread script time it took), over 7 cold runs
// in headless Chromium against a real server on a fresh database; then a warm station's scan → answer times.
// Run: node bench/web-bundle.mjs   (figures only; nothing here asserts on timing)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { chromium } from 'playwright-core';
import { printSizes, routeSizes } from './_bundle-sizes.mjs';

const RUNS = 7;
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const root = new URL('..', import.meta.url).pathname;

// A private production build of the current sources: what is measured is what is served, and a rebuild of
// packages/web/dist by someone else meanwhile cannot swap the hashed files under the running server.
const dist = mkdtempSync(join(tmpdir(), 'ws-web-bench-'));
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));
console.log('Building packages/web (production) for the bench …');
const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: join(root, 'packages/web'),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) process.exit(build.status ?? 1);
printSizes(routeSizes(dist));

if (!existsSync(CHROMIUM)) {
  console.log(`\n${CHROMIUM} is missing (apt-get install -y chromium): skipping the login→dashboard timing.`);
  process.exit(0);
}

register();
const { startTestServer, TEST_ADMIN } = await import('../packages/server/src/testing/server.ts');
const server = await startTestServer({ webDist: dist });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const times = { immediate: [], afterIdle: [] };
const inPage = { immediate: [], afterIdle: [] };
const script = { immediate: [], afterIdle: [] };
const wire = { beforeForm: [], all: [], raw: [], formMs: [], paintMs: [] };
const spaPaintMs = [];
const SCANS = 200;
const scans = [];
try {
  // Bytes over the wire on /login as the browser received them (compressed bodies plus headers), cold profile each run:
  // those finished before the form showed, and all of them once the page went idle (the shell prefetched for later).
  for (let i = 0; i < RUNS; i++) {
    // Alternating with the same form rendered by the app's script (the page every other address gets), as /login was
    // sent before it was prerendered.
    {
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/index.html`, { waitUntil: 'commit' });
      await page.locator('#login-username').waitFor();
      await page.waitForLoadState('networkidle');
      spaPaintMs.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN));
      await ctx.close();
    }
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.locator('#login-username').waitFor();
    // The page's own clock: Resource Timing says when each response ended and how many bytes it took on the wire.
    const formAt = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    // When the form was first painted: the page's first contentful paint is the form (the page has nothing else).
    wire.paintMs.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN));
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
        end: e.responseEnd,
        bytes: e.transferSize,
        raw: e.decodedBodySize,
      })),
    );
    const sum = (xs) => xs.reduce((a, x) => a + x.bytes, 0);
    wire.beforeForm.push(sum(entries.filter((x) => x.end <= formAt)));
    wire.all.push(sum(entries));
    wire.formMs.push(formAt);
    wire.raw.push(entries.reduce((a, x) => a + x.raw, 0));
    await ctx.close();
  }

  for (const mode of ['immediate', 'afterIdle']) {
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/login`, { waitUntil: mode === 'afterIdle' ? 'networkidle' : 'load' });
      await page.locator('#login-username').fill(TEST_ADMIN.username);
      await page.locator('#login-password').fill(TEST_ADMIN.password);
      // Chromium's own account of the main thread: script run between Enter and the painted dashboard.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Performance.enable');
      const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'ScriptDuration').value;
      // The page's own clock too: from the Enter key event to the frame that first shows a queue card's count (the
      // driver's figure adds its own round trips and polling to that).
      await page.evaluate(() => {
        document.addEventListener('keydown', () => (window.__enterAt = performance.now()), { once: true, capture: true });
        const shown = () => document.querySelector('[data-testid^="queue-"] .ant-statistic-content-value');
        const watch = new MutationObserver(() => {
          if (!shown()) return;
          watch.disconnect();
          requestAnimationFrame(() => setTimeout(() => (window.__paintedAt = performance.now())));
        });
        watch.observe(document.body, { subtree: true, childList: true });
      });
      const scriptBefore = await scriptSeconds();
      const started = performance.now();
      await page.keyboard.press('Enter');
      // The dashboard with its data: a queue card showing its count.
      await page.locator('[data-testid^="queue-"] .ant-statistic-content-value').first().waitFor();
      times[mode].push(performance.now() - started);
      inPage[mode].push(await page.waitForFunction(() => window.__paintedAt && window.__paintedAt - window.__enterAt).then((h) => h.jsonValue()));
      script[mode].push(((await scriptSeconds()) - scriptBefore) * 1000);
      await ctx.close();
    }
  }
  // A warm station: 200 scans at 上架 (unknown item codes, each a real call and a red answer), Enter → log line painted.
  {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    await page.locator('#login-username').fill(TEST_ADMIN.username);
    await page.locator('#login-password').fill(TEST_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid^="queue-"]').first().waitFor();
    await page.goto(`${server.url}/WarehouseManage/shelving`);
    await page.getByTestId('scan-input').waitFor();
    for (let i = 0; i < SCANS; i++) {
      await page.keyboard.type(`WI9${String(i).padStart(7, '0')}`, { delay: 2 });
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="scan-log-item"]').length >= Math.min(n, 30), i + 1);
      // The scanner's duplicate guard ignores the same code twice within a second: each code is new.
    }
    await page.waitForFunction((n) => performance.getEntriesByName('scan:feedback').length >= n, SCANS);
    scans.push(...(await page.evaluate(() => performance.getEntriesByName('scan:feedback').map((e) => e.duration))));
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (xs) => `median ${median(xs).toFixed(0)} ms  (runs ${xs.map((t) => t.toFixed(0)).join(', ')})`;
const kb = (xs) => `median ${(median(xs) / 1024).toFixed(0)} KB  (runs ${xs.map((b) => (b / 1024).toFixed(0)).join(', ')})`;
console.log(`\nBytes over the wire on /login (compressed bodies + headers, cold profile, ${RUNS} runs):`);
console.log(`  before the login form shows:                       ${kb(wire.beforeForm)}`);
console.log(`  in all, once idle (incl. the shell prefetched):    ${kb(wire.all)}`);
console.log(`  the same bodies uncompressed:                      ${kb(wire.raw)}`);
console.log(`  login form in the page (ms after navigation start): ${line(wire.formMs)}`);
console.log(`  login form painted (first contentful paint):       ${line(wire.paintMs)}`);
console.log(`  the same, the form rendered by script (as before):  ${line(spaPaintMs)}`);
console.log(`  prerendered / by script:                            ${(median(wire.paintMs) / median(spaPaintMs)).toFixed(2)}×`);
console.log(`\nLogin → dashboard with data (Enter pressed → a work-queue card shows its count), fresh browser profile each run, ${RUNS} runs:`);
console.log(`  typing at once after the page loads:               ${line(times.immediate)}`);
console.log(`  after the login page went idle (shell preloaded):  ${line(times.afterIdle)}`);
console.log(`  the same in the page (key event → painted frame):  at once ${line(inPage.immediate)}`);
console.log(`                                                     after idle ${line(inPage.afterIdle)}`);
console.log(`  main-thread script after Enter, at once:           ${line(script.immediate)}`);
console.log(`  main-thread script after Enter, after idle:        ${line(script.afterIdle)}`);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
console.log(`\nStation scan → answer on screen (上架, warm page, ${scans.length} scans, Enter → painted log line):`);
console.log(`  p50 ${pct(scans, 50).toFixed(0)} ms, p95 ${pct(scans, 95).toFixed(0)} ms, max ${Math.max(...scans).toFixed(0)} ms`);
