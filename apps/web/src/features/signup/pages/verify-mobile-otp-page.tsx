/** '/verify-otp?mobile=&whatspp_opt=': the mobile OTP; a missing mobile goes to the open-account site. */
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from '../../../lib/router';
import { session, useSession } from '../../../lib/session';
import { useScreenNavigate } from '../../../lib/navigation';
import { sendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { clientInfo } from '../client-info';
import { OtpForm, resendAfterParam } from '../components/otp-form';

// useStageAction does not fit: OtpForm says the reply under the code boxes and counts the tries; the page only keeps the session and replaces the history entry (docs/architecture.md).
export default function VerifyMobileOtpPage() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const mobile = params.get('mobile') ?? '';
  const whatsapp = params.get('whatspp_opt') === 'true';
  const { utmParameters } = useSession();
  const verify = useVerifyOtp();
  const go = useScreenNavigate();

  useEffect(() => {
    if (!/^\d{10}$/.test(mobile)) window.location.replace('/');
  }, [mobile]);
  if (!/^\d{10}$/.test(mobile)) return null;

  const onVerify = async (otp: string) => {
    const reply = await verify.mutateAsync({
      mobile,
      otp,
      whatspp_opt: whatsapp,
      utm_source: utmParameters.utm_source,
      utm_medium: utmParameters.utm_medium,
      utm_campaign: utmParameters.utm_campaign,
      referral_code: utmParameters.refcode,
      ...clientInfo(),
    });
    if (reply.status && reply.data.token) {
      session.set({
        token: reply.data.token,
        isAuthenticated: true,
        phoneNumberEntered: mobile,
        is_pan_missing: Boolean(reply.data.pan_missing),
        userAuthInfo: { email: '', mobile, whatspp_opt: whatsapp },
      });
      // the server names the screen (the DigiLocker return when the PAN is missing)
      go(reply.data.screen, { replace: true });
    }
    return reply;
  };

  return (
    <OtpForm
      resendAfter={resendAfterParam(params.get('resend_after'))}
      contact={`+91 ${mobile}`}
      editLink={
        <Link to="/ekyc1/" className="font-semibold text-brand underline">
          {t('edit')}
        </Link>
      }
      onVerify={onVerify}
      onResend={() => sendOtp({ mobile, whatspp_opt: whatsapp, ...clientInfo(), ...utmParameters })}
    />
  );
}
