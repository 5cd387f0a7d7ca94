import { z } from 'zod';
import { Marketplace } from '../vocab/account';
import { QcDecision } from '../vocab/goods-in';
import { PageQuery, pageOf } from './common';
import { Currency } from './ledger';
import { amount, isoTime, MemberFacingStatus } from './open';

/** The member API's shop orders (server: modules/purchase/shopOrders.ts). */

const PURCHASE_FACING: Record<string, MemberFacingStatus> = {
  ordered: 'ordered',
  paying: 'ordered',
  paid: 'paid',
  purchase_wait: 'paid',
  purchasing: 'paid',
  purchase_hold: 'paid',
  purchase_patch: 'purchase_patch',
  purchased: 'purchased',
  stocking_input: 'purchased',
  stocking_photo: 'purchased',
  shelved: 'shelved',
  return_checking: 'return_checking',
  return_doing: 'return_doing',
  returned: 'refunded',
  return_apply_refuse: 'return_apply_refuse',
  purchase_fail: 'closed',
  canceled: 'canceled',
  refunded: 'refunded',
};

/** The member's word for a purchase line's status. */
export const purchaseFacing = (status: string): MemberFacingStatus => PURCHASE_FACING[status] ?? 'closed';

// ---------------------------------------------------------------- shop orders

export const OrderLineInput = z.strictObject({
  mallType: z.enum(Marketplace.values),
  productUrl: z
    .string()
    .trim()
    .max(500, '商品链接最多500个字符')
    .regex(/^https?:\/\/\S+$/, '请输入正确的商品链接'),
  title: z.string().trim().min(1, '请输入商品名称').max(200, '商品名称最多200个字符'),
  image: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+)?$/, '请输入正确的图片链接')
    .default(''),
  props: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(100) }))
    .max(20)
    .default([]),
  quantity: z.number().int('数量须为正整数').min(1, '数量须为正整数').max(9999, '数量最多9999'),
  /** Minor units per piece. */
  unitPrice: amount,
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
});
export const OrderCreateBody = z.strictObject({
  currency: Currency.default('CNY'),
  lines: z.array(OrderLineInput).min(1, '请至少添加一件商品').max(50, '一个订单最多50件商品'),
});
export const OrderNoBody = z.strictObject({ orderNo: z.string().regex(/^SO\d{6,}$/, '订单号格式错误') });
export const OrderNoQuery = OrderNoBody;
/** Paying an order, optionally with one of the member's coupons (used once, in the payment's transaction). */
export const OrderPayBody = OrderNoBody.extend({
  couponGrantNo: z
    .string()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '优惠券编号格式错误')
    .optional(),
  /** Points to spend on the goods: one point takes off 0.01 of the order's currency. */
  points: z.number().int().min(0, '积分必须为非负整数').max(100_000_000, '积分必须为非负整数').default(0),
});
export const MemberCoupon = z.object({
  grantNo: z.string(),
  name: z.string(),
  discountType: z.string(),
  amount: z.number().int(),
  discountBp: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int(),
  currency: z.string(),
  scope: z.string(),
  validTo: isoTime,
});
export const MemberCouponList = z.object({ list: z.array(MemberCoupon) });
export const PurchaseNoBody = z.strictObject({ purchaseNo: z.string().regex(/^P[0-9A-Z]{6,}$/, '采购单号格式错误') });
/**
 * POST /orders/qcDecision: the member's answer to a QC problem on an arrived line: accept (QC goes on), exchange or
 * return (a return request for staff to review), refund (the line's payment back to the balance).
 */
export const QcDecisionBody = PurchaseNoBody.extend({
  decision: z.enum(QcDecision.values),
  remark: z.string().trim().max(200, '原因最多200个字符').default(''),
});
/** POST /coupons/redeem: the member redeems a code (once per code) for its coupon. */
export const MemberRedeemBody = z.strictObject({ code: z.string().trim().min(1, '请输入兑换码').max(40, '兑换码最多40个字符') });
export const MemberRedeemResult = z.object({ grantNo: z.string(), couponName: z.string() });
/** POST /orders/refundLine: the money of a line nobody has bought yet, back to the balance. */
export const RefundLineBody = PurchaseNoBody.extend({ reason: z.string().trim().min(1, '请填写退款原因').max(200, '原因最多200个字符') });

export const MemberOrderLine = z.object({
  purchaseNo: z.string(),
  mallType: z.string(),
  title: z.string(),
  props: z.array(z.object({ name: z.string() })),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  paidAmount: z.number().int(),
  status: z.string(),
  memberStatus: z.enum(MemberFacingStatus.values),
  patchAmount: z.number().int(),
  trackingNo: z.string(),
  /** The QC problem the member is asked to answer (POST /orders/qcDecision), or null. */
  qcProblem: z.string().nullable(),
  /** QC photos of the arrived item(s), signed URLs. */
  photos: z.array(z.string()),
});
export const MemberOrder = z.object({
  orderNo: z.string(),
  status: z.string(),
  memberStatus: z.enum(MemberFacingStatus.values),
  currency: z.string(),
  totalAmount: z.number().int(),
  /** At payment: the member level's discount on the goods, and the purchase service fee (inside paidAmount). */
  levelDiscount: z.number().int(),
  serviceFee: z.number().int(),
  /** What of the service fee went back to the balance with refunded goods (the fee follows the goods still paid). */
  serviceFeeRefunded: z.number().int(),
  /** Points spent on the goods (inside the discount) and earned by the payment. */
  pointsUsed: z.number().int(),
  pointsEarned: z.number().int(),
  paidAmount: z.number().int(),
  createTime: isoTime,
  payTime: isoTime.nullable(),
  /** While unpaid: canceled by the server if still unpaid then (order.autoCancelMinutes when it was placed); null: no deadline. */
  payDeadline: isoTime.nullable(),
  lines: z.array(MemberOrderLine),
});
export type MemberOrder = z.infer<typeof MemberOrder>;
export const OrderListQuery = PageQuery.pick({ page: true, limit: true });
export const OrderListResult = pageOf(MemberOrder);
