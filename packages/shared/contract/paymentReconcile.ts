import { z } from 'zod';
import { defineCall, defineDownload } from './call';
import { queryInt } from './common';
import { BusinessDay } from './report';
import { PaymentRefundStatus } from './paymentRefunds';

/**
 * 支付管理 › 支付对账 (issue #32): a business day's payments as each gateway's own records list them, against the
 * ledger's credits for them, per channel; every difference listed.
 */

export const ReconcileResultKind = ['matched', 'missing_in_ledger', 'missing_at_provider', 'amount_differs'] as const;
export type ReconcileResultKind = (typeof ReconcileResultKind)[number];

export const ReconcileQuery = z.strictObject({
  /** A business day (Asia/Shanghai), YYYY-MM-DD. */
  date: BusinessDay,
  channelId: queryInt(1, 2_147_483_647).optional(),
});
export type ReconcileQuery = z.output<typeof ReconcileQuery>;

export const ReconcileRow = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  /** The provider's id of the payment ('' when only the ledger has it). */
  paymentId: z.string(),
  intentNo: z.string(),
  currency: z.string(),
  /** Minor units; null when that side has no record. */
  providerAmount: z.number().int().nullable(),
  ledgerAmount: z.number().int().nullable(),
  result: z.enum(ReconcileResultKind),
});
export type ReconcileRow = z.infer<typeof ReconcileRow>;

export const ReconcileChannel = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  currency: z.string(),
  providerTotal: z.number().int(),
  ledgerTotal: z.number().int(),
  payments: z.number().int(),
  differences: z.number().int(),
  /** Why the provider's records could not be read ('' when read). */
  error: z.string(),
});
export type ReconcileChannel = z.infer<typeof ReconcileChannel>;

/**
 * A refund opened that day through a channel's provider, against what the ledger took from the member's balance for it:
 * the amount while the refund is live (sending, pending, succeeded), nothing once it failed (credited back).
 */
export const ReconcileRefundRow = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  refundNo: z.string(),
  intentNo: z.string(),
  /** The provider's id of the refund ('' until it answered). */
  providerRef: z.string(),
  currency: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  status: z.enum(PaymentRefundStatus),
  /** What the ledger took from the balance for it, net (minor units). */
  ledgerAmount: z.number().int(),
  result: z.enum(['matched', 'amount_differs']),
});
export type ReconcileRefundRow = z.infer<typeof ReconcileRefundRow>;

export const ReconcileResult = z.object({
  date: z.string(),
  channels: z.array(ReconcileChannel),
  rows: z.array(ReconcileRow),
  refunds: z.array(ReconcileRefundRow),
});
export type ReconcileResult = z.infer<typeof ReconcileResult>;

export const paymentReconcileCall = defineCall({ method: 'GET', url: '/api/payment/reconcile', query: ReconcileQuery, data: ReconcileResult });
export const paymentReconcileExportFile = defineDownload({ url: '/api/payment/reconcile/export', query: ReconcileQuery });

/**
 * POST /api/payment/creditMissing (modify_user_amount): a 账本缺少 row credited by hand. The provider is asked again, now:
 * only a top-up still pending that the provider says it received, for the amount asked, is credited — as its lost
 * notification would have done, once.
 */
export const CreditMissingBody = z.strictObject({ intentNo: z.string().regex(/^TU\d{6,}$/, '充值单号格式错误') });
export const CreditMissingResult = z.object({ intentNo: z.string(), status: z.string() });
export const paymentCreditMissingCall = defineCall({
  method: 'POST',
  url: '/api/payment/creditMissing',
  body: CreditMissingBody,
  data: CreditMissingResult,
});
