import { PROGRESS_ANIMATION_S, PROGRESS_STEPS } from '@ekyc/contracts/constants';
import { progressAnimates, subStepOf } from '@ekyc/contracts/stages';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * 12 steps of 8.33 %: percent and 'steps n / 12', with the screen within a stage of several
 * (profiling's eight); the fill animates over 2 s except where section 4 says not.
 */
export function ProgressBar({ steps, percent, path }: { steps: number; percent: number; path: string }) {
  const { t } = useTranslation('common');
  const animate = progressAnimates(percent, path);
  const [shown, setShown] = useState(animate ? 0 : percent);
  useEffect(() => {
    const id = requestAnimationFrame(() => setShown(percent));
    return () => cancelAnimationFrame(id);
  }, [percent]);
  const label = `${Math.round(percent)}%`;
  const sub = subStepOf(path);
  const stepsText = [sub && t('subStep', sub), t('steps', { n: steps, total: PROGRESS_STEPS })]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="mb-4">
      <div className="mb-1 flex justify-between text-xs font-semibold text-muted">
        <span>{label}</span>
        <span>{stepsText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={`${label}, ${stepsText}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="progress-fill h-full rounded-full bg-success"
          data-animate={String(animate)}
          style={{ width: `${shown}%`, transitionDuration: `${PROGRESS_ANIMATION_S}s` }}
        />
      </div>
    </div>
  );
}
