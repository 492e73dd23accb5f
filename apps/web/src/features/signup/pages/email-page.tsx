/** '/email-verification': the email form; lower-cased as typed (section 5). */
import { emailSchema } from '@ekyc/contracts/rules';
import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { session, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
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

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.submit();
    if (address === null) return;
    session.set({ userAuthInfo: { ...userAuthInfo, email: address } });
    try {
      const reply = await sendOtp.mutateAsync({ email: address, mobile, whatspp_opt: userAuthInfo.whatspp_opt });
      if (!reply.status) return toast.error(msg(reply));
      navigate(`${appPath(ROUTE.emailOtp)}?resend_after=${reply.data.resend_after}`);
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err : undefined));
      if (err instanceof ApiError && err.httpStatus === 429)
        navigate(`${appPath(ROUTE.emailOtp)}?resend_after=${String(err.data.resend_after ?? '')}`);
    }
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
