import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/server';
import { MIGRATIONS_DIR } from '.';
import { packageTraces, traceEvents } from './schema';

/**
 * Issue 27: databases seeded before 2026-11-27 hold timeline rows of type 'status' (the demo history's), which the
 * detail pages answered with 50000. Such a row is shown as it is stored; migration 0015 gives it its machine's type.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

interface Trace {
  type: string;
  event: string;
}
const packageTrace = async (id: number) => (await t.call<{ trace: Trace[] }>('GET', '/api/warehouse/package/detail', { token, query: { id } })).data.trace;
const purchaseTrace = async (id: number) => (await t.call<{ trace: Trace[] }>('GET', '/api/buy/detail', { token, query: { id } })).data.trace;

describe("timeline rows of a type the vocabulary lacks (the old demo history's 'status')", () => {
  it('are shown as stored, then take their machine type from migration 0015', async () => {
    const [pkg] = await t.db.select({ id: packageTraces.packageId }).from(packageTraces).where(eq(packageTraces.event, 'ship')).limit(1);
    const [line] = await t.db.select({ id: traceEvents.purchaseId }).from(traceEvents).where(eq(traceEvents.event, 'shelve')).limit(1);
    const packageBefore = await packageTrace(pkg!.id);
    const purchaseBefore = await purchaseTrace(line!.id!);
    expect(packageBefore.map((e) => e.type)).toContain('shipped');
    expect(purchaseBefore.map((e) => e.type)).toContain('stocking_shelved');

    // What the demo history wrote before the fix: every step 'status', the package's first row with event 'create'.
    await t.db.execute(sql`update package_traces set type = 'status' where package_id = ${pkg!.id} and type not like 'modify_%'`);
    await t.db.execute(sql`update package_traces set event = 'create' where package_id = ${pkg!.id} and event = 'submit'`);
    await t.db.execute(sql`update trace_events set type = 'status' where purchase_id = ${line!.id}`);

    const shownRaw = await t.call<{ trace: Trace[] }>('GET', '/api/warehouse/package/detail', { token, query: { id: pkg!.id } });
    expect(shownRaw.code).toBe(20000);
    expect(shownRaw.data.trace.map((e) => e.type)).toContain('status');
    expect((await t.call('GET', '/api/buy/detail', { token, query: { id: line!.id } })).code).toBe(20000);

    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0015_trace_types_from_events.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    expect((await packageTrace(pkg!.id)).map((e) => e.type)).toEqual(packageBefore.map((e) => e.type));
    expect((await purchaseTrace(line!.id!)).map((e) => e.type)).toEqual(purchaseBefore.map((e) => e.type));
  });
});
