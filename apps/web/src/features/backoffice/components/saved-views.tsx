/**
 * The queue's saved views, each staff member's own: open one (its filters, sort and search become
 * the queue's), save the queue as it is now under a name, delete the one open.
 */
import type { QueueQuery } from '@ekyc/contracts/calls/backoffice-queue';
import type { SavedView } from '@ekyc/contracts/calls/backoffice-views';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useDeleteView, useSavedViews, useSaveView } from '../api/saved-views';
import { SelectField } from './select-field';

/** The address parameters of a view's query (what the queue page reads). */
function paramsOf(query: SavedView['query']): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  // the queue page opens on "waiting for review" when no status is named
  if (!query.status) params.set('status', 'all');
  return params;
}

export function SavedViews({ query, onOpen }: { query: QueueQuery; onOpen: (params: URLSearchParams) => void }) {
  const { t } = useTranslation('backoffice-reports');
  const views = useSavedViews();
  const save = useSaveView();
  const remove = useDeleteView();
  const [openId, setOpenId] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const open = (id: string) => {
    setOpenId(id);
    const view = views.data?.find((v) => v.id === id);
    if (view) onOpen(paramsOf(view.query));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { page: _page, ...rest } = query;
    try {
      const saved = await save.mutateAsync({ name, query: rest });
      setOpenId(saved.id);
      setNaming(false);
      setName('');
      toast.success(t('views.saved', { name: saved.name }));
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const deleteOpen = async () => {
    try {
      await remove.mutateAsync(openId);
      setOpenId('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <section aria-label={t('views.title')} className="mb-3 flex flex-wrap items-end gap-2">
      <SelectField
        label={t('views.title')}
        className="w-64"
        value={openId}
        onChange={(e) => open(e.target.value)}
        disabled={!views.data?.length}
      >
        <option value="">{views.data?.length ? t('views.choose') : t('views.none')}</option>
        {(views.data ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </SelectField>
      {openId && (
        <button
          type="button"
          onClick={() => void deleteOpen()}
          className="rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-sm font-semibold"
        >
          {t('views.delete')}
        </button>
      )}
      {naming ? (
        <form onSubmit={(e) => void submit(e)} className="flex items-end gap-2">
          <TextField
            label={t('views.name')}
            className="!mb-0 w-56"
            value={name}
            maxLength={60}
            required
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="rounded-lg bg-brand px-3 py-2.5 text-sm font-semibold text-white">
            {t('views.saveThis')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setNaming(true)}
          className="rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-sm font-semibold"
        >
          {t('views.save')}
        </button>
      )}
    </section>
  );
}
