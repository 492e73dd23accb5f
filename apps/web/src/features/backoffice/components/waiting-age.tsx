import { useTranslation } from '../../../i18n/use-translation';

/** How long an application has waited, coloured amber and red past the SLA thresholds (hours). */
export function WaitingAge({ since, amberHours, redHours }: { since: string; amberHours: number; redHours: number }) {
  const { t } = useTranslation('operations');
  const hours = Math.max(0, (Date.now() - Date.parse(since)) / 3_600_000);
  const level = hours >= redHours ? 'red' : hours >= amberHours ? 'amber' : 'ok';
  const text =
    hours < 1 ? `${Math.round(hours * 60)} min` : hours < 48 ? `${Math.floor(hours)} h` : `${Math.floor(hours / 24)} d`;
  const colour = {
    ok: 'bg-green-50 text-success',
    amber: 'bg-amber-100 text-amber-800',
    red: 'bg-red-100 text-danger',
  }[level];
  return (
    <span
      data-age={level}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 font-semibold tabular-nums ${colour}`}
      title={t(`queue.age.${level}`, { hours: level === 'red' ? redHours : amberHours })}
    >
      {text}
      {level !== 'ok' && (
        <span className="sr-only">
          {' '}
          ({t(`queue.age.${level}`, { hours: level === 'red' ? redHours : amberHours })})
        </span>
      )}
    </span>
  );
}
