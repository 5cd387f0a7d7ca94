import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ExportJob } from '@waystation/shared/contract/export';
import type { Page } from '@waystation/shared/contract/common';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const PACKAGE_COLUMNS = [
  { title: '包裹号', field: 'packageNo' },
  { title: '状态', field: 'status', labels: { shipped: '已发货', sorted: '已分拣' } },
  { title: '运费', field: 'freightCharged', kind: 'money' },
  { title: '创建时间', field: 'createTime', kind: 'time' },
];

async function finished(token: string, id: number): Promise<ExportJob> {
  await t.jobs.settled();
  const r = await t.call<ExportJob>('GET', '/api/export/status', { token, query: { id } });
  expect(r.code).toBe(20000);
  return r.data;
}

async function sheetOf(token: string, id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/export/download?id=${id}`, headers: { 'x-token': token } });
  expect(res.headers['content-type'], res.body.slice(0, 200)).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  return wb.worksheets[0];
}

describe('exports', () => {
  it('writes every row a list’s filters select, page after page, with the columns the screen shows', async () => {
    const list = await t.call<Page<{ packageNo: string; freightCharged: number }>>('GET', '/api/warehouse/package/pageList', {
      token: admin,
      query: { status: 'shipped', limit: 200 },
    });
    expect(list.data.total).toBeGreaterThan(0);
    const started = await t.call<ExportJob>('POST', '/api/export/create', {
      token: admin,
      body: { url: '/api/warehouse/package/pageList', query: { status: 'shipped' }, columns: PACKAGE_COLUMNS, name: '包裹列表' },
    });
    expect(started.code).toBe(20000);
    expect(started.data).toMatchObject({ status: 'pending', total: list.data.total, name: '包裹列表' });
    const job = await finished(admin, started.data.id);
    expect(job).toMatchObject({ status: 'done', done: list.data.total });
    const sheet = await sheetOf(admin, job.id);
    expect(sheet.getRow(1).values).toEqual([undefined, '包裹号', '状态', '运费', '创建时间']);
    expect(sheet.rowCount).toBe(list.data.total + 1);
    const first = list.data.list[0];
    expect(sheet.getRow(2).getCell(1).value).toBe(first.packageNo);
    expect(sheet.getRow(2).getCell(2).value).toBe('已发货');
    expect(sheet.getRow(2).getCell(3).value).toBe(first.freightCharged / 100);
    expect(String(sheet.getRow(2).getCell(4).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('writes numbers as the list shows them: money with its currency, weights with their unit, times in the list’s zone', async () => {
    const list = await t.call<Page<{ realWeightG: number | null; freightCharged: number; currency: string; createTime: string }>>(
      'GET',
      '/api/warehouse/package/pageList',
      { token: admin, query: { status: 'shipped', limit: 1 } },
    );
    const first = list.data.list[0];
    const columns = [
      { title: '实重', field: 'realWeightG', kind: 'number', unit: 'g' },
      { title: '已付运费', field: 'freightCharged', kind: 'money' },
      { title: '创建时间', field: 'createTime', kind: 'time', timeZone: 'UTC' },
      { title: '创建时间', field: 'createTime', kind: 'time', timeZone: 'Asia/Tokyo' },
    ];
    const started = await t.call<ExportJob>('POST', '/api/export/create', {
      token: admin,
      body: { url: '/api/warehouse/package/pageList', query: { status: 'shipped' }, columns, name: '包裹列表' },
    });
    const sheet = await sheetOf(admin, (await finished(admin, started.data.id)).id);
    const row = sheet.getRow(2);
    expect([row.getCell(1).value, row.getCell(1).numFmt]).toEqual([first.realWeightG, '0 "g"']);
    expect([row.getCell(2).value, row.getCell(2).numFmt]).toEqual([first.freightCharged / 100, `#,##0.00 "${first.currency}"`]);
    expect(row.getCell(3).value).toBe(first.createTime.slice(0, 19).replace('T', ' '));
    expect(row.getCell(4).value).toBe(new Date(Date.parse(first.createTime) + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' '));
    const bad = await t.call('POST', '/api/export/create', {
      token: admin,
      body: { url: '/api/warehouse/package/pageList', columns: [{ title: 'x', field: 'createTime', kind: 'time', timeZone: '../etc' }], name: 'x' },
    });
    expect(bad.code).toBe(40001);
  });

  it('pages a long list by its cursor: every ledger row once', async () => {
    const all = await t.call<{ total: number; totalExact?: boolean }>('GET', '/api/transaction/pageList', { token: admin, query: { limit: 1 } });
    expect(all.data.total).toBeGreaterThan(200);
    const started = await t.call<ExportJob>('POST', '/api/export/create', {
      token: admin,
      body: { url: '/api/transaction/pageList', columns: [{ title: 'ID', field: 'id', kind: 'number' }], name: '交易流水' },
    });
    const job = await finished(admin, started.data.id);
    expect(job.done).toBe(all.data.total);
    const sheet = await sheetOf(admin, job.id);
    const ids = sheet.getColumn(1).values.slice(2) as number[];
    expect(new Set(ids).size).toBe(all.data.total);
    const mine = await t.call<{ list: ExportJob[] }>('GET', '/api/export/list', { token: admin });
    expect(mine.data.list.slice(0, 2).map((j) => j.name)).toEqual(['交易流水', '包裹列表']);
  });

  it.each([
    '/api/vip/pageList',
    '/api/finance/agentWithdrawal/pageList',
    '/api/afterSales/refundList',
    '/api/agent/pageAgentList',
    '/api/audit/pageList',
    '/api/storageFee/pageList',
    '/api/storageFee/overdue',
    '/api/buy/pageList',
    '/api/forwarder/pageList',
    '/api/payment/channelPageList',
    '/api/param/pageList',
    '/api/admin/fetchList',
    '/api/logistics/channelPageList',
    '/api/marketing/coupon/pageList',
    '/api/user/pageUserList',
    '/api/afterSales/returnList',
    '/api/warehouse/orderQuery',
    '/api/waitPaidOrder/pageList',
    '/api/warehouse/shelfLocation/pageList',
  ])('%s exports as the screen lists it', async (url) => {
    const list = await t.call<{ total: number }>('GET', url, { token: admin, query: { limit: 1 } });
    expect(list.code).toBe(20000);
    const started = await t.call<ExportJob>('POST', '/api/export/create', { token: admin, body: { url, columns: [{ title: 'ID', field: 'id' }], name: url } });
    expect(started.code, started.message).toBe(20000);
    const job = await finished(admin, started.data.id);
    expect(job.status).toBe('done');
    if (list.data.total < 10_000) expect(job.done).toBe(list.data.total);
  });

  it('exports only lists the caller may read, with filters the list accepts; each person sees only their own exports', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const create = (token: string, body: Record<string, unknown>) =>
      t.call('POST', '/api/export/create', { token, body: { columns: PACKAGE_COLUMNS, name: 'x', ...body } });
    expect((await create(wh, { url: '/api/transaction/pageList' })).code).toBe(40300);
    expect((await create(admin, { url: '/api/export/list' })).code).toBe(40001);
    expect((await create(admin, { url: '/api/admin/saveData' })).code).toBe(40001);
    expect((await create(admin, { url: '/api/nothing/here' })).code).toBe(40001);
    expect((await create(admin, { url: '/api/warehouse/package/pageList', query: { status: 'flying' } })).code).toBe(40001);
    expect((await create(admin, { url: '/api/warehouse/package/pageList', columns: [] })).code).toBe(40001);
    expect((await create(admin, { url: '/api/warehouse/package/pageList', columns: [{ title: 'x', field: '__proto__.x; drop' }] })).code).toBe(40001);
    const own = await t.call<{ list: ExportJob[] }>('GET', '/api/export/list', { token: admin });
    const id = own.data.list[0].id;
    expect((await t.call('GET', '/api/export/status', { token: wh, query: { id } })).code).toBe(40400);
    const res = await t.app.inject({ method: 'GET', url: `/api/export/download?id=${id}`, headers: { 'x-token': wh } });
    expect(res.json().code).toBe(40400);
  });
});
