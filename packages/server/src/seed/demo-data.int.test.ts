import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { queryRows } from '../db';
import { boxFor } from './demo-goods-out';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('ships each package to its own member, in boxes and weights of many sizes', async () => {
    const [r] = await queryRows<{
      n: number;
      own: number;
      receivers: number;
      lengths: number;
      volumes: number;
      weights: number;
      items: number;
      itemSizes: number;
    }>(
      t.db,
      sql`select count(*)::int as n,
                 count(*) filter (where p.address->>'receiver' = m.name)::int as own,
                 count(distinct p.address->>'receiver')::int as receivers,
                 count(distinct p.length_mm) filter (where p.length_mm > 0)::int as lengths,
                 count(distinct p.volume_cm3) filter (where p.volume_cm3 > 0)::int as volumes,
                 count(distinct coalesce(p.real_weight_g, p.estimated_weight_g))::int as weights,
                 (select count(*)::int from warehouse_items) as items,
                 (select count(distinct (length_mm, width_mm, height_mm))::int from warehouse_items) as "itemSizes"
          from packages p join members m on m.id = p.member_id`,
    );
    expect(r.n).toBeGreaterThan(100);
    expect(r.own).toBe(r.n);
    expect(r.receivers).toBeGreaterThan(10);
    expect(r.lengths).toBeGreaterThan(15);
    expect(r.volumes).toBeGreaterThan(30);
    expect(r.weights).toBeGreaterThan(r.n / 2);
    expect(r.itemSizes).toBeGreaterThan(r.items / 20);
  });

  it('declares every demo package line in English with an HS code: its customs papers print', async () => {
    const lines = await queryRows<{ en: string; hs: string; zh: string }>(
      t.db,
      sql`select description_en as en, hs_code as hs, description_zh as zh from package_declarations`,
    );
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.filter((l) => !l.en || !/^\d{6}$/.test(l.hs)).map((l) => l.zh)).toEqual([]);
    const [pkg] = await queryRows<{ no: string }>(t.db, sql`select package_no as no from packages where status = 'removed' order by id limit 1`);
    const token = await t.login('warehouse1', DEMO_PASSWORD);
    const d = await t.call<{ complete: boolean; pdfUrl: string }>('GET', '/api/warehouse/package/declaration', { token, query: { packageNo: pkg!.no } });
    expect(d.data.complete).toBe(true);
    const papers = await t.app.inject({ method: 'GET', url: d.data.pdfUrl });
    expect([papers.statusCode, papers.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('boxes goods whose volumetric weight stays under their weight, in whole centimetres', () => {
    for (let k = 0; k < 14; k++) {
      for (const g of [60, 250, 900, 2500, 8000]) {
        const [l, w, h] = boxFor(g, k);
        for (const side of [l, w, h]) expect(side % 10).toBe(0);
        // 5,000 cm³ per kg, the smallest divisor of the demo channels.
        expect((l * w * h) / 1000 / 5, `${g} g shape ${k}`).toBeLessThanOrEqual(Math.max(g, 160));
      }
    }
  });
});
