import { z } from 'zod';
import { idParam, PageQuery, pageOf, queryInt, textFilter } from '../common';
import { ScanCode } from '../warehouse';
import { BatchStatus, PackageStatus, SackStatus } from '../../vocab/goods-out';
import { defineCall } from '../call';
import { countryCode, grams, PackageActionResult } from './common';

/** Sorting, sacks and out-of-storage batches (分拣, 集包, 出库) and their documents: registered by the server's routes/sorting.ts and routes/documents.ts. */
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
