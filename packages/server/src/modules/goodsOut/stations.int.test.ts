import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, members, packages, packageTraces, sacks, warehouseItems } from '../../db/schema';
import { post as ledgerPost } from '../ledger/service';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { balanceOf, pdfText } from '../../testing/factories/goods-in';
import { channelIdOf, itemCodesOf, newPackage, systemOp } from './factory';
import { createPackage, payPatch } from './orders';

let t: TestApp;
let wh: string;
let wh2: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date() });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  wh2 = await t.login('warehouse2', DEMO_PASSWORD);
  buyer = await t.login('purchaser1', DEMO_PASSWORD);
});
afterAll(() => t.close());

type R = { status: string; repeated: boolean; packageNo: string };
const post = <T = R>(url: string, body: unknown, token = wh) => t.call<T>('POST', url, { token, body });
const statusOf = async (id: number) => (await t.db.select({ s: packages.status }).from(packages).where(eq(packages.id, id)))[0].s;
async function freshMember(userCode: string): Promise<number> {
  const now = new Date();
  const [m] = await t.db
    .insert(members)
    .values({ userCode, name: userCode, email: `${userCode}@example.com`, createdAt: now, updatedAt: now })
    .returning();
  return m.id;
}
const recharge = (memberId: number, amount: number) =>
  t.db.transaction((tx) => ledgerPost(tx, { ownerType: 'member', ownerId: memberId, kind: 'balance', currency: 'CNY', amount, type: 'recharge' }, new Date()));
const traceOf = async (id: number) =>
  (await t.db.select().from(packageTraces).where(eq(packageTraces.packageId, id)).orderBy(packageTraces.id)).map(
    (r) => `${r.type}:${r.fromStatus}>${r.toStatus}`,
  );

describe('pre-review', () => {
  it('passes with a quote on the estimated weight, or fails with a reason; a quote may fail until it is paid', async () => {
    const p = await newPackage(t.db);
    const pass = await post<R & { freightEstimated: number }>('/api/warehouse/pretrial/pass', { id: p.id, estimatedWeightG: 900 });
    // EMS 欧美澳: 500 g 160.00 + one started 500 g step 45.00.
    expect(pass.data).toMatchObject({ status: 'pack_pretrial_pass', freightEstimated: 20_500, repeated: false });
    expect((await post('/api/warehouse/pretrial/pass', { id: p.id, estimatedWeightG: 900 })).data.repeated).toBe(true);
    // A quote found wrong before the member paid it fails after all (issue 30); a paid one does not.
    expect((await post('/api/warehouse/pretrial/fail', { id: p.id, reason: '含违禁品' })).data.status).toBe('pack_pretrial_fail');
    const paid = await newPackage(t.db, { status: 'remove_wait' });
    expect((await post('/api/warehouse/pretrial/fail', { id: paid.id, reason: '含违禁品' })).code).toBe(40900);
    const q = await newPackage(t.db);
    expect((await post('/api/warehouse/pretrial/fail', { id: q.id, reason: '' })).code).toBe(40001);
    expect((await post('/api/warehouse/pretrial/fail', { id: q.id, reason: '含违禁品' })).data.status).toBe('pack_pretrial_fail');
    expect(await traceOf(q.id)).toEqual(['package_order_create:pack_created>pack_pretrial', 'pack_pretrial_fail:pack_pretrial>pack_pretrial_fail']);
    expect((await post('/api/warehouse/pretrial/pass', { id: q.id, estimatedWeightG: 900 })).code).toBe(40900);
  });

  it('refuses a weight over the channel maximum and attributes the channel does not take', async () => {
    const p = await newPackage(t.db);
    const heavy = await post('/api/warehouse/pretrial/pass', { id: p.id, estimatedWeightG: 30_001 });
    expect(heavy.code).toBe(40001);
    expect(heavy.message).toContain('超过渠道最大重量');
    const battery = await newPackage(t.db, { attrs: ['battery'] });
    const r = await post('/api/warehouse/pretrial/pass', { id: battery.id, estimatedWeightG: 900 });
    expect(r.code).toBe(40001);
    expect(r.message).toContain('带电');
    expect(await statusOf(battery.id)).toBe('pack_pretrial');
  });

  it('is refused to staff without the pre-review permission', async () => {
    const p = await newPackage(t.db);
    expect((await post('/api/warehouse/pretrial/pass', { id: p.id, estimatedWeightG: 900 }, buyer)).code).toBe(40300);
  });
});

describe('payment and removal from shelves', () => {
  it('pays from the balance into remove_wait, lists the pick list by shelf, and removes item by item', async () => {
    const p = await newPackage(t.db, { status: 'remove_wait' });
    expect(p.status).toBe('remove_wait');
    expect(p.freightCharged).toBe(20_500);
    const codes = await itemCodesOf(t.db, p.id);
    const pick = await t.call<{ list: { itemCode: string; packageNo: string; shelfCode: string }[] }>('GET', '/api/warehouse/removal/pickList', { token: wh });
    const mine = pick.data.list.filter((l) => l.packageNo === p.packageNo);
    expect(mine.map((l) => l.itemCode).sort()).toEqual([...codes].sort());
    expect(mine[0].shelfCode).toBe('A-01-01-01');

    const first = await post<R & { removedCount: number; itemCount: number }>('/api/warehouse/removal/scan', {
      itemCode: codes[0].toLowerCase(),
      packageNo: p.packageNo,
    });
    expect(first.data).toMatchObject({ status: 'removing', removedCount: 1, itemCount: 2, repeated: false });
    // What may be done next, from the machine: the removal station switches on it.
    expect((first.data as unknown as { actions: string[] }).actions).toContain('remove_done');
    expect((await post('/api/warehouse/removal/scan', { itemCode: codes[0] })).data.repeated).toBe(true);
    const last = await post<R & { removedCount: number }>('/api/warehouse/removal/scan', { itemCode: codes[1] });
    expect(last.data).toMatchObject({ status: 'removed', removedCount: 2 });
    expect((last.data as unknown as { actions: string[] }).actions).not.toContain('remove_done');
    // Off the shelf: the locations no longer hold the items.
    const shelves = await t.db.select({ code: warehouseItems.shelfCode }).from(warehouseItems).where(inArray(warehouseItems.itemCode, codes));
    expect(shelves).toEqual([{ code: null }, { code: null }]);
    expect(await traceOf(p.id)).toEqual([
      'package_order_create:pack_created>pack_pretrial',
      'pack_pretrial_pass:pack_pretrial>pack_pretrial_pass',
      'order_pay:pack_pretrial_pass>paying',
      'order_paid:paying>paid',
      'removeWait:paid>remove_wait',
      'remove:remove_wait>removing',
      'remove:removing>removed',
    ]);
  });

  it('debits the member balance when paid from it, and refuses an empty balance', async () => {
    const m = await freshMember('UGO0001');
    await expect(newPackage(t.db, { status: 'remove_wait', memberCode: 'UGO0001', fromBalance: true })).rejects.toThrow('余额不足');
    expect(await balanceOf(t.db, m)).toBe(0);
    await recharge(m, 30_000);
    const p = await newPackage(t.db, { status: 'remove_wait', memberCode: 'UGO0001', fromBalance: true });
    expect(p.status).toBe('remove_wait');
    expect(await balanceOf(t.db, m)).toBe(30_000 - 20_500);
  });

  it("refuses another package's item, a package code, an unknown item and a package not awaiting removal — loudly", async () => {
    const a = await newPackage(t.db, { status: 'remove_wait' });
    const b = await newPackage(t.db, { status: 'remove_wait' });
    const bCodes = await itemCodesOf(t.db, b.id);
    const wrong = await post('/api/warehouse/removal/scan', { itemCode: bCodes[0], packageNo: a.packageNo });
    expect(wrong.code).toBe(40001);
    expect(wrong.message).toBe(`商品 ${bCodes[0]} 属于包裹 ${b.packageNo}，不属于当前包裹 ${a.packageNo}`);
    expect((await post('/api/warehouse/removal/scan', { itemCode: a.packageNo })).code).toBe(40001);
    expect((await post('/api/warehouse/removal/scan', { itemCode: 'WI99999999' })).message).toBe('商品 WI99999999 不在任何包裹中');
    const early = await newPackage(t.db, { status: 'pack_pretrial_pass' });
    const r = await post('/api/warehouse/removal/scan', { itemCode: (await itemCodesOf(t.db, early.id))[0] });
    expect(r.code).toBe(40900);
    expect(await statusOf(b.id)).toBe('remove_wait');
  });

  it('lets exactly one of two stations remove the same item', async () => {
    const p = await newPackage(t.db, { status: 'remove_wait', items: 1 });
    const [code] = await itemCodesOf(t.db, p.id);
    const [x, y] = await Promise.all([
      post('/api/warehouse/removal/scan', { itemCode: code }, wh),
      post('/api/warehouse/removal/scan', { itemCode: code }, wh2),
    ]);
    const fresh = [x, y].filter((r) => r.code === 20000 && !r.data.repeated);
    expect(fresh).toHaveLength(1);
    expect(await statusOf(p.id)).toBe('removed');
    expect((await traceOf(p.id)).filter((s) => s.startsWith('remove:'))).toEqual(['remove:remove_wait>removing', 'remove:removing>removed']);
  });
});

describe('packing station', () => {
  it('opens a removed package, checks every item, weighs it into packed with the label, and the label scan → wait_ship', async () => {
    const p = await newPackage(t.db, { status: 'removed' });
    const codes = await itemCodesOf(t.db, p.id);
    const open = await post<{ status: string; items: { itemCode: string; checked: boolean }[]; memberRemark: string; repeated: boolean }>(
      '/api/warehouse/packing/scan',
      { code: p.packageNo },
    );
    expect(open.data).toMatchObject({ status: 'packing', repeated: false });
    expect(open.data.items.map((i) => i.itemCode).sort()).toEqual([...codes].sort());
    const early = await post('/api/warehouse/packing/weigh', { packageNo: p.packageNo, weightG: 900, lengthMm: 200, widthMm: 150, heightMm: 100 });
    expect(early.code).toBe(40001);
    expect(early.message).toContain('还有 2 件商品未扫描');
    const other = await newPackage(t.db, { status: 'removed' });
    const wrong = await post('/api/warehouse/packing/item', { packageNo: p.packageNo, itemCode: (await itemCodesOf(t.db, other.id))[0] });
    expect(wrong.code).toBe(40001);
    expect(wrong.message).toContain(`属于包裹 ${other.packageNo}`);
    for (const c of codes)
      expect((await post<{ checkedCount: number }>('/api/warehouse/packing/item', { packageNo: p.packageNo, itemCode: c })).code).toBe(20000);
    const w = await post<R & { freightReal: number; freightCharged: number; patchAmount: number; labelUrl: string; chargeableWeightG: number }>(
      '/api/warehouse/packing/weigh',
      { packageNo: p.packageNo, weightG: 950, lengthMm: 200, widthMm: 150, heightMm: 100 },
    );
    expect(w.data).toMatchObject({ status: 'packed', freightReal: 20_500, freightCharged: 20_500, patchAmount: 0, chargeableWeightG: 950 });
    const pdf = await t.app.inject({ method: 'GET', url: w.data.labelUrl });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of [p.packageNo, 'EMS 国际特快', 'US', '950 g', '3000 cm³', 'Alice Martin', '打包：仓库小王']) expect(text).toContain(s);
    const tampered = w.data.labelUrl.replace(/sig=(.)/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: p.packageNo, code: other.packageNo })).code).toBe(40001);
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: p.packageNo, code: p.packageNo })).data.status).toBe('wait_ship');
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: p.packageNo, code: p.packageNo })).data.repeated).toBe(true);
  });

  it('bills the member for a real freight above what was paid (volumetric weight), and the top-up from the balance releases it', async () => {
    await freshMember('UGO0002');
    const p = await newPackage(t.db, { status: 'packing', memberCode: 'UGO0002' });
    // 400 × 300 × 300 mm / 8000 = 4500 g volumetric > 900 g actual: 160.00 + 8 × 45.00 = 520.00, paid 205.00 → top-up 315.00.
    const w = await post<R & { freightReal: number; patchAmount: number; volumetricWeightG: number }>('/api/warehouse/packing/weigh', {
      packageNo: p.packageNo,
      weightG: 900,
      lengthMm: 400,
      widthMm: 300,
      heightMm: 300,
    });
    expect(w.data).toMatchObject({ status: 'patch_wait', volumetricWeightG: 4500, freightReal: 52_000, patchAmount: 31_500 });
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: p.packageNo, code: p.packageNo })).code).toBe(40900);
    const op = await systemOp(t.db, new Date());
    await expect(payPatch(t.db, p.id, op)).rejects.toThrow('余额不足');
    await recharge(p.memberId, 50_000);
    const after = await payPatch(t.db, p.id, op);
    expect(after).toMatchObject({ status: 'pending_launch', freightCharged: 52_000, patchAmount: 0 });
    expect(await balanceOf(t.db, p.memberId)).toBe(50_000 - 31_500);
    expect((await post('/api/warehouse/packing/confirmLabel', { packageNo: p.packageNo, code: p.packageNo })).data.status).toBe('wait_ship');
    expect((await traceOf(p.id)).slice(-4)).toEqual([
      'waitPath:packing>patch_wait',
      'modify_package_weight:patch_wait>patch_wait',
      'patch_pending_launch:patch_wait>pending_launch',
      'label:pending_launch>wait_ship',
    ]);
  });

  it('stays packed within the tolerance (3 %, at least 1.00)', async () => {
    // DHL 北美: 1 kg = 220.00 + 60.00, fuel 18.5 %, fee 15.00 → 346.80 paid on the estimate; weighing 1001 g adds a step.
    const p = await newPackage(t.db, { status: 'packing', channel: 'DHL', items: 1, itemWeightG: 900, estimatedWeightG: 1000 });
    expect(p.freightCharged).toBe(34_680);
    const w = await post<R & { freightReal: number; patchAmount: number }>('/api/warehouse/packing/weigh', {
      packageNo: p.packageNo,
      weightG: 1000,
      lengthMm: 100,
      widthMm: 100,
      heightMm: 100,
    });
    expect(w.data).toMatchObject({ status: 'packed', freightReal: 34_680 });
    const q = await newPackage(t.db, { status: 'packing', channel: 'DHL', items: 1, itemWeightG: 900, estimatedWeightG: 1000 });
    const over = await post<R & { patchAmount: number }>('/api/warehouse/packing/weigh', {
      packageNo: q.packageNo,
      weightG: 1001,
      lengthMm: 100,
      widthMm: 100,
      heightMm: 100,
    });
    expect(over.data).toMatchObject({ status: 'patch_wait', patchAmount: 7_110 });
  });

  it('lets exactly one of two stations open the same package and weigh it', async () => {
    const p = await newPackage(t.db, { status: 'removed', items: 1 });
    const [x, y] = await Promise.all([
      post('/api/warehouse/packing/scan', { code: p.packageNo }, wh),
      post('/api/warehouse/packing/scan', { code: p.packageNo }, wh2),
    ]);
    expect([x, y].filter((r) => r.code === 20000 && !r.data.repeated)).toHaveLength(1);
    await post('/api/warehouse/packing/item', { packageNo: p.packageNo, itemCode: (await itemCodesOf(t.db, p.id))[0] });
    const body = (weightG: number) => ({ packageNo: p.packageNo, weightG, lengthMm: 100, widthMm: 100, heightMm: 100 });
    const [a, b] = await Promise.all([post('/api/warehouse/packing/weigh', body(500), wh), post('/api/warehouse/packing/weigh', body(520), wh2)]);
    expect([a, b].filter((r) => r.code === 20000)).toHaveLength(1);
    expect([a, b].filter((r) => r.code === 40900)).toHaveLength(1);
    // Whichever weight won (500 g → packed, 520 g → patch_wait), the package left packing exactly once.
    expect((await traceOf(p.id)).filter((s) => /^(pack|waitPath):packing>/.test(s))).toHaveLength(1);
  });
});

describe('label confirmation', () => {
  it('lets exactly one of two stations confirm the same label; the other is told it was done', async () => {
    const p = await newPackage(t.db, { status: 'packed', items: 1 });
    const body = { packageNo: p.packageNo, code: p.packageNo };
    const [x, y] = await Promise.all([post('/api/warehouse/packing/confirmLabel', body, wh), post('/api/warehouse/packing/confirmLabel', body, wh2)]);
    const won = [x, y].filter((r) => r.code === 20000 && !r.data.repeated);
    expect(won).toHaveLength(1);
    const other = [x, y].find((r) => r !== won[0])!;
    expect(other.code === 40900 || other.data.repeated).toBe(true);
    expect((await traceOf(p.id)).filter((s) => s.startsWith('label:'))).toEqual(['label:packed>wait_ship']);
  });
});

describe('sorting, sacks and out-of-storage', () => {
  it('binds a sack, shows where a package goes, refuses the wrong sack, seals, batches, hands over with a manifest', async () => {
    const ems = await channelIdOf(t.db, 'EMS');
    const dhl = await channelIdOf(t.db, 'DHL');
    const p1 = await newPackage(t.db, { status: 'wait_ship', country: 'CA' });
    const p2 = await newPackage(t.db, { status: 'wait_ship', memberCode: 'U100003', country: 'CA' });
    const bind = await post<{ status: string; code: string }>('/api/warehouse/sack/bind', { code: 'SKCA0001', channelId: ems, countryCode: 'CA' });
    expect(bind.data).toMatchObject({ status: 'open', code: 'SKCA0001' });
    expect((await post('/api/warehouse/sack/bind', { code: 'SKCA0001', channelId: dhl })).code).toBe(40900);
    await post('/api/warehouse/sack/bind', { code: 'SKDHL001', channelId: dhl });
    const scan = await post<{ sack: { code: string } | null }>('/api/warehouse/sorting/scan', { packageNo: p1.packageNo });
    expect(scan.data.sack?.code).toBe('SKCA0001');
    const wrong = await post('/api/warehouse/sorting/put', { packageNo: p1.packageNo, sackCode: 'SKDHL001' });
    expect(wrong.code).toBe(40001);
    expect(wrong.message).toContain('应装入 SKCA0001');
    expect((await post('/api/warehouse/sorting/put', { packageNo: p1.packageNo, sackCode: 'SKNOPE' })).code).toBe(40400);
    expect((await post('/api/warehouse/sorting/put', { packageNo: p1.packageNo, sackCode: 'SKCA0001' })).data.status).toBe('sorted');
    expect((await post('/api/warehouse/sorting/put', { packageNo: p1.packageNo, sackCode: 'skca0001' })).data.repeated).toBe(true);
    const [x, y] = await Promise.all([
      post('/api/warehouse/sorting/put', { packageNo: p2.packageNo, sackCode: 'SKCA0001' }, wh),
      post('/api/warehouse/sorting/put', { packageNo: p2.packageNo, sackCode: 'SKCA0001' }, wh2),
    ]);
    expect([x, y].filter((r) => r.code === 20000 && !r.data.repeated)).toHaveLength(1);

    const batch = await post<{ id: number; batchNo: string }>('/api/warehouse/outBatch/create', { carrier: '中国邮政' });
    expect((await post('/api/warehouse/outBatch/addSack', { batchId: batch.data.id, sackCode: 'SKCA0001' })).code).toBe(40900);
    expect((await post('/api/warehouse/sack/seal', { code: 'SKDHL001' })).code).toBe(40001);
    const sealed = await post<{ status: string; packageCount: number; weightG: number; labelUrl: string }>('/api/warehouse/sack/seal', {
      code: 'SKCA0001',
      weightG: 2100,
    });
    expect(sealed.data).toMatchObject({ status: 'sealed', packageCount: 2, weightG: 2100 });
    const sackPdf = await pdfText((await t.app.inject({ method: 'GET', url: sealed.data.labelUrl })).rawPayload);
    for (const s of ['SKCA0001', 'EMS 国际特快', '包裹数：2', '2100 g']) expect(sackPdf).toContain(s);
    const late = await newPackage(t.db, { status: 'wait_ship', country: 'CA' });
    expect((await post('/api/warehouse/sorting/put', { packageNo: late.packageNo, sackCode: 'SKCA0001' })).code).toBe(40900);

    const added = await post<{ packageCount: number; lines: { packageNo: string; status: string }[] }>('/api/warehouse/outBatch/addSack', {
      batchId: batch.data.id,
      sackCode: 'SKCA0001',
    });
    expect(added.data.packageCount).toBe(2);
    expect(added.data.lines.map((l) => l.status)).toEqual(['prepare_ship', 'prepare_ship']);
    const missing = await post('/api/warehouse/outBatch/ship', {
      batchId: batch.data.id,
      trackingNos: [{ packageNo: p1.packageNo, trackingNo: 'EE100000001CN' }],
    });
    expect(missing.code).toBe(40001);
    expect(missing.message).toContain(p2.packageNo);
    expect(await statusOf(p1.id)).toBe('prepare_ship');
    const shipped = await post<{
      status: string;
      lines: { packageNo: string; trackingNo: string; status: string }[];
      manifestPdfUrl: string;
      manifestXlsxUrl: string;
    }>('/api/warehouse/outBatch/ship', {
      batchId: batch.data.id,
      trackingNos: [
        { packageNo: p1.packageNo, trackingNo: 'EE100000001CN' },
        { packageNo: p2.packageNo, trackingNo: 'EE100000002CN' },
      ],
    });
    expect(shipped.data.status).toBe('shipped');
    expect(shipped.data.lines.map((l) => [l.packageNo, l.trackingNo, l.status])).toEqual([
      [p1.packageNo, 'EE100000001CN', 'shipped'],
      [p2.packageNo, 'EE100000002CN', 'shipped'],
    ]);

    // 包裹详情 names the package's member and its outbound batch.
    const detail = await t.call<{ userName: string; batchNo: string | null }>('GET', '/api/warehouse/package/detail', { token: wh, query: { id: p1.id } });
    const [member] = await t.db.select({ name: members.name }).from(members).where(eq(members.id, p1.memberId));
    expect(detail.data).toMatchObject({ userName: member.name, batchNo: batch.data.batchNo });
    expect(member.name).not.toBe('');

    // The manifest: every package with sack, member, destination, weight, declared value and tracking number.
    const pdf = await pdfText((await t.app.inject({ method: 'GET', url: shipped.data.manifestPdfUrl })).rawPayload);
    for (const s of [
      `出库清单 ${batch.data.batchNo}`,
      '中国邮政',
      '麻袋 1 个，包裹 2 个',
      'SKCA0001',
      p1.packageNo,
      p2.packageNo,
      'U100001',
      'U100003',
      'EE100000002CN',
      '118.00 CNY',
    ])
      expect(pdf).toContain(s);
    const xlsx = await t.app.inject({ method: 'GET', url: shipped.data.manifestXlsxUrl });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[1]).toEqual(['麻袋', '包裹号', '会员', '收件人', '国家', '渠道', '重量(g)', '申报价值', '件数', '申报品名', '运单号', '状态']);
    // Each package's customs declaration, prefilled from its two purchase lines (issue #33).
    const declared = '纯棉短袖T恤 ×1; 纯棉短袖T恤 ×1';
    expect(rows.slice(2)).toEqual([
      ['SKCA0001', p1.packageNo, 'U100001', 'Alice Martin', 'CA', 'EMS 国际特快', 900, 118, 2, declared, 'EE100000001CN', '已发货'],
      ['SKCA0001', p2.packageNo, 'U100003', 'Chloé Dubois', 'CA', 'EMS 国际特快', 900, 118, 2, declared, 'EE100000002CN', '已发货'],
    ]);
    // The sack and the batch move through the engine: a domain event per step and an audit row, in the database.
    const [sack] = await t.db.select().from(sacks).where(eq(sacks.batchId, batch.data.id));
    const eventsOf = async (entityType: string, id: number) =>
      (
        await t.db
          .select()
          .from(domainEvents)
          .where(and(eq(domainEvents.entityType, entityType), eq(domainEvents.entityId, String(id))))
          .orderBy(domainEvents.id)
      ).map((e) => [e.type, e.data]);
    expect(await eventsOf('sack', sack.id)).toEqual([
      ['sack.seal', { from: 'open', to: 'sealed', no: 'SKCA0001' }],
      ['sack.ship', { from: 'sealed', to: 'shipped', no: 'SKCA0001' }],
    ]);
    expect(await eventsOf('out_batch', batch.data.id)).toEqual([['outBatch.ship', { from: 'open', to: 'shipped', no: batch.data.batchNo }]]);
    // Each package: its own event, timeline entry and audit row, naming its tracking number.
    for (const [p, trackingNo] of [
      [p1, 'EE100000001CN'],
      [p2, 'EE100000002CN'],
    ] as const) {
      const note = `运单号 ${trackingNo}，出库批次 ${batch.data.batchNo}`;
      expect((await eventsOf('package', p.id)).filter(([type]) => type === 'package.ship')).toEqual([
        ['package.ship', { from: 'prepare_ship', to: 'shipped', no: p.packageNo, note }],
      ]);
      expect((await traceOf(p.id)).filter((x) => x.endsWith('>shipped'))).toEqual(['shipped:prepare_ship>shipped']);
      const shipAudits = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'package.ship'), eq(auditLogs.targetId, p.packageNo)));
      expect(shipAudits.map((a) => a.after)).toEqual([{ status: 'shipped', note }]);
    }
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['sack.seal', 'sack.ship', 'outBatch.ship']))
      .orderBy(auditLogs.id);
    expect(
      audits.filter((a) => [sack.code, batch.data.batchNo].includes(a.targetId ?? '')).map((a) => [a.action, a.targetType, a.targetId, a.before, a.after]),
    ).toEqual([
      ['sack.seal', 'sack', 'SKCA0001', { status: 'open' }, { status: 'sealed', weightG: 2100 }],
      ['sack.ship', 'out_batch', batch.data.batchNo, { status: 'sealed' }, { status: 'shipped', count: 1 }],
      ['outBatch.ship', 'out_batch', batch.data.batchNo, { status: 'open' }, { status: 'shipped', packages: 2 }],
    ]);
    // The card is free again once its sack has shipped.
    expect((await post('/api/warehouse/sack/bind', { code: 'SKCA0001', channelId: dhl })).code).toBe(20000);
  });
});

describe('item ownership', () => {
  it('keeps an item in one live package only', async () => {
    const p = await newPackage(t.db, { items: 1 });
    const [code] = await itemCodesOf(t.db, p.id);
    const op = await systemOp(t.db, new Date());
    const { warehouseItems } = await import('../../db/schema');
    const [item] = await t.db.select().from(warehouseItems).where(eq(warehouseItems.itemCode, code));
    await expect(
      createPackage(
        t.db,
        {
          memberId: item.memberId,
          itemIds: [item.id],
          channelId: p.channelId,
          address: p.address,
        },
        op,
      ),
    ).rejects.toThrow();
  });
});
