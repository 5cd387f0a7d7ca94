import { describe, expect, it } from 'vitest';
import { PurchaseStatus } from '../vocab/goods-in';
import { PATCH_EVENTS, patchMachine, purchaseMachine, PURCHASE_EVENTS, PURCHASE_TRANSITIONS, type PurchaseEvent } from './purchase-order';

const EXPECTED: Record<string, string> = {
  'ordered|pay': 'paying',
  'paying|pay_done': 'paid',
  'paid|queue': 'purchase_wait',
  'ordered|manual_paid': 'purchase_wait',
  'purchase_wait|claim': 'purchasing',
  'purchasing|transfer': 'purchasing',
  'purchasing|hold': 'purchase_hold',
  'purchase_hold|release': 'purchasing',
  'purchasing|purchase': 'purchased',
  'purchasing|patch_request': 'purchase_patch',
  'purchase_patch|patch_paid': 'purchasing',
  'purchasing|patch_refund': 'purchasing',
  'purchasing|patch_match': 'purchasing',
  'purchasing|fail': 'purchase_fail',
  'purchase_patch|fail': 'purchase_fail',
  'purchase_fail|refund': 'refunded',
  'ordered|cancel': 'canceled',
  'paid|cancel': 'canceled',
  'purchase_wait|cancel': 'canceled',
  'canceled|refund': 'refunded',
  'purchased|logistics': 'purchased',
  'purchased|inbound': 'stocking_input',
  'stocking_input|photo': 'stocking_photo',
  'stocking_input|qc_hold': 'purchase_hold',
  'purchase_hold|qc_release': 'stocking_input',
  'purchase_hold|refund': 'refunded',
  'purchase_hold|return_apply': 'return_checking',
  'stocking_photo|shelve': 'shelved',
  'shelved|move': 'shelved',
  'shelved|count_missing': 'shelved',
  'shelved|restock': 'stocking_photo',
  'shelved|return_apply': 'return_checking',
  'return_checking|return_pass': 'return_doing',
  'return_checking|return_refuse': 'return_apply_refuse',
  'return_doing|return_done': 'returned',
  'return_doing|exchange_done': 'purchased',
  'returned|refund': 'refunded',
};

describe('purchase order machine', () => {
  it('allows exactly the DESIGN §5 transitions, for every status × event pair', () => {
    for (const from of PurchaseStatus.values) {
      for (const event of PURCHASE_EVENTS) {
        expect(purchaseMachine.next(from, event), `${from} --${event}-->`).toBe(EXPECTED[`${from}|${event}`] ?? null);
      }
    }
  });

  it('has one row per (from, event) and only SPEC statuses', () => {
    const keys = PURCHASE_TRANSITIONS.map((t) => `${t.from}|${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of PURCHASE_TRANSITIONS) {
      expect(PurchaseStatus.values).toContain(t.from);
      expect(PurchaseStatus.values).toContain(t.to);
    }
  });

  it('takes the happy path from purchase_wait to shelved', () => {
    const path: PurchaseEvent[] = ['claim', 'purchase', 'inbound', 'photo', 'shelve'];
    let s: string = 'purchase_wait';
    for (const e of path) s = purchaseMachine.next(s, e) as string;
    expect(s).toBe('shelved');
  });

  it('refuses unknown statuses and terminal states', () => {
    expect(purchaseMachine.next('nonsense', 'claim')).toBeNull();
    for (const e of PURCHASE_EVENTS) expect(purchaseMachine.next('refunded', e)).toBeNull();
    expect(purchaseMachine.next('shelved', 'shelve')).toBeNull();
  });

  it('offers staff only the non-system events their permissions allow', () => {
    expect(purchaseMachine.allowed('purchasing').sort()).toEqual(['fail', 'hold', 'patch_match', 'patch_refund', 'patch_request', 'purchase', 'transfer']);
    expect(purchaseMachine.allowed('paid')).toEqual(['cancel']);
    expect(purchaseMachine.allowed('stocking_input', new Set(['warehouse:qcPhoto']))).toEqual(['photo', 'qc_hold']);
    expect(purchaseMachine.allowed('stocking_input', new Set(['buy:buyOrder']))).toEqual([]);
    expect(purchaseMachine.allowed('ordered')).toEqual(['manual_paid', 'cancel']);
    expect(purchaseMachine.allowed('ordered', new Set(['buy:buyOrder']))).toEqual(['cancel']);
  });

  it('lists where an event may start', () => {
    expect(purchaseMachine.fromStatuses('cancel').sort()).toEqual(['ordered', 'paid', 'purchase_wait']);
    expect(purchaseMachine.fromStatuses('refund').sort()).toEqual(['canceled', 'purchase_fail', 'purchase_hold', 'returned']);
    // An exchange ends where a bought line waits for its parcel, with no refund on the way.
    expect(purchaseMachine.fromStatuses('exchange_done')).toEqual(['return_doing']);
    expect(purchaseMachine.next('return_doing', 'exchange_done')).toBe('purchased');
    expect(purchaseMachine.transitionOf('return_doing', 'exchange_done')?.trace).toBe('purchase_exchange');
  });

  it("the price difference decides: no purchase with a top-up outstanding, one refund or match, and a top-up's payment once", () => {
    const states = ['none', 'purchase_patch', 'patch_completed', 'patch_refund', 'patch_match'];
    const table = Object.fromEntries(states.map((s) => [s, PATCH_EVENTS.filter((e) => patchMachine.next(s, e) !== null)]));
    expect(table).toEqual({
      none: ['purchase', 'patch_request', 'patch_refund', 'patch_match'],
      purchase_patch: ['patch_paid'],
      patch_completed: ['purchase', 'patch_request', 'patch_refund', 'patch_match'],
      patch_refund: ['purchase', 'patch_request'],
      patch_match: ['purchase', 'patch_request'],
    });
    expect(patchMachine.next('patch_refund', 'purchase')).toBe('patch_refund');
    expect(patchMachine.toStatuses('patch_paid')).toEqual(['patch_completed']);
  });
});
