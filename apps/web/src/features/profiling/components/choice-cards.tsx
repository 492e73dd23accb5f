/**
 * Large tappable cards for a choice from a list: one tap chooses (and usually moves on). They are
 * buttons with aria-pressed rather than radios, so arrow keys never submit a choice by accident.
 */
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';

export interface Choice {
  code: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  badge?: string;
}

export function ChoiceCards({
  legend,
  hideLegend = false,
  choices,
  value,
  busy,
  onChoose,
  columns = 2,
}: {
  legend: string;
  hideLegend?: boolean;
  choices: Choice[];
  value: string | undefined;
  /** The code being saved: its card shows a spinner and the others wait. */
  busy?: string | undefined;
  onChoose: (code: string) => void;
  columns?: 1 | 2 | 3;
}) {
  const grid = columns === 1 ? '' : columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <fieldset className="mb-4">
      <legend className={hideLegend ? 'sr-only' : 'mb-2 font-semibold text-ink'}>{legend}</legend>
      <div className={`grid gap-2 ${grid}`}>
        {choices.map((c) => {
          const selected = value === c.code;
          return (
            <button
              key={c.code}
              type="button"
              aria-pressed={selected}
              disabled={c.disabled || busy !== undefined}
              onClick={() => onChoose(c.code)}
              className={`flex min-h-14 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left transition-colors ${
                selected ? 'border-brand bg-blue-50' : 'border-slate-200 bg-white hover:border-brand'
              } disabled:cursor-not-allowed ${c.disabled ? 'opacity-45' : ''}`}
            >
              <span
                aria-hidden="true"
                className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${
                  selected ? 'border-brand' : 'border-slate-400'
                }`}
              >
                {selected && <span className="h-2.5 w-2.5 rounded-full bg-brand" />}
              </span>
              <span className="flex-1">
                <span className="block text-base font-semibold text-ink">{c.label}</span>
                {c.description && <span className="mt-0.5 block text-sm text-muted">{c.description}</span>}
              </span>
              {c.badge && (
                <span className="rounded-full bg-accent/20 px-2 py-0.5 text-xs font-semibold text-ink">{c.badge}</span>
              )}
              {busy === c.code && <Spinner />}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
