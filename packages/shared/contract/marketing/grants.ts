import { z } from 'zod';
import { RuleMessage } from '../../rules';
import { PageQuery, pageOf, queryInt, textFilter } from '../common';
import { RequestId } from '../ledger';
import { CouponKind, CouponSource, CouponStatus } from '../../marketing/vocab';
import { count, CrowdFilter, id, isoTime } from './common';
import { defineCall } from '../call';

/** POST /api/marketing/coupon/crowdCount: how many members a crowd grant would reach. */
export const CrowdCountBody = z.strictObject({ couponId: id.optional(), filter: CrowdFilter });
export const CrowdCountResult = z.object({ count: z.number().int(), sample: z.array(z.object({ userCode: z.string(), name: z.string() })) });

/** POST /api/marketing/coupon/sendTargeted: to listed user codes (targetedGrant). */
export const SendTargetedBody = z.strictObject({
  couponId: id,
  userCodes: z.array(z.string().trim().min(1).max(40)).min(1, RuleMessage.arrayNotEmpty).max(1000),
  quantity: count(1, 20).default(1),
  requestId: RequestId,
});
export type SendTargetedBody = z.input<typeof SendTargetedBody>;

/** POST /api/marketing/coupon/sendCrowd: to a crowd (crowdSelectGrant); `expectedCount` is the count the operator saw. */
export const SendCrowdBody = z.strictObject({
  couponId: id,
  filter: CrowdFilter,
  expectedCount: z.number().int().min(1, '人群为空，无法发放'),
  quantity: count(1, 20).default(1),
  requestId: RequestId,
});
export type SendCrowdBody = z.input<typeof SendCrowdBody>;

export const SendResult = z.object({
  batchId: z.number().int(),
  granted: z.number().int(),
  /** Members left out because they already hold the per-member limit or their level is not eligible. */
  skipped: z.array(z.object({ userCode: z.string(), reason: z.string() })),
  replayed: z.boolean(),
});
export type SendResult = z.infer<typeof SendResult>;

export const CouponGrant = z.object({
  id: z.number().int(),
  grantNo: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  couponKind: z.enum(CouponKind.values),
  memberId: z.number().int(),
  userCode: z.string(),
  memberName: z.string(),
  sourceType: z.enum(CouponSource.values),
  sendTarget: z.literal('USER'),
  status: z.enum(CouponStatus.values),
  /** Unused but past its validity. */
  expired: z.boolean(),
  validFrom: z.string(),
  validTo: z.string(),
  useTime: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type CouponGrant = z.infer<typeof CouponGrant>;

/** GET /api/marketing/coupon/sendRecordList (couponSendRecord) exported through /api/export/create. */
export const SendRecordQuery = PageQuery.extend({
  couponId: queryInt(1, 2_147_483_647).optional(),
  userCode: textFilter,
  grantNo: textFilter,
  sourceType: z.enum(CouponSource.values).optional(),
  status: z.enum(CouponStatus.values).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export type SendRecordQuery = z.infer<typeof SendRecordQuery>;
export const SendRecordResult = pageOf(CouponGrant);

/** POST /api/marketing/coupon/modifyGrantStatus: revoke (disabled) an unused coupon with a reason. */
export const RevokeGrantBody = z.strictObject({ id, reason: z.string().trim().min(1, '请填写作废原因').max(200) });

// The calls (issue #29): each declared once, registered by the server's modules/marketing routes, made by the web.
export const marketingCouponCrowdCountCall = defineCall({
  method: 'POST',
  url: '/api/marketing/coupon/crowdCount',
  body: CrowdCountBody,
  data: CrowdCountResult,
});
export const marketingCouponSendTargetedCall = defineCall({
  method: 'POST',
  url: '/api/marketing/coupon/sendTargeted',
  body: SendTargetedBody,
  data: SendResult,
});
export const marketingCouponSendCrowdCall = defineCall({ method: 'POST', url: '/api/marketing/coupon/sendCrowd', body: SendCrowdBody, data: SendResult });
export const marketingCouponSendRecordListCall = defineCall({
  method: 'GET',
  url: '/api/marketing/coupon/sendRecordList',
  query: SendRecordQuery,
  data: SendRecordResult,
});
export const marketingCouponModifyGrantStatusCall = defineCall({
  method: 'POST',
  url: '/api/marketing/coupon/modifyGrantStatus',
  body: RevokeGrantBody,
  data: z.null(),
});
