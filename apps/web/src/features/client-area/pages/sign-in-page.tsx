/** Sign-in: the registered mobile, then the OTP sent to it. */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { OtpInput } from '../../../components/otp-input';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useMessage } from '../../../lib/use-message';
import { clientToken } from '../api/client-api';
import { sendClientOtp, useVerifyClientOtp } from '../api/sign-in';

export default function SignInPage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const [mobile, setMobile] = useState('');
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const verify = useVerifyClientOtp();

  const send = async () => {
    setError('');
    if (!/^[6-9]\d{9}$/.test(mobile)) {
      setError(msg('mobileInvalid'));
      return;
    }
    setBusy(true);
    try {
      const reply = await sendClientOtp(mobile);
      if (reply.status) setSent(true);
      else setError(msg(reply));
    } catch (err) {
      setError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async () => {
    setError('');
    try {
      const reply = await verify.mutateAsync({ mobile, otp });
      if (reply.status) clientToken.set(reply.data.token);
      else
        setError(
          reply.data.reason === 'no_account'
            ? t('signIn.noAccount')
            : reply.data.reason === 'closed'
              ? t('signIn.closed')
              : msg(reply),
        );
    } catch (err) {
      setError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  return (
    <section aria-labelledby="sign-in-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h1 id="sign-in-heading" className="mb-2 text-xl font-bold">
        {t('signIn.heading')}
      </h1>
      <p className="mb-4 text-sm text-muted">{t('signIn.intro')}</p>
      {!sent ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <TextField
            label={t('signIn.mobile')}
            prefix="+91"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            value={mobile}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
            error={error || undefined}
          />
          <Button type="submit" loading={busy}>
            {t('signIn.sendOtp')}
          </Button>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void signIn();
          }}
        >
          <OtpInput label={t('signIn.otp', { mobile })} value={otp} onChange={setOtp} error={error || undefined} />
          <Button type="submit" loading={verify.isPending} disabled={otp.length !== 6}>
            {t('signIn.verify')}
          </Button>
          <Button
            variant="link"
            className="mt-3"
            onClick={() => {
              setSent(false);
              setOtp('');
              setError('');
            }}
          >
            {t('signIn.changeNumber')}
          </Button>
        </form>
      )}
    </section>
  );
}
