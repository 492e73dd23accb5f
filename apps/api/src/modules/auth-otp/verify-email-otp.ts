/** verify-otp-email: a right email OTP records the email and completes the email stage. */
import type { verifyOtpEmailRequestSchema } from '@ekyc/contracts/calls/verify-otp-email';
import { ROUTE, STAGE, type Screen } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { AuthOtpDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

type Deps = Pick<AuthOtpDeps, 'records' | 'otp'>;

type Input = z.output<typeof verifyOtpEmailRequestSchema>;

export async function verifyEmailOtp(deps: Deps, applicantId: string, input: Input): Promise<Outcome> {
  await deps.records.requireStage(applicantId, 'verify-otp-email');
  let move: { screen: Screen; stage: number } | undefined;
  // saved before the code is used up, so that an interrupted request can be retried with it
  const check = await deps.otp.verify('email', `${applicantId}:${input.email}`, input.otp, async () => {
    await deps.records.update(applicantId, {
      email: input.email,
      ...(input.whatspp_opt !== undefined && { whatsappOpt: input.whatspp_opt }),
    });
    move = await deps.records.completeStage(applicantId, STAGE.EMAIL);
  });
  const moved = move as typeof move;
  if (!check.ok || !moved) return fail(check.ok ? 'otpExpired' : check.message, { screen: ROUTE.emailOtp });
  return ok('emailVerified', { screen: moved.screen, stage: moved.stage });
}
