/** One checkbox per segment; auto_select segments are preselected and locked on (section 4). */
import type { SegmentItem } from '@ekyc/contracts/calls/get-segment-list';
import { useTranslation } from '../../../i18n/use-translation';

export function SegmentChoice({
  segments,
  selected,
  onToggle,
  error,
}: {
  segments: SegmentItem[];
  selected: readonly string[];
  onToggle: (code: string, on: boolean) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('segment');
  return (
    <fieldset className="mb-5" aria-describedby={error ? 'segments-error' : undefined}>
      <legend className="mb-2 text-base font-semibold text-ink">{t('segmentsLegend')}</legend>
      <ul className="space-y-2">
        {segments.map((s) => {
          const id = `segment-${s.code}`;
          const checked = s.auto_select || selected.includes(s.code);
          return (
            <li
              key={s.code}
              className={`rounded-lg border bg-white p-3 ${checked ? 'border-brand' : 'border-slate-500'}`}
            >
              <div className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-1 h-5 w-5 shrink-0 accent-brand"
                  checked={checked}
                  // locked on, yet drawn as a tick in the brand colour (a disabled box greys out and
                  // reads as not chosen): announced as unavailable, and a tap changes nothing
                  aria-disabled={s.auto_select || undefined}
                  aria-describedby={`${id}-desc`}
                  onChange={(e) => !s.auto_select && onToggle(s.code, e.target.checked)}
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor={id} className="font-semibold text-ink">
                      {t(`names.${s.code}`, { defaultValue: s.name })}
                    </label>
                    {s.auto_select && (
                      <span
                        className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800"
                        aria-hidden="true"
                      >
                        ✓ {t('alwaysIncluded')}
                      </span>
                    )}
                    {s.exchanges.map((x) => (
                      <span key={x} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-muted">
                        {x}
                      </span>
                    ))}
                  </div>
                  <p id={`${id}-desc`} className="text-sm text-muted">
                    {t(`descriptions.${s.code}`, { defaultValue: s.description })}
                    {s.auto_select ? ` · ${t('alwaysIncluded')}` : ''}
                    {s.required_doc ? ` · ${t('needsProof')}` : ''}
                  </p>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="segments-error" role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
