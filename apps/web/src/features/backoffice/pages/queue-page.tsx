/**
 * The review queue: status tabs with counts, filters (stage, dates, source, who holds it), search
 * by name, digits of the mobile number, PAN or client code, a table with visible, sortable column
 * headers, the waiting age coloured past the SLA thresholds, CSV export, and bulk acceptance of
 * clean applications (every automatic check passed; four eyes still applies).
 */
import type { QueueData, QueueItem, QueueQuery, QueueSort } from '@ekyc/contracts/calls/backoffice-queue';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useMe } from '../api/get-me';
import { useApplications } from '../api/list-applications';
import { downloadQueueCsv, useBulkAccept } from '../api/operations';
import { BulkAcceptDialog } from '../components/bulk-accept-dialog';
import { QueryState } from '../components/query-state';
import { QUEUE_FILTERS, QueueFilters } from '../components/queue-filters';
import { QueueTable } from '../components/queue-table';
import { SavedViews } from '../components/saved-views';

const isClean = (item: QueueItem, myId: string | undefined) =>
  item.status === 'Pending' && item.alerts.length === 0 && (!item.claim || item.claim.staff_id === myId);

export default function QueuePage() {
  const { t } = useTranslation(['operations', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const me = useMe(true).data;
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
  const [draft, setDraft] = useState(() => Object.fromEntries(QUEUE_FILTERS.map((f) => [f, params.get(f) ?? ''])));
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
          setDraft(Object.fromEntries(QUEUE_FILTERS.map((f) => [f, next.get(f) ?? ''])));
          setSelected(new Set());
        }}
      />
      <QueueFilters
        status={status}
        counts={applications.data?.counts}
        draft={draft}
        setDraft={setDraft}
        onApply={apply}
        onStatus={(s) => update({ status: s })}
        onClear={() => {
          setDraft({});
          setParams(new URLSearchParams(status === 'Pending' ? {} : { status }));
        }}
      />
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
                <QueueTable
                  items={data.items}
                  clean={clean}
                  sort={query.sort ?? 'waiting'}
                  dir={query.dir ?? 'asc'}
                  onSort={sortBy}
                  selected={selected}
                  setSelected={setSelected}
                  sla={sla}
                />
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
              <BulkAcceptDialog
                open={confirming}
                items={data.items.filter((i) => selected.has(i.id))}
                pending={bulk.isPending}
                onClose={() => setConfirming(false)}
                onConfirm={() => void acceptSelected(data)}
              />
            </section>
          );
        }}
      </QueryState>
    </>
  );
}
