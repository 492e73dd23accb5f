/** '/email-verification/verify-otp': the email OTP. */
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { appPath, useScreenNavigate } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { sendOtp } from '../api/send-otp';
import { useVerifyOtpEmail } from '../api/verify-otp-email';
import { OtpForm, resendAfterParam } from '../components/otp-form';
import { ROUTE } from '@ekyc/contracts/stages';

// useStageAction does not fit: OtpForm says the reply under the code boxes and counts the tries; the page only replaces the history entry with the next screen (docs/architecture.md).
export default function VerifyEmailOtpPage() {
  const { t } = useTranslation('signup');
  const { userAuthInfo } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const verify = useVerifyOtpEmail();
  const go = useScreenNavigate();
  const email = userAuthInfo.email;

  useEffect(() => {
    if (!email) navigate(appPath(ROUTE.email), { replace: true });
  }, [email, navigate]);
  if (!email) return null;

  const onVerify = async (otp: string) => {
    const reply = await verify.mutateAsync({
      email,
      otp,
      mobile: userAuthInfo.mobile || undefined,
      whatspp_opt: userAuthInfo.whatspp_opt,
    });
    if (reply.status) go(reply.data.screen, { replace: true });
    return reply;
  };

  return (
    <OtpForm
      resendAfter={resendAfterParam(params.get('resend_after'))}
      contact={email}
      editLink={
        <Link to={appPath(ROUTE.email)} className="font-semibold text-brand underline">
          {t('edit')}
        </Link>
      }
      onVerify={onVerify}
      onResend={() =>
        sendOtp({ email, mobile: userAuthInfo.mobile || undefined, whatspp_opt: userAuthInfo.whatspp_opt })
      }
    />
  );
}
