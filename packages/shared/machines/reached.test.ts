import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PurchaseStatus, ShopOrderStatus, UnclaimedStatus } from '../vocab/goods-in';
import { BatchStatus, ExceptionStatus, PackageStatus, SackStatus } from '../vocab/goods-out';
import { exceptionMachine } from './exception';
import type { Machine, MachineRow } from './machine';
import { outBatchMachine } from './out-batch';
import { packageMachine } from './package';
import { purchaseMachine } from './purchase-order';
import { RefundStatus, refundMachine } from './refund';
import { ReturnStatus, returnMachine } from './return';
import { sackMachine } from './sack';
import { shopOrderMachine } from './shop-order';
import { unclaimedMachine } from './unclaimed';
import { WithdrawalStatus, withdrawalMachine } from './withdrawal';

/**
 * Issue 30.6: every status of a vocabulary a machine moves is reached by a flow (where rows start, or a row's target),
 * or is listed here with why not and which issue brings it — and the README's "Statuses no flow reaches yet" says the
 * same. Both ways: a status listed here that a row reaches now must leave the list.
 */
const NOT_REACHED: Record<string, Record<string, string>> = {
  purchase: {
    patch_completed: 'a price difference’s outcome: kept in patch_status beside the line’s status (the patch machine)',
    patch_refund: 'a price difference’s outcome: kept in patch_status (the patch machine)',
    patch_match: 'a price difference’s outcome: kept in patch_status (the patch machine)',
    unknown: 'the SPEC’s label for a status the member site sends that is none of these; never written',
  },
  package: {
    ordered: 'the SPEC’s pack-order vocabulary; a pack order goes straight to pre-review',
    pack_sealed_box: '#33 (out the door): sealing a carton as its own step before labels',
    stocking_input: 'the SPEC’s package vocabulary for a parcel forwarded unopened: no flow forwards one whole',
    stocking_photo: 'as stocking_input',
    stocking_no_video: 'as stocking_input',
    stocking_video: 'as stocking_input',
    stocking_photo_video: 'as stocking_input',
    shelved: 'as stocking_input',
    unknown: 'the SPEC’s label for a status the member site sends that is none of these; never written',
  },
  shopOrder: {
    paying: '#32 (money in): waiting for a payment provider’s answer; a balance payment is paid at once',
  },
};

/** Where rows start without a row leading there: the status a new row is written with. */
const INITIAL: Record<string, string[]> = {
  purchase: ['ordered'],
  package: ['pack_created', 'pack_pretrial'],
  shopOrder: ['ordered'],
  sack: ['open'],
  batch: ['open'],
  exception: ['open'],
  refund: ['return_refund_check'],
  return: ['return_checking'],
  withdrawal: ['pending'],
  unclaimed: ['open'],
};

type Vocab = { values: readonly string[] };
const MACHINES: [string, Machine<MachineRow>, Vocab][] = [
  ['purchase', purchaseMachine as unknown as Machine<MachineRow>, PurchaseStatus],
  ['package', packageMachine as unknown as Machine<MachineRow>, PackageStatus],
  ['shopOrder', shopOrderMachine as unknown as Machine<MachineRow>, ShopOrderStatus],
  ['sack', sackMachine as unknown as Machine<MachineRow>, SackStatus],
  ['batch', outBatchMachine as unknown as Machine<MachineRow>, BatchStatus],
  ['exception', exceptionMachine as unknown as Machine<MachineRow>, ExceptionStatus],
  ['refund', refundMachine as unknown as Machine<MachineRow>, RefundStatus],
  ['return', returnMachine as unknown as Machine<MachineRow>, ReturnStatus],
  ['withdrawal', withdrawalMachine as unknown as Machine<MachineRow>, WithdrawalStatus],
  ['unclaimed', unclaimedMachine as unknown as Machine<MachineRow>, UnclaimedStatus],
];

describe('every status is reached by a flow, or the README says which issue brings it', () => {
  for (const [name, machine, vocab] of MACHINES) {
    it(name, () => {
      // A return's state is its status and its shipping step (return_doing/send): the status is the first part.
      const status = (s: string) => s.split('/')[0]!;
      const targets = new Set(machine.rows.map((r) => status(r.to)));
      const starts = new Set([...machine.rows.map((r) => status(r.from)), ...(INITIAL[name] ?? [])]);
      const unreached = vocab.values.filter((s) => !targets.has(s) && !(INITIAL[name] ?? []).includes(s));
      expect(unreached.sort()).toEqual(Object.keys(NOT_REACHED[name] ?? {}).sort());
      // A row starts only where something leads (no dead vocabulary in the rows either).
      for (const s of starts) expect(vocab.values.includes(s) || s === 'pack_created', `${name}: ${s}`).toBe(true);
    });
  }

  it('the README lists the statuses no flow reaches yet, each with its reason', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Statuses no flow reaches yet'));
    expect(section.length).toBeLessThan(readme.length);
    for (const [name, statuses] of Object.entries(NOT_REACHED))
      for (const status of Object.keys(statuses)) expect(section, `${name}.${status}`).toContain(`\`${name}.${status}\``);
  });
});
