/** '/email-verification': the email form; lower-cased as typed (section 5). */
import { emailSchema } from '@ekyc/contracts/rules';
import { type FormEvent, useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { session, useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { useSendOtp } from '../api/send-otp';
import { useField } from '../hooks/use-field';
import { appPath } from '../../../lib/navigation';
import { ROUTE } from '@ekyc/contracts/stages';

export default function EmailPage() {
  const { t } = useTranslation('signup');
  const msg = useMessage();
  const navigate = useNavigate();
  const { phoneNumberEntered, userAuthInfo } = useSession();
  const { details } = useUserDetails();
  const mobile = phoneNumberEntered || details?.mobile_obj.mobile || '';
  const sendOtp = useSendOtp();
  const email = useField(emailSchema, userAuthInfo.email);

  useEffect(() => {
    if (details && !/^\d{10}$/.test(mobile)) navigate('/ekyc1/', { replace: true });
  }, [details, mobile, navigate]);

  // the code's page, with the wait before a resend (after too many sends too: 429)
  const toCodePage = (resendAfter: unknown) =>
    navigate(`${appPath(ROUTE.emailOtp)}?resend_after=${String(resendAfter ?? '')}`);
  const send = useStageAction(sendOtp.mutateAsync, {
    quietSuccess: true,
    followScreen: false,
    onSuccess: (data) => toCodePage(data.resend_after),
    onError: (err) => {
      if (err instanceof ApiError && err.httpStatus === 429) toCodePage(err.data.resend_after);
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.submit();
    if (address === null) return;
    session.set({ userAuthInfo: { ...userAuthInfo, email: address } });
    await send({ email: address, mobile, whatspp_opt: userAuthInfo.whatspp_opt });
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="mb-4 text-muted">{t('emailIntro')}</p>
      <TextField
        label={t('emailLabel')}
        type="email"
        inputMode="email"
        autoComplete="email"
        name="email"
        value={email.value}
        error={msg(email.error)}
        onBlur={email.onBlur}
        onChange={(e) => email.setValue(e.target.value.toLowerCase())}
      />
      {/* says what the button does: a code goes to this address */}
      <Button type="submit" loading={sendOtp.isPending}>
        {t('sendOtp')}
      </Button>
    </form>
  );
}
