import { z } from 'zod';
import { vocab } from '../vocab/labels';
import { FreightPatchStatus } from '../vocab/goods-out';
import { TrackingStatus } from '../vocab/tracking';
import { PageQuery, pageOf } from './common';
import { isoTime, MemberFacingStatus } from './open';
import { Declaration, DeclarationInput } from './goodsOut/customs';

/** The member API's pack orders and packages (server: modules/goodsOut/memberPacks.ts). */

const PACKAGE_FACING: Record<string, MemberFacingStatus> = {
  pack_created: 'pack_ordered',
  ordered: 'pack_ordered',
  pack_pretrial: 'pack_ordered',
  pack_pretrial_pass: 'pack_ordered',
  // The member must act (resubmit or cancel): told apart from an order in progress, with the reason (failReason).
  pack_pretrial_fail: 'pack_pretrial_fail',
  paying: 'pack_ordered',
  paid: 'packing',
  remove_wait: 'packing',
  removing: 'packing',
  removed: 'packing',
  packing: 'packing',
  packed: 'packing',
  patch_wait: 'patch_wait',
  pending_launch: 'wait_ship',
  wait_ship: 'wait_ship',
  sorted: 'wait_ship',
  prepare_ship: 'wait_ship',
  shipped: 'shipped',
  received: 'received',
  exception: 'abNormalPackStatus',
  return_ordered: 'return_refund_check',
  return_refund_check: 'return_refund_check',
  return_refund_complete: 'refunded',
  returned: 'logistics_closed',
  canceled: 'canceled',
};

/** The member's word for a package's status. */
export const packageFacing = (status: string): MemberFacingStatus => PACKAGE_FACING[status] ?? 'closed';

/**
 * SPEC §4 order status list extras for a package: labelled but not yet sorted into a sack (wait_sort), and how a
 * received package was completed: by staff by hand (completed_handle) or by the auto-receive job (completed_auto).
 */
export const PackageOrderExtra = vocab([
  { value: 'wait_sort', zh: '待分拣', en: 'Waiting to be sorted' },
  { value: 'completed_handle', zh: '人工完成', en: 'Completed by staff' },
  { value: 'completed_auto', zh: '自动完成', en: 'Completed automatically' },
] as const);
export type PackageOrderStatus = MemberFacingStatus | (typeof PackageOrderExtra.values)[number];
export const packageOrderStatus = (p: { status: string; sackId: number | null; receivedBy: string }): PackageOrderStatus => {
  if (p.status === 'wait_ship' && p.sackId === null) return 'wait_sort';
  if (p.status === 'received' && p.receivedBy === 'auto') return 'completed_auto';
  if (p.status === 'received' && p.receivedBy === 'staff') return 'completed_handle';
  return packageFacing(p.status);
};

// ---------------------------------------------------------------- warehouse items and packages

export const MemberItem = z.object({
  id: z.number().int(),
  itemCode: z.string(),
  purchaseNo: z.string(),
  title: z.string(),
  weightG: z.number().int(),
  photos: z.array(z.string()),
  shelvedTime: isoTime.nullable(),
});
export const MemberItemList = z.object({ list: z.array(MemberItem) });

export const PackCreateBody = z.strictObject({
  itemIds: z.array(z.number().int().positive()).min(1, '请选择商品').max(200, '一个包裹最多200件商品'),
  channelId: z.number().int().positive(),
  addressId: z.number().int().positive(),
  services: z.array(z.string().max(40)).max(10).default([]),
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
  /** The customs declaration (issue #33); left out, the purchase lines make it and the English descriptions stay to write. */
  declaration: DeclarationInput.optional(),
});
const packageNo = z.string().regex(/^PK\d{8,}$/, '包裹号格式错误');
export const PackageNoBody = z.strictObject({ packageNo });
/** A failed pre-review asked again: what the member changed (another channel, address or remark), or nothing. */
export const PackResubmitBody = z.strictObject({
  packageNo,
  channelId: z.number().int().positive().optional(),
  addressId: z.number().int().positive().optional(),
  remark: z.string().trim().max(500, '备注最多500个字符').optional(),
});
export const PackageNoQuery = PackageNoBody;
/** Paying a package's freight, optionally with one of the member's shipping (or both-scope) coupons. */
export const PackPayBody = PackageNoBody.extend({
  couponGrantNo: z
    .string()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '优惠券编号格式错误')
    .optional(),
});
export const MemberPackage = z.object({
  packageNo: z.string(),
  status: z.string(),
  memberStatus: z.enum(MemberFacingStatus.values),
  /** The member's status refined by the order status list's extras (wait_sort, completed_handle, completed_auto). */
  orderStatus: z.enum([...MemberFacingStatus.values, ...PackageOrderExtra.values]),
  channelId: z.number().int(),
  countryCode: z.string(),
  itemCount: z.number().int(),
  currency: z.string(),
  /** Quoted freight after pre-review (what pay charges), then what was charged, and a top-up due. */
  freightEstimated: z.number().int(),
  freightCharged: z.number().int(),
  patchAmount: z.number().int(),
  /** What became of the freight difference once weighed (patch_wait, patch_completed, patch_refund, patch_match). */
  patchStatus: z.enum(FreightPatchStatus.values).nullable(),
  /** The part of the freight a coupon paid, and what the member has had back. */
  freightDiscount: z.number().int(),
  refundedAmount: z.number().int(),
  weightG: z.number().int().nullable(),
  trackingNo: z.string(),
  pretrialNote: z.string(),
  /** Why the pre-review failed, while it stands failed (null otherwise): what the member resubmits against. */
  failReason: z.string().nullable(),
  createTime: isoTime,
  timeline: z.array(z.object({ type: z.string(), status: z.string(), note: z.string(), time: isoTime })),
  /** The customs declaration as the papers will print it (packs/detail only; staff may have corrected it). */
  declaration: Declaration.omit({ pdfUrl: true }).optional(),
});
export type MemberPackage = z.infer<typeof MemberPackage>;
export const PackageListQuery = PageQuery.pick({ page: true, limit: true });
export const PackageListResult = pageOf(MemberPackage);

/** GET /packs/tracking: where the member's parcel is as the tracking service last said (null before it answered), events newest first. */
export const MemberTracking = z.object({
  packageNo: z.string(),
  trackingNo: z.string(),
  status: z.enum(TrackingStatus.values).nullable(),
  checkedTime: isoTime.nullable(),
  events: z.array(z.object({ time: isoTime, status: z.enum(TrackingStatus.values).nullable(), description: z.string(), location: z.string() })),
});
export type MemberTracking = z.infer<typeof MemberTracking>;

export const MemberChannel = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string() });
export const MemberChannelList = z.object({ list: z.array(MemberChannel) });
