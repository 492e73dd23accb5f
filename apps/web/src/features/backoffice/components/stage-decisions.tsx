import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { isLanguage, type Language } from '@ekyc/contracts/constants';
import { describeReason } from '@ekyc/contracts/review-reasons';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useReasons } from '../api/close-application';
import { useDecideStages } from '../api/decide-stages';
import { useWithdrawSendBack } from '../api/withdraw-send-back';
import { HeldSegmentsLine, SegmentHoldsControl } from './segment-holds';
import { ActivityBadge } from './status-badge';

const typing = (e: KeyboardEvent) =>
  e.target instanceof HTMLElement &&
  (e.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName));

export type DecisionOutcome = { status: string; awaiting_confirmation?: boolean };

/** The stage whose evidence each check's section holds (a failed or not-run check needs a note to accept). */
const STAGE_OF_SECTION: Record<string, number> = { pan_obj: 130, bank_obj: 160, livness_obj: 200, esign_obj: 210 };
/** The Segment stage: its Accept may hold derivatives back pending their proof (segment-holds.tsx). */
const SEGMENT_STAGE = 190;

/**
 * Each stage with its decision; Accept or Reject with a configured reason (translated for the
 * applicant) and free text. Shortcuts: A accepts every pending stage after asking once more, R
 * rejects the first. Accepting a stage whose check failed or did not run asks for a note, kept for
 * the checker. While a colleague holds the application (the claim bar says who) the buttons are
 * disabled.
 */
export function StageDecisions({
  application,
  onDecided,
}: {
  application: ApplicationData;
  onDecided?: (outcome: DecisionOutcome) => void;
}) {
  const { t, i18n } = useTranslation(['backoffice', 'operations']);
  const decide = useDecideStages(application.id);
  const withdraw = useWithdrawSendBack(application.id);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [askingAll, setAskingAll] = useState(false);
  // the send-back reasons in their current version (the reasons table an admin edits)
  const configured = (useReasons().data?.reasons ?? [])
    .filter((r) => r.purpose === 'send_back' && r.active && r.stage !== null)
    .map((r) => ({ code: r.code, stage: r.stage!, text: r.texts }));
  const reviewReason = (c: string) => configured.find((r) => r.code === c);
  const [allNote, setAllNote] = useState('');
  const stages = application.stages.filter((s) => s.stage < 220).sort((a, b) => a.stage - b.stage);
  const canDecide = (activity: string | null) =>
    application.decidable && (activity === 'Pending' || activity === 'Accept');
  const heldElsewhere = Boolean(application.claim && !application.claim.mine);
  const pending = stages.filter((s) => application.decidable && s.admin_activity === 'Pending');

  const doubtful = [
    ...new Set(
      application.checks
        .filter((c) => c.verdict === 'fail' || c.verdict === 'not_run')
        .map((c) => STAGE_OF_SECTION[c.section])
        .filter((stage): stage is number => stage !== undefined && pending.some((p) => p.stage === stage)),
    ),
  ];
  const run = async (
    decisions: { stage: number; activity: 'Accept' | 'Reject'; reason?: string; code?: string; note?: string }[],
  ) => {
    try {
      const reply = await decide.mutateAsync({ decisions });
      if (reply.status) {
        toast.success(t('review.saved'));
        onDecided?.(reply.data);
      } else toast.error(reply.message);
      return reply.status;
    } catch (err) {
      toast.error((err as Error).message);
      return false;
    }
  };

  /** A send-back made by mistake, taken back while the applicant has not resubmitted the stage. */
  const withdrawSendBack = async (stage: number) => {
    try {
      const reply = await withdraw.mutateAsync(stage);
      if (reply.status) {
        toast.success(t('review.withdrawn'));
        onDecided?.(reply.data);
      } else toast.error(reply.message);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  const confirmReject = async () => {
    if (!code && reason.trim().length < 3) return setReasonError(t('review.reasonRequired'));
    const stage = code ? (reviewReason(code)?.stage ?? rejecting) : rejecting;
    if (
      stage !== null &&
      (await run([{ stage, activity: 'Reject', code: code || undefined, reason: reason.trim() || undefined }]))
    ) {
      setRejecting(null);
      setReason('');
      setCode('');
    }
  };
  const startReject = (stage: number) => {
    setReasonError('');
    setCode('');
    setRejecting(stage);
  };
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const decidableStages = stages.filter((s) => canDecide(s.admin_activity)).map((s) => s.stage);
  // Reasons for stages that can still be sent back, the rejected stage's own first.
  const reasons = configured
    .filter((r) => decidableStages.includes(r.stage))
    .sort((a, b) => Number(b.stage === rejecting) - Number(a.stage === rejecting));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e) || e.ctrlKey || e.metaKey || e.altKey || rejecting !== null || heldElsewhere) return;
      if (e.key === 'a' && pending.length && !decide.isPending && !askingAll) {
        e.preventDefault();
        // a single key accepts nothing by itself: it asks once more
        setAskingAll(true);
      } else if (e.key === 'r' && decidableStages.length) {
        e.preventDefault();
        startReject(pending[0]?.stage ?? decidableStages[0]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section aria-labelledby="stages-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="stages-heading" className="text-lg font-bold">
          {t('review.stages')}
        </h2>
        {pending.length > 0 && (
          <Button
            className="ml-auto !w-auto px-3 py-2 text-sm"
            loading={decide.isPending}
            disabled={heldElsewhere}
            onClick={() =>
              doubtful.length
                ? setAskingAll(true)
                : void run(pending.map((s) => ({ stage: s.stage, activity: 'Accept' })))
            }
          >
            {t('review.acceptAll')}
          </Button>
        )}
      </div>
      {!application.decidable && application.status === 'In progress' && (
        <p className="mb-2 text-sm text-muted">{t('review.notDecidable')}</p>
      )}
      <ul className="divide-y divide-slate-200">
        {stages.map((s) => {
          const name = t(`stages.${s.stage}`);
          return (
            <li key={s.stage} className="flex flex-wrap items-center gap-2 py-2" data-stage={s.stage}>
              <span className="w-40 font-semibold">
                {s.stage} · {name}
              </span>
              <ActivityBadge activity={s.admin_activity} />
              {s.reason && <span className="text-sm text-danger">“{describeReason(s.reason, 'en')}”</span>}
              {s.admin_activity === 'Reject' && application.status === 'Rejected' && (
                <button
                  type="button"
                  aria-label={`${t('review.withdraw')} ${name}`}
                  disabled={withdraw.isPending || heldElsewhere}
                  onClick={() => void withdrawSendBack(s.stage)}
                  className="ml-auto rounded-lg border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
                >
                  {t('review.withdraw')}
                </button>
              )}
              {canDecide(s.admin_activity) && (
                <span className="ml-auto flex gap-2">
                  {s.admin_activity !== 'Accept' && (
                    <button
                      type="button"
                      aria-label={`${t('review.accept')} ${name}`}
                      disabled={decide.isPending || heldElsewhere}
                      onClick={() => void run([{ stage: s.stage, activity: 'Accept' }])}
                      className="rounded-lg border border-success px-3 py-1.5 text-sm font-semibold text-success hover:bg-green-50 disabled:opacity-50"
                    >
                      {t('review.accept')}
                    </button>
                  )}
                  {s.stage === SEGMENT_STAGE && (
                    <SegmentHoldsControl
                      application={application}
                      disabled={decide.isPending || heldElsewhere}
                      onDecided={onDecided}
                    />
                  )}
                  <button
                    type="button"
                    aria-label={`${t('review.reject')} ${name}`}
                    disabled={decide.isPending || heldElsewhere}
                    onClick={() => startReject(s.stage)}
                    className="rounded-lg border border-danger px-3 py-1.5 text-sm font-semibold text-danger hover:bg-red-50 disabled:opacity-50"
                  >
                    {t('review.reject')}
                  </button>
                </span>
              )}
              {s.stage === SEGMENT_STAGE && <HeldSegmentsLine application={application} />}
            </li>
          );
        })}
      </ul>
      <Modal
        open={rejecting !== null}
        title={t('review.rejectTitle', { stage: rejecting ? t(`stages.${rejecting}`) : '' })}
        onClose={() => setRejecting(null)}
      >
        <label htmlFor="reject-code" className="mb-1 block text-sm font-semibold">
          {t('operations:reasons.code')}
        </label>
        <select
          id="reject-code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setReasonError('');
          }}
          className="mb-1 w-full rounded-lg border border-slate-300 bg-white p-2"
        >
          <option value="">{t('operations:reasons.other')}</option>
          {reasons.map((r) => (
            <option key={r.code} value={r.code}>
              {r.stage} · {r.text.en}
            </option>
          ))}
        </select>
        {code && (
          <p className="mb-2 text-sm text-muted" data-testid="reason-preview">
            {t('operations:reasons.sendsBack', { stage: t(`stages.${reviewReason(code)!.stage}`) })}
            {language !== 'en' && <span className="block">{reviewReason(code)!.text[language]}</span>}
          </p>
        )}
        <label htmlFor="reject-reason" className="mb-1 mt-2 block text-sm font-semibold">
          {t('review.reason')}
        </label>
        <textarea
          id="reject-reason"
          value={reason}
          maxLength={500}
          rows={3}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby="reject-reason-hint"
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError('');
          }}
          className="w-full rounded-lg border border-slate-500 p-2"
        />
        <p id="reject-reason-hint" className={`mb-3 text-sm ${reasonError ? 'text-danger' : 'text-muted'}`}>
          {reasonError || t('review.reasonHint')}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setRejecting(null)}>
            {t('cancel')}
          </Button>
          <Button className="!bg-danger" loading={decide.isPending} onClick={() => void confirmReject()}>
            {t('review.rejectConfirm')}
          </Button>
        </div>
      </Modal>
      {askingAll && (
        <Modal open title={t('operations:flow.acceptAll.ask')} onClose={() => setAskingAll(false)}>
          <p className="mb-3">{t('operations:flow.acceptAll.body', { count: pending.length })}</p>
          {doubtful.length > 0 && (
            <label className="mb-3 block text-sm font-semibold">
              {t('operations:flow.acceptAll.noteLabel', {
                stages: doubtful.map((stage) => t(`stages.${stage}`)).join(', '),
              })}
              <textarea
                className="w-full rounded-lg border border-slate-400 p-2 text-sm"
                value={allNote}
                maxLength={500}
                onChange={(e) => setAllNote(e.target.value)}
              />
            </label>
          )}
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setAskingAll(false)}>
              {t('cancel')}
            </Button>
            <Button
              loading={decide.isPending}
              disabled={doubtful.length > 0 && allNote.trim().length < 3}
              onClick={() =>
                void run(
                  pending.map((s) => ({
                    stage: s.stage,
                    activity: 'Accept' as const,
                    ...(doubtful.includes(s.stage) && { note: allNote.trim() }),
                  })),
                ).then((done) => {
                  if (done) {
                    setAskingAll(false);
                    setAllNote('');
                  }
                })
              }
            >
              {t('operations:flow.acceptAll.confirm')}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
