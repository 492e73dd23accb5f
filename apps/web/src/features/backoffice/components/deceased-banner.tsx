/**
 * The deceased flag on the application page: a banner once the client is recorded as deceased
 * (what the flag stops: the registrations, the approval, the client area); before that, a
 * supervisor or an administrator records it with a note, after a confirmation that says what it
 * stops and that it cannot be undone here.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useMe } from '../api/get-me';
import { useMarkDeceased, useScreening } from '../api/screening';
import { formatDateTime } from './format';

export function DeceasedBanner({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation(['backoffice-screening', 'backoffice']);
  const deceased = useScreening(applicationId).data?.deceased ?? null;
  const role = useMe(true).data?.role;
  const mark = useMarkDeceased(applicationId);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const noteId = useId();

  if (deceased)
    return (
      <p role="alert" className="rounded-xl bg-slate-800 p-3 font-semibold text-white" data-testid="deceased-banner">
        {t('deceased.banner', { at: formatDateTime(deceased.marked_at, i18n.language) })}
      </p>
    );
  if (role !== 'supervisor' && role !== 'admin') return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (note.trim().length < 3) return setError(t('noteRequired'));
    setError('');
    try {
      const reply = await mark.mutateAsync(note.trim());
      if (!reply.status) return toast.error(reply.message);
      toast.success(t('deceased.done'));
      setOpen(false);
      setNote('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <div className="flex justify-end">
      <button
        type="button"
        className="rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold"
        onClick={() => setOpen(true)}
      >
        {t('deceased.open')}
      </button>
      <Modal open={open} title={t('deceased.title')} onClose={() => setOpen(false)}>
        <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)} noValidate>
          <p className="text-sm">{t('deceased.body')}</p>
          <label htmlFor={noteId} className="text-sm font-semibold">
            {t('deceased.note')}
          </label>
          <textarea
            id={noteId}
            className="w-full rounded-lg border border-slate-400 p-2 text-sm"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t('backoffice:cancel')}
            </Button>
            <Button type="submit" loading={mark.isPending}>
              {t('deceased.confirm')}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
