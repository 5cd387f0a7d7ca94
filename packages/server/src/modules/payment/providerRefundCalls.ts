import type { Db } from '../../db';
import type { paymentRefunds, topupIntents } from '../../db/schema';
import { conflict, invalid } from '../../core/errors';
import type { SecretBox } from '../../core/secrets';
import { alipayAccountOf, stripeAccountOf } from './gateways';
import { getStripeRefund, refundStripePayment, toStripeAmount } from './stripe';
import { ALIPAY_CURRENCY, type AlipayRefund, queryAlipayRefund, refundAlipayTrade } from './alipay';
import { getPaypalOrder, toPaypalValue } from './paypal';
import { getPaypalRefund, refundPaypalCapture } from './paypalRefunds';
import { paypalAccountOf } from './paypalFlow';

/**
 * The providers' refund calls behind one shape (issue #32.4): what a provider answered to a refund sent or asked about,
 * as the refund's next state. A provider that cannot be reached throws (the refund stays as it is, to be tried again).
 */

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type IntentRow = typeof topupIntents.$inferSelect;

/** The providers a refund can go back through. */
export const REFUND_PROVIDERS = new Set(['stripe', 'alipay', 'paypal']);

export interface RefundOutcome {
  status: 'pending' | 'succeeded' | 'failed';
  providerRef?: string;
  failure?: string;
}

/** Refuses (40001) an amount the intent's provider cannot take, before anything is written. */
export function checkRefundAmount(intent: IntentRow, amount: number): void {
  if (intent.provider === 'stripe') toStripeAmount(amount, intent.currency);
  else if (intent.provider === 'paypal') toPaypalValue(amount, intent.currency);
  else if (intent.currency !== ALIPAY_CURRENCY) throw invalid('amount', `支付宝只能退回 ${ALIPAY_CURRENCY}`);
}

const byStatus = (status: string, failure: string, providerRef: string): RefundOutcome => {
  const s = status.toUpperCase();
  if (s === 'SUCCEEDED' || s === 'COMPLETED') return { status: 'succeeded', providerRef };
  if (s === 'FAILED' || s === 'CANCELED' || s === 'CANCELLED') return { status: 'failed', providerRef, failure: failure || s };
  return { status: 'pending', providerRef };
};

const fromAlipay = (r: AlipayRefund): RefundOutcome | null => {
  if (r.state === 'refused') return { status: 'failed', failure: r.refused };
  if (r.state === 'unknown') return null;
  return { status: r.state, providerRef: r.tradeNo };
};

/** Sends the refund to the intent's provider; the refund number is the provider's idempotency key, so a repeat is the same refund. */
export async function sendToProvider(db: Db, secrets: SecretBox, refund: RefundRow, intent: IntentRow, now: Date): Promise<RefundOutcome> {
  const channelId = intent.channelId;
  if (!channelId || !intent.providerRef) throw conflict('该充值单没有支付服务商的付款记录，无法原路退款');
  if (intent.provider === 'stripe') {
    const account = await stripeAccountOf(db, secrets, channelId);
    const r = await refundStripePayment(account, {
      paymentId: intent.providerRef,
      amount: refund.amount,
      currency: refund.currency,
      refundNo: refund.refundNo,
    });
    return 'refused' in r ? { status: 'failed', failure: r.refused } : byStatus(r.status, r.failure, r.id);
  }
  if (intent.provider === 'alipay') {
    const account = await alipayAccountOf(db, secrets, channelId);
    const r = await refundAlipayTrade(
      account,
      { intentNo: intent.intentNo, amount: refund.amount, refundNo: refund.refundNo, reason: refund.remark || refund.refundNo },
      now,
    );
    return fromAlipay(r) ?? { status: 'pending' };
  }
  if (intent.provider === 'paypal') {
    const account = await paypalAccountOf(db, secrets, channelId);
    // The top-up keeps PayPal's order; the refund is of the order's capture.
    const order = await getPaypalOrder(account, intent.providerRef);
    if (!order?.capture?.id) throw conflict('PayPal 订单没有扣款记录，无法原路退款');
    const r = await refundPaypalCapture(account, {
      captureId: order.capture.id,
      amount: refund.amount,
      currency: refund.currency,
      refundNo: refund.refundNo,
      note: refund.remark,
    });
    return 'refused' in r ? { status: 'failed', failure: r.refused } : byStatus(r.status, r.failure, r.id);
  }
  throw conflict('该充值单的支付方式不支持原路退款');
}

/** Asks the provider about a refund it accepted and has not finished. */
export async function askProvider(db: Db, secrets: SecretBox, refund: RefundRow, intent: IntentRow, now: Date): Promise<RefundOutcome> {
  const channelId = intent.channelId!;
  if (intent.provider === 'stripe') {
    const r = await getStripeRefund(await stripeAccountOf(db, secrets, channelId), refund.providerRef);
    return byStatus(r.status, r.failure, r.id);
  }
  if (intent.provider === 'alipay') {
    const r = await queryAlipayRefund(await alipayAccountOf(db, secrets, channelId), { intentNo: intent.intentNo, refundNo: refund.refundNo }, now);
    // Alipay has no record of it going through: the same request again (same out_request_no), whose answer decides.
    return fromAlipay(r) ?? sendToProvider(db, secrets, refund, intent, now);
  }
  const r = await getPaypalRefund(await paypalAccountOf(db, secrets, channelId), refund.providerRef);
  return byStatus(r.status, r.failure, r.id);
}
