/**
 * Approved, not yet tradable: applications whose exchange or depository registrations are still
 * open, oldest first, with their age, what they wait for, and a flag where an operator must act.
 */
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { useNotTradable } from '../api/list-not-tradable';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { DataTable } from '../../../components/data-table';

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
            <DataTable
              label={t('queue.heading')}
              regionClassName="rounded-xl bg-white shadow-sm"
              minWidth="min-w-[40rem]"
              density="roomy"
              rowHeaders={false}
              rows={list}
              rowKey={(e) => e.id}
              rowClassName={(e) => (e.needs_action ? 'bg-amber-50' : undefined)}
              columns={[
                {
                  key: 'clientCode',
                  header: t('queue.clientCode'),
                  className: 'font-mono',
                  cell: (e) => (
                    <>
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
                    </>
                  ),
                },
                {
                  key: 'approvedAt',
                  header: t('queue.approvedAt'),
                  cell: (e) => formatDateTime(e.approved_at, i18n.language),
                },
                { key: 'age', header: t('queue.age'), cell: (e) => t('queue.hours', { count: e.age_hours }) },
                {
                  key: 'waiting',
                  header: t('queue.waiting'),
                  cell: (e) => e.waiting.map((w) => `${t(`kind.${w.kind}`)}: ${t(`status.${w.status}`)}`).join(', '),
                },
                {
                  key: 'documentsDue',
                  header: t('queue.documentsDue'),
                  cell: (e) => formatDateTime(e.documents_due_at, i18n.language),
                },
              ]}
            />
          )
        }
      </QueryState>
    </div>
  );
}
