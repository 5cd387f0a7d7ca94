import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { purchaseOrders, shopOrders } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { post } from '../ledger/service';
import { clawbackOrderCommission } from '../finance/commission';
import { reinstateGrant } from '../marketing/grants';
import { feeOn, percentText } from './pricing';
import type { PurchaseRow } from './transition';

/**
 * Credits `amount` of the line's payment to the member's balance, in `tx` (the line's refundedAmount already counts it);
 * the agent's commission and the order's service fee follow (settleOrderRefund).
 */
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
 * After money of an order's line went back (the line's refundedAmount already counts it): the agent's commission
 * follows; the service fee follows the goods still paid (what it keeps is the fee on them at the order's rate, never
 * more than was charged; the rest goes back to the member's balance, one ledger row per step); and once nothing of the
 * order's goods is left paid, the purchase coupon it used comes back to the member (usable again until its own end date).
 */
export async function settleOrderRefund(tx: Db, orderId: number | null, op: { actor: Actor; now: Date }): Promise<void> {
  await clawbackOrderCommission(tx, orderId, op.now, op.actor);
  if (orderId === null) return;
  // Locked: two lines of the order refunded at once each see the other's refund, and the fee goes back once.
  const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, orderId)).for('update');
  if (!order) return;
  const [{ left }] = await tx
    .select({ left: sql<number>`coalesce(sum(${purchaseOrders.paidAmount} - ${purchaseOrders.refundedAmount}), 0)`.mapWith(Number) })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.orderId, orderId));
  const kept = Math.min(order.serviceFee, feeOn(Math.max(0, left), order.serviceFeeBp));
  const back = order.serviceFee - kept - order.serviceFeeRefunded;
  if (back > 0) {
    const refunded = order.serviceFeeRefunded + back;
    const { entry } = await post(
      tx,
      {
        ownerType: 'member',
        ownerId: order.memberId,
        kind: 'balance',
        currency: order.currency,
        amount: back,
        type: 'refund',
        refType: 'shop_order',
        refId: order.orderNo,
        remark: `订单 ${order.orderNo} 代购服务费退还（${percentText(order.serviceFeeBp)}%）`,
        idempotencyKey: `shop-order-${order.id}-fee-refund-${refunded}`,
        operator: op.actor,
      },
      op.now,
    );
    await tx.update(shopOrders).set({ serviceFeeRefunded: refunded, updatedAt: op.now }).where(eq(shopOrders.id, order.id));
    await writeAudit(
      tx,
      op.actor,
      {
        action: 'order.refund',
        targetType: 'shop_order',
        targetId: order.orderNo,
        before: { serviceFeeRefunded: order.serviceFeeRefunded },
        after: { serviceFeeRefunded: refunded, amount: back, transactionId: entry.id },
      },
      op.now,
    );
  }
  if (!order.couponGrantNo || left > 0) return;
  await reinstateGrant(tx, op.actor, { grantNo: order.couponGrantNo, memberId: order.memberId, why: `订单 ${order.orderNo} 商品款全部退款` }, op.now);
}
