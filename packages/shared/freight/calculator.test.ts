import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyBp, computeFreight, volumetricWeightG, type FreightRule } from './calculator';

const ems: FreightRule = {
  currency: 'CNY',
  firstWeightG: 500,
  firstPrice: 12000,
  continuedWeightG: 500,
  continuedPrice: 4500,
  volumetricDivisor: 6000,
  minWeightG: 0,
  maxWeightG: 30000,
  maxSideMm: 1500,
  fuelSurchargeBp: 0,
  handlingFee: 0,
};

const box = (weightG: number, l = 100, w = 100, h = 100) => ({ weightG, lengthMm: l, widthMm: w, heightMm: h });

describe('computeFreight', () => {
  it('charges the first weight for anything up to it, even 0 g', () => {
    for (const g of [0, 1, 499, 500]) {
      const r = computeFreight(ems, box(g));
      expect(r.ok && r.total).toBe(12000);
      expect(r.ok && r.continuedSteps).toBe(0);
    }
  });

  it('charges every started continued step', () => {
    const at = (g: number) => {
      const r = computeFreight(ems, box(g));
      if (!r.ok) throw new Error(r.reason);
      return r;
    };
    expect(at(501).continuedSteps).toBe(1);
    expect(at(501).total).toBe(16500);
    expect(at(1000).total).toBe(16500);
    expect(at(1001).total).toBe(21000);
    expect(at(2300).continuedSteps).toBe(4);
    expect(at(2300).total).toBe(12000 + 4 * 4500);
  });

  it('prices a light bulky parcel on its volumetric weight', () => {
    // 400 × 300 × 200 mm = 24,000,000 mm³ / 6000 = 4000 g volumetric, actual 1200 g.
    const r = computeFreight(ems, box(1200, 400, 300, 200));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.volumetricWeightG).toBe(4000);
    expect(r.chargeableWeightG).toBe(4000);
    expect(r.continuedSteps).toBe(7);
    expect(r.total).toBe(12000 + 7 * 4500);
  });

  it('prices a dense parcel on its actual weight', () => {
    const r = computeFreight(ems, box(5000, 200, 100, 100));
    expect(r.ok && r.volumetricWeightG).toBe(334); // 2,000,000 / 6000 = 333.3 → 334
    expect(r.ok && r.chargeableWeightG).toBe(5000);
  });

  it('ignores dimensions when the rule has no divisor', () => {
    const r = computeFreight({ ...ems, volumetricDivisor: 0 }, box(1200, 1000, 1000, 1000));
    expect(r.ok && r.volumetricWeightG).toBe(0);
    expect(r.ok && r.chargeableWeightG).toBe(1200);
  });

  it('refuses parcels outside the weight and size limits, naming the limit', () => {
    expect(computeFreight(ems, box(30001))).toMatchObject({ ok: false, reason: 'over_max_weight', limit: 30000 });
    expect(computeFreight(ems, box(30000)).ok).toBe(true);
    // Volumetric weight counts towards the maximum: 1400³ mm³ / 6000 ≫ 30 kg.
    expect(computeFreight(ems, box(1000, 1400, 1400, 1400))).toMatchObject({ ok: false, reason: 'over_max_weight' });
    expect(computeFreight(ems, box(1000, 1501, 10, 10))).toMatchObject({ ok: false, reason: 'over_max_side', limit: 1500 });
    const withMin = { ...ems, minWeightG: 2000 };
    expect(computeFreight(withMin, box(1999))).toMatchObject({ ok: false, reason: 'under_min_weight', limit: 2000 });
    expect(computeFreight(withMin, box(2000)).ok).toBe(true);
  });

  it('adds the fuel surcharge (half up), the handling fee and the surcharges of present attributes', () => {
    const rule: FreightRule = { ...ems, fuelSurchargeBp: 1250, handlingFee: 800, attrSurcharges: { battery: 1500, liquid: 1000 } };
    const r = computeFreight(rule, { ...box(900), attrs: ['battery', 'brand'] });
    if (!r.ok) throw new Error(r.reason);
    expect(r.weightPrice).toBe(16500);
    expect(r.fuelSurcharge).toBe(2063); // 16500 × 12.5 % = 2062.5 → 2063
    expect(r.attrSurcharge).toBe(1500);
    expect(r.total).toBe(16500 + 2063 + 800 + 1500);
  });

  it('rejects non-integer or negative inputs and impossible rules', () => {
    expect(() => computeFreight(ems, box(1.5))).toThrow(RangeError);
    expect(() => computeFreight(ems, box(-1))).toThrow(RangeError);
    expect(() => computeFreight(ems, { ...box(100), lengthMm: Number.NaN })).toThrow(RangeError);
    expect(() => computeFreight({ ...ems, continuedWeightG: 0 }, box(100))).toThrow(/continuedWeightG/);
    expect(() => computeFreight({ ...ems, firstPrice: 10.5 }, box(100))).toThrow(RangeError);
    expect(() => computeFreight({ ...ems, minWeightG: 5, maxWeightG: 4 }, box(100))).toThrow(/minWeightG/);
  });
});

describe('helpers', () => {
  it('volumetric weight rounds up and is exact for huge boxes', () => {
    expect(volumetricWeightG(5000, 100, 100, 100)).toBe(200);
    expect(volumetricWeightG(5000, 100, 100, 101)).toBe(202);
    expect(volumetricWeightG(5000, 1, 1, 1)).toBe(1);
    expect(volumetricWeightG(5000, 0, 100, 100)).toBe(0);
    expect(volumetricWeightG(1, 300_000, 300_000, 300_000)).toBe(27_000_000_000_000_000);
  });
  it('applyBp rounds half up', () => {
    expect(applyBp(1, 5000)).toBe(1);
    expect(applyBp(1, 4999)).toBe(0);
    expect(applyBp(12345, 10000)).toBe(12345);
    expect(applyBp(0, 1234)).toBe(0);
  });
});

const ruleArb = fc.record({
  currency: fc.constant('CNY'),
  firstWeightG: fc.integer({ min: 1, max: 5000 }),
  firstPrice: fc.integer({ min: 0, max: 100_000 }),
  continuedWeightG: fc.integer({ min: 1, max: 5000 }),
  continuedPrice: fc.integer({ min: 0, max: 100_000 }),
  volumetricDivisor: fc.constantFrom(0, 5000, 6000, 8000),
  minWeightG: fc.constant(0),
  maxWeightG: fc.constant(0),
  maxSideMm: fc.constant(0),
  fuelSurchargeBp: fc.integer({ min: 0, max: 5000 }),
  handlingFee: fc.integer({ min: 0, max: 10_000 }),
});
const parcelArb = fc.record({
  weightG: fc.integer({ min: 0, max: 100_000 }),
  lengthMm: fc.integer({ min: 0, max: 2000 }),
  widthMm: fc.integer({ min: 0, max: 2000 }),
  heightMm: fc.integer({ min: 0, max: 2000 }),
});

describe('properties', () => {
  it('total is an integer at least the first price, and the parts add up', () => {
    fc.assert(
      fc.property(ruleArb, parcelArb, (rule, parcel) => {
        const r = computeFreight(rule, parcel);
        if (!r.ok) return false;
        expect(Number.isSafeInteger(r.total)).toBe(true);
        expect(r.total).toBeGreaterThanOrEqual(rule.firstPrice);
        expect(r.total).toBe(r.weightPrice + r.fuelSurcharge + r.handlingFee + r.attrSurcharge);
        expect(r.chargeableWeightG).toBe(Math.max(r.actualWeightG, r.volumetricWeightG));
        // The steps cover the chargeable weight, and one step less would not.
        expect(rule.firstWeightG + r.continuedSteps * rule.continuedWeightG).toBeGreaterThanOrEqual(r.chargeableWeightG);
        if (r.continuedSteps > 0) expect(rule.firstWeightG + (r.continuedSteps - 1) * rule.continuedWeightG).toBeLessThan(r.chargeableWeightG);
        return true;
      }),
    );
  });

  it('never gets cheaper when the parcel gets heavier or bigger', () => {
    fc.assert(
      fc.property(ruleArb, parcelArb, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 300 }), (rule, parcel, dw, dl) => {
        const a = computeFreight(rule, parcel);
        const b = computeFreight(rule, { ...parcel, weightG: parcel.weightG + dw, lengthMm: parcel.lengthMm + dl });
        return a.ok && b.ok && b.total >= a.total;
      }),
    );
  });

  it('a parcel is refused exactly when it is outside the limits', () => {
    fc.assert(
      fc.property(
        ruleArb,
        parcelArb,
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 2000 }),
        (rule, parcel, min, max, side) => {
          const limited = { ...rule, minWeightG: max ? Math.min(min, max) : min, maxWeightG: max, maxSideMm: side };
          const r = computeFreight(limited, parcel);
          const longest = Math.max(parcel.lengthMm, parcel.widthMm, parcel.heightMm);
          const inside =
            (!side || longest <= side) && (!max || r.chargeableWeightG <= max) && (!limited.minWeightG || r.chargeableWeightG >= limited.minWeightG);
          return r.ok === inside;
        },
      ),
    );
  });
});
