import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { auditLogs, domainEvents, packages, packageTraces } from '../db/schema';
import { openTestDatabase } from '../testing/db';
import { newPackage, systemOp } from '../modules/goodsOut/factory';
import { applyStep } from '../modules/goodsOut/transition';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const writesOf = async (id: number, packageNo: string) => ({
  traces: await database.db
    .select()
    .from(packageTraces)
    .where(and(eq(packageTraces.packageId, id), eq(packageTraces.event, 'remove_start'))),
  events: await database.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityId, String(id)), eq(domainEvents.type, 'package.remove_start'))),
  audits: await database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetId, packageNo), eq(auditLogs.action, 'package.remove_start'))),
});

describe('the transition engine: update, trace, domain event and audit in one statement', () => {
  it('moves the row and writes each record once, with the values of the step', async () => {
    const { db } = database;
    const pkg = await newPackage(db, { status: 'remove_wait' });
    const now = new Date('2026-11-26T10:00:00.123Z');
    const op = await systemOp(db, now);
    const { row } = await applyStep(db, pkg, { event: 'remove_start', op, note: 'WI00000001 @ A-01', audit: { station: 'removal' } });

    expect(row.status).toBe('removing');
    expect(row.updatedAt).toBeInstanceOf(Date);
    expect(row.updatedAt.toISOString()).toBe(now.toISOString());
    expect(row.packageNo).toBe(pkg.packageNo);
    const [stored] = await db.select().from(packages).where(eq(packages.id, pkg.id));
    expect(stored.status).toBe('removing');

    const w = await writesOf(pkg.id, pkg.packageNo);
    expect(w.traces.map((t) => [t.type, t.fromStatus, t.toStatus, t.note, t.actorName, t.createdAt.toISOString()])).toEqual([
      ['remove', 'remove_wait', 'removing', 'WI00000001 @ A-01', op.actor.name, now.toISOString()],
    ]);
    expect(w.events.map((e) => [e.memberId, e.data])).toEqual([
      [pkg.memberId, { from: 'remove_wait', to: 'removing', no: pkg.packageNo, note: 'WI00000001 @ A-01' }],
    ]);
    expect(w.audits.map((a) => [a.actorId, a.before, a.after, a.result])).toEqual([
      [op.actor.id, { status: 'remove_wait' }, { status: 'removing', note: 'WI00000001 @ A-01', station: 'removal' }, 'ok'],
    ]);
  });

  it('refuses a row someone else moved first with 40900 and writes nothing, even outside a transaction', async () => {
    const { db } = database;
    const pkg = await newPackage(db, { status: 'remove_wait' });
    const op = await systemOp(db, new Date());
    await applyStep(db, pkg, { event: 'remove_start', op });
    // The same (now stale) row again: the conditional update matches nothing.
    await expect(applyStep(db, pkg, { event: 'remove_start', op })).rejects.toMatchObject({ code: 40900 });

    const w = await writesOf(pkg.id, pkg.packageNo);
    expect([w.traces.length, w.events.length, w.audits.length]).toEqual([1, 1, 1]);
  });

  it('returns the row as read with the changes applied, reading back the values SQL computes', async () => {
    const { db } = database;
    const pkg = await newPackage(db, { status: 'remove_wait', items: 2 });
    const op = await systemOp(db, new Date());
    const { row } = await applyStep(db, pkg, {
      event: 'remove_start',
      op,
      set: { itemCount: sql`${packages.itemCount} + 40` as unknown as number, packerName: '张三' },
    });
    const [stored] = await db.select().from(packages).where(eq(packages.id, pkg.id));
    expect([row.itemCount, row.packerName, row.status]).toEqual([pkg.itemCount + 40, '张三', 'removing']);
    expect(row).toEqual(stored);
  });
});
