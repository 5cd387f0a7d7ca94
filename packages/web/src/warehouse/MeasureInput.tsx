import { useRef, useState } from 'react';
import { InputNumber, type FormRule, type InputNumberProps } from 'antd';
import { fill } from '../i18n';
import { useScanMessages } from './messages';
import { scanInProgress, submitToScanBox } from './keyBuffer';
import { looksScanned } from './scanRules';

/** The bounds of the shared contracts (packages/shared/contract/warehouse.ts, goodsOut.ts): grams and millimetres. */
export const MEASURE_MAX = { g: 1_000_000, mm: 10_000 } as const;

type Props = Omit<InputNumberProps<number>, 'onPressEnter' | 'min' | 'max' | 'precision'> & {
  unit: 'g' | 'mm';
  /** Enter in the last field of its group (e.g. 高 after 重量/长/宽): submit. Without it, Enter submits the form. */
  onLast?: () => void;
};

/**
 * A weight or size field of a station. Typed by hand or by a scale that types like a keyboard; the unit shows in the
 * field. Enter moves to the next field of the group (the nearest [data-enter-chain]) like Tab. No silent clamping or
 * rounding: what was typed is validated and refused with a message. A scanner's burst that lands here by mistake
 * goes to the scan box as a scan.
 */
export function MeasureInput({ unit, onLast, onChange, style, autoFocus, ...rest }: Props) {
  const keyTimes = useRef<number[]>([]);
  // The field opened by a scan takes the focus unless the next scan is already coming: it would cut that code in two.
  const [takesFocus] = useState(() => !!autoFocus && !scanInProgress());
  return (
    <InputNumber<number>
      autoFocus={takesFocus}
      controls={false}
      inputMode="numeric"
      suffix={unit}
      style={{ width: 120, ...style }}
      onChange={onChange}
      {...rest}
      onKeyDown={(e) => {
        // When the key was pressed, not when a busy page got to it.
        if (e.key.length === 1) keyTimes.current.push(e.nativeEvent.timeStamp || performance.now());
        else if (e.key !== 'Enter') keyTimes.current = [];
      }}
      onPressEnter={(e) => {
        const input = e.target as HTMLInputElement;
        const times = keyTimes.current;
        keyTimes.current = [];
        if (looksScanned(input.value, times)) {
          e.preventDefault();
          const code = input.value;
          onChange?.(null);
          submitToScanBox(code);
          return;
        }
        const group = input.closest('[data-enter-chain]');
        const fields = Array.from(group?.querySelectorAll<HTMLInputElement>('input') ?? []).filter(
          (i) => !i.disabled && i.type !== 'checkbox' && i.type !== 'radio',
        );
        const at = fields.indexOf(input);
        if (at >= 0 && at < fields.length - 1) {
          e.preventDefault();
          fields[at + 1].focus();
          fields[at + 1].select();
        } else if (onLast) {
          e.preventDefault();
          onLast();
        }
      }}
    />
  );
}

/** A measure's problem in the UI language, or null when it is a whole number within the bounds. */
export function useMeasureCheck() {
  const m = useScanMessages();
  return (label: string, unit: 'g' | 'mm', value: number | null | undefined, required = true): string | null => {
    if (value === null || value === undefined) return required ? fill(m.measureRequired, { label }) : null;
    if (!Number.isInteger(value) || value < 1 || value > MEASURE_MAX[unit])
      return fill(m.measureRange, { label, max: MEASURE_MAX[unit].toLocaleString('en-US'), unit });
    return null;
  };
}

/** The same check as form rules. */
export function useMeasureRules() {
  const check = useMeasureCheck();
  return (label: string, unit: 'g' | 'mm'): FormRule[] => [
    {
      validator: (_, value: number | null | undefined) => {
        const problem = check(label, unit, value);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}
