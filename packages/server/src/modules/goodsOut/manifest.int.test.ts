import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { pdfText } from '../../testing/factories/goods-in';
import { channelIdOf, newPackage } from './factory';

let t: TestApp;
let wh: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date() });
  wh = await t.login('warehouse1', DEMO_PASSWORD);
});
afterAll(() => t.close());

const post = <T>(url: string, body: unknown) => t.call<T>('POST', url, { token: wh, body });
type Batch = { id: number; batchNo: string; sackCount: number; packageCount: number; weightG: number; manifestPdfUrl: string; manifestXlsxUrl: string };

describe('出库清单 (manifest)', () => {
  it('states the total weight the batch shows (its sacks as weighed), with the packages’ own weight beside it', async () => {
    const ems = await channelIdOf(t.db, 'EMS');
    // Two sacks: packages of 650 g + 1000 g in the first (sealed at 1,700 g with the bag), 500 g in the second (sealed as it is).
    const a1 = await newPackage(t.db, { status: 'wait_ship', country: 'AU', items: 1, itemWeightG: 550 });
    const a2 = await newPackage(t.db, { status: 'wait_ship', country: 'AU', items: 2, itemWeightG: 450, memberCode: 'U100002' });
    const b1 = await newPackage(t.db, { status: 'wait_ship', country: 'JP', items: 1, itemWeightG: 400, memberCode: 'U100003' });
    expect([a1.realWeightG, a2.realWeightG, b1.realWeightG]).toEqual([650, 1000, 500]);
    await post('/api/warehouse/sack/bind', { code: 'SKMAN-AU', channelId: ems, countryCode: 'AU' });
    await post('/api/warehouse/sack/bind', { code: 'SKMAN-JP', channelId: ems, countryCode: 'JP' });
    for (const [p, sack] of [
      [a1, 'SKMAN-AU'],
      [a2, 'SKMAN-AU'],
      [b1, 'SKMAN-JP'],
    ] as const)
      expect((await post<{ status: string }>('/api/warehouse/sorting/put', { packageNo: p.packageNo, sackCode: sack })).data.status).toBe('sorted');
    expect((await post<{ weightG: number }>('/api/warehouse/sack/seal', { code: 'SKMAN-AU', weightG: 1700 })).data.weightG).toBe(1700);
    expect((await post<{ weightG: number }>('/api/warehouse/sack/seal', { code: 'SKMAN-JP' })).data.weightG).toBe(500);
    const batch = await post<Batch>('/api/warehouse/outBatch/create', { carrier: '中国邮政' });
    await post('/api/warehouse/outBatch/addSack', { batchId: batch.data.id, sackCode: 'SKMAN-AU' });
    await post('/api/warehouse/outBatch/addSack', { batchId: batch.data.id, sackCode: 'SKMAN-JP' });

    // What 出库 lists for the batch: its sacks, packages and weight.
    const list = await t.call<{ list: Batch[] }>('GET', '/api/warehouse/outBatch/pageList', { token: wh, query: { limit: '50' } });
    const shown = list.data.list.find((b) => b.id === batch.data.id)!;
    expect(shown).toMatchObject({ sackCount: 2, packageCount: 3, weightG: 2200 });

    const pdf = await pdfText((await t.app.inject({ method: 'GET', url: shown.manifestPdfUrl })).rawPayload);
    expect(pdf).toContain(`麻袋 2 个，包裹 3 个，总重 ${shown.weightG} g（麻袋封袋重量合计），包裹实重合计 2150 g`);
    const xlsx = await t.app.inject({ method: 'GET', url: shown.manifestXlsxUrl });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(5).value).toBe(`麻袋 2 个，包裹 3 个，总重 2200 g（麻袋封袋重量合计），包裹实重合计 2150 g`);
    // The package lines' weights add up to the net figure.
    const weights = (wb.worksheets[0].getColumn(7).values as unknown[]).slice(3) as number[];
    expect(weights.reduce((s, w) => s + w, 0)).toBe(2150);
  });
});
