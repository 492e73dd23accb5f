/**
 * '/bank-and-segment/cancel-cheque': when the penny drop could not verify the account (or the
 * holder name did not match PAN), a cancelled cheque (PNG or JPEG) or another bank document
 * (bank statement, passbook) proves it for a reviewer. The details from the earlier attempt are
 * kept; without them the applicant types them here. When the cheque's IFSC or account number
 * differs from what was typed, the page says so itself and waits for Continue: the message belongs
 * to this step, not to a toast lying over the next step's signature pad.
 */
import { BANK_PROOF_TYPES } from '@ekyc/contracts/enums';
import type { ManualBankDetails } from '@ekyc/contracts/calls/cheque-verification';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { useScreenNavigate } from '../../../lib/navigation';
import { holdStep } from '../../../lib/step-hold';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUploadOtherBankDocument } from '../api/upload-other-bank-document';
import { useVerifyCheque } from '../api/verify-cheque';
import { BankDetailsForm } from '../components/bank-details-form';
import { BankProofInput, type PickedFile } from '../components/bank-proof-input';
import { BankSummary } from '../components/bank-summary';
import { NameMatchCard } from '../components/name-match-card';
import { useBankRecord } from '../hooks/use-bank-record';
import { ROUTE } from '@ekyc/contracts/stages';

type ProofType = (typeof BANK_PROOF_TYPES)[number];
const CHEQUE_STEP = ROUTE.cancelCheque;

export default function CancelChequePage() {
  const { t } = useTranslation('bank');
  const msg = useMessage();
  const { bank, isLoading, details, panName } = useBankRecord();
  const cheque = useVerifyCheque();
  const other = useUploadOtherBankDocument();
  const [doctype, setDoctype] = useState<ProofType>('CancelledCheque');
  const [file, setFile] = useState<PickedFile | null>(null);
  const [editing, setEditing] = useState(false);
  // the next screen, held while the page says the cheque differs from what was typed
  const [differsThen, setDiffersThen] = useState<string | null>(null);
  const go = useScreenNavigate();
  const goOn = async (screen: string) => {
    holdStep(null);
    await cheque.refresh();
    go(screen);
  };
  // a hold ends with the page, however the applicant leaves it
  useEffect(() => () => holdStep(null), []);
  const sendCheque = useStageAction(cheque.mutateAsync, {
    quietSuccess: true,
    followScreen: false,
    // no toast: the step's message stays on this step (in the page when the cheque reads
    // differently), never carried over the next step's signature pad
    onSuccess: async (data) => {
      const ocr = data.cheque_ocr;
      if (ocr && (ocr.ifsc_matches === false || ocr.account_matches === false)) setDiffersThen(data.screen);
      else await goOn(data.screen);
    },
    onError: () => holdStep(null),
    onRefused: (reply) => {
      holdStep(null);
      if (typeof reply.data?.screen === 'string') go(reply.data.screen);
    },
  });
  const sendOther = useStageAction(other.mutateAsync, {
    quietSuccess: true,
    onSuccess: () => toast.success(t('uploaded')),
  });

  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;
  if (differsThen)
    return (
      <div>
        <p role="status" className="mb-4 rounded-lg border-l-4 border-brand bg-blue-50 p-3 text-sm text-ink">
          {t('ocrDiffers')}
        </p>
        <Button onClick={() => void goOn(differsThen)}>{t('common:continue')}</Button>
      </div>
    );

  const stored = Boolean(bank.ifsc && bank.account_number && bank.account_type);
  const failed = bank.verification?.method === 'penny_drop' || bank.name_match?.result === 'mismatch';
  const submitting = cheque.isPending || other.isPending;
  const submit = async (typed?: ManualBankDetails) => {
    if (!file) return;
    // held from the start: the stage's push over the socket may come before the reply
    if (doctype === 'CancelledCheque') {
      holdStep(CHEQUE_STEP);
      await sendCheque({ base64: file.dataUrl, ...(typed && { data: typed }) });
    } else await sendOther({ doctype, doc: file.dataUrl, ...(typed && { data: typed }) });
  };

  const proofInput = (
    <BankProofInput
      key={doctype}
      label={t(`uploadLabel.${doctype}`)}
      allowPdf={doctype !== 'CancelledCheque'}
      value={file}
      onChange={setFile}
    />
  );

  return (
    <div>
      {failed && (
        <p role="alert" className="mb-4 rounded-lg border-l-4 border-danger bg-red-50 p-3 text-sm text-ink">
          {msg('bankFailed')}
        </p>
      )}
      {bank.name_match?.result === 'mismatch' && <NameMatchCard match={bank.name_match} panName={panName} />}
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-semibold">{t('proofTypeLabel')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {BANK_PROOF_TYPES.map((p) => (
            <label
              key={p}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-3 text-sm ${
                doctype === p ? 'border-brand bg-blue-50' : 'border-slate-500'
              }`}
            >
              <input
                type="radio"
                name="bank-proof"
                value={p}
                checked={doctype === p}
                onChange={() => {
                  setDoctype(p);
                  setFile(null);
                }}
                className="h-4 w-4 accent-brand"
              />
              {t(`proofTypes.${p}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {stored && !editing ? (
        <>
          <div className="mb-2 flex items-center justify-between">
            <p className="text-sm text-muted">{t('storedDetails')}</p>
            <Button variant="link" className="w-auto" onClick={() => setEditing(true)}>
              {t('common:edit')}
            </Button>
          </div>
          <BankSummary bank={{ ...bank, document: null }} />
          {proofInput}
          <Button loading={submitting} disabled={!file} onClick={() => void submit()}>
            {t('common:continue')}
          </Button>
        </>
      ) : (
        <BankDetailsForm
          defaults={
            stored
              ? { ifsc: bank.ifsc!, account_number: bank.account_number!, account_type: bank.account_type as 'Saving' }
              : undefined
          }
          submitting={submitting}
          ready={Boolean(file)}
          onSubmit={(v) => void submit(v)}
        >
          {proofInput}
        </BankDetailsForm>
      )}
    </div>
  );
}
