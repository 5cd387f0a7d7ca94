import { minorToDecimal } from '@waystation/shared/contract/reference';

/** 12345 CNY → "123.45 CNY": money always shows its currency. */
export const money = (minor: number, currency: string) => `${minorToDecimal(minor)} ${currency}`;
export const grams = (g: number) => `${g.toLocaleString('zh-CN')} g`;
export const days = (min: number, max: number) => (min === max ? `${min} 天` : `${min}~${max} 天`);
/** Basis points → percentage text ("1250" → "12.5"). */
export const bpToPercent = (bp: number) => String(bp / 100);
