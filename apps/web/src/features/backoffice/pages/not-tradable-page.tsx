/**
 * Approved, not yet tradable: applications whose exchange or depository registrations are still
 * open, oldest first, with their age, what they wait for, and a flag where an operator must act.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router';
import { useNotTradable } from '../api/list-not-tradable';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ScrollRegion } from '../../../components/scroll-region';

export default function NotTradablePage() {
  const { t, i18n } = useTranslation('registrations');
  const query = useNotTradable();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('queue.heading')}</h1>
      <p className="text-sm text-muted">{t('queue.intro')}</p>
      <QueryState query={query}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('queue.empty')}</p>
          ) : (
            <ScrollRegion label={t('queue.heading')} className="rounded-xl bg-white shadow-sm">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead>
                  <tr className="text-muted">
                    <th scope="col" className="p-2">
                      {t('queue.clientCode')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('queue.approvedAt')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('queue.age')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('queue.waiting')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('queue.documentsDue')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((e) => (
                    <tr key={e.id} className={`border-t border-slate-100 ${e.needs_action ? 'bg-amber-50' : ''}`}>
                      <td className="p-2 font-mono">
                        <Link
                          to={`/backoffice/applications/${encodeURIComponent(e.id)}`}
                          className="text-brand underline"
                        >
                          {e.client_code}
                        </Link>
                        {e.late && (
                          <span className="ml-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                            {t('late')}
                          </span>
                        )}
                      </td>
                      <td className="p-2">{formatDateTime(e.approved_at, i18n.language)}</td>
                      <td className="p-2">{t('queue.hours', { count: e.age_hours })}</td>
                      <td className="p-2">
                        {e.waiting.map((w) => `${t(`kind.${w.kind}`)}: ${t(`status.${w.status}`)}`).join(', ')}
                      </td>
                      <td className="p-2">{formatDateTime(e.documents_due_at, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </QueryState>
    </div>
  );
}
