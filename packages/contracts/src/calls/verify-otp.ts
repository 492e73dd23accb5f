import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { CLIENT_SOURCES } from '../enums.ts';
import { emailSchema, mobileSchema, otpSchema } from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';

/** POST verify-otp: the mobile OTP; answers the bearer token (section 7, contract). */
export const verifyOtpRequestSchema = z
  .object({
    mobile: mobileSchema,
    email: z.optional(emailSchema),
    otp: otpSchema,
    utm_source: z.string().max(128).optional(),
    utm_medium: z.string().max(128).optional(),
    utm_campaign: z.string().max(128).optional(),
    referral_code: z.string().max(64).optional(),
    user_agent: z.string().max(512).optional(),
    source: z.enum(CLIENT_SOURCES).optional(),
    whatspp_opt: z.boolean().optional().default(false),
  })
  .meta({ examples: [{ mobile: '9876543210', otp: '123456' }] });
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

export const verifyOtpDataSchema = z.object({
  token: z.string(),
  screen: screenSchema,
  stage: z.number(),
  pan_missing: z.boolean(),
});

export const verifyOtpReplySchema = stageReplySchema(verifyOtpDataSchema);
