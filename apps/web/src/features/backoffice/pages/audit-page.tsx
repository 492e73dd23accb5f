import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../../lib/router';
import { useAuditTrail } from '../api/get-audit-trail';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';

const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** An application's audit trail (or, without an id, the staff administration trail) with its chain check. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('backoffice');
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
              <>
                <ol className="grid gap-2 md:hidden">
                  {data.entries.map((e) => (
                    <li
                      key={e.id}
                      className={`rounded-xl p-3 text-sm shadow-sm ${data.chain.broken_at === e.id ? 'bg-red-50' : 'bg-white'}`}
                    >
                      <p className="flex flex-wrap gap-x-2">
                        <span className="tabular-nums text-muted">#{e.id}</span>
                        <span className="font-mono font-semibold">{e.action}</span>
                        {e.stage ? <span>{`${e.stage} · ${t(`stages.${e.stage}`)}`}</span> : null}
                      </p>
                      <p className="text-muted">
                        {formatDateTime(e.at, i18n.language)} ·{' '}
                        {e.actor_kind === 'staff' ? e.actor : t(`audit.${e.actor_kind}`)}
                      </p>
                      {(e.before !== null && e.before !== undefined) || (e.after !== null && e.after !== undefined) ? (
                        <p className="mt-1 break-words font-mono text-xs">
                          {e.before !== null && e.before !== undefined && (
                            <span className="text-muted">{show(e.before)} → </span>
                          )}
                          {show(e.after)}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ol>
                <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
                  <table className="w-full min-w-[44rem] text-left text-sm">
                    <thead className="bg-slate-100">
                      <tr>
                        <th scope="col" className="p-2">
                          #
                        </th>
                        <th scope="col" className="p-2">
                          {t('audit.when')}
                        </th>
                        <th scope="col" className="p-2">
                          {t('audit.who')}
                        </th>
                        <th scope="col" className="p-2">
                          {t('audit.action')}
                        </th>
                        <th scope="col" className="p-2">
                          {t('audit.stage')}
                        </th>
                        <th scope="col" className="p-2">
                          {t('audit.change')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.entries.map((e) => (
                        <tr
                          key={e.id}
                          className={`border-t border-slate-200 align-top ${data.chain.broken_at === e.id ? 'bg-red-50' : ''}`}
                        >
                          <td className="p-2 tabular-nums">{e.id}</td>
                          <td className="whitespace-nowrap p-2">{formatDateTime(e.at, i18n.language)}</td>
                          <td className="p-2">{e.actor_kind === 'staff' ? e.actor : t(`audit.${e.actor_kind}`)}</td>
                          <td className="p-2 font-mono">{e.action}</td>
                          <td className="p-2">{e.stage ? `${e.stage} · ${t(`stages.${e.stage}`)}` : ''}</td>
                          <td className="max-w-md break-words p-2 font-mono text-xs">
                            {e.before !== null && e.before !== undefined && (
                              <span className="text-muted">{show(e.before)} → </span>
                            )}
                            {show(e.after)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
