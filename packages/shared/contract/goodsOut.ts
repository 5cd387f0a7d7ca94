import { z } from 'zod';
import { MAX_OPERATION_AMOUNT, numberWith, sideMm, weightG } from '../rules';
import { idParam, PageQuery, pageOf, queryInt, textFilter, traceEntryOf } from './common';
import { ScanCode } from './warehouse';
import { Marketplace } from '../vocab/account';
import { ItemAttr } from '../vocab/config-content';
import {
  BatchStatus,
  ExceptionStatus,
  ExceptionType,
  PackageNumberType,
  PackageService,
  PackageStatus,
  PackageTraceType,
  SackStatus,
} from '../vocab/goods-out';
import { PACKAGE_EVENTS } from '../machines/package';
import { defineCall } from './call';

const grams = weightG;
const mm = sideMm;
const money = numberWith('金额不能为空')
  .int('金额以分为单位')
  .min(0, '金额不能小于0')
  .max(MAX_OPERATION_AMOUNT * 100);
const reason = (msg: string) => z.string().trim().min(1, msg).max(500);
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为 yyyy-mm-dd')
  .optional();
const countryCode = z.string().regex(/^[A-Z]{2}$/, '国家代码为2位大写字母');

export const PackageAddress = z.strictObject({
  receiver: z.string().trim().min(1, '请输入收件人').max(100),
  phone: z.string().trim().max(40).default(''),
  country: countryCode,
  province: z.string().trim().max(100).default(''),
  city: z.string().trim().max(100).default(''),
  address: z.string().trim().min(1, '请输入详细地址').max(300),
  postcode: z.string().trim().max(20).default(''),
});
export type PackageAddress = z.infer<typeof PackageAddress>;

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
  /** Signed URL of the shipping label PDF, once the package is weighed. */
  labelUrl: z.string().nullable(),
  actions: z.array(z.enum(PACKAGE_EVENTS)),
  modifications: z.array(z.enum(PACKAGE_MODIFICATIONS)),
  /** Statuses modifyStatus may set from here (manual machine rows). */
  manualTargets: z.array(z.enum(PackageStatus.values)),
});
export type PackageDetail = z.infer<typeof PackageDetail>;
export const PackageDetailQuery = z.strictObject({ id: idParam.optional(), packageNo: ScanCode.optional() });

/** Result of every package step: the package after it; `repeated` when it was already done. */
export const PackageActionResult = z.object({ id: z.number().int(), packageNo: z.string(), status: z.enum(PackageStatus.values), repeated: z.boolean() });
export type PackageActionResult = z.infer<typeof PackageActionResult>;

// ------------------------------------------------------------------ pre-review

export const PretrialPassBody = z.strictObject({
  id: z.number().int().positive(),
  estimatedWeightG: grams,
  note: z.string().trim().max(500).default(''),
});
export const PretrialFailBody = z.strictObject({ id: z.number().int().positive(), reason: reason('请输入不通过原因') });
export const PretrialQuote = PackageActionResult.extend({ freightEstimated: z.number().int(), currency: z.string() });

// ------------------------------------------------------------------ removal

/** GET /api/warehouse/removal/pickList: items to take off the shelves, in shelf order, grouped by channel. */
export const PickListQuery = z.strictObject({ channelId: queryInt(1, 2_147_483_647).optional(), limit: queryInt(1, 1000).default(300) });
export const PickLine = z.object({
  shelfCode: z.string(),
  itemCode: z.string(),
  title: z.string(),
  quickCode: z.tuple([z.string(), z.string()]),
  packageId: z.number().int(),
  packageNo: z.string(),
  packageStatus: z.enum(PackageStatus.values),
  channelId: z.number().int(),
  channelName: z.string(),
  removed: z.boolean(),
});
export type PickLine = z.infer<typeof PickLine>;
export const PickList = z.object({ list: z.array(PickLine), packageCount: z.number().int() });
export type PickList = z.infer<typeof PickList>;

/** POST /api/warehouse/removal/scan: an item off its shelf; with packageNo, the item must belong to that package. */
export const RemovalScanBody = z.strictObject({ itemCode: ScanCode, packageNo: ScanCode.optional() });
export const RemovalScanResult = PackageActionResult.extend({
  itemCode: z.string(),
  shelfCode: z.string(),
  removedCount: z.number().int(),
  itemCount: z.number().int(),
});
export type RemovalScanResult = z.infer<typeof RemovalScanResult>;

/** GET /api/warehouse/removal/package: the package a scan locks (by its no. or one of its items), its items in pick order. */
export const RemovalPackageQuery = z.strictObject({ code: ScanCode });
export const RemovalLine = z.object({
  itemCode: z.string(),
  title: z.string(),
  propsList: z.array(z.object({ name: z.string() })),
  quickCode: z.tuple([z.string(), z.string()]),
  /** The location the item was packed from (zone-row-level-slot); '' when it had none. */
  shelfCode: z.string(),
  removed: z.boolean(),
});
export type RemovalLine = z.infer<typeof RemovalLine>;
export const RemovalPackage = z.object({
  id: z.number().int(),
  packageNo: z.string(),
  status: z.enum(PackageStatus.values),
  userCode: z.string(),
  channelName: z.string(),
  countryCode: z.string(),
  /** Sorted by location code: zone, then row, level and slot, so one walk picks them. */
  items: z.array(RemovalLine),
});
export type RemovalPackage = z.infer<typeof RemovalPackage>;

// ------------------------------------------------------------------ packing

export const PackingScanBody = z.strictObject({ code: ScanCode });
export const PackingScanResult = PackageDetail.extend({ repeated: z.boolean() });
export type PackingScanResult = z.infer<typeof PackingScanResult>;
export const PackingItemResult = PackageActionResult.extend({ itemCode: z.string(), checkedCount: z.number().int(), itemCount: z.number().int() });
export type PackingItemResult = z.infer<typeof PackingItemResult>;
export const PackingItemBody = z.strictObject({ packageNo: ScanCode, itemCode: ScanCode });
export const PackingWeighBody = z.strictObject({ packageNo: ScanCode, weightG: grams, lengthMm: mm, widthMm: mm, heightMm: mm });
export const PackingWeighResult = PackageActionResult.extend({
  realWeightG: z.number().int(),
  volumeCm3: z.number().int(),
  volumetricWeightG: z.number().int(),
  chargeableWeightG: z.number().int(),
  currency: z.string(),
  freightCharged: z.number().int(),
  freightReal: z.number().int(),
  patchAmount: z.number().int(),
  labelUrl: z.string(),
});
export type PackingWeighResult = z.infer<typeof PackingWeighResult>;
export const LabelConfirmBody = z.strictObject({ packageNo: ScanCode, code: ScanCode });

/** GET /api/warehouse/packing/parked: packages set aside at packing for a freight top-up (patch_wait), or paid and back to label (pending_launch). */
export const ParkedPackage = z.object({
  id: z.number().int(),
  packageNo: z.string(),
  status: z.enum(['patch_wait', 'pending_launch']),
  userCode: z.string(),
  userName: z.string(),
  channelName: z.string(),
  currency: z.string(),
  /** The top-up the member still has to pay (0 once paid). */
  patchAmount: z.number().int(),
  freightReal: z.number().int(),
  freightCharged: z.number().int(),
  packerName: z.string(),
  /** When it was weighed (and set aside). */
  packedAt: z.string().nullable(),
  /** When it reached its current status (the top-up bill, or its payment). */
  since: z.string(),
});
export type ParkedPackage = z.infer<typeof ParkedPackage>;
export const ParkedList = z.object({ list: z.array(ParkedPackage), total: z.number().int() });
export type ParkedList = z.infer<typeof ParkedList>;

// ------------------------------------------------------------------ sorting, sacks, out-of-storage

export const SackBindBody = z.strictObject({
  code: ScanCode,
  channelId: z.number().int().positive(),
  countryCode: countryCode.nullable().default(null),
});
export const Sack = z.object({
  id: z.number().int(),
  code: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  countryCode: z.string().nullable(),
  status: z.enum(SackStatus.values),
  packageCount: z.number().int(),
  weightG: z.number().int(),
  batchId: z.number().int().nullable(),
  creatorName: z.string(),
  labelUrl: z.string(),
  sealedAt: z.string().nullable(),
  createTime: z.string(),
});
export type Sack = z.infer<typeof Sack>;
export const SackListQuery = PageQuery.extend({ status: z.enum(SackStatus.values).optional(), code: textFilter });
export const SackList = pageOf(Sack);

export const SortingScanBody = z.strictObject({ packageNo: ScanCode });
export const SortingScanResult = z.object({
  package: PackageActionResult.extend({
    channelId: z.number().int(),
    channelName: z.string(),
    countryCode: z.string(),
    realWeightG: z.number().int().nullable(),
  }),
  /** The open sack this package belongs in; null when none is bound for its channel and destination. */
  sack: Sack.nullable(),
});
export type SortingScanResult = z.infer<typeof SortingScanResult>;
export const SortingPutBody = z.strictObject({ packageNo: ScanCode, sackCode: ScanCode });
export const SortingPutResult = PackageActionResult.extend({ sack: Sack });
export const SackSealBody = z.strictObject({ code: ScanCode, weightG: grams.optional() });

export const OutBatch = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  status: z.enum(BatchStatus.values),
  carrier: z.string(),
  sackCount: z.number().int(),
  packageCount: z.number().int(),
  weightG: z.number().int(),
  creatorName: z.string(),
  shippedBy: z.string(),
  shippedAt: z.string().nullable(),
  manifestPdfUrl: z.string(),
  manifestXlsxUrl: z.string(),
  createTime: z.string(),
});
export type OutBatch = z.infer<typeof OutBatch>;
export const OutBatchListQuery = PageQuery.extend({ status: z.enum(BatchStatus.values).optional() });
export const OutBatchList = pageOf(OutBatch);
export const OutBatchCreateBody = z.strictObject({ carrier: z.string().trim().max(100).default('') });
export const OutBatchDetailQuery = z.strictObject({ id: idParam });
export const ManifestLine = z.object({
  sackCode: z.string(),
  packageNo: z.string(),
  userCode: z.string(),
  receiver: z.string(),
  countryCode: z.string(),
  channelName: z.string(),
  weightG: z.number().int().nullable(),
  declaredValue: z.number().int(),
  currency: z.string(),
  itemCount: z.number().int(),
  trackingNo: z.string(),
  status: z.enum(PackageStatus.values),
});
export type ManifestLine = z.infer<typeof ManifestLine>;
export const OutBatchDetail = OutBatch.extend({ sacks: z.array(Sack), lines: z.array(ManifestLine) });
export type OutBatchDetail = z.infer<typeof OutBatchDetail>;
export const OutBatchAddSackBody = z.strictObject({ batchId: z.number().int().positive(), sackCode: ScanCode });
export const OutBatchShipBody = z.strictObject({
  batchId: z.number().int().positive(),
  carrier: z.string().trim().max(100).optional(),
  trackingNos: z
    .array(
      z.strictObject({
        packageNo: ScanCode,
        trackingNo: z
          .string()
          .trim()
          .min(1, '请输入运单号')
          .max(64)
          .regex(/^[A-Za-z0-9-]+$/, '运单号只能包含字母、数字和-'),
      }),
    )
    .max(5000)
    .default([]),
});
export const DocQuery = z.strictObject({ id: ScanCode, exp: queryInt(0, 2_147_483_647), sig: z.string().regex(/^[a-f0-9]{64}$/) });

// ------------------------------------------------------------------ exceptions and returns

export const ExceptionRaiseBody = z.strictObject({
  packageNo: ScanCode,
  type: z.enum(ExceptionType.values),
  reason: reason('请输入异常原因'),
  photos: z.array(z.string().min(1).max(300)).max(20).default([]),
});
export const ExceptionRecord = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  packageNo: z.string(),
  userCode: z.string(),
  packageStatus: z.enum(PackageStatus.values),
  type: z.enum(ExceptionType.values),
  reason: z.string(),
  photos: z.array(z.object({ fileUri: z.string(), fileUrl: z.string() })),
  fromStatus: z.enum(PackageStatus.values),
  status: z.enum(ExceptionStatus.values),
  ownerId: z.number().int().nullable(),
  ownerName: z.string(),
  resolution: z.string(),
  raisedBy: z.string(),
  handledBy: z.string(),
  handledAt: z.string().nullable(),
  createTime: z.string(),
});
export type ExceptionRecord = z.infer<typeof ExceptionRecord>;
export const ExceptionListQuery = PageQuery.extend({
  status: z.enum(ExceptionStatus.values).optional(),
  packageNo: textFilter,
  type: z.enum(ExceptionType.values).optional(),
});
export const ExceptionList = pageOf(ExceptionRecord);
export const ExceptionDetailQuery = z.strictObject({ id: idParam });
export const ExceptionAssignBody = z.strictObject({ id: z.number().int().positive(), ownerId: z.number().int().positive() });
export const ExceptionHandleBody = z.strictObject({ id: z.number().int().positive(), resolution: reason('请输入处理说明') });
export const ReturnStepBody = z.strictObject({
  id: z.number().int().positive(),
  event: z.enum(['return_check', 'return_refund', 'return_done']),
  note: z.string().trim().max(500).default(''),
});
export const StaffOption = z.object({ id: z.number().int(), name: z.string() });

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

export const AutoReceiveResult = z.object({ received: z.number().int() });

// The calls (issue #29): each declared once, registered by the server's exceptions.ts, made by the web.
export const warehouseExceptionRaiseCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/raise',
  body: ExceptionRaiseBody,
  data: PackageActionResult,
});
export const warehouseExceptionPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/exception/pageList',
  query: ExceptionListQuery,
  data: ExceptionList,
});
export const warehouseExceptionDetailCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/exception/detail',
  query: ExceptionDetailQuery,
  data: ExceptionRecord,
});
export const warehouseExceptionStaffCall = defineCall({ method: 'GET', url: '/api/warehouse/exception/staff', data: z.array(StaffOption) });
export const warehouseExceptionAssignCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/assign',
  body: ExceptionAssignBody,
  data: z.object({ id: z.number().int(), ownerId: z.number().int(), ownerName: z.string() }),
});
export const warehouseExceptionResolveCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/resolve',
  body: ExceptionHandleBody,
  data: PackageActionResult,
});
export const warehouseExceptionReturnCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/return',
  body: ExceptionHandleBody,
  data: PackageActionResult,
});
export const warehouseExceptionCancelCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/cancel',
  body: ExceptionHandleBody,
  data: PackageActionResult,
});
export const warehouseReturnStepCall = defineCall({ method: 'POST', url: '/api/warehouse/return/step', body: ReturnStepBody, data: PackageActionResult });

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

// The calls (issue #29): each declared once, registered by the server's packing.ts, made by the web.
export const warehousePackingScanCall = defineCall({ method: 'POST', url: '/api/warehouse/packing/scan', body: PackingScanBody, data: PackingScanResult });
export const warehousePackingItemCall = defineCall({ method: 'POST', url: '/api/warehouse/packing/item', body: PackingItemBody, data: PackingItemResult });
export const warehousePackingWeighCall = defineCall({ method: 'POST', url: '/api/warehouse/packing/weigh', body: PackingWeighBody, data: PackingWeighResult });
export const warehousePackingParkedCall = defineCall({ method: 'GET', url: '/api/warehouse/packing/parked', data: ParkedList });
export const warehousePackingConfirmLabelCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/packing/confirmLabel',
  body: LabelConfirmBody,
  data: PackageActionResult,
});

// The calls (issue #29): each declared once, registered by the server's pretrial.ts, made by the web.
export const warehousePretrialPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/pretrial/pageList',
  query: PackageListQuery,
  data: PackageListResult,
});
export const warehousePretrialPassCall = defineCall({ method: 'POST', url: '/api/warehouse/pretrial/pass', body: PretrialPassBody, data: PretrialQuote });
export const warehousePretrialFailCall = defineCall({ method: 'POST', url: '/api/warehouse/pretrial/fail', body: PretrialFailBody, data: PackageActionResult });

// The calls (issue #29): each declared once, registered by the server's removal.ts, made by the web.
export const warehouseRemovalPickListCall = defineCall({ method: 'GET', url: '/api/warehouse/removal/pickList', query: PickListQuery, data: PickList });
export const warehouseRemovalPackageCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/removal/package',
  query: RemovalPackageQuery,
  data: RemovalPackage,
});
export const warehouseRemovalScanCall = defineCall({ method: 'POST', url: '/api/warehouse/removal/scan', body: RemovalScanBody, data: RemovalScanResult });

// The calls (issue #29): each declared once, registered by the server's sorting.ts, made by the web.
export const warehouseSortingScanCall = defineCall({ method: 'POST', url: '/api/warehouse/sorting/scan', body: SortingScanBody, data: SortingScanResult });
export const warehouseSortingPutCall = defineCall({ method: 'POST', url: '/api/warehouse/sorting/put', body: SortingPutBody, data: SortingPutResult });
export const warehouseSackBindCall = defineCall({ method: 'POST', url: '/api/warehouse/sack/bind', body: SackBindBody, data: Sack });
export const warehouseSackSealCall = defineCall({ method: 'POST', url: '/api/warehouse/sack/seal', body: SackSealBody, data: Sack });
export const warehouseSackPageListCall = defineCall({ method: 'GET', url: '/api/warehouse/sack/pageList', query: SackListQuery, data: SackList });
export const warehouseOutBatchCreateCall = defineCall({ method: 'POST', url: '/api/warehouse/outBatch/create', body: OutBatchCreateBody, data: OutBatch });
export const warehouseOutBatchPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/outBatch/pageList',
  query: OutBatchListQuery,
  data: OutBatchList,
});
export const warehouseOutBatchDetailCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/outBatch/detail',
  query: OutBatchDetailQuery,
  data: OutBatchDetail,
});
export const warehouseOutBatchAddSackCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/outBatch/addSack',
  body: OutBatchAddSackBody,
  data: OutBatchDetail,
});
export const warehouseOutBatchShipCall = defineCall({ method: 'POST', url: '/api/warehouse/outBatch/ship', body: OutBatchShipBody, data: OutBatchDetail });
