import { z } from 'zod';
import { positiveAmount } from '../rules';
import { defineCall } from './call';

/**
 * Money back to where it came from (issue #32.4): a refund of a paid gateway top-up through its provider (Stripe,
 * Alipay, PayPal), debited from the member's balance when opened and followed until the provider says it is final; a
 * refund the provider fails goes back to the balance.
 */

export const PaymentRefundStatus = ['sending', 'pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PaymentRefundStatus)[number];

const IntentNo = z.string().trim().min(1, '请填写充值单号').max(40);

/** POST /api/payment/refundPayment (refund_review): `amount` in major units ("12.50"), at most what is left to refund. */
export const RefundPaymentBody = z.strictObject({
  intentNo: IntentNo,
  amount: positiveAmount,
  remark: z.string().trim().min(1, '请填写退款原因').max(200),
});
export type RefundPaymentBody = z.infer<typeof RefundPaymentBody>;

export const PaymentRefund = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  intentNo: z.string(),
  memberId: z.number().int(),
  provider: z.string(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PaymentRefundStatus),
  /** The provider's id of the refund ('' until it answered). */
  providerRef: z.string(),
  /** The provider's words when it refused, or what went wrong at the last attempt. */
  failure: z.string(),
  remark: z.string(),
  sourceType: z.string(),
  sourceId: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  settledTime: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof PaymentRefund>;

/** GET /api/payment/refunds?intentNo=: a top-up's refunds, newest first, and what is left to refund of it. */
export const PaymentRefundListQuery = z.strictObject({ intentNo: IntentNo });
export type PaymentRefundListQuery = z.infer<typeof PaymentRefundListQuery>;
export const PaymentRefundList = z.object({
  intentNo: z.string(),
  currency: z.string(),
  /** What the member paid the provider (the amount and the channel's fee), minor units. */
  paid: z.number().int(),
  /** What is left to refund: paid less the refunds not failed. 0 when the top-up cannot be refunded through its provider. */
  refundable: z.number().int(),
  refunds: z.array(PaymentRefund),
});
export type PaymentRefundList = z.infer<typeof PaymentRefundList>;

export const paymentRefundPaymentCall = defineCall({ method: 'POST', url: '/api/payment/refundPayment', body: RefundPaymentBody, data: PaymentRefund });
export const paymentRefundListCall = defineCall({ method: 'GET', url: '/api/payment/refunds', query: PaymentRefundListQuery, data: PaymentRefundList });
