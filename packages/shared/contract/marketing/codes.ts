import { z } from 'zod';
import { PageQuery, pageOf, queryInt, textFilter } from '../common';
import { RequestId } from '../ledger';
import { CouponStatus } from '../../marketing/vocab';
import { count, id } from './common';
import { defineCall } from '../call';

/** POST /api/marketing/coupon/addCodes: a batch of redeem codes (activityCode). */
export const GenerateCodesBody = z.strictObject({ couponId: id, count: count(1, 10_000), requestId: RequestId });
export const GenerateCodesResult = z.object({ batchNo: z.string(), count: z.number().int(), replayed: z.boolean() });

export const CouponCode = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  batchNo: z.string(),
  code: z.string(),
  status: z.enum(CouponStatus.values),
  userCode: z.string(),
  redeemedAt: z.string().nullable(),
  createTime: z.string(),
});
export type CouponCode = z.infer<typeof CouponCode>;
/** GET /api/marketing/coupon/codeList (exported through /api/export/create) */
export const CodeListQuery = PageQuery.extend({
  couponId: queryInt(1, 2_147_483_647),
  batchNo: textFilter,
  status: z.enum(CouponStatus.values).optional(),
});
export type CodeListQuery = z.infer<typeof CodeListQuery>;
export const CodeListResult = pageOf(CouponCode);

/** POST /api/marketing/coupon/redeemCode: a member (or staff for them) redeems a code once. */
export const RedeemCodeBody = z.strictObject({
  code: z.string().trim().min(1, '请输入兑换码').max(40),
  userCode: z.string().trim().min(1, '请输入用户编码').max(40),
});
export const RedeemCodeResult = z.object({ grantNo: z.string(), couponName: z.string() });

// The calls (issue #29): each declared once, registered by the server's modules/marketing routes, made by the web.
export const marketingCouponAddCodesCall = defineCall({
  method: 'POST',
  url: '/api/marketing/coupon/addCodes',
  body: GenerateCodesBody,
  data: GenerateCodesResult,
});
export const marketingCouponCodeListCall = defineCall({ method: 'GET', url: '/api/marketing/coupon/codeList', query: CodeListQuery, data: CodeListResult });
export const marketingCouponRedeemCodeCall = defineCall({
  method: 'POST',
  url: '/api/marketing/coupon/redeemCode',
  body: RedeemCodeBody,
  data: RedeemCodeResult,
});
