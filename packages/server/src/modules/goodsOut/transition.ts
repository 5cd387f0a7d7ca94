import { and, eq, sql } from 'drizzle-orm';
import { packageTransition, type PackageEvent, type PackageTransition } from '@waystation/shared/machines/package';
import { PackageStatus, type PackageTraceType } from '@waystation/shared/vocab/goods-out';
import { type Db, queryRows } from '../../db';
import { packages, packageTraces } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';

export type PackageRow = typeof packages.$inferSelect;

/** Who acts, and when: every goods-out write takes this. */
export interface Op {
  actor: Actor;
  now: Date;
}

/** Loads a package for a write, locking its row until the transaction ends (concurrent scans queue behind it). */
export async function lockPackage(tx: Db, by: { id?: number; packageNo?: string }): Promise<PackageRow> {
  const where = by.id !== undefined ? eq(packages.id, by.id) : eq(packages.packageNo, (by.packageNo ?? '').toUpperCase());
  const [row] = await tx.select().from(packages).where(where).limit(1).for('update');
  if (!row) throw notFound(by.packageNo ? `包裹 ${by.packageNo} 不存在` : '包裹不存在');
  return row;
}

/** 40900 for a package that is not (or no longer) where the caller's action needs it. */
export function packageStale(row: Pick<PackageRow, 'status' | 'packageNo'>, event: string) {
  return conflict(`包裹 ${row.packageNo} 当前状态为「${PackageStatus.label(row.status)}」，不能执行该操作，请刷新后重试`, { status: row.status, event });
}

export interface Step {
  event: PackageEvent;
  op: Op;
  note?: string;
  /** Extra columns to set with the status. */
  set?: Partial<typeof packages.$inferInsert>;
  audit?: Record<string, unknown>;
}

/** One trace row (the package's timeline). */
export async function writeTrace(
  tx: Db,
  packageId: number,
  t: { type: PackageTraceType; event: string; from: string | null; to: string | null; note?: string },
  op: Op,
): Promise<void> {
  await tx.insert(packageTraces).values({
    packageId, type: t.type, event: t.event, fromStatus: t.from, toStatus: t.to, actorId: op.actor.id, actorName: op.actor.name, note: t.note ?? '', createdAt: op.now,
  });
}

/**
 * Applies one machine transition inside `tx`: the conditional update (`where id and status = seen`), its trace and its
 * audit row. A package changed by someone else since it was read fails with 40900, so of two callers one wins.
 */
export async function applyStep(tx: Db, row: PackageRow, step: Step): Promise<{ row: PackageRow; transition: PackageTransition }> {
  const t = packageTransition(row.status, step.event);
  if (!t) throw packageStale(row, step.event);
  const to = t.to === 'previous' ? row.prevStatus : t.to;
  if (!to) throw packageStale(row, step.event);
  const [updated] = await tx
    .update(packages)
    .set({ ...step.set, status: to, ...(t.to === 'previous' ? { prevStatus: null } : {}), updatedAt: step.op.now })
    .where(and(eq(packages.id, row.id), eq(packages.status, row.status)))
    .returning();
  if (!updated) {
    const [now] = await tx.select({ status: packages.status }).from(packages).where(eq(packages.id, row.id));
    throw conflict(`包裹 ${row.packageNo} 已被其他操作更新（当前状态「${PackageStatus.label(now?.status ?? row.status)}」），请刷新后重试`, {
      status: now?.status ?? row.status,
      event: step.event,
    });
  }
  await writeTrace(tx, row.id, { type: t.trace, event: step.event, from: row.status, to, note: step.note }, step.op);
  await writeAudit(
    tx,
    step.op.actor,
    {
      action: `package.${step.event}`, targetType: 'package', targetId: row.packageNo,
      before: { status: row.status }, after: { status: to, ...(step.note ? { note: step.note } : {}), ...step.audit },
    },
    step.op.now,
  );
  return { row: updated, transition: t };
}

/** The next id of a bigserial table, so a code derived from it can be written with the row. */
export async function nextId(tx: Db, table: 'packages' | 'out_batches'): Promise<number> {
  const [r] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`);
  return Number(r.id);
}

export const actionResult = (row: PackageRow, repeated = false) => ({
  id: row.id, packageNo: row.packageNo, status: row.status as PackageStatus, repeated,
});
