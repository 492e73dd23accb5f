/**
 * '/bank-and-segment/add-bank': IFSC, account number twice and account type, verified by a penny
 * drop. Success goes on to the signature; failure shows the spec's message and goes to the
 * cancelled-cheque page. Stored details show with an Edit link while bank_verify_edit is true;
 * already verified applicants see their account and go on to the signature. While every penny-drop
 * provider is over its day's budget the page shows the applicant's place in the queue and asks
 * again by itself.
 */
import { ROUTE, STAGE } from '@ekyc/contracts/stages';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { useQueuePlace } from '../../../components/queue-position';
import { PageLoader } from '../../../components/spinner';
import { useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useVerifyBankAccount } from '../api/verify-bank-account';
import { BankDetailsForm } from '../components/bank-details-form';
import { BankSummary } from '../components/bank-summary';
import { NameMatchCard } from '../components/name-match-card';
import { useBankRecord } from '../hooks/use-bank-record';

export default function AddBankPage() {
  const { t } = useTranslation('bank');
  const msg = useMessage();
  const go = useScreenNavigate();
  const { bank, stage, isLoading, details, panName } = useBankRecord();
  const verify = useVerifyBankAccount();
  const queue = useQueuePlace();
  const verifyAccount = useStageAction(verify.mutateAsync, {
    onSuccess: (data) => {
      queue.clear();
      if (data.name_match?.result === 'close')
        toast.show('info', t(`nameMatch.reason.${data.name_match.reason}`), 8000);
    },
    onRefused: queue.clear,
    onError: queue.clear,
    onQueued: queue.onQueued,
  });
  const [editing, setEditing] = useState(false);
  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;

  if (stage !== undefined && stage > STAGE.BANK_AND_SEGMENT) {
    return (
      <div>
        <p className="mb-3 font-semibold text-success" role="status">
          {msg('bankVerified')}
        </p>
        {bank.name_match && <NameMatchCard match={bank.name_match} panName={panName} />}
        <BankSummary bank={bank} />
        <Button onClick={() => go(ROUTE.signature)}>{t('common:next')}</Button>
      </div>
    );
  }

  const stored = Boolean(bank.ifsc && bank.account_number && bank.account_type);
  const submit = async (values: { ifsc: string; account_number: string; account_type: string }) => {
    queue.clear();
    await verifyAccount({
      ifsc: values.ifsc,
      account_number: values.account_number,
      account_type: values.account_type as 'Saving' | 'Current',
    });
  };

  if (stored && bank.bank_verify_edit && !editing) {
    return (
      <div>
        {queue.shown}
        <div className="mb-2 flex items-center justify-between">
          <p className="text-sm text-muted">{t('storedDetails')}</p>
          <Button variant="link" className="w-auto" onClick={() => setEditing(true)}>
            {t('common:edit')}
          </Button>
        </div>
        <BankSummary bank={bank} />
        <p className="mb-4 text-sm text-muted">{t('pennyDropNote')}</p>
        <Button
          loading={verify.isPending}
          onClick={() =>
            void submit({ ifsc: bank.ifsc!, account_number: bank.account_number!, account_type: bank.account_type! })
          }
        >
          {t('common:continue')}
        </Button>
      </div>
    );
  }

  return (
    <div>
      {queue.shown}
      <p className="mb-4 text-muted">{t('addBankIntro')}</p>
      <BankDetailsForm
        defaults={
          stored
            ? { ifsc: bank.ifsc!, account_number: bank.account_number!, account_type: bank.account_type as 'Saving' }
            : undefined
        }
        submitting={verify.isPending}
        onSubmit={(v) => void submit(v)}
      >
        <p className="mb-4 text-sm text-muted">{t('pennyDropNote')}</p>
      </BankDetailsForm>
    </div>
  );
}
