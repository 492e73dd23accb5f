import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from '../../../lib/router';
import { useAuditTrail } from '../api/get-audit-trail';
import { auditSentence } from '../components/audit-sentence';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';

const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 1));

/**
 * An application's audit trail (or, without an id, the staff administration trail) with its chain
 * check: each entry as a sentence, the raw change behind a disclosure.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation(['backoffice', 'operations']);
  const { id } = useParams();
  const trail = useAuditTrail(id ?? 'staff');
  return (
    <>
      {id && (
        <Link to={`/backoffice/applications/${id}`} className="mb-3 inline-block font-semibold text-brand underline">
          ← {t('audit.back')}
        </Link>
      )}
      <h1 className="mb-3 text-2xl font-bold">{id ? t('audit.title') : t('audit.staffTitle')}</h1>
      <QueryState query={trail}>
        {(data) => (
          <>
            <p
              role="status"
              data-testid="chain-status"
              className={`mb-3 rounded-lg p-3 font-semibold ${data.chain.valid ? 'bg-green-50 text-success' : 'bg-red-50 text-danger'}`}
            >
              {data.chain.valid
                ? t('audit.intact', { count: data.chain.checked })
                : t('audit.broken', { id: data.chain.broken_at })}
            </p>
            {data.entries.length === 0 ? (
              <p className="text-muted">{t('audit.empty')}</p>
            ) : (
              <ol className="grid gap-2">
                {data.entries.map((e) => (
                  <li
                    key={e.id}
                    data-action={e.action}
                    className={`rounded-xl p-3 text-sm shadow-sm ${data.chain.broken_at === e.id ? 'bg-red-50' : 'bg-white'}`}
                  >
                    <p className="flex flex-wrap gap-x-3">
                      <span className="tabular-nums text-muted">#{e.id}</span>
                      <span className="whitespace-nowrap text-muted">{formatDateTime(e.at, i18n.language)}</span>
                      <span className="font-medium">{auditSentence(e, t, data.staff_names)}</span>
                    </p>
                    <details className="mt-1">
                      <summary className="cursor-pointer text-xs font-semibold text-brand">
                        {t('operations:audit.details')}
                      </summary>
                      <dl className="mt-1 grid grid-cols-[6rem_1fr] gap-x-2 break-words font-mono text-xs">
                        <dt className="text-muted">{t('audit.action')}</dt>
                        <dd>{e.action}</dd>
                        <dt className="text-muted">{t('audit.who')}</dt>
                        <dd>{e.actor ?? e.actor_kind}</dd>
                        {e.stage ? (
                          <>
                            <dt className="text-muted">{t('audit.stage')}</dt>
                            <dd>{e.stage}</dd>
                          </>
                        ) : null}
                        <dt className="text-muted">{t('audit.change')}</dt>
                        <dd className="whitespace-pre-wrap">
                          {e.before !== null && e.before !== undefined && `${show(e.before)} → `}
                          {show(e.after)}
                        </dd>
                        <dt className="text-muted">hash</dt>
                        <dd className="truncate">{e.hash}</dd>
                      </dl>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
