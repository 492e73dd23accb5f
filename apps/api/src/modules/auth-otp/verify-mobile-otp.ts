/** verify-otp: a right mobile OTP signs the applicant in (creating them on the first visit). */
import type { verifyOtpRequestSchema } from '@ekyc/contracts/calls/verify-otp';
import { routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

type Input = z.output<typeof verifyOtpRequestSchema>;

export async function verifyMobileOtp(deps: AppDeps, input: Input, userAgent: string | undefined): Promise<Outcome> {
  const check = await deps.otp.verify('mobile', input.mobile, input.otp);
  if (!check.ok) return fail(check.message, { screen: '/verify-otp' });

  const ua = input.user_agent ?? userAgent ?? '';
  const { applicant } = await deps.records.create({
    mobile: input.mobile,
    whatsappOpt: input.whatspp_opt,
    refcode: input.referral_code,
    utm: { source: input.utm_source, medium: input.utm_medium, campaign: input.utm_campaign },
    userAgent: ua.slice(0, 512),
    source: input.source ?? (/Mobi|Android|iPhone/i.test(ua) ? 'mobile' : 'web'),
  });
  const { token } = await deps.sessions.create('applicant', applicant.id);
  const stage = (await deps.records.currentStage(applicant.id)) ?? STAGE.EMAIL;
  const locker = await deps.records.getSection<{ is_pan_missing?: boolean }>(applicant.id, 'digilocker_obj');
  const panMissing = locker?.is_pan_missing === true;
  const screen = stage === STAGE.DIGILOCKER && panMissing ? '/returnurl?is_pan_missing=true' : routeForStage(stage);
  return ok('OTP verified', { token, screen, stage, pan_missing: panMissing });
}
