import { forwardRef, type SelectHTMLAttributes, useId } from 'react';

/** A labelled select with its error, styled like TextField. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    error?: string;
    options: readonly { value: string; label: string }[];
    /** The empty first option; without one, the select always holds one of the options. */
    placeholder?: string;
  }
>(function SelectField({ label, error, options, placeholder, id, ...rest }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className="mb-4">
      <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-3 text-base ${error ? 'border-danger' : 'border-slate-500'}`}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
