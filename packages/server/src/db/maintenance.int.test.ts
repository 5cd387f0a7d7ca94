import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteMaintenance } from '.';

describe('PGlite maintenance', () => {
  const client = new PGlite();
  const maintain = pgliteMaintenance(client);
  afterAll(async () => {
    await client.close();
  });

  it('vacuums and analyses: the planner learns the table size', { timeout: 60_000 }, async () => {
    await client.exec('CREATE TABLE parcels (id serial PRIMARY KEY, code text NOT NULL)');
    await client.exec("INSERT INTO parcels (code) SELECT 'P' || g FROM generate_series(1, 5000) g");
    await client.exec('DELETE FROM parcels WHERE id % 2 = 0');
    const before = await client.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'parcels'");
    expect(before.rows[0]!.reltuples).toBeLessThanOrEqual(0);

    await maintain();

    const after = await client.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'parcels'");
    expect(after.rows[0]!.reltuples).toBe(2500);
  });
});
