/** send-otp: to the mobile when signed out; to a new email when signed in at the email stage. */
import type { sendOtpRequestSchema } from '@ekyc/contracts/calls/send-otp';
import { STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';

type Input = z.output<typeof sendOtpRequestSchema>;

export async function sendOtp(deps: AppDeps, input: Input, applicantId: string | null): Promise<Outcome> {
  if (applicantId && input.email) {
    await deps.records.requireStage(applicantId, STAGE.EMAIL);
    const issued = await deps.otp.issue('email', `${applicantId}:${input.email}`);
    await deps.messaging.send({
      channel: 'email',
      to: input.email,
      template: 'otp',
      subject: 'Verify your email',
      text: `${issued.code} is your OTP to verify your email for account opening. It is valid for ${Math.round(issued.expiresIn / 60)} minutes. Do not share it with anyone.`,
      otp: issued.code,
    });
    return ok('OTP sent to your email', {
      screen: '/email-verification/verify-otp',
      resend_after: issued.resendAfter,
      expires_in: issued.expiresIn,
    });
  }
  if (!input.mobile)
    throw invalidField(input.email ? 'token' : 'mobile', input.email ? 'sign in first' : 'Please Enter Mobile number.');
  const issued = await deps.otp.issue('mobile', input.mobile);
  const text = `${issued.code} is your OTP to open your demat and trading account. It is valid for ${Math.round(issued.expiresIn / 60)} minutes. Do not share it with anyone.`;
  await deps.messaging.send({ channel: 'sms', to: input.mobile, template: 'otp', text, otp: issued.code });
  if (input.whatspp_opt)
    await deps.messaging.send({ channel: 'whatsapp', to: input.mobile, template: 'otp', text, otp: issued.code });
  return ok('OTP sent to your mobile', {
    screen: '/verify-otp',
    resend_after: issued.resendAfter,
    expires_in: issued.expiresIn,
  });
}
