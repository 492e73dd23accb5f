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
