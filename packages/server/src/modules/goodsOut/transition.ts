import { eq, sql } from 'drizzle-orm';
import { type ExceptionEvent, exceptionMachine } from '@waystation/shared/machines/exception';
import { type OutBatchEvent, outBatchMachine } from '@waystation/shared/machines/out-batch';
import { packageMachine, type PackageEvent, type PackageTransition } from '@waystation/shared/machines/package';
import { type SackEvent, sackMachine } from '@waystation/shared/machines/sack';
import { BatchStatus, ExceptionStatus, PackageStatus, type PackageTraceType, SackStatus } from '@waystation/shared/vocab/goods-out';
import { type Db, qualified, reusableQuery } from '../../db';
import { outBatches, packageExceptions, packageItems, packages, packageTraces, sacks } from '../../db/schema';
import { notFound } from '../../core/errors';
import { applyTransition, type BoundMachine, type Op, staleError, type Step as EngineStep, traceColumns } from '../../core/transition';

export type PackageRow = typeof packages.$inferSelect;

export type { Op };

/** A freight bill a correction settled (nothing due any more, or overpaid and refunded). */
const SETTLED_BY_CORRECTION = ['patch_match', 'patch_refund'];

/** The package machine bound to its table and timeline, for the transition engine. */
export const packageRows: BoundMachine<PackageRow, PackageEvent> = {
  name: 'package',
  table: packages,
  columns: { id: packages.id, status: packages.status, updatedAt: packages.updatedAt, member: packages.memberId, ref: packages.packageNo },
  transitionOf: packageMachine.transitionOf,
  toStatuses: packageMachine.toStatuses,
  describe: (row) => ({ noun: `包裹 ${row.packageNo}`, target: row.packageNo }),
  label: (status) => PackageStatus.label(status),
  // Resolving an exception returns the package to the status it was raised from; one raised while it waited for a
  // freight top-up whose bill a correction settled meanwhile goes on as if topped up.
  resolve: (row, to) =>
    to !== 'previous'
      ? { status: to }
      : row.prevStatus
        ? {
            status: row.prevStatus === 'patch_wait' && SETTLED_BY_CORRECTION.includes(row.patchStatus ?? '') ? 'pending_launch' : row.prevStatus,
            set: { prevStatus: null },
          }
        : null,
  traces: {
    table: packageTraces,
    row: (r, op) => ({ packageId: r.id, ...traceColumns(r, op) }),
  },
};

export type SackRow = typeof sacks.$inferSelect;
export type BatchRow = typeof outBatches.$inferSelect;
export type ExceptionRow = typeof packageExceptions.$inferSelect;

/** The sack machine bound to its table: its card's code is its number in events and audit. */
export const sackRows: BoundMachine<SackRow, SackEvent> = {
  name: 'sack',
  table: sacks,
  columns: { id: sacks.id, status: sacks.status, updatedAt: sacks.updatedAt, ref: sacks.code },
  transitionOf: sackMachine.transitionOf,
  toStatuses: sackMachine.toStatuses,
  describe: (s) => ({ noun: `麻袋 ${s.code}`, target: s.code }),
  label: (status) => SackStatus.label(status),
};

/** The out-of-storage batch machine bound to its table. */
export const outBatchRows: BoundMachine<BatchRow, OutBatchEvent> = {
  name: 'outBatch',
  targetType: 'out_batch',
  table: outBatches,
  columns: { id: outBatches.id, status: outBatches.status, updatedAt: outBatches.updatedAt, ref: outBatches.batchNo },
  transitionOf: outBatchMachine.transitionOf,
  toStatuses: outBatchMachine.toStatuses,
  describe: (b) => ({ noun: `出库批次 ${b.batchNo}`, target: b.batchNo }),
  label: (status) => BatchStatus.label(status),
};

/** The package exception machine bound to its table. */
export const exceptionRows: BoundMachine<ExceptionRow, ExceptionEvent> = {
  name: 'exception',
  targetType: 'package_exception',
  table: packageExceptions,
  columns: { id: packageExceptions.id, status: packageExceptions.status, updatedAt: packageExceptions.updatedAt },
  transitionOf: exceptionMachine.transitionOf,
  toStatuses: exceptionMachine.toStatuses,
  describe: (e) => ({ noun: `异常 #${e.id}`, target: e.id }),
  label: (status) => ExceptionStatus.label(status),
};

/** A package row locked by one of its keys (a placeholder of the key's name). */
const lockedBy = (key: 'id' | 'packageNo') =>
  reusableQuery(`package_lock_by_${key}`, (db) =>
    db
      .select()
      .from(packages)
      .where(eq(packages[key], sql.placeholder(key)))
      .limit(1)
      .for('update'),
  );
const lockById = lockedBy('id');
const lockByNo = lockedBy('packageNo');

/** Loads a package for a write, locking its row until the transaction ends (concurrent scans queue behind it). */
export async function lockPackage(tx: Db, by: { id?: number; packageNo?: string }): Promise<PackageRow> {
  const [row] = by.id !== undefined ? await lockById(tx, { id: by.id }) : await lockByNo(tx, { packageNo: (by.packageNo ?? '').toUpperCase() });
  if (!row) throw notFound(by.packageNo ? `包裹 ${by.packageNo} 不存在` : '包裹不存在');
  return row;
}

const lockedPackageId = qualified(packages.id);
const liveItems = (counted: string) =>
  sql<number>`(select count(${sql.raw(counted)})::int from ${packageItems} i where i.package_id = ${lockedPackageId} and not i.released)`;
const lockCounted = reusableQuery('package_lock_counted', (db) =>
  db
    .select({ row: packages, total: liveItems('*'), checked: liveItems('i.checked_at') })
    .from(packages)
    .where(eq(packages.packageNo, sql.placeholder('packageNo')))
    .limit(1)
    .for('update'),
);

/** `lockPackage` with its live items counted (all, and those checked at packing) in the same statement. */
export async function lockPackageCounted(tx: Db, by: { packageNo: string }): Promise<{ row: PackageRow; total: number; checked: number }> {
  const [found] = await lockCounted(tx, { packageNo: by.packageNo.toUpperCase() });
  if (!found) throw notFound(`包裹 ${by.packageNo} 不存在`);
  return found;
}

/** 40900 for a package that is not (or no longer) where the caller's action needs it. */
export const packageStale = (row: PackageRow, event: PackageEvent) => staleError(packageRows, row, event);

export type Step = EngineStep<PackageRow, PackageEvent> & { set?: Partial<typeof packages.$inferInsert> };

/** One trace row (the package's timeline) for what is not a status change: an item removed, a weight changed. */
export async function writeTrace(
  tx: Db,
  packageId: number,
  t: { type: PackageTraceType; event: string; from: string | null; to: string | null; note?: string },
  op: Op,
): Promise<void> {
  await tx.insert(packageTraces).values({
    packageId,
    type: t.type,
    event: t.event,
    fromStatus: t.from,
    toStatus: t.to,
    actorId: op.actor.id,
    actorName: op.actor.name,
    note: t.note ?? '',
    createdAt: op.now,
  });
}

/** One package transition through the engine (conditional update, trace, audit). */
export async function applyStep(tx: Db, row: PackageRow, step: Step): Promise<{ row: PackageRow; transition: PackageTransition }> {
  const r = await applyTransition<PackageRow, PackageEvent>(tx, packageRows, row, step);
  return { row: r.row, transition: r.transition as PackageTransition };
}

export { nextId } from '../../db';

export const actionResult = (row: PackageRow, repeated = false) => ({
  id: row.id,
  packageNo: row.packageNo,
  status: row.status as PackageStatus,
  repeated,
});
