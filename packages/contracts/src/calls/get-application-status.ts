import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { REVIEW_STATUSES } from '../enums.ts';
import { replySchema } from '../envelope.ts';
import { applicantDocumentRequestSchema } from './document-request.ts';

/** GET get-application-status (section 7): the review status and the signed document. */
export const getApplicationStatusDataSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  /** The final message of section 4 for this status. */
  text: z.string(),
  signed_document: z.string().nullable(),
  /** For a rejected application: the stage whose admin_activity is Reject and its screen. */
  rejected_stage: z.number().nullable(),
  retry_screen: z.nullable(screenSchema),
  verification_days: z.string(),
  account_active: z.boolean(),
  /** When the client's account was closed (retention.ts: the day the retention holds start); absent while open. */
  account_closed_at: z.string().optional(),
  /** Once Completed (CONTRACT.md): the client code (UCC) and the 16-character BO id. */
  client_code: z.string().nullable(),
  bo_id: z.string().nullable(),
  /** Once Completed: each segment with the exchanges and the day trading may start (dd/mm/yyyy). */
  segments: z.array(
    z.object({ code: z.string(), name: z.string(), exchanges: z.array(z.string()), trading_from: z.string() }),
  ),
  /** The KRA upload and CKYC, which go on after Completed (KIN once issued). */
  kra: z.object({ status: z.string(), reference: z.string().nullable() }).nullable(),
  ckyc: z.object({ status: z.string(), reference: z.string().nullable() }).nullable(),
  /**
   * For a rejected application: each stage sent back with the reviewer's configured reason (a code
   * the app shows in the applicant's language, see review-reasons.ts) and any free text.
   */
  reasons: z
    .array(
      z.object({
        stage: z.number(),
        code: z.string().nullable(),
        note: z.string(),
        /** The coded reason's text in the five languages, as it was when sent (the reasons table). */
        texts: z.record(z.string(), z.string()).nullable().optional(),
      }),
    )
    .optional(),
  /** For a closed application (status Closed): finally rejected or expired, and why in the five languages. */
  closure: z
    .object({
      kind: z.enum(['rejected', 'expired']),
      code: z.string(),
      texts: z.record(z.string(), z.string()).nullable(),
    })
    .nullable()
    .optional(),
  /** The documents a reviewer asks for while the application is in review, waiting for a file or sent (none when none). */
  document_requests: z.array(applicantDocumentRequestSchema).optional(),
});
export type GetApplicationStatusData = z.infer<typeof getApplicationStatusDataSchema>;

export const getApplicationStatusReplySchema = replySchema(getApplicationStatusDataSchema);
