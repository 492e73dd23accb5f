import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  prefix?: string;
  /** Shown beside the input (a running total, a unit) and read with it. */
  aside?: ReactNode;
  /** Blocks copy, cut and paste (bank and UPI fields, section 5). */
  noClipboard?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, prefix, aside, noClipboard, className = '', id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy =
    [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : '', aside ? `${inputId}-aside` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const block = noClipboard ? (e: { preventDefault: () => void }) => e.preventDefault() : undefined;
  return (
    <div className={`mb-4 ${className}`}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className={aside ? 'flex items-center gap-3' : undefined}>
        <div
          className={`flex items-center rounded-lg border bg-white ${error ? 'border-danger' : 'border-slate-500'} focus-within:border-brand ${aside ? 'w-28 shrink-0' : ''}`}
        >
          {prefix && <span className="pl-3 text-muted">{prefix}</span>}
          <input
            ref={ref}
            id={inputId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onCopy={block}
            onCut={block}
            onPaste={block}
            className="w-full min-w-0 rounded-lg bg-transparent px-3 py-3 text-base outline-none"
            {...rest}
          />
        </div>
        {aside && (
          <div id={`${inputId}-aside`} aria-live="polite" className="text-sm">
            {aside}
          </div>
        )}
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
