import { z } from 'zod';
import { REVIEW_STATUSES } from '../enums.ts';

/** GET get-application-status (section 7): the review status and the signed document. */
export const getApplicationStatusDataSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  /** The final message of section 4 for this status. */
  text: z.string(),
  signed_document: z.string().nullable(),
  /** For a rejected application: the stage whose admin_activity is Reject and its screen. */
  rejected_stage: z.number().nullable(),
  retry_screen: z.string().nullable(),
  verification_days: z.string(),
  account_active: z.boolean(),
});
export type GetApplicationStatusData = z.infer<typeof getApplicationStatusDataSchema>;
