import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db';
import { auditLogs, domainEvents, members, packageItems, packages, packageTraces } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { balanceOf } from '../../testing/factories/goods-in';
import { adminIdOf, enableVerify, ticketFor, withTicket } from '../../testing/factories/money-people';
import { autoReceive } from './modify';
import { channelIdOf, itemCodesOf, newPackage, systemOp } from './factory';

let t: TestApp;
let wh: string;
let whId: number;
let admin: string;
let cs: string;

beforeAll(async () => {
  // The hand-moved test clock: verification codes are rate-limited per minute of it.
  t = await createTestApp();
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  whId = await adminIdOf(t, wh);
  admin = await t.login();
  cs = await t.login('cs1', DEMO_PASSWORD);
  // Whether a type starts enabled is the seed's business: these tests switch on what they use, with warehouse1 as verifier.
  for (const type of Object.values(TYPE_OF)) await enableVerify(t, type, [whId], admin);
});

const TYPE_OF = {
  modifyWeight: 'modify_package_attr',
  modifyAttr: 'modify_package_attr',
  modifyAddr: 'modify_package_addr',
  modifyChannel: 'modify_package_channel',
  modifyFreight: 'modify_package_freight',
  modifyStatus: 'modify_package_status',
} as const;
/** A sensitive modification through the verify dialog's calls (code to warehouse1, ticket for this package). */
async function mod(kind: keyof typeof TYPE_OF, body: { id: number } & Record<string, unknown>) {
  const ticket = await ticketFor(t, wh, TYPE_OF[kind], body.id, whId, { url: `/api/warehouse/package/${kind}`, body });
  return post(`/api/warehouse/package/${kind}`, body, wh, withTicket(ticket));
}
afterAll(() => t.close());
/** A call that sends the package's money back to the balance: verified like a status change (issue 12). */
async function moneyBack(url: string, body: { id: number } & Record<string, unknown>) {
  const ticket = await ticketFor(t, wh, 'modify_package_status', body.id, whId, { url, body });
  return post(url, body, wh, withTicket(ticket));
}

type R = { status: string; repeated: boolean; packageNo: string };
const post = <T = R>(url: string, body: unknown, token = wh, headers?: Record<string, string>) => t.call<T>('POST', url, { token, body, headers });
const get = <T>(url: string, query: Record<string, unknown>, token = wh) => t.call<T>('GET', url, { token, query });

describe('package query and detail', () => {
  it('lists by status, number filters, member, channel, marketplace and dates, newest first, keyset-paged', async () => {
    const now = new Date();
    await t.db.insert(members).values({ userCode: 'UGQ0001', name: 'Query member', createdAt: now, updatedAt: now });
    const a = await newPackage(t.db, { memberCode: 'UGQ0001' });
    const b = await newPackage(t.db, { memberCode: 'UGQ0001', channel: 'DHL' });
    const c = await newPackage(t.db, { memberCode: 'UGQ0001', status: 'remove_wait' });
    type L = { list: { packageNo: string; status: string; userCode: string; channelName: string }[]; total: number; nextCursor: string | null };
    const mine = await get<L>('/api/warehouse/package/pageList', { userCode: 'ugq0001', limit: '2' });
    expect(mine.data.list.map((p) => p.packageNo)).toEqual([c.packageNo, b.packageNo]);
    expect(mine.data.total).toBe(3);
    const next = await get<L>('/api/warehouse/package/pageList', { userCode: 'UGQ0001', limit: '2', cursor: mine.data.nextCursor });
    expect(next.data.list.map((p) => p.packageNo)).toEqual([a.packageNo]);
    expect((await get<L>('/api/warehouse/package/pageList', { userCode: 'UGQ0001', status: 'remove_wait' })).data.list.map((p) => p.packageNo)).toEqual([
      c.packageNo,
    ]);
    const dhl = await channelIdOf(t.db, 'DHL');
    expect((await get<L>('/api/warehouse/package/pageList', { userCode: 'UGQ0001', channelId: String(dhl) })).data.list).toMatchObject([
      { packageNo: b.packageNo, channelName: 'DHL 快递' },
    ]);
    expect(
      (await get<L>('/api/warehouse/package/pageList', { numberType: 'packageNo', numberValue: a.packageNo.toLowerCase() })).data.list.map((p) => p.packageNo),
    ).toEqual([a.packageNo]);
    const [code] = await itemCodesOf(t.db, a.id);
    expect((await get<L>('/api/warehouse/package/pageList', { numberType: 'itemCode', numberValue: code })).data.list.map((p) => p.packageNo)).toEqual([
      a.packageNo,
    ]);
    expect((await get<L>('/api/warehouse/package/pageList', { userCode: 'UGQ0001', mallType: 'JD' })).data.total).toBe(0);
    expect((await get<L>('/api/warehouse/package/pageList', { userCode: 'UGQ0001', mallType: 'TB' })).data.total).toBe(3);
    expect((await get<L>('/api/warehouse/package/pageList', { userCode: 'UGQ0001', from: '2000-01-01', to: '2000-01-02' })).data.total).toBe(0);
    expect((await get<L>('/api/warehouse/package/pageList', { status: 'nonsense' })).code).toBe(40001);
    const purchaser = await t.login('purchaser1', DEMO_PASSWORD);
    expect((await get<L>('/api/warehouse/package/pageList', {}, purchaser)).code).toBe(40300);
    // Calls that serve every station need one of the stations' permissions: a purchaser holds none.
    expect((await get('/api/warehouse/package/detail', { packageNo: a.packageNo }, purchaser)).code).toBe(40300);
    expect((await post('/api/warehouse/exception/raise', { packageNo: a.packageNo, type: 'other', reason: 'x', photos: [] }, purchaser)).code).toBe(40300);
  });

  it('pages by id on the status index (the plan names it, no sort of the table)', async () => {
    // A test table is tiny, so a sequential scan would win on cost: switched off, the plan shows the index serves
    // both the filter and the order (what it does at a million rows).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from packages where status = 'remove_wait' and id < 1000000 order by id desc limit 20`,
      );
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/packages_status_idx/);
    expect(text).not.toMatch(/Sort\b/);
  });

  it('shows items, weights, freight, the trace timeline and only the actions allowed now', async () => {
    const p = await newPackage(t.db, { status: 'packed' });
    type D = {
      items: { itemCode: string; removed: boolean; checked: boolean; shelfCode: string }[];
      trace: { type: string }[];
      actions: string[];
      modifications: string[];
      labelUrl: string | null;
      realWeightG: number;
      freightReal: number;
    };
    const d = await get<D>('/api/warehouse/package/detail', { packageNo: p.packageNo });
    expect(d.data.items).toHaveLength(2);
    expect(d.data.items.every((i) => i.removed && i.checked && i.shelfCode === 'A-01-01-01')).toBe(true);
    expect(d.data.trace.map((x) => x.type)).toEqual([
      'package_order_create',
      'pack_pretrial_pass',
      'order_pay',
      'order_paid',
      'removeWait',
      'remove',
      'remove',
      'pack',
      'pack',
      'modify_package_weight',
    ]);
    expect(d.data).toMatchObject({ realWeightG: 900, freightReal: 20_500, actions: ['label_confirm', 'raise'] });
    expect(d.data.labelUrl).toMatch(/^\/api\/warehouse\/package\/labelPdf\?/);
    expect(d.data.modifications).toEqual(['modifyWeight', 'modifyAddr', 'modifyFreight']);
    expect((await get('/api/warehouse/package/detail', { id: '99999999' })).code).toBe(40400);
  });
});

describe('sensitive modifications (SPEC §6)', () => {
  it('needs a verification ticket for the operation and this package once the type is enabled', async () => {
    const p = await newPackage(t.db, { status: 'packed' });
    const q = await newPackage(t.db, { status: 'packed' });
    const body = { id: p.id, weightG: 1200, reason: '复称' };
    const refused = await post('/api/warehouse/package/modifyWeight', body);
    expect(refused.code).toBe(42800);
    const other = await ticketFor(t, wh, 'modify_package_attr', q.id, whId, { url: '/api/warehouse/package/modifyWeight', body: { ...body, id: q.id } });
    expect((await post('/api/warehouse/package/modifyWeight', body, wh, withTicket(other))).code).toBe(42800);
    const ticket = await ticketFor(t, wh, 'modify_package_attr', p.id, whId, (refused.data as unknown as { request: string }).request);
    const ok = await post('/api/warehouse/package/modifyWeight', body, wh, withTicket(ticket));
    expect(ok.code).toBe(20000);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, p.id));
    expect(row.realWeightG).toBe(1200);
    expect((await post('/api/warehouse/package/modifyWeight', { ...body, weightG: 1300 }, wh, withTicket(ticket))).code).toBe(42800);
    type D = { trace: { type: string; note: string }[] };
    const d = await get<D>('/api/warehouse/package/detail', { id: String(p.id) });
    expect(d.data.trace.at(-1)).toMatchObject({ type: 'modify_package_weight', note: '900 g → 1200 g（复称）' });
  });

  it('refuses changes in statuses that do not allow them, and a channel that does not take the package', async () => {
    const shipped = await newPackage(t.db, { status: 'shipped' });
    expect((await mod('modifyWeight', { id: shipped.id, weightG: 10, reason: 'x' })).code).toBe(40900);
    const addr = { receiver: 'Bob', phone: '', country: 'US', province: '', city: 'NYC', address: '5th Ave', postcode: '' };
    expect((await mod('modifyAddr', { id: shipped.id, address: addr, reason: 'x' })).code).toBe(40900);
    const p = await newPackage(t.db);
    const sea = await channelIdOf(t.db, 'SEA-EU');
    const r = await mod('modifyChannel', { id: p.id, channelId: sea, reason: '会员要求' });
    expect(r.code).toBe(40001);
    expect(r.message).toBe('该渠道不配送此国家');
    const dhl = await channelIdOf(t.db, 'DHL');
    expect((await mod('modifyChannel', { id: p.id, channelId: dhl, reason: '会员要求' })).code).toBe(20000);
    expect((await mod('modifyAddr', { id: p.id, address: addr, reason: '会员更正' })).code).toBe(20000);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, p.id));
    expect([row.channelId, row.address.receiver]).toEqual([dhl, 'Bob']);
  });

  it('corrects a status only along the manual rows: shipped → received', async () => {
    const p = await newPackage(t.db, { status: 'shipped' });
    expect((await mod('modifyStatus', { id: p.id, status: 'canceled', reason: 'x' })).code).toBe(40001);
    expect((await mod('modifyStatus', { id: p.id, status: 'received', reason: '承运商确认签收' })).data.status).toBe('received');
  });

  it('marks packages shipped more than 30 days ago received', async () => {
    const old = await newPackage(t.db, { status: 'shipped', now: new Date(Date.now() - 40 * 86_400_000) });
    const recent = await newPackage(t.db, { status: 'shipped' });
    const r = await autoReceive(t.db, await systemOp(t.db, new Date()));
    expect(r.received).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .select({ id: packages.id, status: packages.status })
      .from(packages)
      .where(sql`${packages.id} in (${old.id}, ${recent.id})`)
      .orderBy(packages.id);
    expect(rows.map((x) => x.status)).toEqual(['received', 'shipped']);
    // One statement through the engine's bulk form: a trace row per package and one audit row for the batch.
    const trace = await t.db.select().from(packageTraces).where(eq(packageTraces.packageId, old.id));
    expect(trace.at(-1)).toMatchObject({ event: 'sign', fromStatus: 'shipped', toStatus: 'received', note: '发货 30 天后自动签收' });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'package.sign'), eq(auditLogs.targetId, 'auto_receive')));
    expect(audit.after).toMatchObject({ status: 'received', count: r.received, days: 30 });
  });
});

describe('exceptions and returns', () => {
  type E = { list: { id: number; packageNo: string; status: string; fromStatus: string }[]; total: number };
  const exceptionOf = async (packageNo: string) => (await get<E>('/api/warehouse/exception/pageList', { packageNo })).data.list[0];

  it('any station raises one (reason, photos); resolving returns the package to where it was', async () => {
    const p = await newPackage(t.db, { status: 'packed' });
    const badge0 = (await get<{ exceptionUnDealNum: number }>('/api/back/getTaskNum', {})).data.exceptionUnDealNum;
    const raised = await post('/api/warehouse/exception/raise', { packageNo: p.packageNo, type: 'item_damaged', reason: '外箱破损', photos: [] });
    expect(raised.data.status).toBe('exception');
    expect((await post('/api/warehouse/exception/raise', { packageNo: p.packageNo, type: 'other', reason: '再次', photos: [] })).code).toBe(40900);
    expect((await post('/api/warehouse/exception/raise', { packageNo: p.packageNo, type: 'other', reason: 'x', photos: ['../../etc/passwd'] })).code).toBe(
      40001,
    );
    expect((await get<{ exceptionUnDealNum: number }>('/api/back/getTaskNum', {})).data.exceptionUnDealNum).toBe(badge0 + 1);
    const e = await exceptionOf(p.packageNo);
    expect(e).toMatchObject({ status: 'open', fromStatus: 'packed' });
    expect((await post('/api/warehouse/exception/assign', { id: e.id, ownerId: whId })).data).toMatchObject({ ownerName: '仓库小王' });
    expect((await post('/api/warehouse/exception/resolve', { id: e.id, resolution: '重新加固' })).data.status).toBe('packed');
    expect((await post('/api/warehouse/exception/resolve', { id: e.id, resolution: '重新加固' })).data.repeated).toBe(true);
    expect((await moneyBack('/api/warehouse/exception/cancel', { id: e.id, resolution: '取消' })).code).toBe(40900);
    // The exception moves through the engine: each step is a domain event and an audit row.
    const exEvents = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'package_exception'), eq(domainEvents.entityId, String(e.id))))
      .orderBy(domainEvents.id);
    expect(exEvents.map((x) => [x.type, x.data])).toEqual([
      ['exception.assign', { from: 'open', to: 'open' }],
      ['exception.resolve', { from: 'open', to: 'resolved', note: '重新加固' }],
    ]);
    const exAudits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'package_exception'), eq(auditLogs.targetId, String(e.id))))
      .orderBy(auditLogs.id);
    expect(exAudits.map((x) => [x.action, x.after])).toEqual([
      ['exception.assign', { status: 'open', owner: '仓库小王', previousOwner: '' }],
      ['exception.resolve', { status: 'resolved', note: '重新加固' }],
    ]);
    const shipped = await newPackage(t.db, { status: 'shipped' });
    expect((await post('/api/warehouse/exception/raise', { packageNo: shipped.packageNo, type: 'other', reason: 'x', photos: [] })).code).toBe(40900);
    expect(
      (
        await post(
          '/api/warehouse/exception/raise',
          { packageNo: p.packageNo, type: 'other', reason: 'x', photos: [] },
          await t.login('purchaser1', DEMO_PASSWORD),
        )
      ).code,
    ).toBe(40300);
  });

  it('cancels with a refund of what was paid and frees the items', async () => {
    const p = await newPackage(t.db, { status: 'exception', memberCode: 'U100005' });
    const before = await balanceOf(t.db, p.memberId);
    const e = await exceptionOf(p.packageNo);
    expect((await moneyBack('/api/warehouse/exception/cancel', { id: e.id, resolution: '商品破损，取消' })).data.status).toBe('canceled');
    expect(await balanceOf(t.db, p.memberId)).toBe(before + 20_500);
    const live = await t.db.select().from(packageItems).where(eq(packageItems.packageId, p.id));
    expect(live.every((i) => i.released)).toBe(true);
  });

  it('takes a return through return_ordered → return_refund_check → return_refund_complete (refund) → returned', async () => {
    const p = await newPackage(t.db, { status: 'exception', memberCode: 'U100006' });
    const before = await balanceOf(t.db, p.memberId);
    const e = await exceptionOf(p.packageNo);
    expect((await post('/api/warehouse/exception/return', { id: e.id, resolution: '退回会员' })).data.status).toBe('return_ordered');
    expect((await moneyBack('/api/warehouse/return/step', { id: p.id, event: 'return_refund' })).code).toBe(40900);
    expect((await post('/api/warehouse/return/step', { id: p.id, event: 'return_check' })).data.status).toBe('return_refund_check');
    expect((await moneyBack('/api/warehouse/return/step', { id: p.id, event: 'return_refund' })).data.status).toBe('return_refund_complete');
    expect(await balanceOf(t.db, p.memberId)).toBe(before + 20_500);
    expect((await post('/api/warehouse/return/step', { id: p.id, event: 'return_done' })).data.status).toBe('returned');
  });
});

describe('badges', () => {
  it('counts pre-review, removal, exceptions and sorting queues for warehouse staff only', async () => {
    type B = Record<string, number>;
    const b0 = (await get<B>('/api/back/getTaskNum', {})).data;
    await newPackage(t.db);
    await newPackage(t.db, { status: 'remove_wait' });
    await newPackage(t.db, { status: 'wait_ship' });
    const b1 = (await get<B>('/api/back/getTaskNum', {})).data;
    expect(b1.packPretrialNum - b0.packPretrialNum).toBe(1);
    expect(b1.removeWaitNum - b0.removeWaitNum).toBe(1);
    expect(b1.waitSortNum - b0.waitSortNum).toBe(1);
    const csBadges = (await get<B>('/api/back/getTaskNum', {}, cs)).data;
    expect(csBadges.packPretrialNum).toBeUndefined();
  });

  it('ages each queue: its oldest item, and the count past the SLA (a setting overrides the default)', async () => {
    type A = { list: { key: string; oldestTime: string | null; overSla: number; slaHours: number }[] };
    const ageOf = async (key: string, token = wh) => (await get<A>('/api/back/queueAges', {}, token)).data.list.find((a) => a.key === key);
    // Every pre-review package so far is made fresh; one placed 5 hours ago is past the 4-hour promise.
    await t.db.update(packages).set({ createdAt: t.clock.now() }).where(eq(packages.status, 'pack_pretrial'));
    expect(await ageOf('pack_wait_audit')).toMatchObject({ overSla: 0, slaHours: 4 });
    const late = await newPackage(t.db);
    const fiveHoursAgo = new Date(t.clock.now().getTime() - 5 * 3_600_000);
    await t.db.update(packages).set({ createdAt: fiveHoursAgo }).where(eq(packages.id, late.id));
    expect(await ageOf('pack_wait_audit')).toMatchObject({ overSla: 1, oldestTime: fiveHoursAgo.toISOString() });

    // With the setting at 6 hours, nothing is late.
    const found = await get<{ list: { id: number; paramKey: string }[] }>('/api/param/pageList', { keyword: 'sla.pack_wait_audit' }, admin);
    const existing = found.data.list.find((p) => p.paramKey === 'sla.pack_wait_audit.hours');
    const body = { paramKey: 'sla.pack_wait_audit.hours', paramValue: '6', name: '预审时限（小时）' };
    const saved = existing ? await post('/api/param/edit', { id: existing.id, ...body }, admin) : await post('/api/param/add', body, admin);
    expect(saved.code, saved.message).toBe(20000);
    expect(await ageOf('pack_wait_audit')).toMatchObject({ overSla: 0, slaHours: 6 });
    // Customer service sees no warehouse queue's timer.
    expect(await ageOf('pack_wait_audit', cs)).toBeUndefined();
  });

  it('counts the last 30 business days: a package shipped now is in today’s bar, one shipped 40 days ago in none', async () => {
    type F = { days: string[]; received: number[]; shelved: number[]; shipped: number[] };
    const flow = async () => (await get<F>('/api/back/dailyFlow', {})).data;
    const before = await flow();
    const now = t.clock.now();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toBe(new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const fresh = await newPackage(t.db, { status: 'shipped' });
    const old = await newPackage(t.db, { status: 'shipped' });
    await t.db.update(packages).set({ shippedAt: now }).where(eq(packages.id, fresh.id));
    await t.db
      .update(packages)
      .set({ shippedAt: new Date(now.getTime() - 40 * 86_400_000) })
      .where(eq(packages.id, old.id));
    const after = await flow();
    expect(after.shipped.at(-1)! - before.shipped.at(-1)!).toBe(1);
    expect(sum(after.shipped) - sum(before.shipped)).toBe(1);
    // The counts are the table's own: today's bar equals a direct count.
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from packages where shipped_at >= ${`${after.days.at(-1)}T00:00:00+08:00`}::timestamptz and shipped_at <= ${now.toISOString()}::timestamptz`,
    );
    expect(after.shipped.at(-1)).toBe(n);
    // Finance opens no warehouse page: the warehouse's flow is not theirs to see.
    expect((await get('/api/back/dailyFlow', {}, await t.login('finance1', DEMO_PASSWORD))).code).toBe(40300);
  });
});
