/**
 * Freight maths shared by the calculator screen, the server's quotes and the packing station.
 * Pure and integer-only: weights in grams, lengths in millimetres, money in minor units of the rule's currency.
 */

/** One channel's price for one zone of countries. */
export interface FreightRule {
  /** ISO 4217 code the prices are in. */
  currency: string;
  /** First weight step (g) and its price (minor units). */
  firstWeightG: number;
  firstPrice: number;
  /** Each further started step of this many grams costs continuedPrice. */
  continuedWeightG: number;
  continuedPrice: number;
  /**
   * Volumetric divisor in cm³ per kg (5000, 6000, 8000 …); 0 = priced on actual weight only.
   * Volumetric grams = L·W·H (mm³) / divisor, since (mm³/1000 cm³) / divisor kg × 1000 g/kg.
   */
  volumetricDivisor: number;
  /** The channel takes parcels whose chargeable weight is within [min, max] grams; 0 = no limit. */
  minWeightG: number;
  maxWeightG: number;
  /** Longest side allowed (mm); 0 = no limit. */
  maxSideMm: number;
  /** Fuel surcharge in basis points of the weight price (1250 = 12.5 %). */
  fuelSurchargeBp: number;
  /** Fixed fee per parcel (minor units). */
  handlingFee: number;
  /** Extra fee per item attribute present in the parcel (e.g. battery → 1500). */
  attrSurcharges?: Readonly<Record<string, number>>;
}

export interface Parcel {
  weightG: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  /** Item attributes present (battery, liquid …): each may add its surcharge. */
  attrs?: readonly string[];
}

export type FreightRefusal = 'under_min_weight' | 'over_max_weight' | 'over_max_side';

export interface FreightBreakdown {
  ok: true;
  currency: string;
  actualWeightG: number;
  volumetricWeightG: number;
  /** max(actual, volumetric): the weight the price is computed on. */
  chargeableWeightG: number;
  /** Number of continued-weight steps after the first weight. */
  continuedSteps: number;
  firstPrice: number;
  continuedAmount: number;
  /** firstPrice + continuedAmount. */
  weightPrice: number;
  fuelSurcharge: number;
  handlingFee: number;
  attrSurcharge: number;
  total: number;
}

export interface FreightRefused {
  ok: false;
  reason: FreightRefusal;
  actualWeightG: number;
  volumetricWeightG: number;
  chargeableWeightG: number;
  /** The limit that was crossed (g or mm). */
  limit: number;
}

export type FreightResult = FreightBreakdown | FreightRefused;

function nonNegativeInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer, got ${v}`);
}

/** Checks a rule's numbers; throws RangeError on a rule no price can be computed from. */
export function assertValidRule(rule: FreightRule): void {
  for (const k of [
    'firstWeightG',
    'firstPrice',
    'continuedWeightG',
    'continuedPrice',
    'volumetricDivisor',
    'minWeightG',
    'maxWeightG',
    'maxSideMm',
    'fuelSurchargeBp',
    'handlingFee',
  ] as const) {
    nonNegativeInt(k, rule[k]);
  }
  if (rule.firstWeightG === 0) throw new RangeError('firstWeightG must be positive');
  if (rule.continuedWeightG === 0) throw new RangeError('continuedWeightG must be positive');
  if (rule.maxWeightG && rule.minWeightG > rule.maxWeightG) throw new RangeError('minWeightG must not exceed maxWeightG');
  for (const [k, v] of Object.entries(rule.attrSurcharges ?? {})) nonNegativeInt(`attrSurcharges.${k}`, v);
}

/** Volumetric weight in grams, rounded up to the next gram; 0 when the rule has no divisor. */
export function volumetricWeightG(divisor: number, lengthMm: number, widthMm: number, heightMm: number): number {
  if (!divisor) return 0;
  // BigInt keeps the product exact for any parcel dimensions.
  const volume = BigInt(lengthMm) * BigInt(widthMm) * BigInt(heightMm);
  const d = BigInt(divisor);
  return Number((volume + d - 1n) / d);
}

/** Rounds a non-negative amount × bp / 10000 half up to an integer. */
export function applyBp(amount: number, bp: number): number {
  return Number((BigInt(amount) * BigInt(bp) * 2n + 10000n) / 20000n);
}

/**
 * Prices one parcel under one rule: chargeable weight = max(actual, volumetric); the first step costs firstPrice,
 * each further started continued step costs continuedPrice; fuel surcharge on the weight price, then the fixed
 * fee and attribute surcharges. A parcel outside the rule's weight or size limits is refused with the reason.
 */
export function computeFreight(rule: FreightRule, parcel: Parcel): FreightResult {
  assertValidRule(rule);
  nonNegativeInt('weightG', parcel.weightG);
  nonNegativeInt('lengthMm', parcel.lengthMm);
  nonNegativeInt('widthMm', parcel.widthMm);
  nonNegativeInt('heightMm', parcel.heightMm);

  const actualWeightG = parcel.weightG;
  const volumetric = volumetricWeightG(rule.volumetricDivisor, parcel.lengthMm, parcel.widthMm, parcel.heightMm);
  const chargeableWeightG = Math.max(actualWeightG, volumetric);
  const weights = { actualWeightG, volumetricWeightG: volumetric, chargeableWeightG };

  const longest = Math.max(parcel.lengthMm, parcel.widthMm, parcel.heightMm);
  if (rule.maxSideMm && longest > rule.maxSideMm) return { ok: false, reason: 'over_max_side', ...weights, limit: rule.maxSideMm };
  if (rule.maxWeightG && chargeableWeightG > rule.maxWeightG) return { ok: false, reason: 'over_max_weight', ...weights, limit: rule.maxWeightG };
  if (rule.minWeightG && chargeableWeightG < rule.minWeightG) return { ok: false, reason: 'under_min_weight', ...weights, limit: rule.minWeightG };

  const over = Math.max(0, chargeableWeightG - rule.firstWeightG);
  const continuedSteps = Math.ceil(over / rule.continuedWeightG);
  const continuedAmount = continuedSteps * rule.continuedPrice;
  const weightPrice = rule.firstPrice + continuedAmount;
  const fuelSurcharge = applyBp(weightPrice, rule.fuelSurchargeBp);
  const present = new Set(parcel.attrs ?? []);
  let attrSurcharge = 0;
  for (const [attr, fee] of Object.entries(rule.attrSurcharges ?? {})) if (present.has(attr)) attrSurcharge += fee;
  const total = weightPrice + fuelSurcharge + rule.handlingFee + attrSurcharge;
  if (!Number.isSafeInteger(total)) throw new RangeError('freight total out of range');
  return {
    ok: true,
    currency: rule.currency,
    ...weights,
    continuedSteps,
    firstPrice: rule.firstPrice,
    continuedAmount,
    weightPrice,
    fuelSurcharge,
    handlingFee: rule.handlingFee,
    attrSurcharge,
    total,
  };
}
