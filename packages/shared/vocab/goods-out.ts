import { vocab } from './labels';

/**
 * SPEC §4 package statuses: the pack-order vocabulary plus stocking_no_video, stocking_video, stocking_input and
 * pack_sealed_box. The package machine (machines/package.ts) moves packages through a subset of them.
 */
export const PackageStatus = vocab([
  { value: 'pack_created', zh: '已创建', en: 'Created' },
  { value: 'ordered', zh: '已下单', en: 'Ordered' },
  { value: 'pack_pretrial', zh: '待预审', en: 'Awaiting pre-review' },
  { value: 'pack_pretrial_pass', zh: '预审通过', en: 'Pre-review passed' },
  { value: 'pack_pretrial_fail', zh: '预审不通过', en: 'Pre-review failed' },
  { value: 'paying', zh: '支付中', en: 'Paying' },
  { value: 'paid', zh: '已支付', en: 'Paid' },
  { value: 'remove_wait', zh: '待下架', en: 'Awaiting removal' },
  { value: 'removing', zh: '下架中', en: 'Removing' },
  { value: 'removed', zh: '已下架', en: 'Removed' },
  { value: 'packing', zh: '打包中', en: 'Packing' },
  { value: 'packed', zh: '已打包', en: 'Packed' },
  { value: 'pack_sealed_box', zh: '已封箱', en: 'Sealed' },
  { value: 'patch_wait', zh: '待补运费', en: 'Awaiting freight top-up' },
  { value: 'pending_launch', zh: '补款完成待发', en: 'Top-up paid, pending' },
  { value: 'wait_ship', zh: '待分拣', en: 'Awaiting sorting' },
  { value: 'sorted', zh: '已分拣', en: 'Sorted' },
  { value: 'prepare_ship', zh: '已出库', en: 'Out of storage' },
  { value: 'shipped', zh: '已发货', en: 'Shipped' },
  { value: 'received', zh: '已签收', en: 'Received' },
  { value: 'exception', zh: '异常', en: 'Exception' },
  { value: 'return_ordered', zh: '退包已下单', en: 'Return ordered' },
  { value: 'return_refund_check', zh: '退款审核中', en: 'Refund under review' },
  { value: 'return_refund_complete', zh: '退款完成', en: 'Refund completed' },
  { value: 'returned', zh: '已退回', en: 'Returned' },
  { value: 'canceled', zh: '已取消', en: 'Canceled' },
  { value: 'stocking_input', zh: '已入库', en: 'Received into stock' },
  { value: 'stocking_photo', zh: '已拍照', en: 'Photographed' },
  { value: 'stocking_no_video', zh: '无视频', en: 'No video' },
  { value: 'stocking_video', zh: '已录视频', en: 'Video recorded' },
  { value: 'stocking_photo_video', zh: '已拍照录像', en: 'Photo and video' },
  { value: 'shelved', zh: '已上架', en: 'Shelved' },
  { value: 'unknown', zh: '未知', en: 'Unknown' },
] as const);
export type PackageStatus = (typeof PackageStatus.values)[number];

/**
 * SPEC §4 trace event types of packages (pack pretrial pass/fail, change of ship channel, package order create,
 * pack, return checking/audit pass/audit fail/ordered/refund pass/refund check, exception, patch pending launch,
 * shipped, sorted, prepareShip, sign, modify package weight, waitPath, removeWait), plus the steps the SPEC leaves
 * out (payment, removal, label, resolve, cancel, refund, other sensitive modifications).
 */
export const PackageTraceType = vocab([
  { value: 'package_order_create', zh: '创建包裹订单', en: 'Package order created' },
  { value: 'pack_pretrial_pass', zh: '预审通过', en: 'Pre-review passed' },
  { value: 'pack_pretrial_fail', zh: '预审不通过', en: 'Pre-review failed' },
  { value: 'pack_pretrial_again', zh: '重新预审', en: 'Back to pre-review' },
  { value: 'pack_change_channel', zh: '修改渠道', en: 'Ship channel changed' },
  { value: 'order_pay', zh: '发起支付', en: 'Payment started' },
  { value: 'order_paid', zh: '支付成功', en: 'Paid' },
  { value: 'removeWait', zh: '待下架', en: 'Queued for removal' },
  { value: 'remove', zh: '下架', en: 'Removed from shelf' },
  { value: 'pack', zh: '打包', en: 'Packed' },
  { value: 'waitPath', zh: '待补运费', en: 'Freight top-up requested' },
  { value: 'patch_pending_launch', zh: '补款完成待发', en: 'Top-up paid, pending launch' },
  { value: 'label', zh: '面单确认', en: 'Label confirmed' },
  { value: 'sorted', zh: '分拣', en: 'Sorted' },
  { value: 'prepareShip', zh: '出库', en: 'Out of storage' },
  { value: 'shipped', zh: '发货', en: 'Shipped' },
  { value: 'sign', zh: '签收', en: 'Signed for' },
  { value: 'exception', zh: '异常', en: 'Exception' },
  { value: 'exception_resolve', zh: '异常处理', en: 'Exception resolved' },
  { value: 'return_checking', zh: '退包审核', en: 'Return checking' },
  { value: 'return_audit_pass', zh: '退包审核通过', en: 'Return approved' },
  { value: 'return_audit_fail', zh: '退包审核不通过', en: 'Return refused' },
  { value: 'return_ordered', zh: '退包下单', en: 'Return ordered' },
  { value: 'return_refund_check', zh: '退款审核', en: 'Refund check' },
  { value: 'return_refund_pass', zh: '退款通过', en: 'Refund passed' },
  { value: 'return_done', zh: '退包完成', en: 'Return completed' },
  { value: 'cancel', zh: '取消', en: 'Canceled' },
  { value: 'refund', zh: '退款', en: 'Refund' },
  { value: 'modify_package_weight', zh: '修改包裹重量', en: 'Package weight modified' },
  { value: 'modify_package_attr', zh: '修改包裹属性', en: 'Package attributes modified' },
  { value: 'modify_package_addr', zh: '修改包裹地址', en: 'Package address modified' },
  { value: 'modify_package_freight', zh: '修改包裹运费', en: 'Package freight modified' },
  { value: 'modify_package_status', zh: '修改包裹状态', en: 'Package status modified' },
] as const);
export type PackageTraceType = (typeof PackageTraceType.values)[number];

/** SPEC §4 pack order patch_* outcomes: what became of the difference between the real freight and what was paid. */
export const FreightPatchStatus = vocab([
  { value: 'patch_wait', zh: '待补运费', en: 'Awaiting freight top-up' },
  { value: 'patch_completed', zh: '补运费完成', en: 'Top-up completed' },
  { value: 'patch_refund', zh: '运费差额已退款', en: 'Difference refunded' },
  { value: 'patch_match', zh: '无需补退', en: 'No top-up, no refund' },
] as const);
export type FreightPatchStatus = (typeof FreightPatchStatus.values)[number];

/** Sacks (DESIGN §5): open → sealed → shipped. */
export const SackStatus = vocab([
  { value: 'open', zh: '装袋中', en: 'Open' },
  { value: 'sealed', zh: '已封袋', en: 'Sealed' },
  { value: 'shipped', zh: '已发出', en: 'Shipped' },
] as const);
export type SackStatus = (typeof SackStatus.values)[number];

/** Out-of-storage batches: open while sacks are scanned in, shipped at hand-over. */
export const BatchStatus = vocab([
  { value: 'open', zh: '出库中', en: 'Open' },
  { value: 'shipped', zh: '已交接', en: 'Handed over' },
] as const);
export type BatchStatus = (typeof BatchStatus.values)[number];

/** What went wrong with a package at a station. */
export const ExceptionType = vocab([
  { value: 'item_missing', zh: '商品缺失', en: 'Item missing' },
  { value: 'item_damaged', zh: '商品破损', en: 'Item damaged' },
  { value: 'prohibited', zh: '违禁品', en: 'Prohibited goods' },
  { value: 'overweight', zh: '超重超尺寸', en: 'Over weight or size' },
  { value: 'label_error', zh: '面单错误', en: 'Label error' },
  { value: 'address_error', zh: '地址问题', en: 'Address problem' },
  // Raised by the tracking job: the carrier reports the parcel returned, lost, refused or stuck.
  { value: 'carrier_problem', zh: '物流异常', en: 'Carrier problem' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const);
export type ExceptionType = (typeof ExceptionType.values)[number];

/** Handling state of an exception record. */
export const ExceptionStatus = vocab([
  { value: 'open', zh: '待处理', en: 'Open' },
  { value: 'resolved', zh: '已恢复', en: 'Resolved' },
  { value: 'returned', zh: '已退包', en: 'Return started' },
  { value: 'canceled', zh: '已取消退款', en: 'Canceled and refunded' },
] as const);
export type ExceptionStatus = (typeof ExceptionStatus.values)[number];

/** Value-added services a member may order on a package. */
export const PackageService = vocab([
  { value: 'reinforce', zh: '加固', en: 'Reinforcement' },
  { value: 'remove_box', zh: '去除原包装', en: 'Remove original boxes' },
  { value: 'vacuum', zh: '真空压缩', en: 'Vacuum compression' },
  { value: 'photo', zh: '打包拍照', en: 'Packing photos' },
] as const);
export type PackageService = (typeof PackageService.values)[number];

/** What the package list's number filter searches (queryForm.numberType). */
export const PackageNumberType = vocab([
  { value: 'packageNo', zh: '包裹号', en: 'Package no.' },
  { value: 'userCode', zh: '会员编号', en: 'Member code' },
  { value: 'trackingNo', zh: '国际运单号', en: 'Carrier tracking no.' },
  { value: 'itemCode', zh: '商品条码', en: 'Item code' },
  { value: 'sackCode', zh: '麻袋身份卡', en: 'Sack card' },
] as const);
export type PackageNumberType = (typeof PackageNumberType.values)[number];

/**
 * Real freight may exceed what was paid by this much before the member is asked to top up: 3 % of the paid
 * freight, at least 1.00 (100 minor units). Scales are ±10 g and tapes ±5 mm; a step's rounding should not bill.
 */
export const FREIGHT_TOLERANCE_BP = 300;
export const FREIGHT_TOLERANCE_MIN = 100;
export function freightTolerance(charged: number): number {
  return Math.max(FREIGHT_TOLERANCE_MIN, Math.round((charged * FREIGHT_TOLERANCE_BP) / 10_000));
}

/** The top-up bill a weighed package needs: the whole difference once it exceeds the tolerance, else nothing. */
export function topUpDue(realFreight: number, charged: number): number {
  const over = realFreight - charged;
  return over > freightTolerance(charged) ? over : 0;
}

/** A shipped package counts as received this many days after shipping unless the member signs earlier. */
export const AUTO_RECEIVE_DAYS = 30;

/** Barcodes of goods out: package labels and sack identity cards. */
export const PACKAGE_CODE = /^PK\d{8,}$/;
export const SACK_CODE = /^SK[0-9A-Z-]{2,30}$/;
export const packageNoOf = (id: number) => `PK${String(id).padStart(8, '0')}`;
