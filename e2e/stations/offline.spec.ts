import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, sacks } from '../../packages/server/src/db/schema';
import { channelIdOf, itemCodesOf, newPackage, systemOp } from '../../packages/server/src/modules/goodsOut/factory';
import { bindSack } from '../../packages/server/src/modules/goodsOut/sorting';
import { scan, scanReady, useStationServer } from '../support/stations';

/** Issue 14.4: a station whose network drops keeps every scan on the device and delivers them in order when it returns. */
const station = useStationServer('offline', { now: () => new Date() });

describe('a station without network', () => {
  it('keeps five scans on the device (a reload included), delivers them in order when the network is back, and lists the one refused', async () => {
    const pkgs = [
      await newPackage(station.server.db, { status: 'remove_wait', items: 2 }),
      await newPackage(station.server.db, { status: 'remove_wait', items: 2 }),
    ];
    const [a1, a2] = await itemCodesOf(station.server.db, pkgs[0].id);
    const [b1, b2] = await itemCodesOf(station.server.db, pkgs[1].id);
    const unknown = 'WI99999999';
    const scanned = [a1, a2, unknown, b1, b2];
    const wh = await station.page('warehouse2');
    await wh.goto(`${station.server.url}/WarehouseManage/packagesOutShelves`);
    await scanReady(wh);

    // The network drops for the station's scan call.
    const call = '**/api/warehouse/removal/scan';
    await wh.route(call, (route) => route.abort('internetdisconnected'));
    for (const code of scanned) await scan(wh, code);
    const pendingPanel = wh.getByTestId('scan-pending');
    await expect.poll(() => pendingPanel.innerText()).toContain('5 个扫描暂存在本机');
    expect(await pendingPanel.locator('.ant-tag').allInnerTexts()).toEqual(scanned);

    // Nothing is lost when the page is reloaded meanwhile: the scans are on the device.
    await wh.reload();
    await scanReady(wh);
    await expect.poll(() => pendingPanel.locator('.ant-tag').allInnerTexts()).toEqual(scanned);
    const statusOf = async () =>
      (
        await station.server.db
          .select({ status: packages.status })
          .from(packages)
          .where(
            inArray(
              packages.id,
              pkgs.map((p) => p.id),
            ),
          )
      ).map((r) => r.status);
    expect(await statusOf()).toEqual(['remove_wait', 'remove_wait']);

    // The network is back: delivered in the order scanned, the refused one listed with its reason.
    await wh.unroute(call);
    await pendingPanel.waitFor({ state: 'hidden', timeout: 15_000 });
    const conflicts = wh.getByTestId('scan-conflict-item');
    await expect.poll(() => conflicts.count()).toBe(1);
    expect(await conflicts.first().innerText()).toContain(unknown);
    await expect.poll(statusOf).toEqual(['removed', 'removed']);
    const delivered = (await wh.getByTestId('scan-log-item').allInnerTexts()).filter((t) => t.includes('补交'));
    // The log shows the newest first.
    expect(delivered.map((t) => scanned.find((c) => t.includes(c)))).toEqual([...scanned].reverse());
  });

  it('delivers a package and the sack card scanned after it, both kept offline, as a pair: the package ends in that sack', async () => {
    const db = station.server.db;
    const sackCode = 'SKOFF-EMS-1';
    const noDocs = { sackLabel: () => '', manifestPdf: () => '', manifestXlsx: () => '' };
    await bindSack(db, { code: sackCode, channelId: await channelIdOf(db, 'EMS'), countryCode: null }, await systemOp(db, new Date()), noDocs);
    const p = await newPackage(db, { status: 'wait_ship', items: 1 });
    const wh = await station.page('warehouse2');
    await wh.goto(`${station.server.url}/WarehouseManage/sortingOutStorage`);
    await scanReady(wh);
    // A cheap station PC: Chromium's CPU slowed 4× (waits included).
    wh.context().setDefaultTimeout(30_000);
    await (await wh.context().newCDPSession(wh)).send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // The network drops: the package, then its sack card.
    await wh.context().setOffline(true);
    const pendingPanel = wh.getByTestId('scan-pending');
    await scan(wh, p.packageNo);
    await expect.poll(() => pendingPanel.locator('.ant-tag').allInnerTexts(), { timeout: 15_000 }).toEqual([p.packageNo]);
    await scan(wh, sackCode);
    await expect.poll(() => pendingPanel.locator('.ant-tag').allInnerTexts(), { timeout: 15_000 }).toEqual([p.packageNo, sackCode]);
    const row = async () => (await db.select({ status: packages.status, sackId: packages.sackId }).from(packages).where(eq(packages.id, p.id)))[0];
    expect(await row()).toEqual({ status: 'wait_ship', sackId: null });

    // Back online: both delivered in order, the sack card with the package it was scanned after.
    await wh.context().setOffline(false);
    await pendingPanel.waitFor({ state: 'hidden', timeout: 20_000 });
    const [sack] = await db.select({ id: sacks.id }).from(sacks).where(eq(sacks.code, sackCode));
    await expect.poll(row, { timeout: 15_000 }).toEqual({ status: 'sorted', sackId: sack.id });
    expect(await wh.getByTestId('scan-conflicts').count()).toBe(0);
    const delivered = (await wh.getByTestId('scan-log-item').allInnerTexts()).filter((t) => t.includes('补交'));
    expect(delivered).toHaveLength(2);
    expect(delivered[0]).toContain(`${p.packageNo} 已装入 ${sackCode}`);
    expect(delivered[0]).not.toContain('请扫描包裹号');
  });
});
