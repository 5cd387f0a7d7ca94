import { defineMachine } from './machine';
import type { PurchaseStatus, TraceType } from '../vocab/goods-in';

/**
 * The purchase order (one member order line bought on a marketplace) as data: DESIGN §5. The server refuses every
 * (status, event) pair that has no row here with 40900; the web shows only the actions whose row exists.
 */
export const PURCHASE_EVENTS = [
  'pay',
  'pay_done',
  'queue',
  'manual_paid',
  'claim',
  'transfer',
  'hold',
  'release',
  'purchase',
  'patch_request',
  'patch_paid',
  'patch_refund',
  'patch_match',
  'fail',
  'cancel',
  'refund',
  'logistics',
  'inbound',
  'photo',
  'qc_hold',
  'qc_release',
  'shelve',
  'move',
  'count_missing',
  'restock',
  'return_apply',
  'return_pass',
  'return_refuse',
  'return_done',
  'exchange_done',
] as const;
export type PurchaseEvent = (typeof PURCHASE_EVENTS)[number];

/** 'system' rows are taken by the member site or by the server itself, never by a staff call. */
export type MachinePermission = 'system' | 'waitPaidOrder:list' | 'buy:buyOrder' | 'warehouse:inboundScan' | 'warehouse:qcPhoto' | 'warehouse:shelving';

export interface Transition {
  from: PurchaseStatus;
  event: PurchaseEvent;
  to: PurchaseStatus;
  permission: MachinePermission;
  trace: TraceType;
}

const row = (from: PurchaseStatus, event: PurchaseEvent, to: PurchaseStatus, permission: MachinePermission, trace: TraceType): Transition => ({
  from,
  event,
  to,
  permission,
  trace,
});

export const PURCHASE_TRANSITIONS: readonly Transition[] = [
  row('ordered', 'pay', 'paying', 'system', 'order_pay'),
  row('paying', 'pay_done', 'paid', 'system', 'order_paid'),
  row('paid', 'queue', 'purchase_wait', 'system', 'order_paid'),
  // Payment received outside the member site (bank transfer…): staff mark the unpaid order paid; its lines queue for buying.
  row('ordered', 'manual_paid', 'purchase_wait', 'waitPaidOrder:list', 'order_manual_paid'),
  row('purchase_wait', 'claim', 'purchasing', 'buy:buyOrder', 'purchase_claim'),
  row('purchasing', 'transfer', 'purchasing', 'buy:buyOrder', 'purchase_transfer'),
  row('purchasing', 'hold', 'purchase_hold', 'buy:buyOrder', 'purchase_hold'),
  row('purchase_hold', 'release', 'purchasing', 'buy:buyOrder', 'purchase_release'),
  row('purchasing', 'purchase', 'purchased', 'buy:buyOrder', 'purchase_complete'),
  // Price went up: the member tops up, then the line is back with its purchaser (patch outcome patch_completed).
  row('purchasing', 'patch_request', 'purchase_patch', 'buy:buyOrder', 'purchase_patch'),
  row('purchase_patch', 'patch_paid', 'purchasing', 'buy:buyOrder', 'purchase_patch'),
  // Price went down: the difference goes to the member's balance; or the price matched. The line stays purchasing.
  row('purchasing', 'patch_refund', 'purchasing', 'buy:buyOrder', 'purchase_patch'),
  row('purchasing', 'patch_match', 'purchasing', 'buy:buyOrder', 'purchase_patch'),
  row('purchasing', 'fail', 'purchase_fail', 'buy:buyOrder', 'purchase_fail'),
  row('purchase_patch', 'fail', 'purchase_fail', 'buy:buyOrder', 'purchase_fail'),
  row('purchase_fail', 'refund', 'refunded', 'buy:buyOrder', 'refund'),
  row('ordered', 'cancel', 'canceled', 'buy:buyOrder', 'purchase_cancel'),
  row('paid', 'cancel', 'canceled', 'buy:buyOrder', 'purchase_cancel'),
  row('purchase_wait', 'cancel', 'canceled', 'buy:buyOrder', 'purchase_cancel'),
  row('canceled', 'refund', 'refunded', 'buy:buyOrder', 'refund'),
  row('purchased', 'logistics', 'purchased', 'buy:buyOrder', 'logistics'),
  row('purchased', 'inbound', 'stocking_input', 'warehouse:inboundScan', 'stocking_input'),
  row('stocking_input', 'photo', 'stocking_photo', 'warehouse:qcPhoto', 'stocking_photo'),
  // A QC problem (wrong size or colour, damage): on hold until the member decides; keeping it goes back to QC.
  row('stocking_input', 'qc_hold', 'purchase_hold', 'warehouse:qcPhoto', 'purchase_hold'),
  row('purchase_hold', 'qc_release', 'stocking_input', 'buy:buyOrder', 'purchase_release'),
  // The member's answer to a QC problem (POST /orders/qcDecision): accepting is qc_release above; a refund gives the
  // payment back to the balance; a return or an exchange goes to 退货管理 as a return request (its kind) awaiting review.
  row('purchase_hold', 'refund', 'refunded', 'system', 'refund'),
  row('purchase_hold', 'return_apply', 'return_checking', 'system', 'refund'),
  row('stocking_photo', 'shelve', 'shelved', 'warehouse:shelving', 'stocking_shelved'),
  // An item moves from one shelf location to another (two scans at the shelving station).
  row('shelved', 'move', 'shelved', 'warehouse:shelving', 'stocking_moved'),
  // Not found where the records put it when its location was counted (the count takes it): off that location; shelving it again is a move.
  row('shelved', 'count_missing', 'shelved', 'system', 'stocking_missing'),
  // Its package was canceled after the item had been taken off its shelf: it waits for the shelving station again.
  row('shelved', 'restock', 'stocking_photo', 'system', 'stocking_restock'),
  row('shelved', 'return_apply', 'return_checking', 'system', 'refund'),
  row('return_checking', 'return_pass', 'return_doing', 'buy:buyOrder', 'refund'),
  row('return_checking', 'return_refuse', 'return_apply_refuse', 'buy:buyOrder', 'refund'),
  row('return_doing', 'return_done', 'returned', 'buy:buyOrder', 'refund'),
  // An exchange the seller signed for: nothing is refunded, the line is bought again and awaits the seller's replacement
  // parcel (its new tracking number), received at the inbound station like any purchased parcel.
  row('return_doing', 'exchange_done', 'purchased', 'buy:buyOrder', 'purchase_exchange'),
  row('returned', 'refund', 'refunded', 'buy:buyOrder', 'refund'),
];

export const purchaseMachine = defineMachine(PURCHASE_TRANSITIONS);

/**
 * A line's price difference (its patch status; `none` before any), as data: the events it decides. A purchase
 * completes only with no top-up outstanding; a difference is refunded or matched once, and not after the other.
 */
export type PatchState = 'none' | 'purchase_patch' | 'patch_completed' | 'patch_refund' | 'patch_match';
export type PatchEvent = Extract<PurchaseEvent, 'purchase' | 'patch_request' | 'patch_paid' | 'patch_refund' | 'patch_match'>;
export const PATCH_EVENTS: readonly PatchEvent[] = ['purchase', 'patch_request', 'patch_paid', 'patch_refund', 'patch_match'];

const SETTLED: PatchState[] = ['none', 'patch_completed', 'patch_refund', 'patch_match'];
export const PATCH_TRANSITIONS: readonly { from: PatchState; event: PatchEvent; to: PatchState; permission: MachinePermission }[] = [
  ...SETTLED.map((from) => ({ from, event: 'purchase' as const, to: from, permission: 'buy:buyOrder' as const })),
  ...SETTLED.map((from) => ({ from, event: 'patch_request' as const, to: 'purchase_patch' as const, permission: 'buy:buyOrder' as const })),
  { from: 'purchase_patch', event: 'patch_paid', to: 'patch_completed', permission: 'buy:buyOrder' },
  { from: 'none', event: 'patch_refund', to: 'patch_refund', permission: 'buy:buyOrder' },
  { from: 'patch_completed', event: 'patch_refund', to: 'patch_refund', permission: 'buy:buyOrder' },
  { from: 'none', event: 'patch_match', to: 'patch_match', permission: 'buy:buyOrder' },
  { from: 'patch_completed', event: 'patch_match', to: 'patch_match', permission: 'buy:buyOrder' },
];

export const patchMachine = defineMachine(PATCH_TRANSITIONS);
