/**
 * Opting out of nomination: the declaration is shown, then confirmed by an OTP sent to the mobile
 * and another sent to the e-mail; where the rule set allows, the e-sign of the form may confirm it instead.
 */
import type { NomineeConfig } from '@ekyc/contracts/calls/update-nominee';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { OtpInput } from '../../../components/otp-input';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { sendOptOutOtp } from '../api/send-opt-out-otp';

export function OptOutPanel({
  config,
  saving,
  onConfirm,
  onCancel,
}: {
  config: NomineeConfig | undefined;
  saving: boolean;
  onConfirm: (codes?: { mobile_otp: string; email_otp: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [mobileOtp, setMobileOtp] = useState('');
  const [emailOtp, setEmailOtp] = useState('');
  const byEsign = config?.opt_out?.includes('esign') ?? true;

  const send = async () => {
    setSending(true);
    try {
      const reply = await sendOptOutOtp();
      if (reply.status) setSent(true);
      else toast.error(msg(reply));
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err : undefined));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="opt-out-title" className="rounded-lg border border-slate-300 p-4">
      <h2 id="opt-out-title" className="mb-2 text-base font-semibold">
        {t('optOutTitle')}
      </h2>
      {config?.declaration && <p className="mb-4 text-sm text-ink">{config.declaration.text}</p>}
      {!sent ? (
        <Button className="mb-3 w-full" loading={sending} onClick={() => void send()}>
          {t('optOutSendOtp')}
        </Button>
      ) : (
        <>
          <OtpInput label={t('optOutMobileOtp')} value={mobileOtp} onChange={setMobileOtp} />
          <OtpInput label={t('optOutEmailOtp')} value={emailOtp} onChange={setEmailOtp} />
          <Button
            className="mb-3 w-full"
            loading={saving}
            disabled={mobileOtp.length !== 6 || emailOtp.length !== 6}
            onClick={() => onConfirm({ mobile_otp: mobileOtp, email_otp: emailOtp })}
          >
            {t('optOutConfirm')}
          </Button>
        </>
      )}
      {byEsign && (
        <Button variant="secondary" className="mb-3 w-full" loading={saving} onClick={() => onConfirm()}>
          {t('optOutByEsign')}
        </Button>
      )}
      <Button variant="link" onClick={onCancel}>
        {t('common:back')}
      </Button>
    </section>
  );
}
