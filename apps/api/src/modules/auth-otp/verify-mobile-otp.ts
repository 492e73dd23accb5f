/** verify-otp: a right mobile OTP signs the applicant in (creating them on the first visit). */
import type { verifyOtpRequestSchema } from '@ekyc/contracts/calls/verify-otp';
import { PAN_MISSING_SCREEN, ROUTE, routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { Language } from '@ekyc/contracts/constants';
import type { z } from 'zod';
import type { AuthOtpDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

type Deps = Pick<AuthOtpDeps, 'records' | 'sessions' | 'otp' | 'messaging'>;

type Input = z.output<typeof verifyOtpRequestSchema>;

/** `language`: the one the call was made in, kept on the applicant record (null: leave it as it is). */
export async function verifyMobileOtp(
  deps: Deps,
  input: Input,
  userAgent: string | undefined,
  language: Language | null = null,
): Promise<Outcome> {
  const ua = input.user_agent ?? userAgent ?? '';
  let signedIn: { token: string; sessionId: string; stage: number; panMissing: boolean } | undefined;
  // Everything the sign-in saves or reads happens before the code is used up, and nothing touches
  // the database after: a sign-in interrupted anywhere before can be retried with the same code
  // (the applicant is found again by mobile), and once the code is used the reply is all known.
  const check = await deps.otp.verify('mobile', input.mobile, input.otp, async () => {
    const { applicant, created } = await deps.records.create({
      mobile: input.mobile,
      whatsappOpt: input.whatspp_opt,
      refcode: input.referral_code,
      utm: { source: input.utm_source, medium: input.utm_medium, campaign: input.utm_campaign },
      userAgent: ua.slice(0, 512),
      source: input.source ?? (/Mobi|Android|iPhone/i.test(ua) ? 'mobile' : 'web'),
      language: language ?? 'en',
    });
    // the sign-up OTP went out before the application existed: its record becomes the applicant's
    await deps.messaging.linkRecipient?.(input.mobile, applicant.id);
    // a returning applicant signing in from a phone in another language
    if (language && !created) await deps.records.setLanguage(applicant.id, language);
    // one just created is at the email stage with nothing else stored
    const read = created ? null : await deps.records.getSections(applicant.id, ['digilocker_obj']);
    const session = await deps.sessions.create('applicant', applicant.id);
    signedIn = {
      ...session,
      stage: read?.stage ?? STAGE.EMAIL,
      panMissing: read?.section('digilocker_obj')?.is_pan_missing === true,
    };
  });
  const saved = signedIn as typeof signedIn;
  if (!check.ok || !saved) {
    // the code was used by a concurrent request: this one's session never leaves the server
    if (saved) await deps.sessions.revoke(saved.sessionId);
    return fail(check.ok ? 'otpExpired' : check.message, { screen: ROUTE.verifyOtp });
  }
  const { token, stage, panMissing } = saved;
  const screen = stage === STAGE.DIGILOCKER && panMissing ? PAN_MISSING_SCREEN : routeForStage(stage);
  return ok('otpVerified', { token, screen, stage, pan_missing: panMissing });
}
