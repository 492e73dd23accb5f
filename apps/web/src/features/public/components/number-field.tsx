import { useState } from 'react';
import { TextField } from '../../../components/text-field';

/** A labelled numeric input for the calculators; an empty or invalid entry reads as null. */
export function NumberField({
  label,
  value,
  onChange,
  error,
  decimals = true,
  prefix,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  decimals?: boolean;
  prefix?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      prefix={prefix}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      error={error}
      onChange={(e) => onChange(e.target.value.replace(decimals ? /[^\d.]/g : /\D/g, '').slice(0, 15))}
    />
  );
}

/** Reads a field: a number of 0 or more (whole when asked), or null. */
export function readNumber(value: string, whole = false): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return null;
  if (whole && !Number.isInteger(n)) return null;
  return n;
}

/**
 * A calculator's number input: its text, the number it reads as (null when empty or invalid) and
 * the props for NumberField, with `invalid` shown once something wrong is typed (or at once when
 * the field is required, or the number is over `max`).
 */
export function useNumberInput(
  invalid: string,
  {
    initial = '',
    whole = false,
    required = false,
    max,
  }: { initial?: string; whole?: boolean; required?: boolean; max?: number } = {},
) {
  const [text, setText] = useState(initial);
  const read = readNumber(text, whole);
  const value = read !== null && (max === undefined || read <= max) ? read : null;
  const wrong = value === null && (required || text !== '' || max !== undefined);
  return { value, props: { value: text, onChange: setText, decimals: !whole, error: wrong ? invalid : undefined } };
}
