/**
 * The assisted video KYC calls to make (applicants who asked for help), earliest first: when, in
 * which language, the number to call, what help they need, their note and where their application
 * stands; "Done" once the call is made (in the audit trail).
 */
import { LANGUAGE_NAMES } from '@ekyc/contracts/constants';
import { STAGES, type StageCode } from '@ekyc/contracts/stages';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { useAssistedKycCalls, useMarkCallDone } from '../api/assisted-kyc';
import { QueryState } from '../components/query-state';

export default function AssistedKycCallsPage() {
  const { t } = useTranslation(['assisted', 'backoffice']);
  const query = useAssistedKycCalls();
  const done = useMarkCallDone();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('backoffice.heading')}</h1>
      <p className="text-sm text-muted">{t('backoffice.intro')}</p>
      <QueryState query={query}>
        {(calls) =>
          calls.length === 0 ? (
            <p>{t('backoffice.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('backoffice.heading')}>
              {calls.map((c) => (
                <li key={c.applicant_id} data-testid="assisted-call" className="rounded-xl bg-white p-4 shadow-sm">
                  <p className="font-semibold">
                    {c.call_date}, {c.slot} · {LANGUAGE_NAMES[c.language]}
                  </p>
                  <p>
                    <Link
                      to={`/backoffice/applications/${encodeURIComponent(c.applicant_id)}`}
                      className="text-brand underline"
                    >
                      {c.name ?? t('backoffice.noName')}
                    </Link>{' '}
                    ·{' '}
                    <a href={`tel:+91${c.mobile}`} className="font-mono text-brand underline">
                      {c.mobile}
                    </a>
                    {c.stage !== null && <> · {STAGES[c.stage as StageCode]?.name}</>}
                  </p>
                  {c.needs.length > 0 && <p className="text-sm">{c.needs.map((n) => t(`need.${n}`)).join(', ')}</p>}
                  {c.note && <p className="text-sm text-muted">“{c.note}”</p>}
                  <button
                    type="button"
                    className="mt-2 min-h-11 rounded-lg border border-brand px-4 font-semibold text-brand disabled:opacity-50"
                    disabled={done.isPending}
                    onClick={() => done.mutate(c.applicant_id)}
                  >
                    {t('backoffice.done')}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
