import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const Checkbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string }
>(function Checkbox({ label, error, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="mb-3">
      {/* the whole row is the touch target (at least 44 px high), not the 20 px box alone */}
      <label htmlFor={inputId} className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm text-ink">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
          aria-invalid={error ? true : undefined}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
