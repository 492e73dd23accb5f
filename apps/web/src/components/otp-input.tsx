import { forwardRef, useId } from 'react';

/** A single 6-digit field: one-time-code autofill on phones, digits only. */
export const OtpInput = forwardRef<
  HTMLInputElement,
  { label: string; value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }
>(function OtpInput({ label, value, onChange, error, disabled }, ref) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-3 text-center font-mono text-2xl tracking-[0.5em] outline-none focus:border-brand ${error ? 'border-danger' : 'border-slate-500'}`}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
