/** '/': mobile sign-up; keeps refcode and UTM parameters from the query (section 2). */
import { mobileSchema } from '@ekyc/contracts/rules';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { session, useSession, utmFromQuery } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useSendOtp } from '../api/send-otp';
import { clientInfo } from '../client-info';
import { useField } from '../hooks/use-field';
import { appPath } from '../../../lib/navigation';
import { ROUTE } from '@ekyc/contracts/stages';

// only a sign-up told to wait downloads it (the sign-up page's weight budget)
const WaitingRoom = lazy(() => import('../components/waiting-room').then((m) => ({ default: m.WaitingRoom })));

// useStageAction does not fit: the waiting room (503 waitingRoom) retries the send with its own count and no error said, before any stage exists (docs/architecture.md).
export default function SignUpPage() {
  const { t } = useTranslation('signup');
  const msg = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { utmParameters, phoneNumberEntered, userAuthInfo } = useSession();
  const sendOtp = useSendOtp();
  const mobile = useField(mobileSchema, phoneNumberEntered);
  const [whatsapp, setWhatsapp] = useState(userAuthInfo.whatspp_opt);
  // the waiting room: the API asked this sign-up to wait (an IPO day's surge); it tries again by itself
  const [waiting, setWaiting] = useState<{ seconds: number; attempt: number; send: () => void } | null>(null);

  useEffect(() => {
    const found = utmFromQuery(params);
    if (Object.keys(found).length) session.set({ utmParameters: { ...utmParameters, ...found } });
    // only the first render's query matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const number = mobile.submit();
    if (number === null) return;
    void send({ mobile: number, whatspp_opt: whatsapp }, 1);
  };

  const send = async (values: { mobile: string; whatspp_opt: boolean }, attempt: number) => {
    session.set({
      phoneNumberEntered: values.mobile,
      userAuthInfo: { ...userAuthInfo, mobile: values.mobile, whatspp_opt: values.whatspp_opt },
    });
    // the OTP page counts down from the server's own wait before a resend
    const toOtp = (resendAfter: unknown) =>
      navigate(
        `${appPath(ROUTE.verifyOtp)}?${new URLSearchParams({
          mobile: values.mobile,
          whatspp_opt: String(values.whatspp_opt),
          resend_after: String(resendAfter),
        })}`,
      );
    try {
      const reply = await sendOtp.mutateAsync({
        mobile: values.mobile,
        whatspp_opt: values.whatspp_opt,
        ...clientInfo(),
        ...utmParameters,
      });
      setWaiting(null);
      if (!reply.status) return toast.error(msg(reply));
      toOtp(reply.data.resend_after);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'waitingRoom') {
        const seconds = typeof err.data.retry_after === 'number' ? err.data.retry_after : 10;
        return setWaiting({ seconds, attempt, send: () => void send(values, attempt + 1) });
      }
      setWaiting(null);
      toast.error(msg(err instanceof ApiError ? err : undefined));
      if (err instanceof ApiError && err.httpStatus === 429 && err.data.resend_after) toOtp(err.data.resend_after);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="mb-4 text-muted">{t('intro')}</p>
      <TextField
        label={t('mobileLabel')}
        prefix="+91"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        name="mobile"
        value={mobile.value}
        error={msg(mobile.error)}
        onBlur={mobile.onBlur}
        onChange={(e) => mobile.setValue(e.target.value.replace(/\D/g, '').slice(0, 10))}
      />
      <Checkbox
        label={t('whatsapp')}
        name="whatspp_opt"
        checked={whatsapp}
        onChange={(e) => setWhatsapp(e.target.checked)}
      />
      <Button type="submit" loading={sendOtp.isPending} disabled={waiting !== null} className="mt-2">
        {t('sendOtp')}
      </Button>
      {waiting && (
        <Suspense fallback={null}>
          <WaitingRoom seconds={waiting.seconds} attempt={waiting.attempt} onRetry={waiting.send} />
        </Suspense>
      )}
      <ul className="mt-6 space-y-1 text-sm text-muted">
        <li>✓ {t('benefitFree')}</li>
        <li>✓ {t('benefitPaperless')}</li>
        <li>✓ {t('benefitResident')}</li>
      </ul>
    </form>
  );
}
