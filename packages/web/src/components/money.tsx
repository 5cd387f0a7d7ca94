import { fromMinor } from '@waystation/shared/contract/ledger';

/** Money always shows its currency (DESIGN §7) and groups thousands: "1,234.56 CNY". */
export const formatMoney = (minor: number, currency: string) => `${fromMinor(minor).replace(/\B(?=(\d{3})+(?!\d))(?=\d*\.)/g, ',')} ${currency}`;

/** A signed amount, green for credits and red for debits. */
export function Amount({ minor, currency, signed = false }: { minor: number; currency: string; signed?: boolean }) {
  const color = !signed ? undefined : minor > 0 ? '#389e0d' : minor < 0 ? '#cf1322' : undefined;
  return (
    <span style={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {signed && minor > 0 ? '+' : ''}
      {formatMoney(minor, currency)}
    </span>
  );
}
