import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ExceptionAssignBody,
  ExceptionHandleBody,
  ExceptionListQuery,
  ExceptionRaiseBody,
  ExceptionRecord,
  ReturnStepBody,
} from '@waystation/shared/contract/goodsOut/exceptions';
import { packageMachine } from '@waystation/shared/machines/package';
import { ExceptionType } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../../db';
import { admins, members, packageExceptions, packages } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { applyTransition, assertAllowed, isRepeat } from '../../core/transition';
import { filters, offsetPage } from '../../core/paging';
import { URI_PATTERN } from '../../platform/storage';
import { refundPackage } from './orders';
import { cancelPackageIn } from './cancel';
import { markShipmentCancel } from './carriers/booking';
import { toException } from './queries';
import { actionResult, applyStep, type ExceptionRow, exceptionRows, lockPackage, type Op, type PackageRow, packageStale } from './transition';
import { isActive } from '../../core/status';

/**
 * Any station raises an exception on a package in a warehouse status (reason, photos): the package goes to exception
 * and remembers where it was. A package already in exception is refused (the machine has no raise from there).
 */
export async function raiseException(db: Db, body: z.infer<typeof ExceptionRaiseBody>, op: Op) {
  for (const uri of body.photos) if (!URI_PATTERN.test(uri)) throw invalid('photos', `文件 ${uri} 不是本系统上传的文件`);
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { packageNo: body.packageNo });
    // A station raises from the warehouse statuses; a shipped parcel's trouble is the tracking job's to raise.
    if (packageMachine.transitionOf(row.status, 'raise')?.permission === 'system') throw packageStale(row, 'raise');
    return actionResult(await raiseOn(tx, row, body, op));
  });
}

/** The exception on a locked package: the package goes to exception remembering where it was, and the record is kept. */
export async function raiseOn(tx: Db, row: PackageRow, e: { type: ExceptionType; reason: string; photos: string[] }, op: Op): Promise<PackageRow> {
  const { row: after } = await applyStep(tx, row, {
    event: 'raise',
    op,
    note: `${ExceptionType.label(e.type)}：${e.reason}`,
    set: { prevStatus: row.status },
    audit: { type: e.type },
  });
  // A shipment booked with the carrier is canceled there (after the commit: routes/exceptions.ts, the carrier job).
  await markShipmentCancel(tx, row.id, op.now);
  await tx.insert(packageExceptions).values({
    packageId: row.id,
    type: e.type,
    reason: e.reason,
    photos: e.photos,
    fromStatus: row.status,
    raisedBy: op.actor.name,
    createdAt: op.now,
    updatedAt: op.now,
  });
  return after;
}

export async function listExceptions(db: Db, q: z.infer<typeof ExceptionListQuery>, media: (uri: string) => string) {
  const { rows, total } = await offsetPage(db, {
    table: packageExceptions,
    select: db
      .select({ e: packageExceptions, packageNo: packages.packageNo, status: packages.status, userCode: members.userCode })
      .from(packageExceptions)
      .innerJoin(packages, eq(packages.id, packageExceptions.packageId))
      .innerJoin(members, eq(members.id, packages.memberId))
      .$dynamic(),
    filter: filters(q, {
      status: (s) => eq(packageExceptions.status, s),
      type: (t) => eq(packageExceptions.type, t),
      packageNo: (no) => eq(packages.packageNo, no.toUpperCase()),
    }),
    orderBy: [desc(packageExceptions.id)],
    q,
    count: async (filter) =>
      (await db.select({ n: count() }).from(packageExceptions).innerJoin(packages, eq(packages.id, packageExceptions.packageId)).where(filter))[0].n,
  });
  return { list: rows.map((r) => toException(r.e, { packageNo: r.packageNo, status: r.status, userCode: r.userCode }, media)), total };
}

export async function exceptionDetail(db: Db, id: number, media: (uri: string) => string): Promise<ExceptionRecord> {
  const [r] = await db
    .select({ e: packageExceptions, packageNo: packages.packageNo, status: packages.status, userCode: members.userCode })
    .from(packageExceptions)
    .innerJoin(packages, eq(packages.id, packageExceptions.packageId))
    .innerJoin(members, eq(members.id, packages.memberId))
    .where(eq(packageExceptions.id, id));
  if (!r) throw notFound('异常记录不存在');
  return toException(r.e, { packageNo: r.packageNo, status: r.status, userCode: r.userCode }, media);
}

async function lockException(tx: Db, id: number): Promise<ExceptionRow> {
  const [e] = await tx.select().from(packageExceptions).where(eq(packageExceptions.id, id)).for('update');
  if (!e) throw notFound('异常记录不存在');
  return e;
}

/** Gives an open exception to a member of staff to handle. */
export async function assignException(db: Db, body: z.infer<typeof ExceptionAssignBody>, op: Op) {
  return db.transaction(async (tx) => {
    const e = await lockException(tx, body.id);
    assertAllowed(exceptionRows, e, 'assign');
    const [owner] = await tx.select().from(admins).where(eq(admins.id, body.ownerId));
    if (!isActive(owner)) throw invalid('ownerId', '员工不存在或已停用');
    await applyTransition(tx, exceptionRows, e, {
      event: 'assign',
      op,
      set: { ownerId: owner.id, ownerName: owner.name },
      audit: { owner: owner.name, previousOwner: e.ownerName },
    });
    return { id: e.id, ownerId: owner.id, ownerName: owner.name };
  });
}

type Outcome = 'resolved' | 'returned' | 'canceled';
const EVENT_OF: Record<Outcome, 'resolve' | 'return_order' | 'cancel'> = { resolved: 'resolve', returned: 'return_order', canceled: 'cancel' };

/**
 * Handles an open exception: resolved (the package goes back to the status it came from), returned (a return starts:
 * return_ordered) or canceled (the package is canceled, its items freed and what the member paid refunded).
 */
export async function handleException(db: Db, body: z.infer<typeof ExceptionHandleBody>, outcome: Outcome, op: Op) {
  return db.transaction(async (tx) => {
    const e = await lockException(tx, body.id);
    const row = await lockPackage(tx, { id: e.packageId });
    const event = EVENT_OF[outcome];
    if (isRepeat(exceptionRows, e, event) && e.resolution === body.resolution) return actionResult(row, true);
    await applyTransition(tx, exceptionRows, e, {
      event,
      op,
      note: body.resolution,
      set: { resolution: body.resolution, handledBy: op.actor.name, handledAt: op.now },
    });
    // Canceling frees the items (those off their shelves go back to shelving) and refunds what the member paid.
    if (outcome === 'canceled') return actionResult(await cancelPackageIn(tx, row, op, body.resolution));
    await applyStep(tx, row, { event, op, note: body.resolution });
    const [fresh] = await tx.select().from(packages).where(eq(packages.id, row.id));
    return actionResult(fresh);
  });
}

/**
 * The steps of a package return: return_ordered → return_refund_check → return_refund_complete (what the member paid
 * is refunded to the balance) → returned.
 */
export async function returnStep(db: Db, body: z.infer<typeof ReturnStepBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: body.id });
    const { row: after } = await applyStep(tx, row, { event: body.event, op, note: body.note });
    if (body.event === 'return_refund') await refundPackage(tx, after, op, '退包');
    const [fresh] = await tx.select().from(packages).where(eq(packages.id, row.id));
    return actionResult(fresh);
  });
}
