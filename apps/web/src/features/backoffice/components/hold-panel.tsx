/**
 * The escalation hold on the review page: put the application on hold with a coded reason and a
 * note (its clock stops: the reports leave held time out of the turnaround), or release the open
 * hold with a note. The earlier holds are listed below. Staff's notes only; the applicant sees none.
 */
import { HOLD_REASONS, type HoldReason } from '@ekyc/contracts/calls/backoffice-holds';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { toast } from '../../../lib/toast';
import { useMe } from '../api/get-me';
import { useHoldAction, useHolds } from '../api/holds';
import { formatDateTime } from './format';
import { SelectField } from './select-field';

const textArea = 'w-full rounded-lg border border-slate-400 p-2 text-sm';

export function HoldPanel({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('backoffice-holds');
  // compliance reads; every other role may hold and release
  const canAct = useMe(true).data?.role !== 'compliance';
  const holds = useHolds(applicationId);
  const action = useHoldAction(applicationId);
  const [reason, setReason] = useState<HoldReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const noteId = useId();
  const current = holds.data?.current ?? null;
  const earlier = (holds.data?.holds ?? []).filter((h) => h.released_at !== null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!current && !reason) return setError(t('reasonRequired'));
    if (note.trim().length < 3) return setError(t('noteRequired'));
    setError('');
    try {
      const reply = await action.mutateAsync(
        current
          ? { kind: 'release', note: note.trim() }
          : { kind: 'hold', reason_code: reason as HoldReason, note: note.trim() },
      );
      if (!reply.status) return toast.error(reply.message);
      toast.success(t(current ? 'released' : 'held'));
      setNote('');
      setReason('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="hold-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="hold-panel">
      <h2 id="hold-heading" className="mb-1 text-lg font-bold">
        {t('heading')}
      </h2>
      {current ? (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900" data-testid="hold-current">
          {t('current', {
            reason: t(`reasons.${current.reason_code}`),
            name: current.held_by.name,
            since: formatDateTime(current.held_at, i18n.language),
          })}
          <br />
          <span className="break-words">{current.note}</span>
        </p>
      ) : (
        <p className="mb-3 text-sm text-muted">{t('intro')}</p>
      )}
      {canAct && (
        <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)} noValidate>
          {!current && (
            <SelectField label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value as HoldReason)}>
              <option value="">{t('chooseReason')}</option>
              {HOLD_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`reasons.${r}`)}
                </option>
              ))}
            </SelectField>
          )}
          <label htmlFor={noteId} className="text-sm font-semibold">
            {t(current ? 'releaseNote' : 'note')}
          </label>
          <textarea
            id={noteId}
            className={textArea}
            rows={2}
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
          <Button
            type="submit"
            variant={current ? 'primary' : 'secondary'}
            className="sm:!w-auto sm:px-6"
            loading={action.isPending}
          >
            {t(current ? 'release' : 'hold')}
          </Button>
        </form>
      )}
      {earlier.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-muted" data-testid="hold-history">
          {earlier.map((h) => (
            <li key={h.held_at} className="break-words">
              {t('past', {
                reason: t(`reasons.${h.reason_code}`),
                name: h.held_by.name,
                from: formatDateTime(h.held_at, i18n.language),
                to: formatDateTime(h.released_at!, i18n.language),
                by: h.released_by?.name ?? '',
              })}
              : {h.note} · {h.release_note}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
