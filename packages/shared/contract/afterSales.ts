import { z } from 'zod';
import { RefundChannel, RefundReason, RefundStatus, ReviewResult } from '../machines/refund';
import { ReturnShipping, ReturnStatus } from '../machines/return';
import { positiveAmount } from '../rules';
import { vocab } from '../vocab/labels';
import { idParam, PageQuery, pageOf, textFilter } from './common';
import { defineCall } from './call';
import { PaymentRefund } from './paymentRefunds';

const id = z.number().int().positive();
const reviewRemark = z.string().trim().max(300);

export const Refund = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  memberId: z.number().int(),
  userCode: z.string(),
  sourceType: z.string(),
  sourceId: z.string(),
  sourceNo: z.string(),
  reason: z.enum(RefundReason.values),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.enum(RefundChannel.values),
  status: z.enum(RefundStatus.values),
  reviewResult: z.enum(ReviewResult.values).nullable(),
  reviewRemark: z.string(),
  reviewerName: z.string(),
  reviewTime: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  createTime: z.string(),
});
export type Refund = z.infer<typeof Refund>;
/** One refund with, for 原路退回 of a bill paid through a payment gateway, the provider refunds it opened and their state. */
export const RefundDetail = Refund.extend({ paymentRefunds: z.array(PaymentRefund) });
export type RefundDetail = z.infer<typeof RefundDetail>;

/** GET /api/afterSales/refundList */
export const RefundListQuery = PageQuery.extend({
  refundNo: textFilter,
  userCode: textFilter,
  sourceNo: textFilter,
  status: z.enum(RefundStatus.values).optional(),
  reason: z.enum(RefundReason.values).optional(),
});
export type RefundListQuery = z.infer<typeof RefundListQuery>;
export const RefundListResult = pageOf(Refund);

/** GET /api/afterSales/refundDetail (the refundedDetail screen) */
export const RefundDetailQuery = z.strictObject({ id: idParam });

/**
 * POST /api/afterSales/createRefund: staff open a refund for a member's purchase line (lost goods, not purchased…).
 * A source (other than 'manual') has at most one refund that is not refused, so a retried request cannot open two.
 */
export const CreateRefundBody = z.strictObject({
  memberId: id,
  sourceType: z.enum(['purchase_order', 'package', 'manual']),
  sourceId: z.string().trim().min(1).max(40),
  sourceNo: z.string().trim().max(60).default(''),
  reason: z.enum(RefundReason.values),
  amount: positiveAmount,
  channel: z.enum(RefundChannel.values).default('balance'),
  description: z.string().trim().max(500).default(''),
});
export type CreateRefundBody = z.input<typeof CreateRefundBody>;

/** POST /api/afterSales/refundReview (refund_review): pass pays the refund exactly once; fail needs a reason. */
export const RefundReviewBody = z
  .strictObject({ id, result: z.enum(ReviewResult.values), remark: reviewRemark.default('') })
  .refine((b) => b.result === 'REVIEW_SUCCESS' || b.remark.length > 0, { message: '请填写拒绝原因', path: ['remark'] });
export type RefundReviewBody = z.input<typeof RefundReviewBody>;

/** What the member asked the seller for: a return is refunded once the seller signs; an exchange is sent again instead. */
export const ReturnKind = vocab([
  { value: 'return', zh: '退货', en: 'Return' },
  { value: 'exchange', zh: '换货', en: 'Exchange' },
] as const);
export type ReturnKind = (typeof ReturnKind.values)[number];

export const ReturnItem = z.object({
  id: z.number().int(),
  returnNo: z.string(),
  kind: z.enum(ReturnKind.values),
  memberId: z.number().int(),
  userCode: z.string(),
  purchaseOrderId: z.string(),
  purchaseOrderNo: z.string(),
  goodsTitle: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  images: z.array(z.string()),
  status: z.enum(ReturnStatus.values),
  reviewResult: z.enum(ReviewResult.values).nullable(),
  reviewRemark: z.string(),
  reviewerName: z.string(),
  reviewTime: z.string().nullable(),
  shippingStatus: z.enum(ReturnShipping.values).nullable(),
  shippingCompany: z.string(),
  shippingNo: z.string(),
  refundId: z.number().int().nullable(),
  createTime: z.string(),
});
export type ReturnItem = z.infer<typeof ReturnItem>;

/** GET /api/afterSales/returnList */
export const ReturnListQuery = PageQuery.extend({
  returnNo: textFilter,
  userCode: textFilter,
  purchaseOrderNo: textFilter,
  status: z.enum(ReturnStatus.values).optional(),
  shippingStatus: z.enum(ReturnShipping.values).optional(),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuery>;
export const ReturnListResult = pageOf(ReturnItem);

/** POST /api/afterSales/returnReview (return_review) */
export const ReturnReviewBody = z
  .strictObject({ id, result: z.enum(ReviewResult.values), remark: reviewRemark.default('') })
  .refine((b) => b.result === 'REVIEW_SUCCESS' || b.remark.length > 0, { message: '请填写拒绝原因', path: ['remark'] });
export type ReturnReviewBody = z.input<typeof ReturnReviewBody>;

/** POST /api/afterSales/returnSend: the goods left for the seller */
export const ReturnSendBody = z.strictObject({
  id,
  shippingCompany: z.string().trim().min(1, '请输入快递公司').max(60),
  shippingNo: z.string().trim().min(1, '请输入快递单号').max(60),
});
/**
 * POST /api/afterSales/returnSign: the seller signed. A return opens a refund request awaiting review; an exchange
 * refunds nothing and its line is purchased again, awaiting the seller's replacement.
 */
export const ReturnSignBody = z.strictObject({ id });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const afterSalesRefundListCall = defineCall({ method: 'GET', url: '/api/afterSales/refundList', query: RefundListQuery, data: RefundListResult });
export const afterSalesRefundDetailCall = defineCall({ method: 'GET', url: '/api/afterSales/refundDetail', query: RefundDetailQuery, data: RefundDetail });
export const afterSalesCreateRefundCall = defineCall({
  method: 'POST',
  url: '/api/afterSales/createRefund',
  body: CreateRefundBody,
  data: z.object({ id: z.number().int(), refundNo: z.string() }),
});
export const afterSalesRefundReviewCall = defineCall({ method: 'POST', url: '/api/afterSales/refundReview', body: RefundReviewBody, data: RefundDetail });
export const afterSalesReturnListCall = defineCall({ method: 'GET', url: '/api/afterSales/returnList', query: ReturnListQuery, data: ReturnListResult });
export const afterSalesReturnDetailCall = defineCall({ method: 'GET', url: '/api/afterSales/returnDetail', query: RefundDetailQuery, data: ReturnItem });
export const afterSalesReturnReviewCall = defineCall({ method: 'POST', url: '/api/afterSales/returnReview', body: ReturnReviewBody, data: ReturnItem });
export const afterSalesReturnSendCall = defineCall({ method: 'POST', url: '/api/afterSales/returnSend', body: ReturnSendBody, data: ReturnItem });
export const afterSalesReturnSignCall = defineCall({ method: 'POST', url: '/api/afterSales/returnSign', body: ReturnSignBody, data: ReturnItem });
