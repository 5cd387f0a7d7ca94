import { z } from 'zod';
import { MAX_OPERATION_AMOUNT, numberWith } from '../rules';
import { idParam, PageQuery, pageOf, textFilter, traceEntryOf } from './common';
import { LogisticsStatus, NumberType, PatchStatus, PurchaseStatus, TraceType } from '../vocab/goods-in';
import { Marketplace } from '../vocab/account';
import { PURCHASE_EVENTS } from '../machines/purchase-order';
import { defineCall } from './call';

/** Cents, at most the largest amount one operation may move. */
const MAX_CENTS = MAX_OPERATION_AMOUNT * 100;
const amount = (msg = '金额必须大于0') => numberWith('金额不能为空').int('金额以分为单位').positive(msg).max(MAX_CENTS);
const text = (max: number, msg = '请输入') => z.string().trim().min(1, msg).max(max);

/** GET /api/buy/pageList, /api/warehouse/orderQuery: purchase lines by status with queryForm filters. */
export const PurchaseListQuery = PageQuery.extend({
  status: z.enum(PurchaseStatus.values).optional(),
  numberType: z.enum(NumberType.values).optional(),
  numberValue: textFilter,
  mallType: z.enum(Marketplace.values).optional(),
  /** Only the caller's own claimed lines. */
  mine: z.enum(['1', '0']).optional(),
  /** Keyset paging by id (default sort only): the nextCursor of the previous page; page is then ignored. */
  cursor: z.string().regex(/^\d+$/).optional(),
});
export type PurchaseListQuery = z.infer<typeof PurchaseListQuery>;

export const PropItem = z.object({ name: z.string() });

export const PurchaseLine = z.object({
  id: z.number().int(),
  purchaseNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  userCode: z.string(),
  memberName: z.string(),
  status: z.enum(PurchaseStatus.values),
  mallType: z.enum(Marketplace.values),
  productUrl: z.string(),
  title: z.string(),
  image: z.string(),
  propsList: z.array(PropItem),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  paidAmount: z.number().int(),
  currency: z.string(),
  memberRemark: z.string(),
  purchaserId: z.number().int().nullable(),
  purchaserName: z.string(),
  holdReason: z.string(),
  patchStatus: z.enum(PatchStatus.values).nullable(),
  patchAmount: z.number().int(),
  mallOrderNo: z.string(),
  realPrice: z.number().int().nullable(),
  domesticFee: z.number().int().nullable(),
  trackingNo: z.string(),
  logisticsStatus: z.enum(LogisticsStatus.values).nullable(),
  refundedAmount: z.number().int(),
  payTime: z.string().nullable(),
  purchaseEndTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type PurchaseLine = z.infer<typeof PurchaseLine>;

export const PurchaseListResult = pageOf(PurchaseLine).extend({ nextCursor: z.string().nullable() });
export type PurchaseListResult = z.infer<typeof PurchaseListResult>;

export const TraceEvent = traceEntryOf(TraceType.values);
export type TraceEvent = z.infer<typeof TraceEvent>;

export const ItemSummary = z.object({
  id: z.number().int(),
  itemCode: z.string(),
  quickCode: z.tuple([z.string(), z.string()]),
  weightG: z.number().int(),
  lengthMm: z.number().int(),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
  volumeCm3: z.number().int(),
  media: z.array(z.object({ fileUri: z.string(), fileUrl: z.string(), kind: z.enum(['image', 'video']) })),
  qcProblem: z.string().nullable(),
  qcNote: z.string(),
  shelfCode: z.string().nullable(),
  creatorName: z.string(),
  labelUrl: z.string(),
  createTime: z.string(),
  shelvedAt: z.string().nullable(),
});
export type ItemSummary = z.infer<typeof ItemSummary>;

/** A shop order's money at payment (minor units; serviceFeePercent as set then, e.g. "5"). */
export const OrderCharges = z.object({
  paidAmount: z.number().int(),
  levelDiscount: z.number().int(),
  pointsUsed: z.number().int(),
  serviceFee: z.number().int(),
  serviceFeePercent: z.string(),
  /** What of the service fee went back to the balance with refunded goods. */
  serviceFeeRefunded: z.number().int(),
});
export type OrderCharges = z.infer<typeof OrderCharges>;

/** GET /api/buy/detail, /api/warehouse/orderDetail */
export const PurchaseDetailQuery = z.strictObject({ id: idParam });
export const PurchaseDetail = PurchaseLine.extend({
  memberEmail: z.string(),
  siblings: z.array(z.object({ id: z.number().int(), purchaseNo: z.string(), status: z.enum(PurchaseStatus.values), title: z.string() })),
  /** What the line's shop order charged at payment: the total, the member level's discount, points spent and the service fee. */
  order: OrderCharges,
  item: ItemSummary.nullable(),
  trace: z.array(TraceEvent),
  /** Events the caller may take now (the machine's rows for this status and the caller's permissions). */
  actions: z.array(z.enum(PURCHASE_EVENTS)),
});
export type PurchaseDetail = z.infer<typeof PurchaseDetail>;

/** Every purchase-desk action names the line and the status the caller saw (stale → 40900). */
const Act = { id: z.number().int().positive() };

export const ClaimBody = z.strictObject({ ...Act });
export const TransferBody = z.strictObject({ ...Act, purchaserId: z.number().int().positive(), note: z.string().trim().max(200).default('') });
export const HoldBody = z.strictObject({ ...Act, reason: text(200, '请输入挂起原因') });
export const ReleaseBody = z.strictObject({ ...Act, note: z.string().trim().max(200).default('') });
export const PurchasedBody = z.strictObject({
  ...Act,
  mallOrderNo: text(64, '请输入平台订单号'),
  realPrice: z.number().int().min(0).max(MAX_CENTS),
  domesticFee: z.number().int().min(0).max(100_000_00).default(0),
  trackingNo: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9-]*$/, '快递单号只能包含字母和数字')
    .default(''),
});
export const PatchRequestBody = z.strictObject({ ...Act, amount: amount(), note: z.string().trim().max(200).default('') });
export const PatchRefundBody = z.strictObject({ ...Act, amount: amount(), note: z.string().trim().max(200).default('') });
export const PatchSimpleBody = z.strictObject({ ...Act, note: z.string().trim().max(200).default('') });
export const FailBody = z.strictObject({ ...Act, reason: text(200, '请输入失败原因') });
export const CancelBody = z.strictObject({ ...Act, reason: text(200, '请输入取消原因') });
export const LogisticsBody = z.strictObject({
  ...Act,
  trackingNo: z
    .string()
    .trim()
    .min(1, '请输入快递单号')
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, '快递单号只能包含字母和数字'),
  logisticsStatus: z.enum(LogisticsStatus.values),
});

/** Result of every action: the line after it; `repeated` when it was already done (idempotent retry). */
export const ActionResult = z.object({ id: z.number().int(), status: z.enum(PurchaseStatus.values), repeated: z.boolean() });
export type ActionResult = z.infer<typeof ActionResult>;

/** GET /api/buy/purchaserList: staff who may take purchase lines (transfer target). */
export const PurchaserList = z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() }));

/** GET /api/buy/statusCount: lines per desk status for the tab counters. */
export const StatusCount = z.record(z.string(), z.number().int());

/** GET /api/waitPaidOrder/pageList: shop orders placed but not paid. */
export const WaitPaidListQuery = PageQuery.extend({ orderNo: textFilter, userCode: textFilter });
export const WaitPaidOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  userCode: z.string(),
  memberName: z.string(),
  status: z.string(),
  currency: z.string(),
  /** The goods: the lines' unit price × quantity (a line canceled on its own left out). */
  amount: z.number().int(),
  /**
   * What to collect (确认收款 charges it): the goods priced as the member's own payment would be now, without coupon or
   * points — the member level's discount off the goods, the service fee (serviceFeePercent as set now, e.g. "5") on what
   * remains; due = amount − levelDiscount + serviceFee. Once paid: what the payment charged.
   */
  levelDiscount: z.number().int(),
  serviceFee: z.number().int(),
  serviceFeePercent: z.string(),
  due: z.number().int(),
  lineCount: z.number().int(),
  createTime: z.string(),
  /** Canceled by the job if still unpaid then (null: no deadline). */
  payDeadline: z.string().nullable(),
});
export type WaitPaidOrder = z.infer<typeof WaitPaidOrder>;
export const WaitPaidList = pageOf(WaitPaidOrder);
/** GET /api/waitPaidOrder/detail?id= (route /waitPaidOrder/detail/{id}) */
export const WaitPaidDetailQuery = z.strictObject({ id: idParam });
export const WaitPaidDetail = WaitPaidOrder.extend({ lines: z.array(PurchaseLine) });
export type WaitPaidDetail = z.infer<typeof WaitPaidDetail>;
/** POST /api/waitPaidOrder/manualPaid: payment received outside the member site; the lines queue for buying. */
export const ManualPaidBody = z.strictObject({ id: z.number().int().positive(), note: z.string().trim().min(1, '请输入收款说明').max(200) });
/** POST /api/waitPaidOrder/cancel */
export const WaitPaidCancelBody = z.strictObject({ id: z.number().int().positive(), reason: z.string().trim().min(1, '请输入取消原因').max(200) });
export const WaitPaidActionResult = z.object({ id: z.number().int(), status: z.string(), repeated: z.boolean() });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
/** The purchase desk's lines, and the warehouse's read-only order query over the same lines. */
export const buyPageListCall = defineCall({ method: 'GET', url: '/api/buy/pageList', query: PurchaseListQuery, data: PurchaseListResult });
export const buyDetailCall = defineCall({ method: 'GET', url: '/api/buy/detail', query: PurchaseDetailQuery, data: PurchaseDetail });
export const warehouseOrderQueryCall = defineCall({ method: 'GET', url: '/api/warehouse/orderQuery', query: PurchaseListQuery, data: PurchaseListResult });
export const warehouseOrderDetailCall = defineCall({ method: 'GET', url: '/api/warehouse/orderDetail', query: PurchaseDetailQuery, data: PurchaseDetail });
export const buyClaimCall = defineCall({ method: 'POST', url: '/api/buy/claim', body: ClaimBody, data: ActionResult });
export const buyTransferCall = defineCall({ method: 'POST', url: '/api/buy/transfer', body: TransferBody, data: ActionResult });
export const buyHoldCall = defineCall({ method: 'POST', url: '/api/buy/hold', body: HoldBody, data: ActionResult });
export const buyReleaseCall = defineCall({ method: 'POST', url: '/api/buy/release', body: ReleaseBody, data: ActionResult });
export const buyPurchasedCall = defineCall({ method: 'POST', url: '/api/buy/purchased', body: PurchasedBody, data: ActionResult });
export const buyPatchRequestCall = defineCall({ method: 'POST', url: '/api/buy/patchRequest', body: PatchRequestBody, data: ActionResult });
export const buyPatchPaidCall = defineCall({ method: 'POST', url: '/api/buy/patchPaid', body: PatchSimpleBody, data: ActionResult });
export const buyPatchRefundCall = defineCall({ method: 'POST', url: '/api/buy/patchRefund', body: PatchRefundBody, data: ActionResult });
export const buyPatchMatchCall = defineCall({ method: 'POST', url: '/api/buy/patchMatch', body: PatchSimpleBody, data: ActionResult });
export const buyFailCall = defineCall({ method: 'POST', url: '/api/buy/fail', body: FailBody, data: ActionResult });
export const buyLogisticsCall = defineCall({ method: 'POST', url: '/api/buy/logistics', body: LogisticsBody, data: ActionResult });
export const buyCancelCall = defineCall({ method: 'POST', url: '/api/buy/cancel', body: CancelBody, data: ActionResult });
export const buyPurchaserListCall = defineCall({ method: 'GET', url: '/api/buy/purchaserList', data: PurchaserList });
export const waitPaidOrderPageListCall = defineCall({ method: 'GET', url: '/api/waitPaidOrder/pageList', query: WaitPaidListQuery, data: WaitPaidList });
export const waitPaidOrderDetailCall = defineCall({ method: 'GET', url: '/api/waitPaidOrder/detail', query: WaitPaidDetailQuery, data: WaitPaidDetail });
export const waitPaidOrderManualPaidCall = defineCall({
  method: 'POST',
  url: '/api/waitPaidOrder/manualPaid',
  body: ManualPaidBody,
  data: WaitPaidActionResult,
});
export const waitPaidOrderCancelCall = defineCall({ method: 'POST', url: '/api/waitPaidOrder/cancel', body: WaitPaidCancelBody, data: WaitPaidActionResult });
