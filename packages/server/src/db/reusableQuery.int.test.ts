import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, reusableQuery } from '.';
import { packageItems, packages } from './schema';
import { openTestDatabase } from '../testing/db';
import { newPackage } from '../modules/goodsOut/factory';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// A join (with a table's every column, typed values and a nested object) and a locking read, as the stations use them.
const packageWithItems = reusableQuery('test_reusable_package_items', (db) =>
  db
    .select({ row: packages, item: { code: packageItems.itemCode } })
    .from(packages)
    .leftJoin(packageItems, eq(packageItems.packageId, packages.id))
    .where(eq(packages.packageNo, sql.placeholder('no')))
    .orderBy(packageItems.id),
);
const lockOne = reusableQuery('test_reusable_lock', (db) =>
  db
    .select()
    .from(packages)
    .where(eq(packages.id, sql.placeholder('id')))
    .for('update'),
);

describe('reusableQuery: one built select for the database and every transaction', () => {
  it('maps rows as the plain query does, on the database and inside transactions, with each call’s values', async () => {
    const { db } = database;
    const a = await newPackage(db, { status: 'remove_wait' });
    const b = await newPackage(db, { status: 'packing' });
    const plain = await db
      .select({ row: packages, item: { code: packageItems.itemCode } })
      .from(packages)
      .leftJoin(packageItems, eq(packageItems.packageId, packages.id))
      .where(eq(packages.packageNo, a.packageNo))
      .orderBy(packageItems.id);

    expect(await packageWithItems(db, { no: a.packageNo })).toEqual(plain);
    const inTransactions = await Promise.all(
      [a, b, a].map((p) => db.transaction(async (tx) => ({ items: await packageWithItems(tx, { no: p.packageNo }), locked: await lockOne(tx, { id: p.id }) }))),
    );
    expect(inTransactions[0].items).toEqual(plain);
    expect(inTransactions[2].items).toEqual(plain);
    expect(inTransactions[1].items.map((r) => r.row.packageNo)).toContain(b.packageNo);
    expect(inTransactions[1].locked[0].status).toBe('packing');
    expect(inTransactions[0].locked[0].createdAt).toBeInstanceOf(Date);
    expect(await packageWithItems(db, { no: 'NO-SUCH-PACKAGE' })).toEqual([]);
  });
});
