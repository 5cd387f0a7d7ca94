import { vocab } from './labels';

/** SPEC §4 purchase order statuses, plus the purchase-progress statuses a line takes in the warehouse. */
export const PurchaseStatus = vocab([
  { value: 'ordered', zh: '已下单(未支付)', en: 'Ordered (unpaid)' },
  { value: 'paying', zh: '支付中', en: 'Paying' },
  { value: 'paid', zh: '已支付', en: 'Paid' },
  { value: 'purchase_wait', zh: '待采购', en: 'Awaiting purchase' },
  { value: 'purchasing', zh: '采购中', en: 'Purchasing' },
  { value: 'purchase_patch', zh: '待补差价', en: 'Awaiting price top-up' },
  { value: 'patch_completed', zh: '补差价完成', en: 'Top-up completed' },
  { value: 'patch_refund', zh: '差价已退款', en: 'Difference refunded' },
  { value: 'patch_match', zh: '无需补退', en: 'No top-up, no refund' },
  { value: 'purchase_hold', zh: '挂起', en: 'On hold' },
  { value: 'purchased', zh: '已采购', en: 'Purchased' },
  { value: 'purchase_fail', zh: '采购失败', en: 'Purchase failed' },
  { value: 'stocking_input', zh: '已入库', en: 'Received' },
  { value: 'stocking_photo', zh: '已拍照', en: 'Photographed' },
  { value: 'shelved', zh: '已上架', en: 'Shelved' },
  { value: 'canceled', zh: '已取消', en: 'Canceled' },
  { value: 'refunded', zh: '已退款', en: 'Refunded' },
  { value: 'return_checking', zh: '退货审核中', en: 'Return under review' },
  { value: 'return_doing', zh: '退货中', en: 'Returning' },
  { value: 'returned', zh: '已退货', en: 'Returned' },
  { value: 'return_apply_refuse', zh: '退货被拒', en: 'Return refused' },
  { value: 'unknown', zh: '未知', en: 'Unknown' },
] as const);
export type PurchaseStatus = (typeof PurchaseStatus.values)[number];

/** Outcome of a price difference (SPEC §4 patch_* statuses), kept beside the line's status. */
export const PatchStatus = vocab([
  { value: 'purchase_patch', zh: '待补差价', en: 'Awaiting top-up' },
  { value: 'patch_completed', zh: '补差价完成', en: 'Top-up completed' },
  { value: 'patch_refund', zh: '差价已退款', en: 'Difference refunded' },
  { value: 'patch_match', zh: '无需补退', en: 'No top-up, no refund' },
] as const);
export type PatchStatus = (typeof PatchStatus.values)[number];

/** SPEC §4 domestic logistics of the seller's parcel. */
export const LogisticsStatus = vocab([
  { value: 'WAIT_ACCEPT', zh: '待揽收', en: 'Awaiting pick-up' },
  { value: 'ACCEPT', zh: '已揽收', en: 'Picked up' },
  { value: 'TRANSPORT', zh: '运输中', en: 'In transit' },
  { value: 'DELIVERING', zh: '派送中', en: 'Out for delivery' },
  { value: 'AGENT_SIGN', zh: '代签收', en: 'Signed by agent' },
  { value: 'SIGN', zh: '已签收', en: 'Signed' },
  { value: 'FAILED', zh: '异常', en: 'Failed' },
] as const);
export type LogisticsStatus = (typeof LogisticsStatus.values)[number];

/** SPEC §4 trace event types of the goods-in half (plus release, fail, refund and logistics, which the SPEC leaves out). */
export const TraceType = vocab([
  { value: 'order_create', zh: '创建订单', en: 'Shop order created' },
  { value: 'order_cancel', zh: '取消订单', en: 'Shop order canceled' },
  { value: 'order_pay', zh: '发起支付', en: 'Payment started' },
  { value: 'order_paid', zh: '支付成功', en: 'Paid' },
  { value: 'order_manual_paid', zh: '人工确认支付', en: 'Manually marked paid' },
  { value: 'purchase_claim', zh: '领取采购', en: 'Purchase claimed' },
  { value: 'purchase_complete', zh: '采购完成', en: 'Purchase completed' },
  { value: 'purchase_cancel', zh: '取消采购', en: 'Purchase canceled' },
  { value: 'purchase_transfer', zh: '转交采购', en: 'Purchase transferred' },
  { value: 'purchase_hold', zh: '挂起', en: 'Put on hold' },
  { value: 'purchase_release', zh: '取消挂起', en: 'Released from hold' },
  { value: 'purchase_patch', zh: '差价处理', en: 'Price difference' },
  { value: 'purchase_fail', zh: '采购失败', en: 'Purchase failed' },
  { value: 'purchase_exchange', zh: '换货，等待卖家补发', en: 'Exchanged: replacement awaited' },
  { value: 'refund', zh: '退款', en: 'Refund' },
  { value: 'logistics', zh: '国内物流更新', en: 'Domestic logistics update' },
  { value: 'stocking_input', zh: '入库', en: 'Received' },
  { value: 'stocking_photo', zh: '拍照质检', en: 'QC photos' },
  { value: 'stocking_shelved', zh: '上架', en: 'Shelved' },
  { value: 'stocking_moved', zh: '移库', en: 'Moved' },
  { value: 'stocking_missing', zh: '盘点缺失', en: 'Missing at count' },
  { value: 'stocking_restock', zh: '退回待上架', en: 'Back to shelving' },
] as const);
export type TraceType = (typeof TraceType.values)[number];

/** Shop order (the member's checkout) statuses used here. */
export const ShopOrderStatus = vocab([
  { value: 'ordered', zh: '已下单(未支付)', en: 'Ordered (unpaid)' },
  { value: 'paying', zh: '支付中', en: 'Paying' },
  { value: 'paid', zh: '已支付', en: 'Paid' },
  { value: 'canceled', zh: '已取消', en: 'Canceled' },
] as const);
export type ShopOrderStatus = (typeof ShopOrderStatus.values)[number];

/** What the "number" filter of the purchase lists searches (queryForm.numberType). */
export const NumberType = vocab([
  { value: 'purchaseNo', zh: '采购单号', en: 'Purchase no.' },
  { value: 'orderNo', zh: '订单号', en: 'Order no.' },
  { value: 'mallOrderNo', zh: '平台订单号', en: 'Marketplace order no.' },
  { value: 'trackingNo', zh: '国内快递单号', en: 'Domestic tracking no.' },
  { value: 'userCode', zh: '会员编号', en: 'Member code' },
  { value: 'itemCode', zh: '商品条码', en: 'Item code' },
] as const);
export type NumberType = (typeof NumberType.values)[number];

/** Unclaimed (unmatched) parcels at the inbound station. */
export const UnclaimedStatus = vocab([
  { value: 'open', zh: '待认领', en: 'Unclaimed' },
  { value: 'assigned', zh: '已认领', en: 'Assigned' },
] as const);
export type UnclaimedStatus = (typeof UnclaimedStatus.values)[number];

/** QC problems that put a received line on hold for the member to decide. */
export const QcProblem = vocab([
  { value: 'wrong_size', zh: '尺码不符', en: 'Wrong size' },
  { value: 'wrong_colour', zh: '颜色不符', en: 'Wrong colour' },
  { value: 'damaged', zh: '商品破损', en: 'Damaged' },
  { value: 'missing_parts', zh: '缺件少件', en: 'Missing parts' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const);
export type QcProblem = (typeof QcProblem.values)[number];

/** The member's answer to a QC problem (POST /api/open/v1/orders/qcDecision). */
export const QcDecision = vocab([
  { value: 'accept', zh: '接受', en: 'Accept' },
  { value: 'exchange', zh: '换货', en: 'Exchange' },
  { value: 'return', zh: '退货', en: 'Return' },
  { value: 'refund', zh: '退款', en: 'Refund' },
] as const);
export type QcDecision = (typeof QcDecision.values)[number];
