/** send-otp: to the mobile when signed out; to a new email when signed in at the email stage. */
import type { sendOtpRequestSchema } from '@ekyc/contracts/calls/send-otp';
import type { Language } from '@ekyc/contracts/constants';
import type { z } from 'zod';
import type { AuthOtpDeps } from './deps.ts';
import { invalidField, waitingRoom } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import { isOverBudget } from '../../providers/failover.ts';
import { ProviderError } from '../../providers/http.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<AuthOtpDeps, 'config' | 'records' | 'otp' | 'messaging' | 'mnrl'>;

type Input = z.output<typeof sendOtpRequestSchema>;

type Log = { warn: (o: object, m: string) => void };

/**
 * Whether the mobile is on DoT's revocation list. A list that cannot be read (none loaded yet and its
 * source down) does not stop sign-ups: the exchange registration checks the number again before the
 * UCC upload, and holds it there (registrations/pre-checks.ts).
 */
async function onRevocationList(deps: Deps, mobile: string, log: Log): Promise<boolean> {
  try {
    return (await deps.mnrl.check(mobile)).revoked;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.warn({ err: err.message }, 'MNRL unavailable: sign-up goes on, the UCC pre-check checks again');
    return false;
  }
}

/** `language`: the one the applicant's call was made in; the OTP's text is written in it. */
export async function sendOtp(
  deps: Deps,
  input: Input,
  applicantId: string | null,
  language: Language,
  log: Log,
): Promise<Outcome> {
  const texts = MESSAGE_TEXTS[language];
  if (applicantId && input.email) {
    await deps.records.requireStage(applicantId, 'send-otp (email)');
    const email = input.email;
    // stored once sent, as the mobile's below
    const issued = await deps.otp.issue('email', `${applicantId}:${email}`, async ({ code, expiresIn }) => {
      await deps.messaging.send({
        channel: 'email',
        to: email,
        template: 'otp',
        subject: texts.emailOtpSubject,
        text: texts.emailOtp(code, Math.round(expiresIn / 60)),
        otp: code,
        language,
        applicantId,
      });
    });
    return ok('otpSentEmail', {
      screen: ROUTE.emailOtp,
      resend_after: issued.resendAfter,
      expires_in: issued.expiresIn,
    });
  }
  if (!input.mobile)
    throw invalidField(input.email ? 'token' : 'mobile', input.email ? 'unauthorized' : 'mobileRequired');
  // a number on DoT's revocation list is refused before any OTP goes to it (it may be someone else's now)
  if (ruleSetOn(indianDay(new Date())).values.mnrlCheck && (await onRevocationList(deps, input.mobile, log)))
    return fail('mobileRevoked', { screen: ROUTE.signUp });
  const mobile = input.mobile;
  // stored once sent: a send cut off half-way is retried without waiting out a countdown
  const issued = await deps.otp.issue('mobile', mobile, async ({ code, expiresIn }) => {
    const text = texts.otp(code, Math.round(expiresIn / 60));
    const message = { to: mobile, template: 'otp', text, otp: code, language } as const;
    await deps.messaging.send({ channel: 'sms', ...message }).catch((err: unknown) => {
      // every SMS gateway has spent its day's budget: the sign-up waits, as in a surge, not refused
      throw isOverBudget(err) ? waitingRoom(deps.config.surge.waitingRoom.retrySeconds) : err;
    });
    if (input.whatspp_opt) await deps.messaging.send({ channel: 'whatsapp', ...message });
  });
  return ok('otpSentMobile', {
    screen: ROUTE.verifyOtp,
    resend_after: issued.resendAfter,
    expires_in: issued.expiresIn,
  });
}
