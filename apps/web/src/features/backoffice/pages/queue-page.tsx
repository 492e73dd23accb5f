/**
 * The review queue: status tabs with counts, filters (stage, dates, source, who holds it), search
 * by name, digits of the mobile number, PAN or client code, a table with visible, sortable column
 * headers, the waiting age coloured past the SLA thresholds, CSV export, and bulk acceptance of
 * clean applications (every automatic check passed; four eyes still applies).
 */
import {
  APPLICATION_STATUSES,
  type QueueData,
  type QueueItem,
  type QueueQuery,
  type QueueSort,
} from '@ekyc/contracts/calls/backoffice-queue';
import { STAGE_ORDER } from '@ekyc/contracts/stages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { Link, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { SavedViews } from '../components/saved-views';
import { useMe } from '../api/get-me';
import { useApplications } from '../api/list-applications';
import { downloadQueueCsv, useBulkAccept, useReviewers } from '../api/operations';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { SelectField } from '../components/select-field';
import { StatusBadge } from '../components/status-badge';
import { WaitingAge } from '../components/waiting-age';
import { ScrollRegion } from '../../../components/scroll-region';

const FILTERS = ['status', 'stage', 'from', 'to', 'utm_source', 'q', 'assigned'] as const;
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

const isClean = (item: QueueItem, myId: string | undefined) =>
  item.status === 'Pending' && item.alerts.length === 0 && (!item.claim || item.claim.staff_id === myId);

export default function QueuePage() {
  const { t, i18n } = useTranslation(['operations', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const me = useMe(true).data;
  const reviewers = useReviewers();
  const status = params.get('status') ?? 'Pending';
  const query: QueueQuery = {
    status: status === 'all' ? undefined : (status as QueueQuery['status']),
    stage: params.get('stage') ? Number(params.get('stage')) : undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    utm_source: params.get('utm_source') ?? undefined,
    q: params.get('q') ?? undefined,
    assigned: (params.get('assigned') as QueueQuery['assigned']) ?? undefined,
    sort: (params.get('sort') as QueueSort) ?? 'waiting',
    dir: (params.get('dir') as 'asc' | 'desc') ?? undefined,
    page: Number(params.get('page') ?? 1),
  };
  const applications = useApplications(query);
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkAccept();

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
    setSelected(new Set());
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    update({ ...draft, status });
  };
  const field = (name: (typeof FILTERS)[number]) => ({
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const sortBy = (column: QueueSort) => {
    const current = query.sort ?? 'waiting';
    const dir = current === column && (query.dir ?? 'asc') === 'asc' ? 'desc' : 'asc';
    update({ sort: column, dir });
  };
  const exportCsv = () =>
    downloadQueueCsv(query).catch((err: Error) => toast.error(err.message || t('queue.exportFailed')));

  const acceptSelected = async (data: QueueData) => {
    try {
      const results = await bulk.mutateAsync([...selected]);
      const accepted = results.filter((r) => r.outcome === 'accepted').length;
      toast.success(t('queue.bulkDone', { accepted, skipped: results.length - accepted }));
      for (const r of results.filter((x) => x.outcome === 'skipped'))
        toast.error(
          t('queue.skipped', { name: data.items.find((i) => i.id === r.id)?.name ?? r.id, reason: r.reason ?? '' }),
        );
      setSelected(new Set());
      setConfirming(false);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold">{t('backoffice:queue.title')}</h1>
        <button
          type="button"
          onClick={() => void exportCsv()}
          className="ml-auto rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold"
        >
          {t('queue.export')}
        </button>
      </div>
      <SavedViews
        query={query}
        onOpen={(next) => {
          setParams(next);
          setDraft(Object.fromEntries(FILTERS.map((f) => [f, next.get(f) ?? ''])));
          setSelected(new Set());
        }}
      />
      <div role="tablist" aria-label={t('backoffice:queue.status')} className="mb-3 flex flex-wrap gap-2">
        {(['all', ...APPLICATION_STATUSES] as const).map((s) => {
          const count =
            s === 'all'
              ? Object.values(applications.data?.counts ?? {}).reduce((a, b) => a + b, 0)
              : applications.data?.counts[s];
          return (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={status === s}
              onClick={() => update({ status: s })}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${status === s ? 'border-brand bg-brand text-white' : 'border-slate-500 bg-white text-ink'}`}
            >
              {t(`backoffice:status.${s}`)} <span className="tabular-nums">({count ?? '…'})</span>
            </button>
          );
        })}
      </div>
      <form
        onSubmit={apply}
        aria-label={t('backoffice:queue.filters')}
        className="mb-4 grid grid-cols-2 gap-x-3 rounded-xl bg-white p-3 shadow-sm md:grid-cols-6"
      >
        <TextField
          label={t('queue.search')}
          className="col-span-2"
          maxLength={100}
          autoComplete="off"
          hint={t('queue.searchHint')}
          {...field('q')}
        />
        <SelectField label={t('queue.assigned')} className="mb-4" {...field('assigned')}>
          <option value="">{t('queue.anyone')}</option>
          <option value="mine">{t('queue.mine')}</option>
          <option value="unassigned">{t('queue.unassigned')}</option>
          {(reviewers.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('backoffice:queue.stage')} className="mb-4" {...field('stage')}>
          <option value="">{t('backoffice:queue.anyStage')}</option>
          {STAGE_ORDER.map((s) => (
            <option key={s} value={s}>
              {s} · {t(`backoffice:stages.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('backoffice:queue.from')} type="date" {...field('from')} />
        <TextField label={t('backoffice:queue.to')} type="date" {...field('to')} />
        <TextField label={t('backoffice:queue.utmSource')} maxLength={100} {...field('utm_source')} />
        <div className="col-span-2 flex items-end gap-2 pb-4 md:col-span-5">
          <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
            {t('backoffice:queue.apply')}
          </button>
          <button
            type="button"
            className="rounded-lg border border-slate-500 px-4 py-2 font-semibold"
            onClick={() => {
              setDraft({});
              setParams(new URLSearchParams(status === 'Pending' ? {} : { status }));
            }}
          >
            {t('backoffice:queue.clear')}
          </button>
        </div>
      </form>
      <QueryState query={applications}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.page_size));
          const clean = data.items.filter((i) => isClean(i, me?.id));
          const sla = data.sla ?? { amber_hours: 4, red_hours: 24 };
          return (
            <section aria-busy={applications.isFetching || undefined}>
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <p className="text-sm text-muted">{t('backoffice:queue.total', { count: data.total })}</p>
                {selected.size > 0 && (
                  <Button className="ml-auto !w-auto px-3 py-2 text-sm" onClick={() => setConfirming(true)}>
                    {t('queue.bulkAccept', { count: selected.size })}
                  </Button>
                )}
              </div>
              {data.items.length === 0 ? (
                <p className="rounded-xl bg-white p-6 text-center text-muted">{t('backoffice:queue.empty')}</p>
              ) : (
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
                          const active = c.sort && (query.sort ?? 'waiting') === c.sort;
                          const dir = query.dir ?? 'asc';
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
                                  onClick={() => sortBy(c.sort!)}
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
                      {data.items.map((item) => {
                        const name = item.name ?? t('backoffice:queue.unnamed');
                        return (
                          <tr key={item.id} className="border-t border-slate-200 align-top hover:bg-blue-50">
                            <td className="p-2">
                              {isClean(item, me?.id) && (
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
                                {item.alerts.map((alert) => (
                                  <span
                                    key={alert}
                                    data-alert={alert}
                                    className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
                                      alert === 'needs_review'
                                        ? 'bg-amber-100 text-amber-900'
                                        : 'bg-red-100 text-danger'
                                    }`}
                                  >
                                    {t(`backoffice:queue.alerts.${alert}`)}
                                  </span>
                                ))}
                              </span>
                            </td>
                            <td className="p-2">
                              <WaitingAge
                                since={item.waiting_since}
                                amberHours={sla.amber_hours}
                                redHours={sla.red_hours}
                              />
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
              )}
              {pages > 1 && (
                <nav
                  className="mt-3 flex items-center justify-between"
                  aria-label={t('backoffice:queue.page', { page: data.page, pages })}
                >
                  <button
                    type="button"
                    disabled={data.page <= 1}
                    onClick={() => update({ page: String(data.page - 1) })}
                    className="rounded-lg border border-slate-500 px-3 py-2 disabled:opacity-40"
                  >
                    {t('backoffice:queue.prev')}
                  </button>
                  <span className="text-sm">{t('backoffice:queue.page', { page: data.page, pages })}</span>
                  <button
                    type="button"
                    disabled={data.page >= pages}
                    onClick={() => update({ page: String(data.page + 1) })}
                    className="rounded-lg border border-slate-500 px-3 py-2 disabled:opacity-40"
                  >
                    {t('backoffice:queue.next')}
                  </button>
                </nav>
              )}
              <Modal
                open={confirming}
                title={t('queue.bulkTitle', { count: selected.size })}
                onClose={() => setConfirming(false)}
              >
                <p className="mb-2">{t('queue.bulkBody')}</p>
                <ul className="mb-3 list-disc pl-5 text-sm">
                  {data.items
                    .filter((i) => selected.has(i.id))
                    .map((i) => (
                      <li key={i.id}>{i.name ?? i.mobile}</li>
                    ))}
                </ul>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    {t('backoffice:cancel')}
                  </Button>
                  <Button loading={bulk.isPending} onClick={() => void acceptSelected(data)}>
                    {t('queue.bulkConfirm')}
                  </Button>
                </div>
              </Modal>
            </section>
          );
        }}
      </QueryState>
    </>
  );
}
