/**
 * An account verified by UPI reverse penny drop: the client pays Rs 1 (refunded) from the UPI app of
 * the account to add (the link on a phone, the QR on a desktop); the provider names the paying
 * account, and once verified it joins the bank request by the payment's id.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { UpiPayPrompt } from '../../../components/upi-pay';
import { ApiError } from '../../../lib/api-client';
import { useMessage } from '../../../lib/use-message';
import { useBankUpiPayment } from '../api/get-bank-upi-payment';
import { useStartBankUpiPayment } from '../api/start-bank-upi-payment';

export interface UpiAccount {
  upi_payment: string;
  label: string;
}

export function UpiBankAccount({ onVerified }: { onVerified: (account: UpiAccount) => void }) {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const start = useStartBankUpiPayment();
  const [pay, setPay] = useState<{ id: string; link: string; qr: string; app?: string } | null>(null);
  const [error, setError] = useState('');
  const payment = useBankUpiPayment(pay?.id ?? null);
  const answer = payment.data;

  useEffect(() => {
    if (!pay || !answer || answer.state === 'waiting') return;
    if (answer.state === 'verified' && answer.account) {
      const a = answer.account;
      onVerified({
        upi_payment: pay.id,
        label: t('bankChange.upiAccount', { bank: a.bank_name, last4: a.account_last4 }),
      });
    } else setError(t(`bankChange.upiFailed.${answer.reason ?? 'declined'}`));
    setPay(null);
  }, [answer, pay, onVerified, t]);

  const begin = async () => {
    setError('');
    try {
      const data = await start.mutateAsync();
      setPay({ id: data.upi_payment, link: data.upi_link, qr: data.qr_svg, app: data.upi_app_url });
    } catch (err) {
      setError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  return (
    <section aria-labelledby="by-upi" className="mb-6 rounded-lg border border-slate-300 p-3">
      <h2 id="by-upi" className="mb-1 font-semibold">
        {t('bankChange.upiHeading')}
      </h2>
      <p className="mb-3 text-sm">{t('bankChange.upiIntro')}</p>
      {pay ? (
        <>
          <p role="status" className="mb-3 text-sm font-semibold">
            {t('bankChange.upiWaiting')}
          </p>
          <UpiPayPrompt
            upiLink={pay.link}
            qr={pay.qr}
            openLabel={t('bankChange.upiOpenApp')}
            qrAlt={t('bankChange.upiQrAlt')}
          />
          {pay.app && (
            <a href={pay.app} target="_blank" rel="noreferrer" className="font-semibold text-brand underline">
              {t('bankChange.upiSandboxApp')}
            </a>
          )}
        </>
      ) : (
        <Button variant="secondary" loading={start.isPending} onClick={() => void begin()}>
          {t('bankChange.upiStart')}
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
