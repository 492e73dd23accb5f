import type { CheckVerdict, ReviewCheck, SharedIdentifier } from '@ekyc/contracts/calls/backoffice-application';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { DataTable } from '../../../components/data-table';

const VERDICT_STYLE: Record<CheckVerdict, string> = {
  pass: 'bg-green-100 text-success',
  fail: 'bg-red-100 text-danger',
  review: 'bg-amber-100 text-amber-900',
  not_run: 'bg-slate-200 text-slate-800',
};

export function VerdictBadge({ verdict }: { verdict: CheckVerdict }) {
  const { t } = useTranslation('backoffice');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${VERDICT_STYLE[verdict]}`}>
      {t(`review.verdicts.${verdict}`)}
    </span>
  );
}

/** Each automated check with its own source, value, threshold and verdict; failures in red. */
export function CheckTable({ checks }: { checks: ReviewCheck[] }) {
  const { t } = useTranslation('backoffice');
  if (!checks.length) return <p className="text-sm text-muted">{t('review.noChecks')}</p>;
  const shown = (v: ReviewCheck['value']) =>
    v === null ? '—' : typeof v === 'boolean' ? t(v ? 'review.yes' : 'review.no') : String(v);
  return (
    <DataTable
      label={t('review.checks')}
      rows={checks}
      rowKey={(check) => check.key}
      rowData={(check) => ({ 'data-check': check.key, 'data-verdict': check.verdict })}
      rowClassName={(check) => (check.verdict === 'fail' ? 'bg-red-50 text-danger' : undefined)}
      columns={[
        { key: 'check', header: t('review.checkColumns.check'), cell: (check) => t(`review.checkNames.${check.key}`) },
        {
          key: 'source',
          header: t('review.checkColumns.source'),
          cell: (check) => t(`review.checkSources.${check.source}`),
        },
        {
          key: 'value',
          header: t('review.checkColumns.value'),
          cell: (check) => (
            <>
              <span className="font-mono font-semibold">{shown(check.value)}</span>
              {check.against !== undefined && (
                // side by side: what the value was compared with (the Aadhaar name beside the signer's)
                <span className="block text-xs" data-against>
                  {t('review.comparedWith')}: <span className="font-mono font-semibold">{check.against ?? '—'}</span>
                </span>
              )}
            </>
          ),
        },
        {
          key: 'threshold',
          header: t('review.checkColumns.threshold'),
          className: 'font-mono',
          cell: (check) => (check.threshold === null ? t('review.providerThreshold') : String(check.threshold)),
        },
        {
          key: 'verdict',
          header: t('review.checkColumns.verdict'),
          cell: (check) => (
            <>
              <VerdictBadge verdict={check.verdict} />
              {check.reason && (
                <span className="ml-2 text-xs">
                  {t(`review.checkReasons.${check.reason}`, { defaultValue: check.reason.replace(/_/g, ' ') })}
                </span>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

/** Other applications with the same PAN, mobile or email. */
export function SharedIdentifiers({ shared }: { shared: SharedIdentifier[] }) {
  const { t } = useTranslation('backoffice');
  return (
    <section
      aria-labelledby="shared-heading"
      className={`rounded-xl p-4 shadow-sm ${shared.length ? 'border border-red-300 bg-red-50' : 'bg-white'}`}
    >
      <h2 id="shared-heading" className="mb-2 text-lg font-bold">
        {t('review.shared')}
      </h2>
      {shared.length === 0 ? (
        <p className="text-sm text-muted">{t('review.sharedNone')}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {shared.map((s) => (
            <li key={s.kind} data-shared={s.kind}>
              <span className="font-semibold text-danger">{t(`review.sharedKinds.${s.kind}`)}: </span>
              {s.applications.map((a, i) => (
                <span key={a.id}>
                  {i > 0 && ', '}
                  <Link to={`/backoffice/applications/${a.id}`} className="font-semibold text-brand underline">
                    {a.name ?? a.mobile}
                  </Link>{' '}
                  <span className="font-mono">({a.mobile}</span> · {a.stage} · {t(`status.${a.status}`)})
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
