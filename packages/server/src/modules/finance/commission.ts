import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db';
import { ledgerEntries } from '../../db/schema';
import type { Actor } from '../../core/audit';
import * as ledger from '../ledger/service';

/**
 * Takes back from the agent the commission a paid order or package earned, in the part of it refunded: after each
 * refund the agent keeps earned × (1 − refunded / paid), so a whole refund takes it all back. The agent's commission
 * may go below zero (it was withdrawn already): what is owed is set off against the next commission.
 */
export async function clawbackCommission(
  tx: Db,
  ref: { refType: string; refId: string | number },
  refunded: { total: number; paid: number },
  now: Date,
  actor?: Actor,
): Promise<number> {
  if (refunded.total <= 0 || refunded.paid <= 0) return 0;
  const rows = await tx
    .select({ ownerId: ledgerEntries.ownerId, amount: ledgerEntries.amount, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.refType, ref.refType),
        eq(ledgerEntries.refId, String(ref.refId)),
        eq(ledgerEntries.ownerType, 'agent'),
        eq(ledgerEntries.type, 'commission'),
      ),
    );
  const earned = rows.filter((r) => r.amount > 0);
  if (!earned.length) return 0;
  const total = earned.reduce((s, r) => s + r.amount, 0);
  const clawed = -rows.filter((r) => r.amount < 0).reduce((s, r) => s + r.amount, 0);
  const due = Math.floor((total * Math.min(refunded.total, refunded.paid)) / refunded.paid) - clawed;
  if (due <= 0) return 0;
  await ledger.post(
    tx,
    {
      ownerType: 'agent',
      ownerId: earned[0]!.ownerId,
      kind: 'commission',
      currency: earned[0]!.currency,
      amount: -due,
      type: 'commission',
      refType: ref.refType,
      refId: ref.refId,
      remark: `退款退回返佣 ${(refunded.total / 100).toFixed(2)} / ${(refunded.paid / 100).toFixed(2)}`,
      idempotencyKey: `commission-clawback:${ref.refType}:${ref.refId}:${refunded.total}`,
      operator: actor,
      allowNegative: true,
    },
    now,
  );
  return due;
}

/**
 * The clawback for a shop order whose line was refunded: its lines' refunds so far against what the order paid for its
 * goods (the service fee earned no commission and is not a line's to refund).
 */
export async function clawbackOrderCommission(tx: Db, orderId: number | null, now: Date, actor?: Actor): Promise<number> {
  if (orderId === null) return 0;
  const [o] = await queryRows<{ paid: number; refunded: number }>(
    tx,
    sql`select (o.paid_amount - o.service_fee)::float8 as paid, coalesce((select sum(l.refunded_amount) from purchase_orders l where l.order_id = o.id), 0)::float8 as refunded
        from shop_orders o where o.id = ${orderId}`,
  );
  if (!o) return 0;
  return clawbackCommission(tx, { refType: 'shop_order', refId: orderId }, { total: Number(o.refunded), paid: Number(o.paid) }, now, actor);
}
