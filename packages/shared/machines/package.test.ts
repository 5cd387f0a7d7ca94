import { describe, expect, it } from 'vitest';
import { PackageStatus } from '../vocab/goods-out';
import {
  EXCEPTION_FROM,
  MANUAL_FROM,
  manualCorrection,
  manualTargets,
  PACKAGE_EVENTS,
  PACKAGE_TRANSITIONS,
  packageMachine,
  type PackageEvent,
} from './package';
import { sackMachine } from './sack';

const EXPECTED: Record<string, string> = {
  'pack_created|submit': 'pack_pretrial',
  'ordered|submit': 'pack_pretrial',
  'pack_pretrial|pretrial_pass': 'pack_pretrial_pass',
  'pack_pretrial|pretrial_fail': 'pack_pretrial_fail',
  'pack_pretrial_pass|pretrial_fail': 'pack_pretrial_fail',
  'pack_pretrial_fail|resubmit': 'pack_pretrial',
  'pack_pretrial_fail|reopen': 'pack_pretrial',
  'pack_pretrial_pass|pay': 'paying',
  'paying|pay_done': 'paid',
  'paid|queue': 'remove_wait',
  'remove_wait|remove_start': 'removing',
  'removing|remove_done': 'removed',
  'removed|pack_start': 'packing',
  'packing|pack_done': 'packed',
  'packing|patch_request': 'patch_wait',
  'packed|patch_request': 'patch_wait',
  'patch_wait|patch_paid': 'pending_launch',
  'packed|label_confirm': 'wait_ship',
  'pending_launch|label_confirm': 'wait_ship',
  'wait_ship|sort': 'sorted',
  'sorted|prepare_ship': 'prepare_ship',
  'prepare_ship|ship': 'shipped',
  'shipped|sign': 'received',
  'shipped|manual_sign': 'received',
  'shipped|raise': 'exception',
  'exception|resolve': 'previous',
  'exception|return_order': 'return_ordered',
  'exception|cancel': 'canceled',
  'return_ordered|return_check': 'return_refund_check',
  'return_refund_check|return_refund': 'return_refund_complete',
  'return_refund_complete|return_done': 'returned',
  'pack_created|cancel': 'canceled',
  'ordered|cancel': 'canceled',
  'pack_pretrial|cancel': 'canceled',
  'pack_pretrial_pass|cancel': 'canceled',
  'pack_pretrial_fail|cancel': 'canceled',
};
for (const s of ['remove_wait', 'removing', 'removed', 'packing', 'packed', 'patch_wait', 'pending_launch', 'wait_ship']) EXPECTED[`${s}|raise`] = 'exception';

describe('package machine', () => {
  it('allows exactly the DESIGN §5 transitions, for every status × event pair', () => {
    for (const from of PackageStatus.values) {
      for (const event of PACKAGE_EVENTS) {
        expect(packageMachine.next(from, event), `${from} --${event}-->`).toBe(EXPECTED[`${from}|${event}`] ?? null);
      }
    }
  });

  it('has one row per (from, event) and only SPEC statuses', () => {
    const keys = PACKAGE_TRANSITIONS.map((t) => `${t.from}|${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of PACKAGE_TRANSITIONS) {
      expect(PackageStatus.values).toContain(t.from);
      if (t.to !== 'previous') expect(PackageStatus.values).toContain(t.to);
    }
  });

  it('takes the happy path from pack_pretrial to received', () => {
    const path: PackageEvent[] = [
      'pretrial_pass',
      'pay',
      'pay_done',
      'queue',
      'remove_start',
      'remove_done',
      'pack_start',
      'pack_done',
      'label_confirm',
      'sort',
      'prepare_ship',
      'ship',
      'sign',
    ];
    let s: string = 'pack_pretrial';
    for (const e of path) s = packageMachine.next(s, e) as string;
    expect(s).toBe('received');
  });

  it('takes the top-up path through patch_wait and pending_launch', () => {
    let s: string = 'packing';
    for (const e of ['patch_request', 'patch_paid', 'label_confirm'] as PackageEvent[]) s = packageMachine.next(s, e) as string;
    expect(s).toBe('wait_ship');
  });

  it('refuses terminal states and skipping steps', () => {
    for (const e of PACKAGE_EVENTS) {
      expect(packageMachine.next('received', e)).toBeNull();
      expect(packageMachine.next('canceled', e)).toBeNull();
      expect(packageMachine.next('returned', e)).toBeNull();
    }
    expect(packageMachine.next('remove_wait', 'pack_start')).toBeNull();
    expect(packageMachine.next('packing', 'sort')).toBeNull();
    expect(packageMachine.next('paid', 'cancel')).toBeNull();
    expect(packageMachine.next('sorted', 'raise')).toBeNull();
  });

  it('offers staff only the non-system events their permissions allow', () => {
    expect(packageMachine.allowed('pack_pretrial', new Set(['warehouse:packPretrial'])).sort()).toEqual(['pretrial_fail', 'pretrial_pass']);
    expect(packageMachine.allowed('pack_pretrial', new Set(['warehouse:packing']))).toEqual([]);
    expect(packageMachine.allowed('packing', new Set(['warehouse:packing'])).sort()).toEqual(['pack_done', 'patch_request', 'raise']);
    expect(packageMachine.allowed('exception', new Set(['warehouse:abnormalPackage'])).sort()).toEqual(['cancel', 'resolve', 'return_order']);
    expect(packageMachine.allowed('paid')).toEqual([]);
    // A failed pre-review: sent back by pre-review staff, canceled by 包裹查询 staff (the member resubmits through the API).
    expect(packageMachine.allowed('pack_pretrial_fail', new Set(['warehouse:packPretrial']))).toEqual(['reopen']);
    expect(packageMachine.allowed('pack_pretrial_fail', new Set(['warehouse:packQuery']))).toEqual(['cancel']);
    expect(packageMachine.allowed('pack_pretrial_pass', new Set(['warehouse:packPretrial']))).toEqual(['pretrial_fail']);
    expect(packageMachine.allowed('shipped')).toEqual(['manual_sign']);
  });

  it('answers a manual status correction from its manual rows only', () => {
    expect(manualTargets('shipped')).toEqual(['received']);
    expect(manualTargets('packing')).toEqual([]);
    expect(MANUAL_FROM).toEqual(['shipped']);
    expect(manualCorrection('shipped', 'received')).toMatchObject({ event: 'manual_sign', to: 'received' });
    expect(manualCorrection('received', 'received')).toBe('repeat');
    expect(manualCorrection('packing', 'received')).toBeUndefined();
  });

  it('lets any station raise an exception from the warehouse statuses only, and the tracking job from shipped', () => {
    expect(packageMachine.fromStatuses('raise').sort()).toEqual([...EXCEPTION_FROM, 'shipped'].sort());
    expect(packageMachine.transitionOf('shipped', 'raise')?.permission).toBe('system');
  });

  it('moves sacks open → sealed → shipped only', () => {
    expect(sackMachine.next('open', 'seal')).toBe('sealed');
    expect(sackMachine.next('sealed', 'ship')).toBe('shipped');
    expect(sackMachine.next('open', 'ship')).toBeNull();
    expect(sackMachine.next('shipped', 'seal')).toBeNull();
    expect(sackMachine.next('sealed', 'fill')).toBeNull();
  });
});
