/** verify-otp-email: a right email OTP records the email and completes the email stage. */
import type { verifyOtpEmailRequestSchema } from '@ekyc/contracts/calls/verify-otp-email';
import { STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

type Input = z.output<typeof verifyOtpEmailRequestSchema>;

export async function verifyEmailOtp(deps: AppDeps, applicantId: string, input: Input): Promise<Outcome> {
  await deps.records.requireStage(applicantId, STAGE.EMAIL);
  const check = await deps.otp.verify('email', `${applicantId}:${input.email}`, input.otp);
  if (!check.ok) return fail(check.message, { screen: '/email-verification/verify-otp' });
  await deps.records.update(applicantId, {
    email: input.email,
    ...(input.whatspp_opt !== undefined && { whatsappOpt: input.whatspp_opt }),
  });
  const move = await deps.records.completeStage(applicantId, STAGE.EMAIL);
  return ok('Email verified', { screen: move.screen, stage: move.stage });
}
