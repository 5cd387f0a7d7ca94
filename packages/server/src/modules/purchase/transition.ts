import { and, eq, sql } from 'drizzle-orm';
import {
  type PatchEvent,
  patchMachine,
  type PatchState,
  purchaseMachine,
  type PurchaseEvent,
  type Transition,
} from '@waystation/shared/machines/purchase-order';
import { type ShopOrderEvent, shopOrderMachine } from '@waystation/shared/machines/shop-order';
import { PurchaseStatus, ShopOrderStatus } from '@waystation/shared/vocab/goods-in';
import type { Db } from '../../db';
import { purchaseOrders, shopOrders, traceEvents } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { notFound } from '../../core/errors';
import { applyTransition, type BoundMachine, staleError, traceColumns } from '../../core/transition';

export type PurchaseRow = typeof purchaseOrders.$inferSelect;

/** The purchase-line machine bound to its table and timeline, for the transition engine. */
export const purchaseLines: BoundMachine<PurchaseRow, PurchaseEvent> = {
  name: 'purchase',
  table: purchaseOrders,
  columns: {
    id: purchaseOrders.id,
    status: purchaseOrders.status,
    updatedAt: purchaseOrders.updatedAt,
    member: purchaseOrders.memberId,
    ref: purchaseOrders.purchaseNo,
  },
  transitionOf: purchaseMachine.transitionOf,
  toStatuses: purchaseMachine.toStatuses,
  describe: (row) => ({ noun: `采购单 ${row.purchaseNo}`, target: row.id }),
  label: (status) => PurchaseStatus.label(status),
  // A self-transition (transfer, patch outcome) leaves the status alone: the modify time tells staleness.
  selfGuard: (row) => sql`date_trunc('milliseconds', ${purchaseOrders.updatedAt}) = ${row.updatedAt.toISOString()}`,
  traces: {
    table: traceEvents,
    row: (r, op) => ({ purchaseId: r.id, ...traceColumns(r, op) }),
  },
};

/** The line's price difference as the patch machine names it. */
const patchOf = (row: PurchaseRow): PatchState => (row.patchStatus ?? 'none') as PatchState;

/** Whether the line's price difference allows `event` (a purchase completes only with no top-up outstanding, …). */
export const patchAllows = (row: PurchaseRow, event: PatchEvent): boolean => !!patchMachine.transitionOf(patchOf(row), event);

/** Whether the line's price difference has had `event` already: no row for it where it is, and where it leads. */
export const patchHad = (row: PurchaseRow, event: PatchEvent): boolean => !patchAllows(row, event) && patchMachine.toStatuses(event).includes(patchOf(row));

type ShopOrderRow = typeof shopOrders.$inferSelect;

/** The shop order machine bound to its table (audit actions order.pay, …; the lines move along the purchase machine). */
export const shopOrderRows: BoundMachine<ShopOrderRow, ShopOrderEvent> = {
  name: 'order',
  targetType: 'shop_order',
  table: shopOrders,
  columns: { id: shopOrders.id, status: shopOrders.status, updatedAt: shopOrders.updatedAt, member: shopOrders.memberId, ref: shopOrders.orderNo },
  transitionOf: shopOrderMachine.transitionOf,
  toStatuses: shopOrderMachine.toStatuses,
  describe: (o) => ({ noun: `订单 ${o.orderNo}`, target: o.orderNo }),
  label: (status) => ShopOrderStatus.label(status),
};

/** Loads a line for a write (inside the write's transaction). */
export async function loadLine(tx: Db, id: number): Promise<PurchaseRow> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).limit(1);
  if (!row) throw notFound('采购单不存在');
  return row;
}

/** The member's own line by its number, locked for the member's answer; another member's is 40400 as if it did not exist. */
export async function lockMemberLine(tx: Db, memberId: number, purchaseNo: string): Promise<PurchaseRow> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.purchaseNo, purchaseNo), eq(purchaseOrders.memberId, memberId)))
    .for('update');
  if (!row) throw notFound('采购单不存在');
  return row;
}

/** 40900 for a line that is not (or no longer) where the caller's action needs it. */
export const staleState = (row: PurchaseRow, event: PurchaseEvent) => staleError(purchaseLines, row, event);

export interface Step {
  event: PurchaseEvent;
  actor: Actor;
  now: Date;
  note?: string;
  /** Extra columns to set with the status. */
  set?: Partial<typeof purchaseOrders.$inferInsert>;
  /** Extra facts for the audit row's after. */
  audit?: Record<string, unknown>;
  /** Extra facts for the domain event (the amounts a notification quotes, as they are now). */
  eventData?: Record<string, unknown>;
}

/** One purchase-line transition through the engine (conditional update, trace, audit). */
export async function applyStep(tx: Db, row: PurchaseRow, step: Step): Promise<{ row: PurchaseRow; transition: Transition }> {
  const { actor, now, ...rest } = step;
  const r = await applyTransition<PurchaseRow, PurchaseEvent>(tx, purchaseLines, row, { ...rest, op: { actor, now } });
  return { row: r.row, transition: r.transition as Transition };
}
