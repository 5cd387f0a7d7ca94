import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, members, notifyLogs, packageItems, packages, purchaseOrders, warehouseItems } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { balanceOf } from '../../testing/factories/goods-in';
import { adminIdOf, enableVerify, ticketFor, withTicket } from '../../testing/factories/money-people';
import { newPackage } from './factory';
import { packableItems } from './memberPacks';

/** Pack orders that fail or stall (issue 30): staff fail, reopen and cancel; canceled items find a shelf again. */

let t: TestApp;
let wh: string;
let whId: number;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  whId = await adminIdOf(t, wh);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
  await enableVerify(t, 'modify_package_status', [whId], await t.login());
});
afterAll(() => t.close());

type R = { status: string; repeated: boolean; packageNo: string };
const post = <T = R>(url: string, body: unknown, token = wh, headers?: Record<string, string>) => t.call<T>('POST', url, { token, body, headers });
type Detail = { status: string; actions: string[]; pretrialNote: string; items: { itemCode: string }[] };
const detail = async (id: number) => (await t.call<Detail>('GET', '/api/warehouse/package/detail', { token: wh, query: { id } })).data;

/** The package's domain events and audit rows, as (type, from → to) in the order written. */
async function historyOf(p: { id: number; packageNo: string }) {
  const events = await t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityType, 'package'), eq(domainEvents.entityId, String(p.id))))
    .orderBy(asc(domainEvents.id));
  const audits = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'package'), eq(auditLogs.targetId, p.packageNo)))
    .orderBy(asc(auditLogs.id));
  return {
    events: events.map((e) => `${e.type}:${(e.data as { from: string }).from}>${(e.data as { to: string }).to}`),
    audits: audits.map((a) => `${a.action}:${(a.after as { status?: string }).status ?? ''}`),
  };
}

/** What the member may pack: shelved lines with a located item in no live package (as GET /items reads it). */
async function itemsState(packageId: number) {
  const rows = await t.db
    .select({ released: packageItems.released, line: purchaseOrders.status, shelf: warehouseItems.shelfCode, shelvedAt: warehouseItems.shelvedAt })
    .from(packageItems)
    .innerJoin(warehouseItems, eq(warehouseItems.id, packageItems.itemId))
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, packageItems.purchaseId))
    .where(eq(packageItems.packageId, packageId))
    .orderBy(asc(packageItems.id));
  return rows.map((r) => ({ released: r.released, line: r.line, shelf: r.shelf, shelved: r.shelvedAt !== null }));
}

describe('a failed pre-review has a way out for staff', () => {
  it('fails with a reason, reopens to pre-review, fails again after a quote, each one transition with its event and audit', async () => {
    const p = await newPackage(t.db);
    expect((await post('/api/warehouse/pretrial/fail', { id: p.id, reason: '含违禁品：电池' })).data.status).toBe('pack_pretrial_fail');
    // Staff of pre-review may send it back or (with 包裹查询) cancel it; nobody may pay or pass it.
    expect((await detail(p.id)).actions.sort()).toEqual(['cancel', 'reopen']);
    expect((await post('/api/warehouse/pretrial/pass', { id: p.id, estimatedWeightG: 900 })).code).toBe(40900);

    expect((await post('/api/warehouse/pretrial/reopen', { id: p.id, note: '会员已电话确认无电池' })).data.status).toBe('pack_pretrial');
    const again = await post('/api/warehouse/pretrial/reopen', { id: p.id });
    expect(again.data).toMatchObject({ status: 'pack_pretrial', repeated: true });

    // Passed, then found wrong before the member paid: failed after all.
    expect((await post('/api/warehouse/pretrial/pass', { id: p.id, estimatedWeightG: 900 })).data.status).toBe('pack_pretrial_pass');
    expect((await post('/api/warehouse/pretrial/fail', { id: p.id, reason: '尺寸超限' })).data.status).toBe('pack_pretrial_fail');
    expect((await detail(p.id)).pretrialNote).toBe('尺寸超限');

    const h = await historyOf(p);
    expect(h.events).toEqual([
      'package.submit:pack_created>pack_pretrial',
      'package.pretrial_fail:pack_pretrial>pack_pretrial_fail',
      'package.reopen:pack_pretrial_fail>pack_pretrial',
      'package.pretrial_pass:pack_pretrial>pack_pretrial_pass',
      'package.pretrial_fail:pack_pretrial_pass>pack_pretrial_fail',
    ]);
    expect(h.audits).toEqual([
      'package.pretrial_fail:pack_pretrial_fail',
      'package.reopen:pack_pretrial',
      'package.pretrial_pass:pack_pretrial_pass',
      'package.pretrial_fail:pack_pretrial_fail',
    ]);
  });

  it('tells the member in a site message why pre-review failed (the reason of that moment)', async () => {
    const admin = await t.login();
    const ch = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
      token: admin,
      body: { type: 'site', name: '站内信（预审）', events: ['pretrial_failed'] },
    });
    expect(ch.code, ch.message).toBe(20000);
    const p = await newPackage(t.db);
    expect((await post('/api/warehouse/pretrial/fail', { id: p.id, reason: '含锂电池，请改选可带电渠道' })).code).toBe(20000);
    // Reopened and failed again with another reason before the pump ran: each message says its own.
    await post('/api/warehouse/pretrial/reopen', { id: p.id });
    await post('/api/warehouse/pretrial/fail', { id: p.id, reason: '尺寸超限' });
    await t.events.run();
    const [m] = await t.db.select({ userCode: members.userCode }).from(members).where(eq(members.id, p.memberId));
    const sent = await t.db
      .select({ body: notifyLogs.body })
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, ch.data.id), eq(notifyLogs.recipient, m!.userCode), eq(notifyLogs.event, 'pretrial_failed')))
      .orderBy(asc(notifyLogs.id));
    // The member's other packages failed in the tests before: this package's messages. Deliveries go several at once
    // (receivers order by event, not arrival), so the log's order is not the events': each says its own reason.
    expect(
      sent
        .map((r) => r.body)
        .filter((b) => b.includes(p.packageNo))
        .sort(),
    ).toEqual([
      expect.stringContaining(`包裹 ${p.packageNo} 预审未通过：含锂电池，请改选可带电渠道。`),
      expect.stringContaining(`包裹 ${p.packageNo} 预审未通过：尺寸超限。`),
    ]);
  });

  it('cancels an unpaid pack order: its items are the member’s to pack again, on the shelf they never left', async () => {
    const p = await newPackage(t.db, { status: 'pack_pretrial_pass', memberCode: 'U100008' });
    const before = await balanceOf(t.db, p.memberId);
    expect((await post('/api/warehouse/package/cancel', { id: p.id, reason: '' })).code).toBe(40001);
    const r = await post('/api/warehouse/package/cancel', { id: p.id, reason: '会员来电要求取消' });
    expect(r.data.status).toBe('canceled');
    expect((await post('/api/warehouse/package/cancel', { id: p.id, reason: '会员来电要求取消' })).data).toMatchObject({ status: 'canceled', repeated: true });
    expect(await itemsState(p.id)).toEqual([
      { released: true, line: 'shelved', shelf: 'A-01-01-01', shelved: true },
      { released: true, line: 'shelved', shelf: 'A-01-01-01', shelved: true },
    ]);
    expect(await balanceOf(t.db, p.memberId)).toBe(before);
    const h = await historyOf(p);
    expect(h.events.slice(-1)).toEqual(['package.cancel:pack_pretrial_pass>canceled']);
    expect(h.audits.slice(-1)).toEqual(['package.cancel:canceled']);
    const [{ cancelTime }] = await t.db.select({ cancelTime: packages.cancelTime }).from(packages).where(eq(packages.id, p.id));
    expect(cancelTime).not.toBeNull();
    // The items can go into a new pack order at once.
    const codes = (await detail(p.id)).items.map((i) => i.itemCode);
    expect((await packableItems(t.db, p.memberId, (u) => u)).list.map((i) => i.itemCode)).toEqual(expect.arrayContaining(codes));
  });

  it('refuses the wrong state and staff without the permission, changing nothing', async () => {
    const paid = await newPackage(t.db, { status: 'remove_wait' });
    const r = await post('/api/warehouse/package/cancel', { id: paid.id, reason: '取消' });
    expect(r.code).toBe(40900);
    expect(r.message).toContain('待下架');
    expect((await post('/api/warehouse/pretrial/reopen', { id: paid.id })).code).toBe(40900);
    expect((await post('/api/warehouse/pretrial/fail', { id: paid.id, reason: 'x' })).code).toBe(40900);
    expect((await detail(paid.id)).status).toBe('remove_wait');

    const p = await newPackage(t.db);
    expect((await post('/api/warehouse/pretrial/reopen', { id: p.id }, buyer)).code).toBe(40300);
    expect((await post('/api/warehouse/package/cancel', { id: p.id, reason: '取消' }, buyer)).code).toBe(40300);
    expect((await detail(p.id)).status).toBe('pack_pretrial');
    expect((await historyOf(p)).audits).toEqual([]);
  });
});

describe('a canceled package’s items go back on a shelf', () => {
  it('items taken off their shelves wait for the shelving station, which shelves them again; then they are packable', async () => {
    const p = await newPackage(t.db, { status: 'exception', memberCode: 'U100007', shelves: ['A-01-01-01', 'A-01-01-02'] });
    const [e] = (await t.call<{ list: { id: number }[] }>('GET', '/api/warehouse/exception/pageList', { token: wh, query: { packageNo: p.packageNo } })).data
      .list;
    const body = { id: e.id, resolution: '会员放弃，取消' };
    const ticket = await ticketFor(t, wh, 'modify_package_status', e.id, whId, { url: '/api/warehouse/exception/cancel', body });
    expect((await post('/api/warehouse/exception/cancel', body, wh, withTicket(ticket))).data.status).toBe('canceled');

    // Not "已上架在 null": the lines say they wait for shelving, and the items have no location until shelved.
    expect(await itemsState(p.id)).toEqual([
      { released: true, line: 'stocking_photo', shelf: null, shelved: false },
      { released: true, line: 'stocking_photo', shelf: null, shelved: false },
    ]);
    const lines = await t.db
      .select({ id: purchaseOrders.id })
      .from(packageItems)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, packageItems.purchaseId))
      .where(eq(packageItems.packageId, p.id));
    const lineEvents = await t.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.entityType, 'purchase'),
          inArray(
            domainEvents.entityId,
            lines.map((l) => String(l.id)),
          ),
          eq(domainEvents.type, 'purchase.restock'),
        ),
      );
    expect(lineEvents).toHaveLength(2);
    const lineAudits = await t.db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.action, 'purchase.restock'));
    expect(lineAudits.length).toBeGreaterThanOrEqual(2);

    // The shelving station takes them like any item waiting for its shelf.
    const codes = (await detail(p.id)).items.map((i) => i.itemCode);
    for (const itemCode of codes) {
      const scan = await post<{ actions: string[]; suggestedLocation: string | null }>('/api/warehouse/shelving/scan', { code: itemCode });
      expect(scan.data.actions).toContain('shelve');
      expect((await post('/api/warehouse/shelve', { itemCode, locationCode: 'A-01-01-03' })).data.status).toBe('shelved');
    }
    expect(await itemsState(p.id)).toEqual([
      { released: true, line: 'shelved', shelf: 'A-01-01-03', shelved: true },
      { released: true, line: 'shelved', shelf: 'A-01-01-03', shelved: true },
    ]);
    expect((await packableItems(t.db, p.memberId, (u) => u)).list.map((i) => i.itemCode)).toEqual(expect.arrayContaining(codes));
  });
});
