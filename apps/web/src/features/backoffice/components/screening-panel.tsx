/**
 * Screening on the review page: the application's risk category with its factors, and each hit
 * with the matched entry as the list gave it (list, reference, name, date of birth, what matched).
 * An open hit is cleared (not the listed person) or confirmed (the listed person) with a note, by
 * those the API lets decide; compliance reads (the API refuses it a review action).
 */
import type { ScreeningHitView } from '@ekyc/contracts/calls/backoffice-screening';
import { SCREENING_LIST_NAMES } from '@ekyc/contracts/screening';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { toast } from '../../../lib/toast';
import { useMe } from '../api/get-me';
import { useResolveHit, useScreening } from '../api/screening';
import { formatDateTime } from './format';

const RISK_STYLE = {
  low: 'bg-green-50 text-success',
  medium: 'bg-amber-50 text-amber-900',
  high: 'bg-red-50 text-danger',
} as const;

function HitCard({ applicationId, hit, canAct }: { applicationId: string; hit: ScreeningHitView; canAct: boolean }) {
  const { t, i18n } = useTranslation('backoffice-screening');
  const resolve = useResolveHit(applicationId);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const noteId = useId();
  const decide = async (outcome: 'cleared' | 'confirmed') => {
    if (note.trim().length < 3) return setError(t('noteRequired'));
    setError('');
    try {
      const reply = await resolve.mutateAsync({ hitId: hit.id, outcome, note: note.trim() });
      if (!reply.status) return toast.error(reply.message);
      toast.success(t(outcome === 'cleared' ? 'clearedToast' : 'confirmedToast'));
      setNote('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const { entry } = hit;
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="screening-hit">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{entry.name}</h3>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${hit.status === 'open' ? 'bg-amber-50 text-amber-900' : hit.status === 'cleared' ? 'bg-green-50 text-success' : 'bg-red-50 text-danger'}`}
        >
          {t(`status.${hit.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('list')}</dt>
        <dd>{SCREENING_LIST_NAMES[entry.list]}</dd>
        <dt className="text-muted">{t('reference')}</dt>
        <dd className="font-mono">{entry.ref}</dd>
        <dt className="text-muted">{t('dateOfBirth')}</dt>
        <dd>{entry.date_of_birth ?? t('notGiven')}</dd>
        <dt className="text-muted">{t('matchedOn')}</dt>
        <dd>
          {t(`matched.${hit.matched_on}`)} ({t('score', { score: hit.score })})
        </dd>
        <dt className="text-muted">{t('found')}</dt>
        <dd>
          {t(`step.${hit.found_at_step}`)}, {formatDateTime(hit.found_at, i18n.language)}
        </dd>
        {Object.entries(entry.details).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-muted">{key.replace(/_/g, ' ')}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
        {hit.status !== 'open' && (
          <>
            <dt className="text-muted">{t('resolved')}</dt>
            <dd className="break-words">
              {hit.resolved_at ? formatDateTime(hit.resolved_at, i18n.language) : ''}: {hit.note}
            </dd>
          </>
        )}
      </dl>
      {hit.status === 'open' && canAct && (
        <div className="mt-3 flex flex-col gap-2">
          <label htmlFor={noteId} className="text-sm font-semibold">
            {t('note')}
          </label>
          <textarea
            id={noteId}
            className="w-full rounded-lg border border-slate-400 p-2 text-sm"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="sm:!w-auto sm:px-6"
              loading={resolve.isPending}
              onClick={() => void decide('cleared')}
            >
              {t('clear')}
            </Button>
            <Button className="sm:!w-auto sm:px-6" loading={resolve.isPending} onClick={() => void decide('confirmed')}>
              {t('confirm')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

export function ScreeningPanel({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('backoffice-screening');
  const screening = useScreening(applicationId);
  // compliance reads; the API lets the reviewing roles decide a hit
  const canAct = useMe(true).data?.role !== 'compliance';
  const data = screening.data;
  return (
    <section
      aria-labelledby="screening-heading"
      className="rounded-xl bg-white p-4 shadow-sm"
      data-testid="screening-panel"
    >
      <h2 id="screening-heading" className="mb-2 text-lg font-bold">
        {t('heading')}
      </h2>
      {!data ? (
        <p className="text-sm text-muted">{screening.isError ? t('loadFailed') : t('loading')}</p>
      ) : (
        <>
          {data.risk ? (
            <p className={`mb-3 rounded-lg p-2 text-sm font-semibold ${RISK_STYLE[data.risk.category]}`}>
              {t('risk', {
                category: t(`category.${data.risk.category}`),
                factors: data.risk.factors.length
                  ? data.risk.factors.map((f) => t(`factor.${f}`)).join(', ')
                  : t('factor.none'),
                at: formatDateTime(data.risk.assessed_at, i18n.language),
              })}
            </p>
          ) : (
            <p className="mb-3 text-sm text-muted">{t('notAssessed')}</p>
          )}
          {data.hits.length === 0 ? (
            <p className="text-sm text-muted">{t('noHits')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {data.hits.map((hit) => (
                <HitCard key={hit.id} applicationId={applicationId} hit={hit} canAct={canAct} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
