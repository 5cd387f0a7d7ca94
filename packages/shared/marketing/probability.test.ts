import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquare, fillerRest, formatPercent, parsePercent, pickIndex, simulate, TOTAL_BP, validateProbabilities } from './probability';

/** n integer chances (hundredths) that add up to exactly 10000. */
const partition = (min: number, max: number) =>
  fc.integer({ min, max }).chain((n) =>
    fc.array(fc.integer({ min: 0, max: TOTAL_BP }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
      const edges = [0, ...cuts.sort((a, b) => a - b), TOTAL_BP];
      return edges.slice(1).map((e, i) => e - edges[i]);
    }),
  );

const asPrizes = (bps: number[], fillerAt = bps.length - 1) => bps.map((bp, i) => ({ probability: formatPercent(bp), isFiller: i === fillerAt }));

describe('percentage texts', () => {
  it('parse and format round-trip for every value 0–100 with two decimals', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: TOTAL_BP }), (bp) => parsePercent(formatPercent(bp)) === bp));
  });

  it('parse exactly without floating point: 0.1 + 0.2 style sums stay exact', () => {
    expect(parsePercent('0.1')! + parsePercent('0.2')!).toBe(parsePercent('0.3'));
    expect(parsePercent('33.33')! * 2 + parsePercent('33.34')!).toBe(TOTAL_BP);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('100')).toBe(10000);
    expect(parsePercent('0')).toBe(0);
  });

  it('refuse more than two decimals, above 100, signs, blanks and junk', () => {
    for (const bad of ['1.005', '100.01', '101', '-1', '', ' ', '1e2', '0x10', '1.', '.5', 'abc', '1,5', '1000']) expect(parsePercent(bad), bad).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 999 }), (whole, frac) => {
        const text = `${whole}.${String(frac).padStart(3, '0')}`;
        return parsePercent(text) === null;
      }),
    );
  });
});

describe('validateProbabilities', () => {
  it('accepts any prize list whose chances add up to exactly 100 with one filler', () => {
    fc.assert(
      fc.property(partition(2, 12), (bps) => {
        const r = validateProbabilities(asPrizes(bps));
        return r.ok && r.bps.every((b, i) => b === bps[i]);
      }),
    );
  });

  it('refuses any list whose sum is off by even one hundredth', () => {
    fc.assert(
      fc.property(partition(2, 12), fc.integer({ min: 0, max: 11 }), fc.constantFrom(-1, 1, 7, -50), (bps, at, delta) => {
        const i = at % bps.length;
        const changed = bps.map((b, j) => (j === i ? b + delta : b));
        fc.pre(changed[i] >= 0 && changed[i] <= TOTAL_BP);
        const r = validateProbabilities(asPrizes(changed));
        return !r.ok && r.message === '各奖品中奖概率之和必须等于100%';
      }),
    );
  });

  it('refuses a missing or doubled filler and a bad percentage, naming the prize', () => {
    expect(validateProbabilities([{ probability: '50' }, { probability: '50' }])).toMatchObject({ ok: false, message: '必须有一个“谢谢参与”奖品' });
    expect(
      validateProbabilities([
        { probability: '50', isFiller: true },
        { probability: '50', isFiller: true },
      ]),
    ).toMatchObject({ ok: false, message: '只能有一个“谢谢参与”奖品' });
    expect(validateProbabilities([{ probability: '50' }, { probability: '49.999', isFiller: true }])).toMatchObject({
      ok: false,
      index: 1,
      message: '请输入1~100的数值，最多保留两位小数',
    });
    expect(validateProbabilities([{ probability: '100', isFiller: true }], { min: 2, max: 12 })).toMatchObject({ ok: false, message: '奖品数量不符合要求' });
  });

  it('the filler rest always completes a valid list', () => {
    fc.assert(
      fc.property(partition(2, 12), (bps) => {
        const others = bps.slice(0, -1).map(formatPercent);
        const rest = fillerRest(others);
        return (
          rest === bps[bps.length - 1] &&
          validateProbabilities([...others.map((p) => ({ probability: p })), { probability: formatPercent(rest!), isFiller: true }]).ok
        );
      }),
    );
    expect(fillerRest(['60', '40.01'])).toBeNull();
    expect(fillerRest(['abc'])).toBeNull();
  });
});

describe('pickIndex', () => {
  it('maps each value of [0, 10000) to the prize whose range holds it: exactly bp values per prize', () => {
    fc.assert(
      fc.property(partition(1, 8), (bps) => {
        const counts = new Array(bps.length).fill(0);
        for (let r = 0; r < TOTAL_BP; r++) counts[pickIndex(bps, r)]++;
        return counts.every((c, i) => c === bps[i]);
      }),
      { numRuns: 50 },
    );
  });

  it('throws outside the ranges', () => {
    expect(() => pickIndex([5000, 5000], 10000)).toThrow(RangeError);
  });
});

describe('simulate', () => {
  it('counts every draw; a fixed source gives the expected prize', () => {
    const rows = simulate([2500, 7500], 100, () => 2499);
    expect(rows.map((r) => r.hits)).toEqual([100, 0]);
    expect(simulate([0, 10000], 10, () => 0).map((r) => r.hits)).toEqual([0, 10]);
    expect(
      chiSquare(
        [
          { index: 0, configuredBp: 0, hits: 1, observedBp: 1000 },
          { index: 1, configuredBp: 10000, hits: 9, observedBp: 9000 },
        ],
        10,
      ).statistic,
    ).toBe(Infinity);
    expect(
      chiSquare(
        [
          { index: 0, configuredBp: 5000, hits: 60, observedBp: 6000 },
          { index: 1, configuredBp: 5000, hits: 40, observedBp: 4000 },
        ],
        100,
      ),
    ).toEqual({ statistic: 4, df: 1 });
  });
});
