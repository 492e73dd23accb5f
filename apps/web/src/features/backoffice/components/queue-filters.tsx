/** The review queue's status tabs with their counts, and its filters (search, holder, stage, dates, source). */
import { APPLICATION_STATUSES, type QueueData } from '@ekyc/contracts/calls/backoffice-queue';
import { STAGE_ORDER } from '@ekyc/contracts/stages';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TextField } from '../../../components/text-field';
import { useReviewers } from '../api/operations';
import { SelectField } from './select-field';

export const QUEUE_FILTERS = ['status', 'stage', 'from', 'to', 'utm_source', 'q', 'assigned'] as const;
type Draft = Record<string, string>;

interface QueueFiltersProps {
  status: string;
  counts: QueueData['counts'] | undefined;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  onApply: (e: FormEvent) => void;
  onStatus: (status: string) => void;
  onClear: () => void;
}

export function QueueFilters({ status, counts, draft, setDraft, onApply, onStatus, onClear }: QueueFiltersProps) {
  const { t } = useTranslation(['operations', 'backoffice']);
  const reviewers = useReviewers();
  const field = (name: (typeof QUEUE_FILTERS)[number]) => ({
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  return (
    <>
      <div role="tablist" aria-label={t('backoffice:queue.status')} className="mb-3 flex flex-wrap gap-2">
        {(['all', ...APPLICATION_STATUSES] as const).map((s) => {
          const count = s === 'all' ? Object.values(counts ?? {}).reduce((a, b) => a + b, 0) : counts?.[s];
          return (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={status === s}
              onClick={() => onStatus(s)}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${status === s ? 'border-brand bg-brand text-white' : 'border-slate-500 bg-white text-ink'}`}
            >
              {t(`backoffice:status.${s}`)} <span className="tabular-nums">({count ?? '…'})</span>
            </button>
          );
        })}
      </div>
      <form
        onSubmit={onApply}
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
            onClick={onClear}
          >
            {t('backoffice:queue.clear')}
          </button>
        </div>
      </form>
    </>
  );
}
