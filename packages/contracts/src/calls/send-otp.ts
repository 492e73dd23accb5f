import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { CLIENT_SOURCES } from '../enums.ts';
import { emailSchema, mobileSchema } from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';

/** POST send-otp: to the mobile when signed out; to the email when signed in (section 7). */
export const sendOtpRequestSchema = z
  .object({
    mobile: z.optional(mobileSchema),
    email: z.optional(emailSchema),
    whatspp_opt: z.boolean().optional().default(false),
    user_agent: z.string().max(512).optional(),
    source: z.enum(CLIENT_SOURCES).optional(),
    refcode: z.string().max(64).optional(),
    utm_source: z.string().max(128).optional(),
    utm_medium: z.string().max(128).optional(),
    utm_campaign: z.string().max(128).optional(),
  })
  .meta({ examples: [{ mobile: '9876543210', whatspp_opt: true }, { email: 'asha.verma@example.in' }] });
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;

export const sendOtpDataSchema = z.object({
  screen: screenSchema,
  /** Seconds before a resend is allowed. */
  resend_after: z.number(),
  expires_in: z.number(),
});

/** The reply of send-otp (a refused resend says how long is left in data.resend_after). */
export const sendOtpReplySchema = stageReplySchema(sendOtpDataSchema);
