import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { freightOutcome } from './outcome';
import { freightTolerance } from '../vocab/goods-out';

describe('the outcome of the real freight on what was paid', () => {
  it('bills a top-up beyond the tolerance, refunds what came out cheaper, and matches in between', () => {
    const paid = { freightCharged: 20_500, freightDiscount: 0, refundedAmount: 0 };
    expect(freightOutcome(paid, 52_000)).toEqual({ patchStatus: 'patch_wait', topUp: 31_500, refund: 0 });
    expect(freightOutcome(paid, 20_500 + freightTolerance(20_500))).toEqual({ patchStatus: 'patch_match', topUp: 0, refund: 0 });
    expect(freightOutcome(paid, 20_500)).toEqual({ patchStatus: 'patch_match', topUp: 0, refund: 0 });
    expect(freightOutcome(paid, 17_333)).toEqual({ patchStatus: 'patch_refund', topUp: 0, refund: 3_167 });
  });

  it('counts what was refunded already, and never pays out the part a coupon paid', () => {
    expect(freightOutcome({ freightCharged: 20_500, freightDiscount: 0, refundedAmount: 3_167 }, 17_333).patchStatus).toBe('patch_match');
    expect(freightOutcome({ freightCharged: 20_500, freightDiscount: 0, refundedAmount: 3_167 }, 15_000)).toEqual({
      patchStatus: 'patch_refund',
      topUp: 0,
      refund: 2_333,
    });
    // 205.00 charged, 50.00 of it by a coupon: real 100.00 gives back 105.00; real 10.00 at most the 155.00 paid.
    expect(freightOutcome({ freightCharged: 20_500, freightDiscount: 5_000, refundedAmount: 0 }, 10_000).refund).toBe(10_500);
    expect(freightOutcome({ freightCharged: 20_500, freightDiscount: 5_000, refundedAmount: 0 }, 1_000).refund).toBe(15_500);
  });

  it('never refunds more than the money left, and never both bills and refunds', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (charged, discount, refunded, real) => {
        const d = Math.min(discount, charged);
        const r = Math.min(refunded, charged - d);
        const o = freightOutcome({ freightCharged: charged, freightDiscount: d, refundedAmount: r }, real);
        expect(o.topUp === 0 || o.refund === 0).toBe(true);
        expect(o.refund).toBeLessThanOrEqual(Math.max(0, charged - d - r));
        expect(o.refund).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
