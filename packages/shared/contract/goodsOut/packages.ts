import { z } from 'zod';
import { idParam, PageQuery, pageOf, queryInt, textFilter, traceEntryOf } from '../common';
import { ScanCode } from '../warehouse';
import { Marketplace } from '../../vocab/account';
import { ItemAttr } from '../../vocab/config-content';
import { FreightPatchStatus, PackageNumberType, PackageService, PackageStatus, PackageTraceType } from '../../vocab/goods-out';
import { PACKAGE_EVENTS } from '../../machines/package';
import { defineCall } from '../call';
import { countryCode, dateText, grams, money, PackageActionResult, PackageAddress, reason } from './common';
import { ExceptionRecord } from './exceptions';
import { PackageTracking } from './tracking';

/** Packages (包裹查询, 包裹详情): the list, the detail with the machine's actions, the sensitive modifications; registered by the server's routes/packages.ts. */
/** GET /api/warehouse/package/pageList: packages by status, number filter, member, channel, dates, marketplace; keyset cursor. */
export const PackageListQuery = PageQuery.extend({
  status: z.enum(PackageStatus.values).optional(),
  numberType: z.enum(PackageNumberType.values).optional(),
  numberValue: textFilter,
  userCode: textFilter,
  channelId: queryInt(1, 2_147_483_647).optional(),
  mallType: z.enum(Marketplace.values).optional(),
  /** Created on or after / on or before (y-m-d, warehouse time zone). */
  from: dateText,
  to: dateText,
  /** Keyset paging by id (default sort only): the nextCursor of the previous page; page is then ignored. */
  cursor: z.string().regex(/^\d+$/).optional(),
});
export type PackageListQuery = z.infer<typeof PackageListQuery>;

export const PackageRow = z.object({
  id: z.number().int(),
  packageNo: z.string(),
  memberId: z.number().int(),
  userCode: z.string(),
  status: z.enum(PackageStatus.values),
  channelId: z.number().int(),
  channelName: z.string(),
  countryCode: z.string(),
  receiver: z.string(),
  itemCount: z.number().int(),
  mallTypes: z.array(z.string()),
  estimatedWeightG: z.number().int(),
  realWeightG: z.number().int().nullable(),
  volumeCm3: z.number().int(),
  currency: z.string(),
  freightEstimated: z.number().int(),
  freightCharged: z.number().int(),
  freightReal: z.number().int().nullable(),
  patchAmount: z.number().int(),
  trackingNo: z.string(),
  sackCode: z.string().nullable(),
  payTime: z.string().nullable(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type PackageRow = z.infer<typeof PackageRow>;
export const PackageListResult = pageOf(PackageRow).extend({ nextCursor: z.string().nullable() });
export type PackageListResult = z.infer<typeof PackageListResult>;

export const PackageItem = z.object({
  itemId: z.number().int(),
  itemCode: z.string(),
  purchaseId: z.number().int(),
  purchaseNo: z.string(),
  title: z.string(),
  image: z.string(),
  propsList: z.array(z.object({ name: z.string() })),
  mallType: z.string(),
  quantity: z.number().int(),
  quickCode: z.tuple([z.string(), z.string()]),
  weightG: z.number().int(),
  volumeCm3: z.number().int(),
  shelfCode: z.string(),
  photos: z.array(z.object({ fileUrl: z.string(), kind: z.enum(['image', 'video']) })),
  removed: z.boolean(),
  checked: z.boolean(),
});
export type PackageItem = z.infer<typeof PackageItem>;

export const PackageTrace = traceEntryOf(PackageTraceType.values);
export type PackageTrace = z.infer<typeof PackageTrace>;

/** Actions the detail offers: machine events plus the sensitive modifications. */
export const PACKAGE_MODIFICATIONS = ['modifyWeight', 'modifyAttr', 'modifyAddr', 'modifyChannel', 'modifyFreight', 'modifyStatus'] as const;
export type PackageModification = (typeof PACKAGE_MODIFICATIONS)[number];

export const PackageDetail = PackageRow.extend({
  userName: z.string(),
  address: PackageAddress,
  attrs: z.array(z.string()),
  services: z.array(z.string()),
  declaredValue: z.number().int(),
  insuranceFee: z.number().int(),
  memberRemark: z.string(),
  lengthMm: z.number().int(),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
  volumetricWeightG: z.number().int(),
  refundedAmount: z.number().int(),
  /** The freight difference's outcome once weighed, and the part of the freight a coupon paid. */
  patchStatus: z.enum(FreightPatchStatus.values).nullable(),
  freightDiscount: z.number().int(),
  pretrialNote: z.string(),
  reviewerName: z.string(),
  packerName: z.string(),
  prevStatus: z.string().nullable(),
  batchNo: z.string().nullable(),
  packedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  items: z.array(PackageItem),
  trace: z.array(PackageTrace),
  exception: z.lazy(() => ExceptionRecord).nullable(),
  /** The parcel's way once shipped (物流轨迹), newest event first. */
  tracking: PackageTracking,
  /** Signed URL of the shipping label PDF, once the package is weighed. */
  labelUrl: z.string().nullable(),
  actions: z.array(z.enum(PACKAGE_EVENTS)),
  modifications: z.array(z.enum(PACKAGE_MODIFICATIONS)),
  /** Statuses modifyStatus may set from here (manual machine rows). */
  manualTargets: z.array(z.enum(PackageStatus.values)),
});
export type PackageDetail = z.infer<typeof PackageDetail>;
export const PackageDetailQuery = z.strictObject({ id: idParam.optional(), packageNo: ScanCode.optional() });

// ------------------------------------------------------------------ sensitive modifications (SPEC §6)

const Mod = { id: z.number().int().positive(), reason: reason('请输入修改原因') };
export const ModifyWeightBody = z.strictObject({ ...Mod, weightG: grams });
export const ModifyAttrBody = z.strictObject({
  ...Mod,
  attrs: z.array(z.enum(ItemAttr.values)).max(ItemAttr.values.length),
  services: z.array(z.enum(PackageService.values)).max(PackageService.values.length),
  declaredValue: money,
  insuranceFee: money,
});
export const ModifyAddrBody = z.strictObject({ ...Mod, address: PackageAddress });
export const ModifyChannelBody = z.strictObject({ ...Mod, channelId: z.number().int().positive() });
export const ModifyFreightBody = z.strictObject({ ...Mod, freightReal: money });
export const ModifyStatusBody = z.strictObject({ ...Mod, status: z.enum(PackageStatus.values) });

/** Staff cancel a pack order not yet paid (包裹详情): its items go back to the member's shelved items. */
export const PackageCancelBody = z.strictObject({ id: z.number().int().positive(), reason: reason('请输入取消原因') });

export const AutoReceiveResult = z.object({ received: z.number().int() });

// The calls (issue #29): each declared once, registered by the server's packages.ts, made by the web.
export const warehousePackagePageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/package/pageList',
  query: PackageListQuery,
  data: PackageListResult,
});
export const warehousePackageDetailCall = defineCall({ method: 'GET', url: '/api/warehouse/package/detail', query: PackageDetailQuery, data: PackageDetail });
export const warehousePackageModifyWeightCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/modifyWeight',
  body: ModifyWeightBody,
  data: PackageActionResult,
});
export const warehousePackageModifyAttrCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/modifyAttr',
  body: ModifyAttrBody,
  data: PackageActionResult,
});
export const warehousePackageModifyAddrCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/modifyAddr',
  body: ModifyAddrBody,
  data: PackageActionResult,
});
export const warehousePackageModifyChannelCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/modifyChannel',
  body: ModifyChannelBody,
  data: PackageActionResult,
});
export const warehousePackageModifyFreightCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/modifyFreight',
  body: ModifyFreightBody,
  data: PackageActionResult,
});
export const warehousePackageModifyStatusCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/modifyStatus',
  body: ModifyStatusBody,
  data: PackageActionResult,
});
export const warehousePackageAutoReceiveCall = defineCall({ method: 'POST', url: '/api/warehouse/package/autoReceive', data: AutoReceiveResult });
export const warehousePackageCancelCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/cancel',
  body: PackageCancelBody,
  data: PackageActionResult,
});
