/**
 * POST send-otp's reply data in zod/mini: the sign-up page is a phone's first download, and the
 * classic-zod schemas of send-otp.ts would bring classic Zod into it (the same fields as
 * sendOtpDataSchema).
 */
import { screenSchema } from '../screen.ts';
import * as z from 'zod/mini';

export const sendOtpReplyDataSchema = z.object({
  screen: screenSchema,
  /** Seconds before a resend is allowed. */
  resend_after: z.number(),
  expires_in: z.number(),
});
