import { z } from 'zod';
import { stageReplySchema } from '../envelope.ts';

/** POST send-nominee-opt-out-otp: OTPs to the mobile and the email confirm opting out of nomination. */
export const nomineeOptOutOtpDataSchema = z.object({ resend_after: z.number(), expires_in: z.number() });
export const nomineeOptOutOtpReplySchema = stageReplySchema(nomineeOptOutOtpDataSchema);
