import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '.';
import { openTestDatabase } from '../testing/db';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// `npm start` opens the pool's connections before it listens, so the day's first callers do not wait for them.
describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL pool opened before the first call', () => {
  it('holds its ten connections open and idle, each having answered', async () => {
    await database.openConnections!();
    expect(database.poolStats?.()).toEqual({ total: 10, idle: 10, waiting: 0 });
    // They serve queries as any other.
    const answers = await Promise.all(Array.from({ length: 10 }, () => database.db.execute('select 1 as one')));
    expect(answers.every((r) => (r as unknown as { rows: { one: number }[] }).rows[0]?.one === 1)).toBe(true);
    expect(database.poolStats?.().total).toBe(10);
  });
});
