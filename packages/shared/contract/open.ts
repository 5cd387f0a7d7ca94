import { z } from 'zod';
import { vocab } from '../vocab/labels';

/**
 * The member API (issue 13): what the member site and app (terminal appId 1) call under /api/open/v1. Its own
 * tokens (Authorization: Bearer …), its own rate limits, the same envelope and error codes as the staff API.
 * Each domain's calls are in their own file: openAccounts, openTopups, openOrders, openPacks, openContent, openAgent.
 */

/** SPEC §4 user-facing statuses: what a member is shown for an order line or a package. */
export const MemberFacingStatus = vocab([
  { value: 'ordered', zh: '待支付', en: 'Awaiting payment' },
  { value: 'paid', zh: '已支付', en: 'Paid' },
  { value: 'purchased', zh: '已采购', en: 'Purchased' },
  { value: 'purchase_patch', zh: '待补差价', en: 'Price top-up needed' },
  { value: 'shelved', zh: '已入库', en: 'In the warehouse' },
  { value: 'part_shelved', zh: '部分入库', en: 'Partly in the warehouse' },
  { value: 'pack_ordered', zh: '已提交打包', en: 'Pack order placed' },
  { value: 'pack_pretrial_fail', zh: '预审不通过', en: 'Pre-review failed' },
  { value: 'packing', zh: '打包中', en: 'Packing' },
  { value: 'patch_wait', zh: '待补运费', en: 'Freight top-up needed' },
  { value: 'wait_ship', zh: '待发货', en: 'Awaiting shipment' },
  { value: 'shipped', zh: '已发货', en: 'Shipped' },
  { value: 'received', zh: '已签收', en: 'Received' },
  { value: 'return_checking', zh: '退货审核中', en: 'Return under review' },
  { value: 'return_doing', zh: '退货中', en: 'Returning' },
  { value: 'return_refund_check', zh: '退款审核中', en: 'Refund under review' },
  { value: 'return_apply_refuse', zh: '退货被拒', en: 'Return refused' },
  { value: 'refunded', zh: '已退款', en: 'Refunded' },
  { value: 'canceled', zh: '已取消', en: 'Canceled' },
  { value: 'closed', zh: '已关闭', en: 'Closed' },
  { value: 'logistics_closed', zh: '物流已关闭', en: 'Delivery closed' },
  { value: 'abNormalPackStatus', zh: '包裹异常', en: 'Package problem' },
] as const);
export type MemberFacingStatus = (typeof MemberFacingStatus.values)[number];

/** Shared by the open contract files: a time as the API writes it, and an amount in minor units. */
export const isoTime = z.string();
export const amount = z.number().int().positive().max(1_000_000_000);

/** Where the member and agent API's calls live. */
export const OPEN_PREFIX = '/api/open/v1';

/** Idempotency-Key header of every write: 8–100 letters, digits, - _ : . */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

// ---------------------------------------------------------------- after-sales, lucky draws

export const ReturnApplyBody = z.strictObject({
  purchaseNo: z.string().regex(/^P[0-9A-Z]{6,}$/, '采购单号格式错误'),
  reason: z.string().trim().min(1, '请填写退货原因').max(500, '退货原因最多500个字符'),
});
export const ReturnApplyResult = z.object({ returnNo: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() });
export const DrawBody = z.strictObject({ activityId: z.number().int().positive() });
export const MemberDrawResult = z.object({
  prizeName: z.string(),
  prizeType: z.string(),
  amount: z.number().int(),
  couponGrantNo: z.string().nullable(),
  free: z.boolean(),
  costAmount: z.number().int(),
});
