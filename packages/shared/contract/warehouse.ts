import { z } from 'zod';
import { optionalSideMm, optionalWeightG, weightG } from '../rules';
import { idParam, PageQuery, pageOf, queryInt, textFilter } from './common';
import { PurchaseStatus, QcProblem, UnclaimedStatus } from '../vocab/goods-in';
import { ItemSummary } from './purchase';
import { defineCall, defineDownload } from './call';
import { PURCHASE_EVENTS } from '../machines/purchase-order';

/** What a scanner types: printable ASCII only (a Chinese keyboard layout produces other characters). */
export const ScanCode = z
  .string()
  .trim()
  .min(1, '请扫描条码')
  .max(64, '条码过长')
  .regex(/^[\x21-\x7e]+$/, '条码含非法字符，请将键盘切换为英文输入法');

/** POST /api/warehouse/inbound/lookup: the purchase lines a domestic parcel carries. */
export const InboundLookupBody = z.strictObject({ trackingNo: ScanCode });
export const InboundLine = z.object({
  id: z.number().int(),
  purchaseNo: z.string(),
  orderNo: z.string(),
  userCode: z.string(),
  title: z.string(),
  image: z.string(),
  propsList: z.array(z.object({ name: z.string() })),
  quantity: z.number().int(),
  status: z.enum(PurchaseStatus.values),
  /** Still expected at the station (status purchased). */
  receivable: z.boolean(),
  item: ItemSummary.nullable(),
});
export type InboundLine = z.infer<typeof InboundLine>;
export const InboundLookupResult = z.object({
  trackingNo: z.string(),
  lines: z.array(InboundLine),
  /** An open unclaimed-parcel record for this tracking number, when one exists. */
  unclaimedId: z.number().int().nullable(),
});
export type InboundLookupResult = z.infer<typeof InboundLookupResult>;

/** POST /api/warehouse/inbound/receive: the ticked lines arrived, with their measures → stocking_input. */
export const InboundReceiveBody = z.strictObject({
  trackingNo: ScanCode,
  lines: z
    .array(z.strictObject({ id: z.number().int().positive(), weightG, lengthMm: optionalSideMm, widthMm: optionalSideMm, heightMm: optionalSideMm }))
    .min(1, '请至少勾选一件商品')
    .max(50),
});
export const ReceivedLine = z.object({ id: z.number().int(), status: z.enum(PurchaseStatus.values), repeated: z.boolean(), item: ItemSummary });
export const InboundReceiveResult = z.object({ lines: z.array(ReceivedLine) });
export type InboundReceiveResult = z.infer<typeof InboundReceiveResult>;

/** Unclaimed parcels. */
export const UnclaimedCreateBody = z.strictObject({ trackingNo: ScanCode, weightG: optionalWeightG, note: z.string().trim().max(200).default('') });
export const UnclaimedAssignBody = z.strictObject({ id: z.number().int().positive(), purchaseId: z.number().int().positive() });
export const UnclaimedListQuery = PageQuery.extend({ status: z.enum(UnclaimedStatus.values).optional(), trackingNo: textFilter });
export const UnclaimedParcel = z.object({
  id: z.number().int(),
  trackingNo: z.string(),
  weightG: z.number().int(),
  note: z.string(),
  status: z.enum(UnclaimedStatus.values),
  purchaseId: z.number().int().nullable(),
  creatorName: z.string(),
  assignedBy: z.string(),
  assignedAt: z.string().nullable(),
  createTime: z.string(),
});
export type UnclaimedParcel = z.infer<typeof UnclaimedParcel>;
export const UnclaimedList = pageOf(UnclaimedParcel);

/** POST /api/warehouse/item/scan: an item by its label code (QC and shelving stations). */
export const ItemScanBody = z.strictObject({ code: ScanCode });
export const ScannedItem = z.object({
  purchaseId: z.number().int(),
  purchaseNo: z.string(),
  status: z.enum(PurchaseStatus.values),
  userCode: z.string(),
  title: z.string(),
  image: z.string(),
  propsList: z.array(z.object({ name: z.string() })),
  quantity: z.number().int(),
  memberRemark: z.string(),
  item: ItemSummary,
  /** Shelving station: where to put it (same member's items together, else the first empty active location). */
  suggestedLocation: z.string().nullable(),
  /** What the caller may do next to the line (the purchase machine's events from its status), as 包裹详情's actions. */
  actions: z.array(z.enum(PURCHASE_EVENTS)),
});
export type ScannedItem = z.infer<typeof ScannedItem>;

/** POST /api/warehouse/qc/photo: media of a received item → stocking_photo. */
export const QcPhotoBody = z.strictObject({
  itemCode: ScanCode,
  media: z
    .array(z.strictObject({ fileUri: z.string().min(1).max(300), kind: z.enum(['image', 'video']) }))
    .min(1, '请至少上传一张照片')
    .max(20),
});
/** POST /api/warehouse/qc/problem: a QC problem puts the line on hold for the member to decide. */
export const QcProblemBody = z.strictObject({
  itemCode: ScanCode,
  problem: z.enum(QcProblem.values),
  note: z.string().trim().max(200).default(''),
  media: z
    .array(z.strictObject({ fileUri: z.string().min(1).max(300), kind: z.enum(['image', 'video']) }))
    .max(20)
    .default([]),
});
/** POST /api/warehouse/shelve: item onto a shelf location → shelved. */
export const ShelveBody = z.strictObject({ itemCode: ScanCode, locationCode: ScanCode });
/** POST /api/warehouse/move: a shelved item onto another location (stays shelved; the move is in its trace). */
export const MoveBody = ShelveBody;
export const ScanResult = z.object({
  purchaseId: z.number().int(),
  itemCode: z.string(),
  status: z.enum(PurchaseStatus.values),
  /** The same scan was already done: nothing changed. */
  repeated: z.boolean(),
  shelfCode: z.string().nullable(),
});
export type ScanResult = z.infer<typeof ScanResult>;

/** POST /api/warehouse/count/location: what a shelf location holds by the records (the count station's list). */
export const CountLocationBody = z.strictObject({ locationCode: ScanCode });
export const CountedItem = z.object({
  itemCode: z.string(),
  quickCode: z.tuple([z.string(), z.string()]),
  title: z.string(),
  userCode: z.string(),
  /** The pack order the item is in, when it waits there for removal. */
  packageNo: z.string().nullable(),
});
export type CountedItem = z.infer<typeof CountedItem>;
export const CountLocationResult = z.object({ locationCode: z.string(), items: z.array(CountedItem) });
export type CountLocationResult = z.infer<typeof CountLocationResult>;
/**
 * POST /api/warehouse/count/finish: the item codes found on a location. Items the records put there but not found
 * are taken off it (an item of a pack order raises an item_missing exception on its package); shelved items found
 * there but recorded elsewhere are recorded there.
 */
export const CountFinishBody = z.strictObject({ locationCode: ScanCode, itemCodes: z.array(ScanCode).max(1000) });
export const CountFinishResult = z.object({
  locationCode: z.string(),
  expected: z.number().int(),
  found: z.number().int(),
  missing: z.array(CountedItem),
  /** Found here, recorded elsewhere (from: that location, null when none); `moved` when now recorded here. */
  extra: z.array(z.object({ itemCode: z.string(), from: z.string().nullable(), moved: z.boolean() })),
  /** Scanned codes that are no item of this warehouse. */
  unknown: z.array(z.string()),
  /** Packages an item_missing exception was raised on. */
  exceptions: z.array(z.string()),
});
export type CountFinishResult = z.infer<typeof CountFinishResult>;

/** Shelf locations. */
export const ShelfListQuery = PageQuery.extend({ code: textFilter, zone: textFilter, active: z.enum(['1', '0']).optional() });
export const ShelfLocation = z.object({
  id: z.number().int(),
  code: z.string(),
  zone: z.string(),
  row: z.number().int(),
  level: z.number().int(),
  slot: z.number().int(),
  active: z.boolean(),
  itemCount: z.number().int(),
  createTime: z.string(),
});
export type ShelfLocation = z.infer<typeof ShelfLocation>;
export const ShelfList = pageOf(ShelfLocation);
/** POST /api/warehouse/shelfLocation/batchAdd: every code of zone × rows × levels × slots (existing ones kept). */
export const ShelfBatchAddBody = z.strictObject({
  zone: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,2}$/, '库区为1-2个大写字母'),
  rows: z.number().int().min(1).max(99),
  levels: z.number().int().min(1).max(20),
  slots: z.number().int().min(1).max(99),
});
export const ShelfBatchAddResult = z.object({ created: z.number().int(), existing: z.number().int() });
/** GET /api/warehouse/shelfLocation/modifyStatus (SPEC-style GET write, audited). */
export const ShelfStatusQuery = z.strictObject({ id: idParam, status: z.enum(['1', '0']) });

/** GET /api/warehouse/itemLabel: a signed URL of the item label PDF (the print driver fetches it without a token). */
export const ItemLabelQuery = z.strictObject({ itemCode: ScanCode });
export const ItemLabelResult = z.object({ url: z.string(), itemCode: z.string() });
export const LabelPdfQuery = z.strictObject({ code: ScanCode, exp: queryInt(0, 2_147_483_647), sig: z.string().regex(/^[a-f0-9]{64}$/) });

/** Upload (SPEC §7). */
export const UploadTypeQuery = z.strictObject({
  type: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9_-]{0,31}$/)
    .default('general'),
});
/** A stored file; images also get a small WebP thumbnail (for lists such as QC). */
export const UploadResult = z.object({ fileUri: z.string(), fileUrl: z.string(), thumbUri: z.string().optional(), thumbUrl: z.string().optional() });
export const UploadBase64Body = z.strictObject({
  type: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9_-]{0,31}$/)
    .default('general'),
  base64: z.string().min(10).max(14_000_000),
  fileName: z.string().max(200).optional(),
});
export const GenerateUrlQuery = z.strictObject({ uri: z.string().min(1).max(300) });
export const GenerateUrlsBody = z.strictObject({ uris: z.array(z.string().min(1).max(300)).max(200) });

/** GET /api/config/createBaiduAccessToken (SPEC §7): the speech provider's token, or null when none is configured. */
export const TtsTokenQuery = z.strictObject({ type: z.literal('audio') });
export const TtsTokenResult = z.object({ accessToken: z.string().nullable(), ttsUrl: z.string().nullable(), expiresIn: z.number().int() });

/**
 * SPEC §7/§9 local print driver: websocket on the local host, port 17521; sent a PDF by URL. The page connects with
 * the pairing code the driver printed at its first start (kept in the browser), from a Waystation origin only.
 */
export const PRINT_DRIVER = { host: '127.0.0.1', port: 17521 } as const;
/** The print driver itself (one script, run with `node print-agent.mjs`): the 客户端未连接 alert's download. */
export const warehousePrintAgentDownloadFile = defineDownload({ url: '/api/warehouse/printAgent/download', query: z.strictObject({}) });
/** Message to the driver: print the PDF at `url` (absolute) `copies` times; it answers with PrintDriverReply. */
export const PrintDriverJob = z.object({ type: z.literal('print'), id: z.string(), url: z.string().url(), copies: z.number().int().min(1).max(10).default(1) });
export const PrintDriverReply = z.object({ type: z.enum(['hello', 'result']), id: z.string().optional(), ok: z.boolean(), message: z.string() });

/** The stations that show their waiting work (oldest first) and what the caller did today. */
export const WORK_STATIONS = ['inbound', 'qc', 'shelving', 'packing', 'sorting'] as const;
export type WorkStation = (typeof WORK_STATIONS)[number];
export const StationWorkQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const StationWorkRow = z.object({
  /** What the worker scans for it: a domestic tracking no., an item code or a package no. */
  code: z.string(),
  title: z.string(),
  /** Member code, count of lines, channel/country: the second line of the row. */
  detail: z.string(),
  /** Since when it has been waiting at this station (ISO). */
  since: z.string(),
});
export const StationWork = z.object({ waiting: z.number().int(), doneToday: z.number().int(), list: z.array(StationWorkRow) });
export type StationWork = z.infer<typeof StationWork>;
/** Waiting counts of the stations the caller works at (dashboard); a station the caller cannot open is absent. */
export const StationWorkSummary = z.partialRecord(z.enum(WORK_STATIONS), z.object({ waiting: z.number().int(), doneToday: z.number().int() }));
export type StationWorkSummary = z.infer<typeof StationWorkSummary>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const warehouseWorkSummaryCall = defineCall({ method: 'GET', url: '/api/warehouse/work/summary', data: StationWorkSummary });
export const warehouseInboundLookupCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/inbound/lookup',
  body: InboundLookupBody,
  data: InboundLookupResult,
});
export const warehouseInboundReceiveCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/inbound/receive',
  body: InboundReceiveBody,
  data: InboundReceiveResult,
});
export const warehouseUnclaimedCreateCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/unclaimed/create',
  body: UnclaimedCreateBody,
  data: UnclaimedParcel,
});
export const warehouseUnclaimedPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/unclaimed/pageList',
  query: UnclaimedListQuery,
  data: UnclaimedList,
});
export const warehouseUnclaimedAssignCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/unclaimed/assign',
  body: UnclaimedAssignBody,
  data: UnclaimedParcel,
});
export const warehouseQcScanCall = defineCall({ method: 'POST', url: '/api/warehouse/qc/scan', body: ItemScanBody, data: ScannedItem });
export const warehouseQcPhotoCall = defineCall({ method: 'POST', url: '/api/warehouse/qc/photo', body: QcPhotoBody, data: ScanResult });
export const warehouseQcProblemCall = defineCall({ method: 'POST', url: '/api/warehouse/qc/problem', body: QcProblemBody, data: ScanResult });
export const warehouseShelvingScanCall = defineCall({ method: 'POST', url: '/api/warehouse/shelving/scan', body: ItemScanBody, data: ScannedItem });
export const warehouseShelveCall = defineCall({ method: 'POST', url: '/api/warehouse/shelve', body: ShelveBody, data: ScanResult });
export const warehouseMoveCall = defineCall({ method: 'POST', url: '/api/warehouse/move', body: MoveBody, data: ScanResult });
export const warehouseCountLocationCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/count/location',
  body: CountLocationBody,
  data: CountLocationResult,
});
export const warehouseCountFinishCall = defineCall({ method: 'POST', url: '/api/warehouse/count/finish', body: CountFinishBody, data: CountFinishResult });
export const warehouseShelfLocationPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/shelfLocation/pageList',
  query: ShelfListQuery,
  data: ShelfList,
});
export const warehouseShelfLocationBatchAddCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/shelfLocation/batchAdd',
  body: ShelfBatchAddBody,
  data: ShelfBatchAddResult,
});
export const warehouseShelfLocationModifyStatusCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/shelfLocation/modifyStatus',
  query: ShelfStatusQuery,
  data: z.null(),
});
export const warehouseItemLabelCall = defineCall({ method: 'GET', url: '/api/warehouse/itemLabel', query: ItemLabelQuery, data: ItemLabelResult });
export const configCreateBaiduAccessTokenCall = defineCall({
  method: 'GET',
  url: '/api/config/createBaiduAccessToken',
  query: TtsTokenQuery,
  data: TtsTokenResult,
});
const stationWorkCall = (station: WorkStation) =>
  defineCall({ method: 'GET', url: `/api/warehouse/work/${station}`, query: StationWorkQuery, data: StationWork });
/** The work waiting at each station (one call per station, each with that station's permission). */
export const warehouseWorkCalls = Object.fromEntries(WORK_STATIONS.map((s) => [s, stationWorkCall(s)])) as Record<
  WorkStation,
  ReturnType<typeof stationWorkCall>
>;
