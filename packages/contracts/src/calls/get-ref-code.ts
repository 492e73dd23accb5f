import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/** GET get-ref-code: the referral code recorded from the first visit, and the applicant's own code to share. */
export const refCodeDataSchema = z.object({
  refcode: z.string().nullable(),
  own_refcode: z.string(),
});

export const getRefCodeReplySchema = replySchema(refCodeDataSchema);
