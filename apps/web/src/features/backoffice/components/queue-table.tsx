/**
 * The review queue's table: visible, sortable column headers, a checkbox on each clean application
 * (for bulk acceptance), the waiting age coloured past the SLA thresholds.
 */
import type { QueueItem, QueueSort } from '@ekyc/contracts/calls/backoffice-queue';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ScrollRegion } from '../../../components/scroll-region';
import { Link } from '../../../lib/router';
import { formatDateTime } from './format';
import { StatusBadge } from './status-badge';
import { WaitingAge } from './waiting-age';

const COLUMNS: { key: string; sort?: QueueSort }[] = [
  { key: 'name' },
  { key: 'mobile' },
  { key: 'pan' },
  { key: 'stage', sort: 'stage' },
  { key: 'status', sort: 'status' },
  { key: 'waiting', sort: 'waiting' },
  { key: 'reviewer', sort: 'reviewer' },
  { key: 'client_code', sort: 'client_code' },
  { key: 'created', sort: 'created' },
];

interface QueueTableProps {
  items: QueueItem[];
  /** The applications that may be accepted in bulk (every automatic check passed, held by nobody else). */
  clean: QueueItem[];
  sort: QueueSort;
  dir: 'asc' | 'desc';
  onSort: (column: QueueSort) => void;
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  sla: { amber_hours: number; red_hours: number };
}

export function QueueTable({ items, clean, sort, dir, onSort, selected, setSelected, sla }: QueueTableProps) {
  const { t, i18n } = useTranslation(['operations', 'backoffice', 'backoffice-holds']);
  return (
    <ScrollRegion label={t('backoffice:queue.title')} className="rounded-xl bg-white shadow-sm">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <thead className="sticky top-0 bg-slate-100">
          <tr>
            <th scope="col" className="w-8 p-2">
              <input
                type="checkbox"
                aria-label={t('queue.selectAll')}
                disabled={clean.length === 0}
                checked={clean.length > 0 && clean.every((i) => selected.has(i.id))}
                onChange={(e) => setSelected(new Set(e.target.checked ? clean.map((i) => i.id) : []))}
              />
            </th>
            {COLUMNS.map((c) => {
              const active = c.sort && sort === c.sort;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className="p-2 font-semibold"
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.sort!)}
                      title={t('queue.sortBy', { column: t(`queue.columns.${c.key}`) })}
                      className="inline-flex items-center gap-1 font-semibold hover:underline"
                    >
                      {t(`queue.columns.${c.key}`)}
                      <span aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    t(`queue.columns.${c.key}`)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const name = item.name ?? t('backoffice:queue.unnamed');
            return (
              <tr key={item.id} className="border-t border-slate-200 align-top hover:bg-blue-50">
                <td className="p-2">
                  {clean.some((i) => i.id === item.id) && (
                    <input
                      type="checkbox"
                      aria-label={t('queue.selectRow', { name })}
                      title={t('queue.clean')}
                      checked={selected.has(item.id)}
                      onChange={(e) =>
                        setSelected((s) => {
                          const next = new Set(s);
                          if (e.target.checked) next.add(item.id);
                          else next.delete(item.id);
                          return next;
                        })
                      }
                    />
                  )}
                </td>
                <td className="p-2 font-semibold">
                  <Link to={`/backoffice/applications/${item.id}`} className="text-brand hover:underline">
                    {item.name ?? <span className="text-muted">{name}</span>}
                  </Link>
                </td>
                <td className="p-2 font-mono">{item.mobile}</td>
                <td className="p-2 font-mono">{item.pan ?? '—'}</td>
                <td className="p-2">
                  {item.stage} · {t(`backoffice:stages.${item.stage}`)}
                </td>
                <td className="p-2">
                  <span className="flex flex-wrap gap-1">
                    <StatusBadge status={item.status} />
                    {item.hold && (
                      <span
                        data-testid="hold-flag"
                        title={t('backoffice-holds:flagTitle', {
                          reason: t(`backoffice-holds:reasons.${item.hold.reason_code}`),
                        })}
                        className="inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900"
                      >
                        {t('backoffice-holds:flag')}
                      </span>
                    )}
                    {item.alerts.map((alert) => (
                      <span
                        key={alert}
                        data-alert={alert}
                        className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
                          alert === 'needs_review' ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-danger'
                        }`}
                      >
                        {t(`backoffice:queue.alerts.${alert}`)}
                      </span>
                    ))}
                  </span>
                </td>
                <td className="p-2">
                  <WaitingAge since={item.waiting_since} amberHours={sla.amber_hours} redHours={sla.red_hours} />
                </td>
                <td className="p-2">{item.claim?.name ?? t('queue.nobody')}</td>
                <td className="p-2 font-mono">{item.client_code ?? '—'}</td>
                <td className="whitespace-nowrap p-2 text-muted">
                  {formatDateTime(item.created_at, i18n.language)}
                  {item.utm_source && <span className="ml-1">· {item.utm_source}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
