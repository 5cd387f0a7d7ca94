import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { auditLogs, domainEvents, packages, packageTraces } from '../db/schema';
import { openTestDatabase } from '../testing/db';
import { newPackage, systemOp } from '../modules/goodsOut/factory';
import { applyStep, packageRows } from '../modules/goodsOut/transition';
import { applyEachTransition } from './transition';

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

  it('transitions of one shape share a statement but each writes its own values, nulls included', async () => {
    const { db } = database;
    const [a, b, c] = [
      await newPackage(db, { status: 'remove_wait' }),
      await newPackage(db, { status: 'remove_wait' }),
      await newPackage(db, { status: 'remove_wait' }),
    ];
    const op = await systemOp(db, new Date('2026-11-26T11:00:00.000Z'));
    const later = { ...op, now: new Date('2026-11-26T11:05:00.000Z') };
    // a and b: the same keys set, different values; c: the same keys with a null (another shape).
    await applyStep(db, a, { event: 'remove_start', op, note: 'first', set: { packerName: '甲', realWeightG: 800 } });
    await applyStep(db, b, { event: 'remove_start', op: later, note: 'second', set: { packerName: '乙', realWeightG: 950 } });
    await applyStep(db, c, { event: 'remove_start', op, note: 'third', set: { packerName: '丙', realWeightG: null } });

    const stored = await db
      .select()
      .from(packages)
      .where(inArray(packages.id, [a.id, b.id, c.id]));
    const byId = new Map(stored.map((p) => [p.id, p]));
    expect([a, b, c].map((p) => [byId.get(p.id)?.packerName, byId.get(p.id)?.realWeightG, byId.get(p.id)?.updatedAt.toISOString()])).toEqual([
      ['甲', 800, '2026-11-26T11:00:00.000Z'],
      ['乙', 950, '2026-11-26T11:05:00.000Z'],
      ['丙', null, '2026-11-26T11:00:00.000Z'],
    ]);
    for (const [p, note] of [
      [a, 'first'],
      [b, 'second'],
      [c, 'third'],
    ] as const) {
      const w = await writesOf(p.id, p.packageNo);
      expect([
        w.traces.map((t) => t.note),
        w.events.map((e) => (e.data as { no: string }).no),
        w.audits.map((x) => (x.after as { note: string }).note),
      ]).toEqual([[note], [p.packageNo], [note]]);
    }
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

describe('the per-row bulk form (applyEachTransition): many rows, each its own values, in a few statements', () => {
  it('moves every row with its own values and writes one trace, event and audit row each', async () => {
    const { db } = database;
    const rows = [await newPackage(db, { status: 'remove_wait' }), await newPackage(db, { status: 'remove_wait' })];
    const now = new Date('2026-11-29T08:00:00.250Z');
    const op = await systemOp(db, now);
    const after = await applyEachTransition(
      db,
      packageRows,
      rows.map((p, i) => ({
        row: p,
        step: { event: 'remove_start' as const, op, note: `第 ${i + 1} 个`, set: { packerName: `工${i}`, realWeightG: 700 + i } },
      })),
    );
    expect(after.map((r) => [r.status, r.packerName, r.realWeightG, r.updatedAt.toISOString()])).toEqual([
      ['removing', '工0', 700, now.toISOString()],
      ['removing', '工1', 701, now.toISOString()],
    ]);
    for (const [i, p] of rows.entries()) {
      const [stored] = await db.select().from(packages).where(eq(packages.id, p.id));
      expect(stored).toEqual(after[i]);
      const w = await writesOf(p.id, p.packageNo);
      const note = `第 ${i + 1} 个`;
      expect(w.traces.map((t) => [t.fromStatus, t.toStatus, t.note, t.createdAt.toISOString()])).toEqual([
        ['remove_wait', 'removing', note, now.toISOString()],
      ]);
      expect(w.events.map((e) => [e.memberId, e.data])).toEqual([[p.memberId, { from: 'remove_wait', to: 'removing', no: p.packageNo, note }]]);
      expect(w.audits.map((a) => [a.before, a.after])).toEqual([[{ status: 'remove_wait' }, { status: 'removing', note }]]);
    }
  });

  it('is all or nothing: one row moved by someone else fails the call with 40900 and, in a transaction, nothing is written', async () => {
    const { db } = database;
    const [a, b] = [await newPackage(db, { status: 'remove_wait' }), await newPackage(db, { status: 'remove_wait' })];
    const op = await systemOp(db, new Date());
    await applyStep(db, b, { event: 'remove_start', op });
    const call = db.transaction((tx) =>
      applyEachTransition(
        tx,
        packageRows,
        [a, b].map((row) => ({ row, step: { event: 'remove_start' as const, op } })),
      ),
    );
    await expect(call).rejects.toMatchObject({ code: 40900, message: expect.stringContaining(`包裹 ${b.packageNo} 已被其他操作更新`) });
    const [stored] = await db.select().from(packages).where(eq(packages.id, a.id));
    expect(stored.status).toBe('remove_wait');
    const w = await writesOf(a.id, a.packageNo);
    expect([w.traces.length, w.events.length, w.audits.length]).toEqual([0, 0, 0]);
  });
});
