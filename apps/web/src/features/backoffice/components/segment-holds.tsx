/**
 * Partial approval on the review page's Segment stage: the segments held back pending their income
 * proof (shown to the checker too), and for the maker a dialog that accepts the stage with some
 * chosen derivatives held, each with a coded reason. Unticked segments are activated.
 */
import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { SEGMENTS } from '@ekyc/contracts/enums';
import { mayHoldSegment, SEGMENT_HOLD_REASONS, type SegmentHoldReason } from '@ekyc/contracts/segment-holds';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useDecideStages } from '../api/decide-stages';

const SEGMENT_STAGE = 190;

/** The segment codes the applicant chose, as the review data lists them (segment_list[i].code). */
export function chosenSegmentsOf(application: ApplicationData): string[] {
  return (application.sections.segment_obj ?? [])
    .filter((f) => /(^|\.)segment_list\[\d+\]\.code$/.test(f.path) && typeof f.value === 'string')
    .map((f) => String(f.value));
}

const nameOf = (code: string) => SEGMENTS.find((s) => s.code === code)?.name ?? code;

/** "Held pending proof: …" under the Segment stage, for maker and checker alike. */
export function HeldSegmentsLine({ application }: { application: ApplicationData }) {
  const { t } = useTranslation('backoffice');
  if (!application.segment_holds.length) return null;
  return (
    <p data-testid="segment-holds" className="w-full text-sm text-amber-800">
      {t('segmentHolds.current', {
        list: application.segment_holds
          .map((h) => `${h.name} (${t(`segmentHolds.reasons.${h.reason}`)}, ${h.held_by})`)
          .join('; '),
      })}
    </p>
  );
}

/** The maker's "Accept, hold segments…" button and its dialog. */
export function SegmentHoldsControl({
  application,
  disabled,
  onDecided,
}: {
  application: ApplicationData;
  disabled: boolean;
  onDecided?: (outcome: { status: string; awaiting_confirmation?: boolean }) => void;
}) {
  const { t } = useTranslation('backoffice');
  const decide = useDecideStages(application.id);
  const holdable = chosenSegmentsOf(application).filter(mayHoldSegment);
  const [open, setOpen] = useState(false);
  const [held, setHeld] = useState<Record<string, SegmentHoldReason | ''>>({});
  const [error, setError] = useState('');
  if (!holdable.length) return null;

  const start = () => {
    setHeld(Object.fromEntries(application.segment_holds.map((h) => [h.code, h.reason])));
    setError('');
    setOpen(true);
  };
  const submit = async () => {
    const chosen = Object.entries(held);
    if (!chosen.length) return setError(t('segmentHolds.none'));
    const missing = chosen.find(([, reason]) => !reason);
    if (missing) return setError(`${nameOf(missing[0])}: ${t('segmentHolds.reason')}`);
    try {
      const reply = await decide.mutateAsync({
        decisions: [
          {
            stage: SEGMENT_STAGE,
            activity: 'Accept',
            held_segments: chosen.map(([code, reason]) => ({ code, reason: reason as SegmentHoldReason })),
          },
        ],
      });
      if (!reply.status) return setError(reply.message);
      toast.success(t('review.saved'));
      setOpen(false);
      onDecided?.(reply.data);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled || decide.isPending}
        onClick={start}
        className="rounded-lg border border-amber-700 px-3 py-1.5 text-sm font-semibold text-amber-800 hover:bg-amber-50 disabled:opacity-50"
      >
        {t('segmentHolds.holdButton')}
      </button>
      <Modal open={open} title={t('segmentHolds.title')} onClose={() => setOpen(false)}>
        <p className="mb-3 text-sm">{t('segmentHolds.intro')}</p>
        <ul className="mb-3 list-none">
          {holdable.map((code) => {
            const on = code in held;
            return (
              <li key={code} className="mb-2">
                <label className="flex items-center gap-2 font-semibold">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={(e) => {
                      setError('');
                      setHeld((h) => {
                        const next = { ...h };
                        if (e.target.checked) next[code] = 'income_proof_missing';
                        else delete next[code];
                        return next;
                      });
                    }}
                  />
                  {t('segmentHolds.hold', { name: nameOf(code) })}
                </label>
                {on && (
                  <label className="mt-1 block pl-6 text-sm">
                    {t('segmentHolds.reason')}
                    <select
                      value={held[code]}
                      onChange={(e) => setHeld((h) => ({ ...h, [code]: e.target.value as SegmentHoldReason }))}
                      className="ml-2 rounded-lg border border-slate-300 bg-white p-1"
                    >
                      {SEGMENT_HOLD_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {t(`segmentHolds.reasons.${r}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
        {error && (
          <p role="alert" className="mb-3 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button loading={decide.isPending} onClick={() => void submit()}>
            {t('segmentHolds.confirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
