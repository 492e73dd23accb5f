/**
 * The derivatives risk disclosure SEBI prescribes, shown when a derivatives segment is chosen: a
 * dialog covering more than half of the screen, in the applicant's language (English where no
 * translation exists), to be acknowledged before the segment can be saved.
 */
import { riskDisclosureFor, type RiskDisclosureAck } from '@ekyc/contracts/risk-disclosure';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';

export const RISK_DISCLOSURE_VERSION = 'fo-2023-07';

export function RiskDisclosureDialog({
  open,
  onAcknowledge,
  onDecline,
}: {
  open: boolean;
  onAcknowledge: (ack: RiskDisclosureAck) => void;
  onDecline: () => void;
}) {
  const { i18n, t } = useTranslation('segment');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { text, language } = riskDisclosureFor(RISK_DISCLOSURE_VERSION, i18n.language);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      lang={language}
      data-testid="risk-disclosure"
      onCancel={(e) => {
        e.preventDefault();
        onDecline();
      }}
      className="m-auto min-h-[62vh] w-[min(96vw,36rem)] rounded-xl open:flex open:flex-col border-4 border-danger p-0 backdrop:bg-black/60"
    >
      {open && (
        <div className="flex flex-1 flex-col p-5">
          <h2 id={titleId} className="mb-3 text-xl font-bold text-danger">
            {text.title}
          </h2>
          <ul className="mb-3 list-disc space-y-2 pl-5 text-base text-ink">
            {text.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <p className="mb-4 text-xs text-muted">{text.source}</p>
          <div className="mt-auto flex flex-col gap-2">
            <Button
              onClick={() =>
                onAcknowledge({ version: RISK_DISCLOSURE_VERSION, language, acknowledged_at: new Date().toISOString() })
              }
            >
              {text.acknowledge}
            </Button>
            <Button variant="secondary" onClick={onDecline}>
              {t('riskDecline', { defaultValue: 'Not now: leave derivatives out' })}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
