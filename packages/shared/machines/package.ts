import type { PackageStatus, PackageTraceType } from '../vocab/goods-out';
import { defineMachine } from './machine';

/**
 * The package (pack order) as data: DESIGN §5. The server refuses every (status, event) pair without a row here
 * with 40900; the web shows only the actions whose row exists. `to: 'previous'` (resolving an exception) returns
 * the package to the status it was raised from, which the package row keeps.
 */
export const PACKAGE_EVENTS = [
  'submit',
  'pretrial_pass',
  'pretrial_fail',
  'resubmit',
  'reopen',
  'pay',
  'pay_done',
  'queue',
  'remove_start',
  'remove_done',
  'pack_start',
  'pack_done',
  'patch_request',
  'patch_paid',
  'label_confirm',
  'sort',
  'prepare_ship',
  'ship',
  'sign',
  'manual_sign',
  'raise',
  'resolve',
  'return_order',
  'return_check',
  'return_refund',
  'return_done',
  'cancel',
] as const;
export type PackageEvent = (typeof PACKAGE_EVENTS)[number];

/** 'system' rows are taken by the member site or the server itself; 'station' by any warehouse station. */
export type PackagePermission =
  | 'system'
  | 'station'
  | 'warehouse:packQuery'
  | 'warehouse:packPretrial'
  | 'warehouse:packagesOutShelves'
  | 'warehouse:packing'
  | 'warehouse:sortingOutStorage'
  | 'warehouse:abnormalPackage';

/** The permission keys of the warehouse stations: any of them may raise an exception. */
export const STATION_PERMISSIONS = [
  'warehouse:packPretrial',
  'warehouse:packagesOutShelves',
  'warehouse:packing',
  'warehouse:sortingOutStorage',
  'warehouse:abnormalPackage',
  'warehouse:packQuery',
] as const;

export interface PackageTransition {
  from: PackageStatus;
  event: PackageEvent;
  to: PackageStatus | 'previous';
  permission: PackagePermission;
  trace: PackageTraceType;
  /** A sensitive manual correction (modify_package_status), offered by the package detail. */
  manual?: boolean;
}

const row = (
  from: PackageStatus,
  event: PackageEvent,
  to: PackageStatus | 'previous',
  permission: PackagePermission,
  trace: PackageTraceType,
  manual = false,
): PackageTransition => ({
  from,
  event,
  to,
  permission,
  trace,
  ...(manual ? { manual } : {}),
});

/** Warehouse statuses a station may raise an exception from (a package in a sack or a batch is handled with it). */
export const EXCEPTION_FROM: readonly PackageStatus[] = [
  'remove_wait',
  'removing',
  'removed',
  'packing',
  'packed',
  'patch_wait',
  'pending_launch',
  'wait_ship',
];

/**
 * Statuses of a pack order not yet paid, nothing touched: staff cancel it from 包裹详情 (the row's permission), and the
 * member API takes the same rows for the member's own package.
 */
export const UNPAID_CANCEL_FROM: readonly PackageStatus[] = ['pack_created', 'ordered', 'pack_pretrial', 'pack_pretrial_pass', 'pack_pretrial_fail'];

export const PACKAGE_TRANSITIONS: readonly PackageTransition[] = [
  row('pack_created', 'submit', 'pack_pretrial', 'system', 'package_order_create'),
  row('ordered', 'submit', 'pack_pretrial', 'system', 'package_order_create'),
  row('pack_pretrial', 'pretrial_pass', 'pack_pretrial_pass', 'warehouse:packPretrial', 'pack_pretrial_pass'),
  row('pack_pretrial', 'pretrial_fail', 'pack_pretrial_fail', 'warehouse:packPretrial', 'pack_pretrial_fail'),
  // A quote found wrong before the member paid it: the review is failed after all.
  row('pack_pretrial_pass', 'pretrial_fail', 'pack_pretrial_fail', 'warehouse:packPretrial', 'pack_pretrial_fail'),
  // The member fixed what failed (channel, address, remark) and asks again; or staff send it back to pre-review.
  row('pack_pretrial_fail', 'resubmit', 'pack_pretrial', 'system', 'pack_pretrial_again'),
  row('pack_pretrial_fail', 'reopen', 'pack_pretrial', 'warehouse:packPretrial', 'pack_pretrial_again'),
  row('pack_pretrial_pass', 'pay', 'paying', 'system', 'order_pay'),
  row('paying', 'pay_done', 'paid', 'system', 'order_paid'),
  row('paid', 'queue', 'remove_wait', 'system', 'removeWait'),
  row('remove_wait', 'remove_start', 'removing', 'warehouse:packagesOutShelves', 'remove'),
  row('removing', 'remove_done', 'removed', 'warehouse:packagesOutShelves', 'remove'),
  row('removed', 'pack_start', 'packing', 'warehouse:packing', 'pack'),
  row('packing', 'pack_done', 'packed', 'warehouse:packing', 'pack'),
  // Real freight above what was paid (beyond the tolerance): a top-up bill; the member's payment releases it.
  row('packing', 'patch_request', 'patch_wait', 'warehouse:packing', 'waitPath'),
  // Weighed and not yet labelled, then its freight corrected above what was paid (修改运费): billed the same way.
  row('packed', 'patch_request', 'patch_wait', 'system', 'waitPath'),
  row('patch_wait', 'patch_paid', 'pending_launch', 'system', 'patch_pending_launch'),
  // Scanning the printed label confirms it: the package may go to sorting.
  row('packed', 'label_confirm', 'wait_ship', 'warehouse:packing', 'label'),
  row('pending_launch', 'label_confirm', 'wait_ship', 'warehouse:packing', 'label'),
  row('wait_ship', 'sort', 'sorted', 'warehouse:sortingOutStorage', 'sorted'),
  row('sorted', 'prepare_ship', 'prepare_ship', 'warehouse:sortingOutStorage', 'prepareShip'),
  row('prepare_ship', 'ship', 'shipped', 'warehouse:sortingOutStorage', 'shipped'),
  row('shipped', 'sign', 'received', 'system', 'sign'),
  row('shipped', 'manual_sign', 'received', 'warehouse:packQuery', 'sign', true),
  ...EXCEPTION_FROM.map((s) => row(s, 'raise', 'exception', 'station', 'exception')),
  // The carrier reports a shipped parcel returned, lost or stuck (the tracking job, never a station).
  row('shipped', 'raise', 'exception', 'system', 'exception'),
  row('exception', 'resolve', 'previous', 'warehouse:abnormalPackage', 'exception_resolve'),
  row('exception', 'return_order', 'return_ordered', 'warehouse:abnormalPackage', 'return_ordered'),
  row('exception', 'cancel', 'canceled', 'warehouse:abnormalPackage', 'cancel'),
  row('return_ordered', 'return_check', 'return_refund_check', 'warehouse:abnormalPackage', 'return_refund_check'),
  row('return_refund_check', 'return_refund', 'return_refund_complete', 'warehouse:abnormalPackage', 'return_refund_pass'),
  row('return_refund_complete', 'return_done', 'returned', 'warehouse:abnormalPackage', 'return_done'),
  ...UNPAID_CANCEL_FROM.map((s) => row(s, 'cancel', 'canceled', 'warehouse:packQuery', 'cancel')),
];

/** A 'station' row may be taken at any warehouse station. */
export const packageMachine = defineMachine(PACKAGE_TRANSITIONS, (permission, granted) =>
  permission === 'station' ? STATION_PERMISSIONS.some((k) => granted.has(k)) : granted.has(permission),
);

/** The statuses a manual correction (modify_package_status) may set on a package in `from`. */
export const manualTargets = (from: string): PackageStatus[] =>
  PACKAGE_TRANSITIONS.filter((t) => t.manual && t.from === from && t.to !== 'previous').map((t) => t.to as PackageStatus);

/** Statuses with a manual correction: where the package detail offers 修改状态. */
export const MANUAL_FROM: readonly PackageStatus[] = [...new Set(PACKAGE_TRANSITIONS.filter((t) => t.manual && t.to !== 'previous').map((t) => t.from))];

/**
 * A manual correction of a package in `from` to `to`: 'repeat' when it is there already (done, nothing changes), the
 * machine's manual row that leads there, or undefined when the machine has none.
 */
export const manualCorrection = (from: string, to: string): PackageTransition | 'repeat' | undefined =>
  from === to ? 'repeat' : PACKAGE_TRANSITIONS.find((t) => t.manual && t.from === from && t.to === to);
