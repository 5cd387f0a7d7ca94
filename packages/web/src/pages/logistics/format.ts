import { formatMoney } from '../../components/money';

/** 1234567 CNY → "12,345.67 CNY": money always shows its currency and groups thousands. */
export const money = formatMoney;
export const grams = (g: number) => `${g.toLocaleString('en-US')} g`;
/** A delivery time in days: the unit is the caller's, in its language. */
export const days = (min: number, max: number, unit: string) => (min === max ? `${min} ${unit}` : `${min}~${max} ${unit}`);
/** Basis points → percentage text ("1250" → "12.5"). */
export const bpToPercent = (bp: number) => String(bp / 100);
