import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BillPayBody, BillPurpose, TopupIntent } from '@waystation/shared/contract/openTopups';
import { packageMachine } from '@waystation/shared/machines/package';
import type { Db } from '../../db';
import { members, packages, purchaseOrders, shopOrders, topupIntents } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { AppError, conflict, forbidden, notFound } from '../../core/errors';
import type { SecretBox } from '../../core/secrets';
import { lockMemberOrder, payOrder, spendOnOrder } from '../purchase/shopOrders';
import { payPackage, payPatch, spendOnFreight } from '../goodsOut/orders';
import { lockPackage } from '../goodsOut/transition';
import { createChannelTopup } from './gateways';
import { createTopup, toIntent } from './topups';
import { intentRefundable, openPaymentRefund } from './providerRefunds';
import { post } from '../ledger/service';

/**
 * Paying a bill through a payment channel (issue #32.1): a shop order, a package's quoted freight or its freight top-up.
 * The server works out what is due, the member pays that plus the channel's fee, and when the provider says paid the
 * money is credited to the balance and the bill paid from it in the same transaction. A bill that can no longer be paid
 * as it was asked (paid from the balance meanwhile, a coupon used elsewhere, a price that went up) is refused and the
 * money stays in the balance: a payment credits once, whatever else happened.
 */

export interface Bill {
  purpose: BillPurpose;
  /** The shop order's or the package's number. */
  ref: string;
  options: { couponGrantNo?: string; points?: number };
}

/** Thrown to roll a quote's transaction back: spending the coupon and the points is how their discount is checked. */
class Quoted {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
}

/** What the member's bill costs now (minor units), worked out by the payment's own code and rolled back. */
export async function quoteBill(db: Db, memberId: number, bill: Bill, now: Date): Promise<{ amount: number; currency: string }> {
  try {
    await db.transaction(async (tx) => {
      if (bill.purpose === 'order_pay') {
        const order = await lockMemberOrder(tx, memberId, bill.ref);
        const { price } = await spendOnOrder(tx, memberId, order, bill.options, now);
        throw new Quoted(price.goods + price.serviceFee, order.currency);
      }
      const row = await lockPackage(tx, { packageNo: bill.ref });
      if (row.memberId !== memberId) throw notFound('包裹不存在');
      if (bill.purpose === 'package_pay') {
        const { amount } = await spendOnFreight(tx, row, bill.options.couponGrantNo, now);
        throw new Quoted(amount, row.currency);
      }
      if (!packageMachine.transitionOf(row.status, 'patch_paid') || row.patchAmount <= 0) throw conflict(`包裹 ${row.packageNo} 没有待补运费`);
      throw new Quoted(row.patchAmount, row.currency);
    });
  } catch (err) {
    if (err instanceof Quoted) return err;
    throw err;
  }
  throw new Error('quoteBill: no quote');
}

const billOf = (body: z.output<typeof BillPayBody>): Bill => ({
  purpose: body.purpose,
  ref: (body.purpose === 'order_pay' ? body.orderNo : body.packageNo) ?? '',
  options: {
    ...(body.couponGrantNo ? { couponGrantNo: body.couponGrantNo } : {}),
    ...(body.points ? { points: body.points } : {}),
  },
});

/**
 * POST /payments/bills: the payment for what the bill costs now, through the channel the rules offer for its purpose
 * (or the sandbox where it is on). Nothing is spent yet: the coupon and the points are spent when the bill is paid.
 */
export async function createBillPayment(
  db: Db,
  secrets: SecretBox,
  memberId: number,
  body: z.output<typeof BillPayBody>,
  sandbox: boolean,
  now: Date,
  idempotencyKey?: string,
): Promise<TopupIntent> {
  // The sandbox answers only where it is on, before anything else is read (as for top-ups).
  if (body.channelId === undefined && !sandbox) throw forbidden('沙箱支付未开启');
  const bill = billOf(body);
  const { amount, currency } = await quoteBill(db, memberId, bill, now);
  if (amount <= 0) throw conflict('这笔账单无需支付');
  if (body.channelId !== undefined) {
    return createChannelTopup(db, secrets, memberId, { amount, currency, channelId: body.channelId, returnUrl: body.returnUrl, bill }, now, idempotencyKey);
  }
  return toIntent((await createTopup(db, memberId, { amount, currency, provider: 'sandbox', bill }, now, idempotencyKey)).row);
}

/**
 * Pays the intent's bill from the balance it has just credited, inside the notification's transaction (a savepoint: a
 * refusal undoes only the bill's payment). Refused when the bill costs more now than was paid, or cannot be paid.
 */
export async function payBill(tx: Db, intent: typeof topupIntents.$inferSelect, now: Date): Promise<{ billStatus: 'paid' | 'refused'; billNote: string }> {
  const bill: Bill = { purpose: intent.purpose as BillPurpose, ref: intent.billRef, options: intent.billOptions };
  const [member] = await tx.select({ id: members.id, userCode: members.userCode, name: members.name }).from(members).where(eq(members.id, intent.memberId));
  const actor = { id: null, name: `会员 ${member?.userCode ?? intent.memberId}（${intent.provider} 支付 ${intent.intentNo}）`, ip: '' };
  try {
    await tx.transaction(async (sp) => {
      const due = await quoteBill(sp, intent.memberId, bill, now);
      if (due.currency !== intent.currency || due.amount > intent.amount) {
        throw conflict(`应付金额已变为 ${(due.amount / 100).toFixed(2)} ${due.currency}，已付款项留在余额中`);
      }
      if (bill.purpose === 'order_pay') {
        await payOrder(
          sp,
          { id: intent.memberId, userCode: member?.userCode ?? '', name: member?.name ?? '', sessionId: 0 },
          bill.ref,
          actor,
          now,
          `bill-${intent.intentNo}`,
          bill.options,
        );
        return;
      }
      const [pkg] = await sp
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.packageNo, bill.ref), eq(packages.memberId, intent.memberId)));
      if (bill.purpose === 'package_pay') await payPackage(sp, pkg!.id, { actor, now }, { fromBalance: true, couponGrantNo: bill.options.couponGrantNo });
      else await payPatch(sp, pkg!.id, { actor, now });
    });
    return { billStatus: 'paid', billNote: '' };
  } catch (err) {
    if (err instanceof AppError) return { billStatus: 'refused', billNote: err.message };
    throw err;
  }
}

/** The paid gateway payments of the bill an after-sales refund is for (a purchase line's order, a package), newest first. */
async function billPaymentsOf(tx: Db, source: { memberId: number; sourceType: string; sourceId: string }) {
  if (!/^\d{1,15}$/.test(source.sourceId)) return [];
  const id = Number(source.sourceId);
  const [bill] =
    source.sourceType === 'purchase_order'
      ? await tx
          .select({ ref: shopOrders.orderNo })
          .from(purchaseOrders)
          .innerJoin(shopOrders, eq(shopOrders.id, purchaseOrders.orderId))
          .where(eq(purchaseOrders.id, id))
      : source.sourceType === 'package'
        ? await tx.select({ ref: packages.packageNo }).from(packages).where(eq(packages.id, id))
        : [];
  if (!bill) return [];
  return tx
    .select()
    .from(topupIntents)
    .where(
      and(
        eq(topupIntents.memberId, source.memberId),
        eq(topupIntents.billRef, bill.ref),
        eq(topupIntents.billStatus, 'paid'),
        inArray(topupIntents.provider, ['stripe', 'alipay', 'paypal']),
      ),
    )
    .orderBy(desc(topupIntents.id));
}

/**
 * 原路退回 of an after-sales refund whose bill was paid through a payment gateway (in the review's transaction): the
 * refund is credited to the balance the bill was paid from, then sent back from it through the provider of each payment
 * of the bill, up to what is left to refund of it (openPaymentRefund; send each after the commit). What no payment can
 * take stays in the balance. Null when the bill was not paid through a gateway: the refund is then returned outside
 * Waystation, as before.
 */
export async function refundBillToPayer(
  tx: Db,
  actor: Actor,
  refund: { id: number; refundNo: string; memberId: number; amount: number; currency: string; sourceType: string; sourceId: string },
  now: Date,
): Promise<{ entryId: number; paymentRefundIds: number[] } | null> {
  const payments = (await billPaymentsOf(tx, refund)).filter((p) => p.currency === refund.currency);
  if (!payments.length) return null;
  const { entry } = await post(
    tx,
    {
      ownerType: 'member',
      ownerId: refund.memberId,
      kind: 'balance',
      currency: refund.currency,
      amount: refund.amount,
      type: 'refund',
      refType: 'refund',
      refId: refund.id,
      remark: refund.refundNo,
      idempotencyKey: `refund:${refund.id}`,
      operator: actor,
    },
    now,
  );
  const paymentRefundIds: number[] = [];
  let left = refund.amount;
  for (const payment of payments) {
    const amount = Math.min(left, await intentRefundable(tx, payment));
    if (amount <= 0) continue;
    const opened = await openPaymentRefund(
      tx,
      actor,
      { intentId: payment.id, amount, remark: `售后退款 ${refund.refundNo}`, sourceType: 'afterSales.refund', sourceId: refund.id },
      now,
    );
    paymentRefundIds.push(opened.id);
    left -= amount;
    if (!left) break;
  }
  return { entryId: entry.id, paymentRefundIds };
}
