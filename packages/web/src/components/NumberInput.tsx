import { useEffect, useState } from 'react';
import { Input, type InputProps } from 'antd';

/** What a form receives for the typed text: a number when it is one, nothing when empty, otherwise the text itself. */
export function numberFromText(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : text;
}

const textOf = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

type Props = Omit<InputProps, 'value' | 'onChange' | 'suffix'> & {
  value?: number | string | null;
  onChange?: (value: number | string | undefined) => void;
  /** The unit, shown in the field (g, mm, 天, %, CNY…). */
  unit?: string;
};

/**
 * A number field that keeps exactly what was typed: no clamping to a minimum or maximum and no rounding (antd's
 * InputNumber changes a typed −100 into its min or 1.234 into its precision on blur, silently). The form gets the
 * number, or the text when it is no number, and the field's rule (the shared schema, see zodRule) refuses what is
 * out of bounds with a message.
 */
export function NumberInput({ value, onChange, unit, style, ...rest }: Props) {
  const [text, setText] = useState(textOf(value));
  // A value set from outside (initial values, reset, a loaded record) replaces the text; our own echo does not.
  useEffect(() => {
    setText((current) => (numberFromText(current) === (value ?? undefined) ? current : textOf(value)));
  }, [value]);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      style={{ width: 160, ...style }}
      {...rest}
      suffix={unit ? <span className="number-input-unit">{unit}</span> : undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(numberFromText(e.target.value));
      }}
    />
  );
}
