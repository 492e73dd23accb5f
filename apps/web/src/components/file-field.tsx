/**
 * A labelled file input, as every upload of the app shows it: the label, the input (the accepted
 * types from the upload rules), a hint line under it (what was chosen, what to choose, or a busy
 * state), the error in an alert, and what follows the choice (a preview, a remove button). The
 * input describes itself by the hint and the error, so a screen reader reads both.
 */
import { FILE_NAME_TRUNCATE } from '@ekyc/contracts/constants';
import { type ReactNode, useId } from 'react';

export interface FileFieldProps {
  label: string;
  /** The input's accept list (`uploadAccept(kind)` from the contracts' rules). */
  accept: string;
  onPick: (file: File | undefined) => void;
  /** The line under the input: the chosen file's name, a hint, or a spinner while it is prepared. */
  hint?: ReactNode;
  /** The error, already in the applicant's language. */
  error?: string | null;
  disabled?: boolean;
  /** Shown after the hint and the error: a preview of the file, a remove button. */
  children?: ReactNode;
}

export function FileField({ label, accept, onPick, hint, error, disabled, children }: FileFieldProps) {
  const id = useId();
  const described = [hint !== undefined && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onPick(e.target.files?.[0])}
        className="block w-full rounded-lg border border-slate-500 bg-white p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-white disabled:opacity-60"
      />
      {hint !== undefined && (
        <div id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** A chosen file's name as the hint shows it: cut at FILE_NAME_TRUNCATE characters. */
export const shortFileName = (name: string) =>
  name.length > FILE_NAME_TRUNCATE ? `${name.slice(0, FILE_NAME_TRUNCATE)}…` : name;
