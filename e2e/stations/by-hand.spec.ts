import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { packages, warehouseItems } from '../../packages/server/src/db/schema';
import { multipartBody, newLine, newShelf, TINY_PNG } from '../../packages/server/src/testing/factories/goods-in';
import { channelIdOf, itemCodesOf, newPackage, newShelvedItem, systemOp } from '../../packages/server/src/modules/goodsOut/factory';
import { bindSack } from '../../packages/server/src/modules/goodsOut/sorting';
import { expectDriverBanner, lastScanLog, scan, useStationServer } from '../support/stations';

/**
 * The "done means", as a worker does it: keyboard and scanner alone (no mouse, no programmatic fill), the
 * first scan made as soon as each station's page has loaded, with no print driver running.
 */
const station = useStationServer('hand', { now: () => new Date() });

/** Opens a station and hands back as soon as the document has loaded: the scanner may fire at once. */
async function openStation(page: Page, route: string): Promise<void> {
  await page.goto(`${station.server.url}${route}`, { waitUntil: 'domcontentloaded' });
}

const expectLog = async (page: Page, text: string, tone: 'success' | 'error' | 'info' | 'warning') => {
  await expect.poll(() => lastScanLog(page).innerText(), { timeout: 10_000 }).toContain(text);
  expect(await lastScanLog(page).getAttribute('class')).toContain(`scan-log-${tone}`);
};

/** The field a person sees the cursor in. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/** Typing a number and Enter, as a person or a scale that types like a keyboard does. */
async function typeEnter(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 60 });
  await page.keyboard.press('Enter');
}

describe('the floor by hand: keyboard and scanner alone, right after opening each station, no print driver', () => {
  it('receives and shelves three parcels', async () => {
    const lines = [];
    for (let i = 1; i <= 3; i++) lines.push(await newLine(station.server.db, { status: 'purchased', trackingNo: `SFHAND000${i}`, title: `手工入库 ${i}` }));
    const wh = await station.page('warehouse1');

    await openStation(wh, '/WarehouseManage/inboundScan');
    const itemCodes: string[] = [];
    // The station lists the parcels expected, oldest first, with what this worker did today.
    const work = wh.getByTestId('station-work');
    for (const line of lines) await work.getByTestId('work-row').filter({ hasText: line.trackingNo }).waitFor();
    const doneToday = async () => Number((await work.locator('.ant-statistic-content').nth(1).innerText()).trim());
    const doneBefore = await doneToday();
    for (const [i, line] of lines.entries()) {
      await scan(wh, line.trackingNo);
      // The parcel's line opens with the cursor in its weight field; Enter walks 重量 → 长 → 宽 → 高 → 确认入库.
      await expect.poll(() => focused(wh), { timeout: 10_000 }).toBe(`weightG-${line.id}`);
      await typeEnter(wh, String(400 + i));
      await expect.poll(() => focused(wh)).toBe(`lengthMm-${line.id}`);
      await typeEnter(wh, '300');
      await typeEnter(wh, '200');
      await expect.poll(() => focused(wh)).toBe(`heightMm-${line.id}`);
      await typeEnter(wh, '50');
      const itemCode = `WI${String(line.id).padStart(8, '0')}`;
      await wh.getByTestId('received-item').filter({ hasText: itemCode }).waitFor();
      expect(await wh.getByTestId('received-item').filter({ hasText: itemCode }).innerText()).toContain(`${400 + i} g`);
      itemCodes.push(itemCode);
    }
    await expectDriverBanner(wh);
    await expect.poll(() => work.getByTestId('work-row').filter({ hasText: 'SFHAND' }).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(doneToday, { timeout: 10_000 }).toBe(doneBefore + 3);
    const all = await wh.getByTestId('scan-log-item').allInnerTexts();
    // Every scan arrived whole: the first one, made while the page was still loading, included.
    for (const line of lines) expect(all.some((t) => t.includes(line.trackingNo) && t.includes('找到 1 件商品'))).toBe(true);

    // QC photos (the camera's part) through the API, by another account (a new login ends the station's session).
    const token = await station.server.login();
    for (const itemCode of itemCodes) {
      const { payload, headers } = multipartBody('file', 'qc.png', 'image/png', TINY_PNG);
      const up = (
        await station.server.app.inject({ method: 'POST', url: '/api/upload/image?type=qc', payload, headers: { ...headers, 'x-token': token } })
      ).json();
      const done = await station.server.call('POST', '/api/warehouse/qc/photo', {
        token,
        body: { itemCode, media: [{ fileUri: up.data.fileUri, kind: 'image' }] },
      });
      expect(done.code).toBe(20000);
    }

    await openStation(wh, '/WarehouseManage/shelving');
    const shelvedOn: string[] = [];
    for (const [i, itemCode] of itemCodes.entries()) {
      await scan(wh, itemCode);
      await expectLog(wh, '建议库位', 'info');
      const suggested = (await wh.getByTestId('suggested').innerText()).trim();
      if (i === 0) {
        // Another location than the suggested one: a warning, and the same scan again confirms it.
        await scan(wh, 'A-01-01-02' === suggested ? 'A-01-01-03' : 'A-01-01-02');
        await expectLog(wh, `不是建议库位 ${suggested}`, 'warning');
        await scan(wh, suggested);
      } else {
        await scan(wh, suggested);
      }
      await expectLog(wh, `上架成功 ${suggested}`, 'success');
      shelvedOn.push(suggested);
    }

    // A move is two scans: the shelved item, then its new location; the item's detail lists where it has been.
    const target = shelvedOn[0] === 'A-01-01-05' ? 'A-01-01-06' : 'A-01-01-05';
    await scan(wh, itemCodes[0]);
    await expectLog(wh, `已上架在 ${shelvedOn[0]}：扫描新库位即移库`, 'info');
    await scan(wh, target);
    await expectLog(wh, `移库成功 ${shelvedOn[0]} → ${target}`, 'success');
    await wh.goto(`${station.server.url}/WarehouseManage/orderDetail?id=${lines[0].id}`);
    const history = wh.getByTestId('location-history');
    await expect.poll(() => history.innerText(), { timeout: 10_000 }).toMatch(new RegExp(`^${shelvedOn[0]} · .*\\n${target} · `));
  });

  it('keeps the next parcel whole when it is scanned before the last one has come back from the server', async () => {
    const [first, next] = [
      await newLine(station.server.db, { status: 'purchased', trackingNo: 'SFNEXT0001', title: '紧接扫描 1' }),
      await newLine(station.server.db, { status: 'purchased', trackingNo: 'SFNEXT0002', title: '紧接扫描 2' }),
    ];
    const wh = await station.page('warehouse1');
    await openStation(wh, '/WarehouseManage/inboundScan');
    await scan(wh, first.trackingNo);
    await expect.poll(() => focused(wh), { timeout: 10_000 }).toBe(`weightG-${first.id}`);
    for (const v of ['410', '300', '200']) await typeEnter(wh, v);
    // The station's fresh look at the parcel after receiving it comes back slowly, while the next scan is being typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await wh.route('**/api/warehouse/inbound/lookup', async (route) => {
      if (route.request().postData()?.includes(first.trackingNo)) await held;
      await route.continue();
    });
    await typeEnter(wh, '50');
    await wh
      .getByTestId('received-item')
      .filter({ hasText: `WI${String(first.id).padStart(8, '0')}` })
      .waitFor();
    await wh.keyboard.type(next.trackingNo.slice(0, 5), { delay: 5 });
    release();
    await wh.getByTestId(`weightG-${first.id}`).waitFor({ state: 'detached' });
    await scan(wh, next.trackingNo.slice(5));
    await expect.poll(() => focused(wh), { timeout: 10_000 }).toBe(`weightG-${next.id}`);
    await expectLog(wh, `${next.trackingNo}`, 'info');
    expect(await lastScanLog(wh).innerText()).toContain('找到 1 件商品');
  });

  it('counts a location: ticks what is there, lists what is extra, and takes the missing off after a confirmation', async () => {
    for (const code of ['E-01-01-01', 'E-01-01-02']) await newShelf(station.server.db, code);
    const [here, lost] = [
      (await newShelvedItem(station.server.db, { shelf: 'E-01-01-01' })).item,
      (await newShelvedItem(station.server.db, { shelf: 'E-01-01-01' })).item,
    ];
    const stray = (await newShelvedItem(station.server.db, { shelf: 'E-01-01-02' })).item;
    const wh = await station.page('warehouse1');
    await openStation(wh, '/WarehouseManage/shelfCount');
    await scan(wh, 'E-01-01-01');
    await expectLog(wh, '盘点 E-01-01-01：记录有 2 件，请逐件扫描', 'info');
    await scan(wh, here.itemCode);
    await expectLog(wh, `${here.itemCode} 在库位上`, 'success');
    await scan(wh, stray.itemCode);
    await expectLog(wh, `${stray.itemCode} 不在本库位的记录中`, 'warning');
    // The location again closes the count; one item was not found, so the station asks first (Enter confirms).
    await scan(wh, 'E-01-01-01');
    const dialog = wh.getByRole('dialog');
    await dialog.getByText('1 件未找到').waitFor();
    await wh.keyboard.press('Enter');
    const result = wh.getByTestId('count-result');
    await expect.poll(() => result.innerText(), { timeout: 10_000 }).toContain('盘点完成 E-01-01-01：应有 2，找到 1，缺失 1，多出 1');
    expect(await wh.getByTestId('count-missing').innerText()).toContain(lost.itemCode);
    const rows = await station.server.db
      .select({ code: warehouseItems.itemCode, shelf: warehouseItems.shelfCode })
      .from(warehouseItems)
      .where(inArray(warehouseItems.itemCode, [here.itemCode, lost.itemCode, stray.itemCode]));
    expect(Object.fromEntries(rows.map((r) => [r.code, r.shelf]))).toEqual({
      [here.itemCode]: 'E-01-01-01',
      [lost.itemCode]: null,
      [stray.itemCode]: 'E-01-01-01',
    });
  });

  it('removes, packs, weighs, labels and sorts three packages', async () => {
    const pkgs = [];
    for (let i = 0; i < 3; i++) pkgs.push(await newPackage(station.server.db, { status: 'remove_wait', country: 'CA', items: 2 }));
    const op = await systemOp(station.server.db, new Date());
    const urls = { sackLabel: () => '', manifestPdf: () => '', manifestXlsx: () => '' };
    await bindSack(station.server.db, { code: 'SKHAND-CA', channelId: await channelIdOf(station.server.db, 'EMS'), countryCode: 'CA' }, op, urls);
    const wh = await station.page('warehouse2');

    await openStation(wh, '/WarehouseManage/packagesOutShelves');
    for (const p of pkgs) {
      await scan(wh, p.packageNo);
      await expect.poll(() => wh.getByTestId('current-package').innerText(), { timeout: 10_000 }).toBe(p.packageNo);
      for (const code of await itemCodesOf(station.server.db, p.id)) await scan(wh, code);
      await expectLog(wh, `包裹 ${p.packageNo} 已全部下架`, 'success');
    }

    await openStation(wh, '/WarehouseManage/packing');
    for (const p of pkgs) await wh.getByTestId('work-row').filter({ hasText: p.packageNo }).waitFor();
    for (const [i, p] of pkgs.entries()) {
      await scan(wh, p.packageNo);
      await expect.poll(() => wh.getByTestId('checklist-item').count(), { timeout: 10_000 }).toBe(2);
      for (const code of await itemCodesOf(station.server.db, p.id)) await scan(wh, code);
      await expectLog(wh, '商品已全部核对，请称重', 'success');
      await expect.poll(() => focused(wh), { timeout: 10_000 }).toBe('pack-weightG');
      for (const v of [String(900 + i), '200', '150', '100']) await typeEnter(wh, v);
      await wh.getByTestId('freight-real').waitFor();
      // F2 prints the label in the browser, at its own page size, without leaving the station.
      await wh.keyboard.press('F2');
      await expect.poll(() => wh.locator('iframe[data-print-frame]').getAttribute('data-print-frame'), { timeout: 10_000 }).toBe('100.00mm 150.00mm');
      await scan(wh, p.packageNo);
      await expectLog(wh, `${p.packageNo} 面单确认，待分拣`, 'success');
    }
    await expectDriverBanner(wh);

    await openStation(wh, '/WarehouseManage/sortingOutStorage');
    for (const p of pkgs) {
      await scan(wh, p.packageNo);
      await expect.poll(() => wh.getByTestId('target-sack').innerText(), { timeout: 10_000 }).toBe('SKHAND-CA');
      await scan(wh, 'SKHAND-CA');
      await expectLog(wh, `${p.packageNo} 已装入 SKHAND-CA`, 'success');
    }
    const rows = await station.server.db
      .select({ status: packages.status })
      .from(packages)
      .where(
        inArray(
          packages.id,
          pkgs.map((p) => p.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['sorted', 'sorted', 'sorted']);
  });

  it('prints the package label from the browser on a 100 × 150 mm page with no margins', async () => {
    const p = await newPackage(station.server.db, { status: 'packed', country: 'CA' });
    const wh = await station.page('warehouse1');
    await openStation(wh, '/WarehouseManage/packing');
    await scan(wh, p.packageNo);
    await wh.getByTestId('print-label').click();
    const frame = wh.locator('iframe[data-print-frame]');
    await expect.poll(() => frame.getAttribute('data-print-frame'), { timeout: 10_000 }).toBe('100.00mm 150.00mm');
    // What the browser prints, printed to PDF as the print dialog's "save as PDF" does.
    const html = await wh.evaluate(() => (document.querySelector('iframe[data-print-frame]') as HTMLIFrameElement).contentDocument!.documentElement.outerHTML);
    const printed = await wh.context().newPage();
    await printed.setContent(html);
    const pdf = await printed.pdf({ preferCSSPageSize: true });
    await printed.close();
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    expect(doc.numPages).toBe(1);
    const [x0, y0, x1, y1] = (await doc.getPage(1)).view;
    const mm = (pt: number) => Math.round((pt * 25.4) / 72);
    expect([mm(x1 - x0), mm(y1 - y0)]).toEqual([100, 150]);
    await doc.destroy();
  });

  it('keeps a scan made while the station is still opening on a slow machine (its code arrives 7 s late)', async () => {
    const line = await newLine(station.server.db, { status: 'purchased', trackingNo: 'SFSLOW0001', title: '慢速打开' });
    const wh = await station.page('warehouse1');
    // The station's code reaches the browser 7 s late, as on a loaded machine: the scanner fires before the scan box exists.
    await wh.route(/\/assets\/InboundScan-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 7000));
      await route.continue();
    });
    await openStation(wh, '/WarehouseManage/inboundScan');
    await scan(wh, line.trackingNo);
    await expect.poll(() => focused(wh), { timeout: 20_000 }).toBe(`weightG-${line.id}`);
    expect(await lastScanLog(wh).innerText()).toContain(line.trackingNo);
  });
});
