import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { purchaseOrders, shopOrders } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { post } from '../ledger/service';
import { clawbackOrderCommission } from '../finance/commission';
import { reinstateGrant } from '../marketing/grants';
import type { PurchaseRow } from './transition';

/** Credits what is left of the line's payment (or `amount`) to the member's balance, in `tx`; the agent's commission follows. */
export async function refundToBalance(tx: Db, row: PurchaseRow, amount: number, key: string, op: { actor: Actor; now: Date }, remark: string): Promise<void> {
  if (amount <= 0) return;
  await post(
    tx,
    {
      ownerType: 'member',
      ownerId: row.memberId,
      kind: 'balance',
      currency: row.currency,
      amount,
      type: 'refund',
      refType: 'purchase',
      refId: row.id,
      remark,
      idempotencyKey: key,
      operator: op.actor,
    },
    op.now,
  );
  await settleOrderRefund(tx, row.orderId, op);
}

/**
 * After money of an order's line went back: the agent's commission follows, and once nothing of the order's goods is
 * left paid, the purchase coupon it used comes back to the member (usable again until its own end date).
 */
export async function settleOrderRefund(tx: Db, orderId: number | null, op: { actor: Actor; now: Date }): Promise<void> {
  await clawbackOrderCommission(tx, orderId, op.now, op.actor);
  if (orderId === null) return;
  const [order] = await tx
    .select({ orderNo: shopOrders.orderNo, memberId: shopOrders.memberId, couponGrantNo: shopOrders.couponGrantNo })
    .from(shopOrders)
    .where(eq(shopOrders.id, orderId));
  if (!order?.couponGrantNo) return;
  const [{ left }] = await tx
    .select({ left: sql<number>`coalesce(sum(${purchaseOrders.paidAmount} - ${purchaseOrders.refundedAmount}), 0)`.mapWith(Number) })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.orderId, orderId));
  if (left > 0) return;
  await reinstateGrant(tx, op.actor, { grantNo: order.couponGrantNo, memberId: order.memberId, why: `订单 ${order.orderNo} 商品款全部退款` }, op.now);
}
