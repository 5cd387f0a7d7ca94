import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SessionResult } from '../../packages/shared/contract/openAccounts';
import { packages } from '../../packages/server/src/db/schema';
import { post as ledgerPost } from '../../packages/server/src/modules/ledger/service';
import { itemCodesOf, newPackage } from '../../packages/server/src/modules/goodsOut/factory';
import { emailCode } from '../../packages/server/src/testing/member';
import { openFromSidebar, typeByHand } from '../support/browser';
import { DUPLICATE_WINDOW_MS } from '../../packages/web/src/warehouse/scanRules';
import { lastScanLog, scan, scanReady, useStationServer } from '../support/stations';

/** Issue 27.4: no dead end at removal (the locked package's items in pick order) nor at packing (a freight top-up). */
const station = useStationServer('dead-ends', { now: () => new Date() });

/** A cheap station PC: Chromium's CPU slowed 4× (everything takes longer there, waits included). */
async function slowCpu(page: Page): Promise<void> {
  page.context().setDefaultTimeout(30_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Signed in on the dashboard, the CPU slowed, the station opened from the sidebar. */
async function openStation(username: string, item: string): Promise<Page> {
  const page = await station.page(username);
  await page.goto(`${station.server.url}/dashboard`);
  await page.getByTestId('app-wrapper').waitFor({ timeout: 30_000 });
  await slowCpu(page);
  await openFromSidebar(page, '仓库管理', item);
  await scanReady(page);
  return page;
}

const expectLog = async (page: Page, text: string, tone: 'success' | 'error' | 'info' | 'warning') => {
  await expect.poll(() => lastScanLog(page).innerText(), { timeout: 15_000 }).toContain(text);
  expect(await lastScanLog(page).getAttribute('class')).toContain(`scan-log-${tone}`);
};
const statusOf = async (id: number) => (await station.server.db.select({ s: packages.status }).from(packages).where(eq(packages.id, id)))[0].s;

describe('the removal station', () => {
  it('shows the locked package’s items in pick order with their locations, each ticked as it is scanned', async () => {
    const p = await newPackage(station.server.db, { status: 'remove_wait', items: 3, shelves: ['A-02-01-03', 'A-01-03-05', 'A-01-01-02'] });
    const codes = await itemCodesOf(station.server.db, p.id);
    const wh = await openStation('warehouse1', '包裹下架');

    await scan(wh, p.packageNo);
    await expectLog(wh, `包裹 ${p.packageNo}：3 件商品，按库位顺序下架`, 'info');
    const panel = wh.getByTestId('pick-panel');
    expect(await panel.getByTestId('pick-panel-package').innerText()).toBe(p.packageNo);
    const lines = panel.getByTestId('pick-line');
    const shown = async () => {
      const [shelves, items, states] = await Promise.all([
        lines.getByTestId('pick-line-shelf').allInnerTexts(),
        lines.getByTestId('pick-line-item').allInnerTexts(),
        lines.getByTestId('pick-line-state').allInnerTexts(),
      ]);
      return shelves.map((s, i) => `${s} ${items[i]} ${states[i]}`);
    };
    // Zone, row, level, slot: the third item first, the first item last.
    await expect.poll(shown, { timeout: 15_000 }).toEqual([`A-01-01-02 ${codes[2]} 待下架`, `A-01-03-05 ${codes[1]} 待下架`, `A-02-01-03 ${codes[0]} 待下架`]);
    await expect.poll(() => panel.getByTestId('pick-panel-count').innerText(), { timeout: 15_000 }).toBe('已下架 0/3');

    await scan(wh, codes[1]);
    await expectLog(wh, '下架成功 1/3 A-01-03-05', 'success');
    await expect.poll(shown, { timeout: 15_000 }).toEqual([`A-01-01-02 ${codes[2]} 待下架`, `A-01-03-05 ${codes[1]} 已下架`, `A-02-01-03 ${codes[0]} 待下架`]);
    await expect.poll(() => panel.getByTestId('pick-panel-count').innerText(), { timeout: 15_000 }).toBe('已下架 1/3');

    await scan(wh, codes[2]);
    await scan(wh, codes[0]);
    await expectLog(wh, `包裹 ${p.packageNo} 已全部下架`, 'success');
    await expect.poll(shown, { timeout: 15_000 }).toEqual([`A-01-01-02 ${codes[2]} 已下架`, `A-01-03-05 ${codes[1]} 已下架`, `A-02-01-03 ${codes[0]} 已下架`]);
    expect(await statusOf(p.id)).toBe('removed');
    expect(await wh.getByTestId('current-package').innerText()).toBe('-');

    // A package no longer awaiting removal is shown, not locked.
    await scan(wh, p.packageNo);
    await expectLog(wh, `包裹 ${p.packageNo} 为「已下架」，不在待下架`, 'warning');
    expect(await wh.getByTestId('current-package').innerText()).toBe('-');
  }, 180_000);
});

describe('the packing station with a freight top-up', () => {
  it('says what waits and from whom, parks the package, packs the next one, and resumes the first at the label once the member paid', async () => {
    // A member of the member site, with money on the balance.
    const email = `deadends${Date.now()}@example.com`;
    await station.server.call('POST', '/api/open/v1/auth/register', {
      body: { email, password: 'secret123', name: 'Tess Topup' },
      headers: { 'idempotency-key': `dead-ends-reg-${Date.now()}` },
    });
    const reg = await station.server.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
      body: { email, code: await emailCode(station.server.db, email) },
      headers: { 'idempotency-key': `dead-ends-confirm-${Date.now()}` },
    });
    expect(reg.code, reg.message).toBe(20000);
    const member = reg.data.member;
    await station.server.db.transaction((tx) =>
      ledgerPost(tx, { ownerType: 'member', ownerId: member.id, kind: 'balance', currency: 'CNY', amount: 100_000, type: 'recharge' }, new Date()),
    );
    const big = await newPackage(station.server.db, { status: 'removed', memberCode: member.userCode });
    const next = await newPackage(station.server.db, { status: 'removed', items: 1 });
    const bigCodes = await itemCodesOf(station.server.db, big.id);

    const wh = await openStation('warehouse1', '打包称重');
    await scan(wh, big.packageNo);
    await expectLog(wh, `包裹 ${big.packageNo}：2 件商品`, 'info');
    for (const c of bigCodes) await scan(wh, c);
    await expectLog(wh, '商品已全部核对，请称重', 'success');
    // 400 × 300 × 300 mm is 4500 g volumetric: 520.00 CNY against 205.00 paid.
    await expect.poll(() => wh.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 15_000 }).toBe('pack-weightG');
    await typeByHand(wh.getByTestId('pack-weightG'), '900');
    await typeByHand(wh.getByTestId('pack-lengthMm'), '400');
    await typeByHand(wh.getByTestId('pack-widthMm'), '300');
    await typeByHand(wh.getByTestId('pack-heightMm'), '300');
    await wh.getByTestId('submit-weigh').click();

    // What waits, how much, from whom; the way on.
    const alert = wh.getByTestId('patch-alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`待补运费 315.00 CNY：会员 ${member.userCode} Tess Topup 需先付款`);
    expect(await alert.innerText()).toContain('会员在会员端支付补运费后才能打印面单');
    expect(await statusOf(big.id)).toBe('patch_wait');
    const parkedRow = (no: string) => wh.getByTestId('parked-row').filter({ hasText: no });
    await expect.poll(() => parkedRow(big.packageNo).innerText(), { timeout: 15_000 }).toContain('待补款');
    expect(await parkedRow(big.packageNo).innerText()).toContain('315.00 CNY');

    // Park it: the station is free, the scan box ready for the next package.
    await wh.getByTestId('park-package').click();
    await wh.getByTestId('packing-package').waitFor({ state: 'hidden' });
    await wh
      .locator('.ant-message-notice')
      .filter({ hasText: `包裹 ${big.packageNo} 已搁置，待会员补运费` })
      .waitFor();
    await scanReady(wh);
    await scan(wh, next.packageNo);
    await expectLog(wh, `包裹 ${next.packageNo}：1 件商品`, 'info');
    expect(await wh.getByTestId('packing-package').innerText()).toContain(next.packageNo);

    // The member pays the top-up on the member site (member API, from the balance).
    const paid = await station.server.call<{ status: string }>('POST', '/api/open/v1/packs/payPatch', {
      body: { packageNo: big.packageNo },
      headers: { authorization: `Bearer ${reg.data.token}`, 'idempotency-key': `dead-ends-pay-${Date.now()}` },
    });
    expect(paid.code, paid.message).toBe(20000);
    expect(paid.data.status).toBe('pending_launch');

    // Scanned back: resumed at the label step, not a repeat.
    await scan(wh, big.packageNo);
    await expectLog(wh, `包裹 ${big.packageNo} 已补运费，请打印面单并扫描确认`, 'success');
    const resumedAt = Date.now();
    expect(await lastScanLog(wh).innerText()).not.toContain('状态未变');
    const card = wh.getByTestId('packing-package');
    expect(await card.innerText()).toContain('请扫描打印出的面单条码');
    await expect.poll(() => parkedRow(big.packageNo).innerText(), { timeout: 15_000 }).toContain('已补款');
    // The label carries the package's own code. A person prints it before scanning it, so that scan never comes within
    // the scanner's echo window of the package's scan, where the station drops a repeat as 重复扫描，已忽略.
    await expect.poll(() => Date.now() - resumedAt).toBeGreaterThan(DUPLICATE_WINDOW_MS);
    await scan(wh, big.packageNo);
    await expectLog(wh, `${big.packageNo} 面单确认，待分拣`, 'success');
    expect(await statusOf(big.id)).toBe('wait_ship');
    await expect.poll(() => parkedRow(big.packageNo).count(), { timeout: 15_000 }).toBe(0);
  }, 180_000);
});
