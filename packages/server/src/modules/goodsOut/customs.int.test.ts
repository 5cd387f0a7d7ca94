import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Declaration } from '@waystation/shared/contract/goodsOut/customs';
import { auditLogs, packageDeclarations, packages, packageTraces } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { pdfText } from '../../testing/factories/goods-in';
import { verifiedCall } from '../../testing/factories/money-people';
import { signedUpMember } from '../../testing/member';
import { channelIdOf, newPackage, newShelvedItem } from './factory';

/** Issue #33, customs declarations: prefilled, corrected as a sensitive change, checked by the channel, printed. */
let t: TestApp;
let wh: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  wh = await t.login('warehouse1', DEMO_PASSWORD);
  admin = await t.login();
});
afterAll(() => t.close());

const declaration = async (packageNo: string) =>
  (await t.call<Declaration>('GET', '/api/warehouse/package/declaration', { token: wh, query: { packageNo } })).data;
const save = (id: number, body: Record<string, unknown>) =>
  verifiedCall(t, 'modify_package_attr', id, 'POST', '/api/warehouse/package/declaration/save', { token: wh, body: { id, reason: '核对实物', ...body } });
const linesOf = async (packageId: number) =>
  t.db.select().from(packageDeclarations).where(eq(packageDeclarations.packageId, packageId)).orderBy(packageDeclarations.lineNo);

const EARPHONES = { descriptionEn: 'Bluetooth earphones', descriptionZh: '蓝牙耳机', hsCode: '851830', quantity: 2, unitValue: 30_000, origin: 'CN' };
const MOUSE = { descriptionEn: 'Wireless mouse', descriptionZh: '无线鼠标', hsCode: '847160', quantity: 1, unitValue: 12_000, origin: 'CN' };

describe('customs declarations', () => {
  it('are prefilled from the purchase lines; a line without English cannot print until staff complete it', async () => {
    const pkg = await newPackage(t.db, { status: 'packing', items: 2, titles: ['Wireless mouse', '蓝牙耳机'] });
    const d = await declaration(pkg.packageNo);
    expect(d.lines.map((l) => [l.descriptionEn, l.descriptionZh, l.quantity, l.origin])).toEqual([
      ['Wireless mouse', '', 1, 'CN'],
      ['', '蓝牙耳机', 1, 'CN'],
    ]);
    expect(d).toMatchObject({ currency: 'CNY', complete: false, form: 'CN22' });
    expect(d.lines.every((l) => l.weightG === 400)).toBe(true);
    expect((await t.db.select().from(packages).where(eq(packages.id, pkg.id)))[0].declaredValue).toBe(d.total);
    const refused = await t.app.inject({ method: 'GET', url: d.pdfUrl! });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`包裹 ${pkg.packageNo} 第 2 行申报缺少英文品名，请先补全申报`);

    // The packer writes the English and the HS codes, in USD: above 400 USD the papers are a CN23.
    const saved = await save(pkg.id, { currency: 'USD', lines: [MOUSE, EARPHONES] });
    expect(saved.code, saved.message).toBe(20000);
    const after = await declaration(pkg.packageNo);
    expect(after).toMatchObject({ currency: 'USD', total: 72_000, complete: true, form: 'CN23' });
    expect(after.lines.map((l) => l.weightG)).toEqual([400, 400]);
    expect((await t.db.select().from(packages).where(eq(packages.id, pkg.id)))[0].declaredValue).toBe(72_000);
    const trace = await t.db.select().from(packageTraces).where(eq(packageTraces.packageId, pkg.id));
    expect(trace.find((r) => r.event === 'modifyDeclaration')?.note).toBe('申报 2 行，共 720.00 USD（核对实物）');
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, pkg.packageNo));
    expect(audit.map((a) => a.action)).toContain('package.modifyDeclaration');

    const pdf = await pdfText((await t.app.inject({ method: 'GET', url: after.pdfUrl! })).rawPayload);
    expect(pdf).toContain('CUSTOMS DECLARATION CN 23');
    expect(pdf).toContain('Bluetooth earphones');
    expect(pdf).toContain('851830');
    expect(pdf).toContain('COMMERCIAL INVOICE');
    expect(pdf).toContain('Total: 720.00 USD');

    // The same again changes nothing; a forged link prints nothing.
    expect((await save(pkg.id, { currency: 'USD', lines: [MOUSE, EARPHONES] })).data).toMatchObject({ repeated: true });
    const forged = await t.app.inject({ method: 'GET', url: after.pdfUrl!.replace(/sig=[a-f0-9]{4}/, 'sig=0000') });
    expect(forged.statusCode).toBe(403);
  });

  it('a small declaration prints a CN22; the manifest and its Excel carry every line', async () => {
    const pkg = await newPackage(t.db, { status: 'packing', items: 1, titles: ['Phone case'] });
    const d = await declaration(pkg.packageNo);
    expect(d).toMatchObject({ form: 'CN22', complete: true });
    const pdf = await pdfText((await t.app.inject({ method: 'GET', url: d.pdfUrl! })).rawPayload);
    expect(pdf).toContain('CUSTOMS DECLARATION CN 22');
    expect(pdf).toContain('Phone case');
    // Once the carrier's number is known, the form names the item by it.
    await t.db.update(packages).set({ trackingNo: 'LX123456789CN' }).where(eq(packages.id, pkg.id));
    expect(await pdfText((await t.app.inject({ method: 'GET', url: d.pdfUrl! })).rawPayload)).toContain(`LX123456789CN (${pkg.packageNo})`);

    const shipped = await newPackage(t.db, { status: 'wait_ship', items: 1, titles: ['Desk lamp'], country: 'AU' });
    const ems = await channelIdOf(t.db, 'EMS');
    const post = <T>(url: string, body: unknown) => t.call<T>('POST', url, { token: wh, body });
    await post('/api/warehouse/sack/bind', { code: 'SKCUS-AU', channelId: ems, countryCode: 'AU' });
    expect((await post<{ status: string }>('/api/warehouse/sorting/put', { packageNo: shipped.packageNo, sackCode: 'SKCUS-AU' })).data.status).toBe('sorted');
    await post('/api/warehouse/sack/seal', { code: 'SKCUS-AU' });
    const batch = await post<{ id: number }>('/api/warehouse/outBatch/create', { carrier: '中国邮政' });
    await post('/api/warehouse/outBatch/addSack', { batchId: batch.data.id, sackCode: 'SKCUS-AU' });
    const list = await t.call<{ list: { id: number; manifestXlsxUrl: string; manifestPdfUrl: string }[] }>('GET', '/api/warehouse/outBatch/pageList', {
      token: wh,
      query: { limit: '50' },
    });
    const shown = list.data.list.find((b) => b.id === batch.data.id)!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await t.app.inject({ method: 'GET', url: shown.manifestXlsxUrl })).rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('申报明细')!;
    expect(sheet.getRow(2).values).toEqual([undefined, shipped.packageNo, 1, 'Desk lamp', '', '', 1, expect.any(Number), expect.any(Number), 'CNY', 'CN']);
    expect(wb.worksheets[0].getRow(3).getCell(10).value).toBe('Desk lamp ×1');
    expect(await pdfText((await t.app.inject({ method: 'GET', url: shown.manifestPdfUrl })).rawPayload)).toContain('Desk lamp ×1');
  });

  it('the channel refuses a forbidden HS code or a value over its limit, from staff and from the member API; nothing is written', async () => {
    const dhl = await channelIdOf(t.db, 'DHL');
    const channel = (await t.call<Record<string, unknown>>('GET', '/api/logistics/channelDetail', { token: admin, query: { id: String(dhl) } })).data;
    const { id, code, name, nameEn, forwarderId, currency, deliveryMinDays, deliveryMaxDays, description, status, sort } = channel;
    const set = await t.call('POST', '/api/logistics/saveChannel', {
      token: admin,
      body: {
        id,
        code,
        name,
        nameEn,
        forwarderId,
        currency,
        deliveryMinDays,
        deliveryMaxDays,
        description,
        status,
        sort,
        customsMaxValue: 500_000,
        customsForbiddenHs: ['93', '3604'],
      },
    });
    expect(set.code, set.message).toBe(20000);

    const pkg = await newPackage(t.db, { status: 'packing', channel: 'DHL', items: 1, titles: ['Toy'] });
    const before = await linesOf(pkg.id);
    const arms = await save(pkg.id, { currency: 'CNY', lines: [{ ...MOUSE, hsCode: '930200' }] });
    expect(arms).toMatchObject({ code: 40001 });
    expect(arms.message).toContain('不接受 HS 编码 93 开头的商品（第 1 行）');
    const dear = await save(pkg.id, { currency: 'CNY', lines: [{ ...MOUSE, quantity: 3, unitValue: 200_000 }] });
    expect(dear).toMatchObject({ code: 40001 });
    expect(dear.message).toContain('超过渠道');
    expect(await linesOf(pkg.id)).toEqual(before);

    // The member declares when ordering: what they send is kept; a forbidden code orders nothing.
    const member = await signedUpMember(t);
    const { item } = await newShelvedItem(t.db, { memberCode: member.userCode, weightG: 300 });
    const open = (path: string, body: unknown, key: string) =>
      t.call<{ packageNo: string }>('POST', `/api/open/v1${path}`, { body, headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': key } });
    const address = await open(
      '/addresses/save',
      { receiver: 'Ann Lee', country: 'US', address: '1 Market St', city: 'San Francisco', postcode: '94105' },
      'customs-address-1',
    );
    const addressId = (address.data as unknown as { id: number }).id;
    const refused = await open(
      '/packs',
      { itemIds: [item.id], channelId: dhl, addressId, declaration: { currency: 'CNY', lines: [{ ...MOUSE, hsCode: '360410' }] } },
      'customs-pack-1',
    );
    expect(refused.code).toBe(40001);
    expect(refused.message).toContain('不接受 HS 编码 3604 开头的商品');
    expect(await t.db.select().from(packages).where(eq(packages.memberId, member.id))).toEqual([]);
    const made = await open(
      '/packs',
      { itemIds: [item.id], channelId: dhl, addressId, declaration: { currency: 'USD', lines: [EARPHONES] } },
      'customs-pack-2',
    );
    expect(made.code, made.message).toBe(20000);
    expect(await declaration(made.data.packageNo)).toMatchObject({ currency: 'USD', total: 60_000, complete: true });
    // The member reads back what the papers will say.
    expect((made.data as unknown as { declaration: Declaration }).declaration).toMatchObject({
      currency: 'USD',
      total: 60_000,
      form: 'CN23',
      lines: [{ lineNo: 1, descriptionEn: 'Bluetooth earphones', hsCode: '851830', quantity: 2, unitValue: 30_000 }],
    });
  });
});
