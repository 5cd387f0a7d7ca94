import { and, eq, sql } from 'drizzle-orm';
import { transitionOf, type PurchaseEvent, type Transition } from '@waystation/shared/machines/purchase-order';
import { PurchaseStatus } from '@waystation/shared/vocab/goods-in';
import type { Db } from '../../db';
import { purchaseOrders, traceEvents } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';

export type PurchaseRow = typeof purchaseOrders.$inferSelect;

/** Loads a line for a write (inside the write's transaction). */
export async function loadLine(tx: Db, id: number): Promise<PurchaseRow> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).limit(1);
  if (!row) throw notFound('采购单不存在');
  return row;
}

/** 40900 for a line that is not (or no longer) where the caller's action needs it. */
export function staleState(row: Pick<PurchaseRow, 'status' | 'purchaseNo'>, event: PurchaseEvent) {
  return conflict(`采购单 ${row.purchaseNo} 当前状态为「${PurchaseStatus.label(row.status)}」，不能执行该操作，请刷新后重试`, {
    status: row.status,
    event,
  });
}

export interface Step {
  event: PurchaseEvent;
  actor: Actor;
  now: Date;
  note?: string;
  /** Extra columns to set with the status. */
  set?: Partial<typeof purchaseOrders.$inferInsert>;
  /** Extra facts for the audit row's after. */
  audit?: Record<string, unknown>;
}

/**
 * Applies one machine transition to `row` inside `tx`: the conditional update (`where id and status = seen`), its
 * trace event and its audit row. A line changed by someone else since it was read fails with 40900, so of two
 * concurrent callers exactly one wins.
 */
export async function applyStep(tx: Db, row: PurchaseRow, step: Step): Promise<{ row: PurchaseRow; transition: Transition }> {
  const t = transitionOf(row.status, step.event);
  if (!t) throw staleState(row, step.event);
  const [updated] = await tx
    .update(purchaseOrders)
    .set({ ...step.set, status: t.to, updatedAt: step.now })
    .where(
      and(
        eq(purchaseOrders.id, row.id),
        eq(purchaseOrders.status, row.status),
        // A self-transition (transfer, patch outcome) leaves the status alone: the modify time tells staleness.
        t.from === t.to ? sql`date_trunc('milliseconds', ${purchaseOrders.updatedAt}) = ${row.updatedAt.toISOString()}` : undefined,
      ),
    )
    .returning();
  if (!updated) {
    const [now] = await tx.select({ status: purchaseOrders.status }).from(purchaseOrders).where(eq(purchaseOrders.id, row.id));
    throw conflict(`采购单 ${row.purchaseNo} 已被其他操作更新（当前状态「${PurchaseStatus.label(now?.status ?? row.status)}」），请刷新后重试`, {
      status: now?.status ?? row.status,
      event: step.event,
    });
  }
  await tx.insert(traceEvents).values({
    purchaseId: row.id,
    type: t.trace,
    event: step.event,
    fromStatus: row.status,
    toStatus: t.to,
    actorId: step.actor.id,
    actorName: step.actor.name,
    note: step.note ?? '',
    createdAt: step.now,
  });
  await writeAudit(
    tx,
    step.actor,
    {
      action: `purchase.${step.event}`,
      targetType: 'purchase',
      targetId: row.id,
      before: { status: row.status },
      after: { status: t.to, ...(step.note ? { note: step.note } : {}), ...step.audit },
    },
    step.now,
  );
  return { row: updated, transition: t };
}
