import { describe, expect, it } from 'vitest';
import { exceptionMachine } from './exception';
import { kycMachine } from './kyc';
import { outBatchMachine } from './out-batch';
import { packageMachine } from './package';
import { purchaseMachine } from './purchase-order';
import { refundMachine } from './refund';
import { returnMachine } from './return';
import { sackMachine } from './sack';
import { shopOrderMachine } from './shop-order';
import { topupMachine } from './topup';
import { withdrawalMachine } from './withdrawal';
import type { Machine, MachineRow } from './machine';

const MACHINES: [string, Machine<MachineRow>][] = [
  ['purchase', purchaseMachine],
  ['package', packageMachine],
  ['sack', sackMachine],
  ['out batch', outBatchMachine],
  ['exception', exceptionMachine],
  ['shop order', shopOrderMachine],
  ['top-up', topupMachine],
  ['kyc', kycMachine],
  ['refund', refundMachine],
  ['return', returnMachine],
  ['withdrawal', withdrawalMachine],
];

describe('every machine has the one shape', () => {
  it.each(MACHINES)('%s: one row per (from, event), and its questions agree with its rows', (_, m) => {
    const keys = m.rows.map((r) => `${r.from}|${r.event}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of m.rows) {
      expect(m.transitionOf(r.from, r.event)).toBe(r);
      expect(m.next(r.from, r.event)).toBe(r.to);
      expect(m.fromStatuses(r.event)).toContain(r.from);
      expect(m.toStatuses(r.event)).toContain(r.to);
      if (r.permission !== 'system') expect(m.allowed(r.from)).toContain(r.event);
      else expect(m.allowed(r.from)).not.toContain(r.event);
    }
    expect(m.next('no_such_status', m.rows[0].event)).toBeNull();
  });
});
