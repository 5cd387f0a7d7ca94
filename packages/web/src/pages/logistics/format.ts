import { formatMoney } from '../../components/money';

/** 1234567 CNY → "12,345.67 CNY": money always shows its currency and groups thousands. */
export const money = formatMoney;
export const grams = (g: number) => `${g.toLocaleString('en-US')} g`;
export const days = (min: number, max: number) => (min === max ? `${min} 天` : `${min}~${max} 天`);
/** Basis points → percentage text ("1250" → "12.5"). */
export const bpToPercent = (bp: number) => String(bp / 100);
