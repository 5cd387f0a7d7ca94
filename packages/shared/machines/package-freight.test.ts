import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeFreight, type FreightRule } from '../freight/calculator';
import { FREIGHT_TOLERANCE_MIN, freightTolerance, topUpDue } from '../vocab/goods-out';

/** Random but valid channel rules: first weight and steps, divisor 0/5000/6000/8000, limits. */
const rule = fc.record({
  currency: fc.constant('CNY'),
  firstWeightG: fc.integer({ min: 100, max: 2000 }),
  firstPrice: fc.integer({ min: 0, max: 50_000 }),
  continuedWeightG: fc.integer({ min: 50, max: 1000 }),
  continuedPrice: fc.integer({ min: 0, max: 20_000 }),
  volumetricDivisor: fc.constantFrom(0, 5000, 6000, 8000),
  minWeightG: fc.constant(0),
  maxWeightG: fc.constantFrom(0, 30_000, 70_000),
  maxSideMm: fc.constantFrom(0, 1500),
  fuelSurchargeBp: fc.integer({ min: 0, max: 3000 }),
  handlingFee: fc.integer({ min: 0, max: 3000 }),
}) as fc.Arbitrary<FreightRule>;
const parcel = fc.record({
  weightG: fc.integer({ min: 1, max: 30_000 }),
  lengthMm: fc.integer({ min: 1, max: 1500 }),
  widthMm: fc.integer({ min: 1, max: 1500 }),
  heightMm: fc.integer({ min: 1, max: 1500 }),
});

describe('freight top-up at the packing station', () => {
  it('bills nothing within the tolerance and the whole difference beyond it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (real, charged) => {
        const due = topUpDue(real, charged);
        expect(due).toBeGreaterThanOrEqual(0);
        if (real - charged <= freightTolerance(charged)) expect(due).toBe(0);
        else expect(due).toBe(real - charged);
        expect(freightTolerance(charged)).toBeGreaterThanOrEqual(FREIGHT_TOLERANCE_MIN);
      }),
    );
  });

  it('never bills a parcel that came out lighter and smaller than the one quoted', () => {
    fc.assert(
      fc.property(rule, parcel, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 300 }), (r, quoted, lighter, smaller) => {
        const paid = computeFreight(r, quoted);
        const real = computeFreight(r, {
          weightG: Math.max(0, quoted.weightG - lighter),
          lengthMm: Math.max(1, quoted.lengthMm - smaller),
          widthMm: quoted.widthMm,
          heightMm: quoted.heightMm,
        });
        if (!paid.ok) return;
        expect(real.ok).toBe(true);
        if (real.ok) expect(topUpDue(real.total, paid.total)).toBe(0);
      }),
    );
  });

  it('prices on the larger of actual and volumetric weight, so a heavier or bulkier parcel never costs less', () => {
    fc.assert(
      fc.property(rule, parcel, fc.integer({ min: 0, max: 5000 }), (r, p, more) => {
        const a = computeFreight({ ...r, maxWeightG: 0, maxSideMm: 0 }, p);
        const b = computeFreight({ ...r, maxWeightG: 0, maxSideMm: 0 }, { ...p, weightG: p.weightG + more, heightMm: p.heightMm + more });
        if (!a.ok || !b.ok) throw new Error('no limits: always priced');
        expect(b.chargeableWeightG).toBe(Math.max(b.actualWeightG, b.volumetricWeightG));
        expect(b.total).toBeGreaterThanOrEqual(a.total);
      }),
    );
  });
});
