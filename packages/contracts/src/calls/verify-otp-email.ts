import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { emailSchema, mobileSchema, otpSchema } from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';

/** POST verify-otp-email (section 7); the applicant is the token's owner. */
export const verifyOtpEmailRequestSchema = z.object({
  mobile: z.optional(mobileSchema),
  email: emailSchema,
  otp: otpSchema,
  user_agent: z.string().max(512).optional(),
  whatspp_opt: z.boolean().optional(),
});
export type VerifyOtpEmailRequest = z.input<typeof verifyOtpEmailRequestSchema>;

export const verifyOtpEmailDataSchema = z.object({ screen: screenSchema, stage: z.number() });
export const verifyOtpEmailReplySchema = stageReplySchema(verifyOtpEmailDataSchema);
