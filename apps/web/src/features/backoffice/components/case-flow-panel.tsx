/**
 * The case's flow on the review page: the staff notes (the maker's hand-over, the
 * checker's return, accepts against a check, internal notes), the checker's return to the maker,
 * the final rejection with a closing reason, and a supervisor's reopening. None of it is shown to
 * the applicant, except the closing reason's own text on their status page.
 */
import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { toast } from '../../../lib/toast';
import { useClosing, useReasons } from '../api/close-application';
import { useMe } from '../api/get-me';
import { useReturnToMaker } from '../api/return-to-maker';
import { useAddNote, useStaffNotes } from '../api/staff-notes';
import { SelectField } from './select-field';

const textArea = 'w-full rounded-lg border border-slate-400 p-2 text-sm';

export function CaseFlowPanel({ application }: { application: ApplicationData }) {
  const { t } = useTranslation(['operations', 'backoffice']);
  const notes = useStaffNotes(application.id);
  const addNote = useAddNote(application.id);
  const returnToMaker = useReturnToMaker(application.id);
  const closing = useClosing(application.id);
  const reasons = useReasons();
  const me = useMe(true).data;
  const [note, setNote] = useState('');
  const [returnNote, setReturnNote] = useState('');
  const [closeCode, setCloseCode] = useState('');
  const [closeNote, setCloseNote] = useState('');
  const [reopenNote, setReopenNote] = useState('');

  const said = async (run: () => Promise<{ status: boolean; message: string }>, done: string) => {
    try {
      const reply = await run();
      if (reply.status) toast.success(t(done));
      else toast.error(reply.message);
      return reply.status;
    } catch (err) {
      toast.error((err as Error).message);
      return false;
    }
  };
  const submitNote = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await addNote.mutateAsync(note);
      toast.success(t('flow.notes.added'));
      setNote('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const { step, can_act: canAct } = application.approval;
  const closable = application.status === 'Pending' || application.status === 'Rejected';
  const closingReasons = (reasons.data?.reasons ?? []).filter((r) => r.purpose === 'close' && r.active);

  return (
    <section aria-labelledby="flow-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="case-flow">
      <h2 id="flow-heading" className="mb-2 text-lg font-bold">
        {t('flow.notes.heading')}
      </h2>
      {notes.data?.notes.length ? (
        <ul className="mb-3 space-y-1 text-sm" data-testid="staff-notes">
          {notes.data.notes.map((n, i) => (
            <li key={i} className="break-words">
              <span className="font-semibold">{t(`flow.notes.kind.${n.kind}`)}</span> ({n.staff_name}
              {n.stage !== null
                ? `, ${t(`backoffice:stages.${n.stage}`, { defaultValue: String(n.stage) })}`
                : ''}): {n.note}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-muted">{t('flow.notes.empty')}</p>
      )}
      <form className="mb-4 flex flex-col gap-2" onSubmit={(e) => void submitNote(e)}>
        <label className="text-sm font-semibold">
          {t('flow.notes.label')}
          <textarea className={textArea} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
        </label>
        <Button type="submit" className="!w-auto self-start px-3 py-2 text-sm" loading={addNote.isPending}>
          {t('flow.notes.add')}
        </Button>
      </form>

      {step === 'confirm' && canAct && (
        <form
          className="mb-4 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void said(() => returnToMaker.mutateAsync(returnNote), 'flow.returnToMaker.done').then(
              (ok) => ok && setReturnNote(''),
            );
          }}
        >
          <label className="text-sm font-semibold">
            {t('flow.returnToMaker.label')}
            <textarea
              className={textArea}
              value={returnNote}
              onChange={(e) => setReturnNote(e.target.value)}
              maxLength={500}
            />
          </label>
          <Button
            type="submit"
            variant="secondary"
            className="!w-auto self-start px-3 py-2 text-sm"
            loading={returnToMaker.isPending}
          >
            {t('flow.returnToMaker.button')}
          </Button>
        </form>
      )}

      {closable && (
        <form
          className="flex flex-col gap-2 border-t pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            void said(
              () => closing.mutateAsync({ kind: 'close', code: closeCode, note: closeNote.trim() || undefined }),
              'flow.closing.closed',
            );
          }}
        >
          <h3 className="font-semibold text-danger">{t('flow.closing.reject')}</h3>
          <SelectField
            label={t('flow.closing.reason')}
            value={closeCode}
            onChange={(e) => setCloseCode(e.target.value)}
          >
            <option value="">{t('flow.closing.choose')}</option>
            {closingReasons.map((r) => (
              <option key={r.code} value={r.code}>
                {r.texts.en}
              </option>
            ))}
          </SelectField>
          <label className="text-sm font-semibold">
            {t('flow.closing.note')}
            <textarea
              className={textArea}
              value={closeNote}
              onChange={(e) => setCloseNote(e.target.value)}
              maxLength={500}
            />
          </label>
          <Button type="submit" className="!w-auto self-start px-3 py-2 text-sm" loading={closing.isPending}>
            {t('flow.closing.confirm')}
          </Button>
        </form>
      )}

      {application.status === 'Closed' && (me?.role === 'supervisor' || me?.role === 'admin') && (
        <form
          className="flex flex-col gap-2 border-t pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            void said(() => closing.mutateAsync({ kind: 'reopen', note: reopenNote }), 'flow.closing.reopened');
          }}
        >
          <label className="text-sm font-semibold">
            {t('flow.closing.reopenNote')}
            <textarea
              className={textArea}
              value={reopenNote}
              onChange={(e) => setReopenNote(e.target.value)}
              maxLength={500}
            />
          </label>
          <Button type="submit" className="!w-auto self-start px-3 py-2 text-sm" loading={closing.isPending}>
            {t('flow.closing.reopen')}
          </Button>
        </form>
      )}
    </section>
  );
}
