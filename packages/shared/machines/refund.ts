import { vocab } from '../vocab/labels';
import { defineMachine } from './machine';

/** Refund request statuses (SPEC §4 vocabulary): awaiting review, refunded, refused. */
export const RefundStatus = vocab([
  { value: 'return_refund_check', zh: '退款审核中', en: 'Awaiting review' },
  { value: 'refunded', zh: '已退款', en: 'Refunded' },
  { value: 'return_apply_refuse', zh: '退款被拒', en: 'Refused' },
] as const);
export type RefundStatus = (typeof RefundStatus.values)[number];

/** Why money goes back (SPEC §4 order status list, plus refunds after a return). */
export const RefundReason = vocab([
  { value: 'refunded_purchase_not', zh: '未采购退款', en: 'Not purchased' },
  { value: 'refunded_lost_goods', zh: '丢件退款', en: 'Goods lost' },
  { value: 'refunded_purchased_fail', zh: '采购失败退款', en: 'Purchase failed' },
  { value: 'return_goods', zh: '退货退款', en: 'Goods returned' },
] as const);
export type RefundReason = (typeof RefundReason.values)[number];

/** Where the money goes: the member's balance, or back through the original payment channel. */
export const RefundChannel = vocab([
  { value: 'balance', zh: '退回余额', en: 'To balance' },
  { value: 'original', zh: '原路退回', en: 'Original channel' },
] as const);
export type RefundChannel = (typeof RefundChannel.values)[number];

/** SPEC §4 review results. */
export const ReviewResult = vocab([
  { value: 'REVIEW_SUCCESS', zh: '审核通过', en: 'Approved' },
  { value: 'REVIEW_FAIL', zh: '审核拒绝', en: 'Rejected' },
] as const);
export type ReviewResult = (typeof ReviewResult.values)[number];

export type RefundEvent = 'pass' | 'fail';

export const REFUND_TRANSITIONS: readonly { from: RefundStatus; event: RefundEvent; to: RefundStatus; permission: string }[] = [
  { from: 'return_refund_check', event: 'pass', to: 'refunded', permission: 'afterSales:refunded' },
  { from: 'return_refund_check', event: 'fail', to: 'return_apply_refuse', permission: 'afterSales:refunded' },
];

export const refundMachine = defineMachine(REFUND_TRANSITIONS);
