import { RuleMessage } from '../rules';

/**
 * Lucky-draw probabilities (SPEC §5 percentage rule): each prize's chance is a percentage text of at most two
 * decimals; an activity's chances add up to exactly 100. Everything is computed in integer hundredths of a
 * percent (12.34% = 1234, 100% = 10000) so no floating-point sum can be off by a rounding error.
 */
export const TOTAL_BP = 10_000;

const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

export const ProbabilityMessage = {
  format: RuleMessage.percentage,
  sum: '各奖品中奖概率之和必须等于100%',
  filler: '必须有一个“谢谢参与”奖品',
  fillerCount: '只能有一个“谢谢参与”奖品',
  count: '奖品数量不符合要求',
  negativeRest: '其他奖品概率之和已超过100%',
} as const;

/** "12.34" → 1234; null when the text breaks the percentage rule (not 0–100 or more than two decimals). */
export function parsePercent(text: string): number | null {
  const m = PERCENT_TEXT.exec(typeof text === 'string' ? text.trim() : '');
  if (!m) return null;
  const value = Number(m[1]) * 100 + Number(`${m[2] ?? ''}00`.slice(0, 2));
  return value > TOTAL_BP ? null : value;
}

/** 1234 → "12.34", 500 → "5", 1250 → "12.5". */
export function formatPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = bp % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

export interface PrizeChance {
  probability: string;
  isFiller?: boolean;
}

export type ProbabilityResult = { ok: true; bps: number[] } | { ok: false; message: string; index?: number };

/**
 * Checks a prize list: every chance follows the percentage rule, exactly one filler, and the chances add up to
 * exactly 100%. Returns the chances in hundredths.
 */
export function validateProbabilities(prizes: readonly PrizeChance[], limits: { min: number; max: number } = { min: 1, max: 100 }): ProbabilityResult {
  if (prizes.length < limits.min || prizes.length > limits.max) return { ok: false, message: ProbabilityMessage.count };
  const bps: number[] = [];
  for (let i = 0; i < prizes.length; i++) {
    const bp = parsePercent(prizes[i].probability);
    if (bp === null) return { ok: false, message: ProbabilityMessage.format, index: i };
    bps.push(bp);
  }
  const fillers = prizes.filter((p) => p.isFiller).length;
  if (fillers === 0) return { ok: false, message: ProbabilityMessage.filler };
  if (fillers > 1) return { ok: false, message: ProbabilityMessage.fillerCount };
  const sum = bps.reduce((a, b) => a + b, 0);
  if (sum !== TOTAL_BP) return { ok: false, message: ProbabilityMessage.sum };
  return { ok: true, bps };
}

/**
 * The filler's chance that makes the others up to 100%: the rest in hundredths, or null when a chance is not
 * a valid percentage or the others already pass 100%.
 */
export function fillerRest(others: readonly string[]): number | null {
  let sum = 0;
  for (const p of others) {
    const bp = parsePercent(p);
    if (bp === null) return null;
    sum += bp;
  }
  return sum > TOTAL_BP ? null : TOTAL_BP - sum;
}

/**
 * Picks the index of a prize: `r` is a uniform integer in [0, 10000) and the prizes occupy consecutive ranges
 * as wide as their chances. Pure, so the server's draw, its simulation and the tests share it.
 */
export function pickIndex(bps: readonly number[], r: number): number {
  let edge = 0;
  for (let i = 0; i < bps.length; i++) {
    edge += bps[i];
    if (r < edge) return i;
  }
  throw new RangeError(`draw value ${r} outside the prize ranges (sum ${edge})`);
}

export interface SimulationRow {
  index: number;
  configuredBp: number;
  hits: number;
  /** Observed rate in hundredths of a percent, rounded. */
  observedBp: number;
}

/** Runs `draws` draws with the given uniform integer source over [0, 10000) and counts each prize's hits. */
export function simulate(bps: readonly number[], draws: number, uniform: (max: number) => number): SimulationRow[] {
  const hits = new Array<number>(bps.length).fill(0);
  for (let i = 0; i < draws; i++) hits[pickIndex(bps, uniform(TOTAL_BP))]++;
  return bps.map((bp, index) => ({ index, configuredBp: bp, hits: hits[index], observedBp: Math.round((hits[index] * TOTAL_BP) / draws) }));
}

/**
 * Chi-square statistic of observed hits against the configured chances (prizes with chance 0 must have 0 hits,
 * else Infinity). Degrees of freedom: the number of prizes with a chance above 0, minus one.
 */
export function chiSquare(rows: readonly SimulationRow[], draws: number): { statistic: number; df: number } {
  let statistic = 0;
  let df = -1;
  for (const r of rows) {
    if (r.configuredBp === 0) {
      if (r.hits > 0) return { statistic: Infinity, df: Math.max(df, 0) };
      continue;
    }
    df++;
    const expected = (draws * r.configuredBp) / TOTAL_BP;
    statistic += (r.hits - expected) ** 2 / expected;
  }
  return { statistic, df: Math.max(df, 0) };
}
