import type { FunnelData } from '@ekyc/contracts/calls/backoffice-funnel';
import { useTranslation } from '../../../i18n/use-translation';
import { durationParts } from './format';

/** Horizontal bars (plain CSS): reached per stage, with the share that stopped there and the median time. */
export function FunnelChart({ data }: { data: FunnelData }) {
  const { t } = useTranslation('backoffice');
  const max = Math.max(1, ...data.stages.map((s) => s.reached));
  const duration = (seconds: number | null) => {
    if (seconds === null) return t('funnel.noTime');
    const { unit, n } = durationParts(seconds);
    return t(`duration.${unit}`, { n });
  };
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm">
      <figcaption className="mb-3 font-bold">{t('funnel.chart')}</figcaption>
      <div className="mb-2 hidden grid-cols-[9rem_1fr_6rem_7rem] gap-2 text-xs font-semibold text-muted md:grid">
        <span />
        <span>{t('funnel.reached')}</span>
        <span>{t('funnel.dropped')}</span>
        <span>{t('funnel.median')}</span>
      </div>
      <ol className="grid gap-2">
        {data.stages.map((s) => {
          const name = t(`stages.${s.stage}`);
          const width = (s.reached / max) * 100;
          const dropWidth = s.reached ? (s.dropped / s.reached) * width : 0;
          return (
            <li
              key={s.stage}
              className="grid grid-cols-[7rem_1fr] items-center gap-x-2 gap-y-0.5 md:grid-cols-[9rem_1fr_6rem_7rem]"
              aria-label={t('funnel.bar', { stage: name, reached: s.reached, dropped: s.dropped, pct: s.drop_pct })}
            >
              <span className="truncate text-sm font-semibold">{name}</span>
              <span className="relative block h-6 rounded bg-slate-100" aria-hidden="true">
                <span className="absolute inset-y-0 left-0 rounded bg-brand" style={{ width: `${width}%` }} />
                <span
                  className="absolute inset-y-0 rounded-r bg-accent"
                  style={{ left: `${width - dropWidth}%`, width: `${dropWidth}%` }}
                />
                <span
                  className={`absolute inset-y-0 left-2 flex items-center text-xs font-bold ${width > 12 ? 'text-white' : 'text-ink'}`}
                >
                  {s.reached}
                </span>
              </span>
              <span className="col-start-2 text-xs text-muted md:col-start-auto md:text-sm">
                <span className="md:hidden">{t('funnel.dropped')}: </span>
                {s.dropped} ({s.drop_pct}%)
              </span>
              <span className="col-start-2 text-xs text-muted md:col-start-auto md:text-sm">
                <span className="md:hidden">{t('funnel.median')}: </span>
                {duration(s.median_seconds)}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
