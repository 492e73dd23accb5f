import { APPLICATION_STATUSES, type QueueQuery } from '@ekyc/contracts/calls/backoffice-queue';
import { STAGE_ORDER } from '@ekyc/contracts/stages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router';
import { TextField } from '../../../components/text-field';
import { useApplications } from '../api/list-applications';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { SelectField } from '../components/select-field';
import { StatusBadge } from '../components/status-badge';

const FILTERS = ['status', 'stage', 'from', 'to', 'utm_source', 'q'] as const;

export default function QueuePage() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'Pending';
  const query: QueueQuery = {
    status: status === 'all' ? undefined : (status as QueueQuery['status']),
    stage: params.get('stage') ? Number(params.get('stage')) : undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    utm_source: params.get('utm_source') ?? undefined,
    q: params.get('q') ?? undefined,
    page: Number(params.get('page') ?? 1),
  };
  const applications = useApplications(query);
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    update({ ...draft, status });
  };
  const field = (name: (typeof FILTERS)[number]) => ({
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });

  return (
    <>
      <h1 className="mb-3 text-2xl font-bold">{t('queue.title')}</h1>
      <div role="tablist" aria-label={t('queue.status')} className="mb-3 flex flex-wrap gap-2">
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
              {t(`status.${s}`)} <span className="tabular-nums">({count ?? '…'})</span>
            </button>
          );
        })}
      </div>
      <form
        onSubmit={apply}
        aria-label={t('queue.filters')}
        className="mb-4 grid grid-cols-2 gap-x-3 rounded-xl bg-white p-3 shadow-sm md:grid-cols-6"
      >
        <SelectField label={t('queue.stage')} className="mb-4" {...field('stage')}>
          <option value="">{t('queue.anyStage')}</option>
          {STAGE_ORDER.map((s) => (
            <option key={s} value={s}>
              {s} · {t(`stages.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('queue.from')} type="date" {...field('from')} />
        <TextField label={t('queue.to')} type="date" {...field('to')} />
        <TextField label={t('queue.utmSource')} maxLength={100} {...field('utm_source')} />
        <TextField
          label={t('queue.search')}
          className="col-span-2"
          maxLength={20}
          autoComplete="off"
          hint={t('queue.searchHint')}
          {...field('q')}
        />
        <div className="col-span-2 flex gap-2 md:col-span-6">
          <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
            {t('queue.apply')}
          </button>
          <button
            type="button"
            className="rounded-lg border border-slate-500 px-4 py-2 font-semibold"
            onClick={() => {
              setDraft({});
              setParams(new URLSearchParams(status === 'Pending' ? {} : { status }));
            }}
          >
            {t('queue.clear')}
          </button>
        </div>
      </form>
      <QueryState query={applications}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.page_size));
          return (
            <section aria-busy={applications.isFetching || undefined}>
              <p className="mb-2 text-sm text-muted">{t('queue.total', { count: data.total })}</p>
              {data.items.length === 0 ? (
                <p className="rounded-xl bg-white p-6 text-center text-muted">{t('queue.empty')}</p>
              ) : (
                <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm">
                  {data.items.map((item) => (
                    <li key={item.id}>
                      <Link
                        to={`/backoffice/applications/${item.id}`}
                        className="grid grid-cols-2 gap-x-3 gap-y-1 p-3 hover:bg-blue-50 md:grid-cols-[2fr_1fr_1fr_1.2fr_1fr_1.4fr]"
                      >
                        <span className="col-span-2 font-semibold md:col-span-1">
                          {item.name ?? <span className="text-muted">{t('queue.unnamed')}</span>}
                        </span>
                        <span className="font-mono text-sm">
                          <span className="sr-only">{t('queue.mobile')}: </span>
                          {item.mobile}
                        </span>
                        <span className="font-mono text-sm">
                          <span className="sr-only">{t('queue.pan')}: </span>
                          {item.pan ?? '—'}
                        </span>
                        <span className="text-sm">
                          {item.stage} · {t(`stages.${item.stage}`)}
                        </span>
                        <span className="flex flex-wrap gap-1">
                          <StatusBadge status={item.status} />
                          {item.alerts.map((alert) => (
                            <span
                              key={alert}
                              data-alert={alert}
                              className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-danger"
                            >
                              {t(`queue.alerts.${alert}`)}
                            </span>
                          ))}
                        </span>
                        <span className="text-sm text-muted">
                          <span className="sr-only">{t('queue.waiting')}: </span>
                          {formatDateTime(item.waiting_since, i18n.language)}
                          {item.utm_source && <span className="ml-1">· {item.utm_source}</span>}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <nav
                  className="mt-3 flex items-center justify-between"
                  aria-label={t('queue.page', { page: data.page, pages })}
                >
                  <button
                    type="button"
                    disabled={data.page <= 1}
                    onClick={() => update({ page: String(data.page - 1) })}
                    className="rounded-lg border border-slate-500 px-3 py-2 disabled:opacity-40"
                  >
                    {t('queue.prev')}
                  </button>
                  <span className="text-sm">{t('queue.page', { page: data.page, pages })}</span>
                  <button
                    type="button"
                    disabled={data.page >= pages}
                    onClick={() => update({ page: String(data.page + 1) })}
                    className="rounded-lg border border-slate-500 px-3 py-2 disabled:opacity-40"
                  >
                    {t('queue.next')}
                  </button>
                </nav>
              )}
            </section>
          );
        }}
      </QueryState>
    </>
  );
}
