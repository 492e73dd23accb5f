import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';

/** A labelled select in the back office's filter bars. */
export function SelectField({
  label,
  children,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        className="w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base focus:border-brand"
        {...rest}
      >
        {children}
      </select>
    </div>
  );
}
