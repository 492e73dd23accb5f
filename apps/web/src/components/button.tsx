import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'link';
const styles: Record<Variant, string> = {
  primary:
    'w-full rounded-lg bg-brand px-4 py-3 text-base font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600',
  secondary:
    'w-full rounded-lg border border-brand bg-white px-4 py-3 text-base font-semibold text-brand hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-50',
  link: 'font-semibold text-brand underline-offset-2 hover:underline disabled:opacity-50',
};

export function Button({
  variant = 'primary',
  loading = false,
  className = '',
  children,
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; loading?: boolean }) {
  return (
    <button
      type="button"
      className={`${styles[variant]} inline-flex items-center justify-center gap-2 ${className}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
