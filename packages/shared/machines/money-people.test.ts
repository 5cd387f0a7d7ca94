import { describe, expect, it } from 'vitest';
import { refundMachine, RefundStatus } from './refund';
import { returnMachine, returnState, returnStateLabel, ReturnShipping, ReturnStatus } from './return';
import { withdrawalMachine, WithdrawalStatus, WITHDRAWAL_EVENTS } from './withdrawal';

describe('refund machine', () => {
  it('allows review only while awaiting it', () => {
    for (const s of RefundStatus.values) {
      expect(refundMachine.next(s, 'pass')).toBe(s === 'return_refund_check' ? 'refunded' : null);
      expect(refundMachine.next(s, 'fail')).toBe(s === 'return_refund_check' ? 'return_apply_refuse' : null);
    }
  });
});

describe('return machine', () => {
  it('reviews, then ships wait_send → send → sign', () => {
    const shippings = [null, ...ReturnShipping.values];
    const allowed: string[] = [];
    for (const s of ReturnStatus.values) for (const sh of shippings) for (const e of returnMachine.allowed(returnState(s, sh))) allowed.push(`${s}/${sh}/${e}`);
    expect(allowed.sort()).toEqual(['return_checking/null/fail', 'return_checking/null/pass', 'return_doing/send/sign', 'return_doing/wait_send/send']);
    expect(returnMachine.next(returnState('return_doing', 'send'), 'sign')).toBe('returned/sign');
    expect(returnMachine.next(returnState('returned', 'sign'), 'sign')).toBeNull();
    expect(returnStateLabel('return_doing/send')).toBe('退货中/已寄出');
  });
});

describe('withdrawal machine', () => {
  it('pending → approved → paid, or rejected; nothing else', () => {
    const table: Record<string, Record<string, string | null>> = {};
    for (const s of WithdrawalStatus.values) {
      table[s] = {};
      for (const e of WITHDRAWAL_EVENTS) table[s][e] = withdrawalMachine.next(s, e);
    }
    expect(table).toEqual({
      pending: { approve: 'approved', reject: 'rejected', pay: null },
      approved: { approve: null, reject: 'rejected', pay: 'paid' },
      rejected: { approve: null, reject: null, pay: null },
      paid: { approve: null, reject: null, pay: null },
    });
  });
});
