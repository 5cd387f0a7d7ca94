import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { currencies } from '../../db/schema';

/** "7.25" → 725_000_000n (rate × 10⁸), exact. */
function scaledRate(rate: string): bigint {
  const [whole, frac = ''] = rate.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0').slice(0, 8) || '0');
}

const divRound = (num: bigint, den: bigint) => Number((num * 2n + den) / (den * 2n));

export interface Rates {
  /** Minor units of `currency` → CNY fen, half up; unknown currencies count 1:1. */
  toCny(amount: number, currency: string): number;
  /** Minor units of `from` → minor units of `to` through CNY, half up. */
  convert(amount: number, from: string, to: string): number;
}

/** One currency's rate as the table keeps it (CNY per unit, as text so nothing is rounded on the way). */
interface RateRow {
  code: string;
  rate: string;
  digits: number;
}

/** The exchange rates of the currencies table (rate = CNY per unit), loaded once for a computation. */
export async function loadRates(db: Db): Promise<Rates> {
  return ratesOf(await db.select({ code: currencies.code, rate: currencies.rate, digits: currencies.minorDigits }).from(currencies));
}

/** The currencies table's rates as one JSON value, to read in another query's statement (then `ratesOf`). */
export const ratesJson = sql<
  RateRow[]
>`(select coalesce(json_agg(json_build_object('code', c.code, 'rate', c.rate, 'digits', c.minor_digits)), '[]'::json) from ${currencies} c)`;

export function ratesOf(rows: RateRow[]): Rates {
  const byCode = new Map(rows.map((r) => [r.code, { rate: scaledRate(r.rate), unit: 10n ** BigInt(r.digits) }]));
  const get = (c: string) => (c === 'CNY' ? { rate: 100_000_000n, unit: 100n } : byCode.get(c));
  return {
    toCny(amount, currency) {
      const r = get(currency);
      if (!r) return amount;
      return divRound(BigInt(amount) * r.rate * 100n, 100_000_000n * r.unit);
    },
    convert(amount, from, to) {
      if (from === to) return amount;
      const a = get(from);
      const b = get(to);
      if (!a || !b) return amount;
      // amount/unitA × rateA CNY = x/unitB × rateB  →  x = amount × rateA × unitB / (unitA × rateB)
      return divRound(BigInt(amount) * a.rate * b.unit, a.unit * b.rate);
    },
  };
}
