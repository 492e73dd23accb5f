/** An on/off declaration: a checkbox with the switch role, its label, and the field's error. */
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const SwitchField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: string; note?: ReactNode; error?: string; requiredMark?: string }
>(function SwitchField({ label, note, error, requiredMark, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="border-b border-slate-100 py-3 last:border-0">
      <div className="flex items-start gap-3">
        <label htmlFor={inputId} className="flex-1 text-sm text-ink">
          {label}
          {requiredMark && <span className="ml-1 text-xs font-semibold text-danger">({requiredMark})</span>}
        </label>
        <span className="relative inline-flex shrink-0">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            role="switch"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-brand"
            {...rest}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute left-1 top-1 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </div>
      {note && <p className="mt-1 text-xs text-muted">{note}</p>}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
