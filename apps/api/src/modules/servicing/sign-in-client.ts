/**
 * The client area's sign-in: a mobile OTP (the journey's OTP service, a target of its own), and a
 * client session (its own kind) only for the mobile of an account that is open. The code is sent to
 * a mobile on record only; the reply is the same either way, so the call tells nobody whose number it is.
 */
import type { Language } from '@ekyc/contracts/constants';
import type { ServicingDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import { deceasedStops } from '../../records/screening.ts';
import { isOpenAccount } from './client-account.ts';

type Deps = Pick<ServicingDeps, 'database' | 'records' | 'sessions' | 'otp' | 'messaging' | 'consents'>;

const target = (mobile: string) => `client:${mobile}`;

/** The account holder is recorded as deceased: the client area is closed to this account. */
export async function sendClientOtp(
  deps: Deps,
  mobile: string,
  language: Language,
): Promise<Outcome<{ resend_after: number; expires_in: number }>> {
  const applicant = await deps.records.findByMobile(mobile);
  // stored once sent (none is sent to a number that holds no account, and the answer is the same)
  const issued = await deps.otp.issue('mobile', target(mobile), async ({ code, expiresIn }) => {
    if (applicant)
      await deps.messaging.send({
        channel: 'sms',
        to: mobile,
        template: 'otp',
        text: MESSAGE_TEXTS[language].otp(code, Math.round(expiresIn / 60)),
        otp: code,
        language,
        applicantId: applicant.id,
      });
  });
  return ok('otpSentMobile', { resend_after: issued.resendAfter, expires_in: issued.expiresIn });
}

export async function verifyClientOtp(
  deps: Deps,
  mobile: string,
  otp: string,
): Promise<Outcome<{ token: string } | { reason: 'otp' | 'no_account' | 'closed' | 'deceased' }>> {
  const check = await deps.otp.verify('mobile', target(mobile), otp);
  if (!check.ok) return fail(check.message, { reason: 'otp' as const });
  const applicant = await deps.records.findByMobile(mobile);
  if (applicant && (await deps.consents.closure(applicant.id)))
    return fail('accountClosed', { reason: 'closed' as const });
  if (!applicant || !(await isOpenAccount(deps, applicant.id)))
    return fail('noOpenAccount', { reason: 'no_account' as const });
  if (await deceasedStops(deps.database.db, applicant.id, 'client_area'))
    return fail('accountHolderDeceased', { reason: 'deceased' as const });
  const { token } = await deps.sessions.create('client', applicant.id);
  return ok('signedIn', { token });
}
