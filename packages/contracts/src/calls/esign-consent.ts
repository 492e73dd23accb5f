import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { screenSchema } from '../screen.ts';
import { stageReplySchema } from '../envelope.ts';
import { acknowledgedDocumentsSchema } from './broker-documents.ts';

/** GET esign-consent?epro_id= (section 7): starts the Aadhaar OTP signing in the popup. */
export const esignConsentQuerySchema = z.object({
  epro_id: z.string().min(8).max(64),
  /** The broker's documents the applicant acknowledged: `key@version`, comma separated (esign-initate lists them). */
  documents: acknowledgedDocumentsSchema,
});

export const esignConsentDataSchema = z.object({
  transaction_id: z.string(),
  /** The HTML written into the popup: a form that posts the signed eSign request to the signing service. */
  api_response: z.string(),
  /** Seconds the applicant has to finish (section 9). */
  expires_in: z.number(),
  screen: z.optional(screenSchema),
});
export type EsignConsentData = z.infer<typeof esignConsentDataSchema>;

/** Messages on /ws/esign_status/?token=&transaction_id= (section 7). */
export const esignStatusMessageSchema = z.object({
  status: z.boolean().optional(),
  message: z.string().optional(),
  /** The message's key in MSG or ACK, which the web translates it by (the time-out's is ESIGN_TIME_EXCEEDED_CODE). */
  code: z.string().optional(),
  disconnect: z.boolean().optional(),
  data: z.object({ signed_document_link: z.string().optional(), screen: z.optional(screenSchema) }).optional(),
});
export type EsignStatusMessage = z.infer<typeof esignStatusMessageSchema>;

/** The message the status socket sends when the signing window has passed (section 4). */
export const ESIGN_TIME_EXCEEDED = 'Time Exceeded';
/** The code beside it: the signing window has passed. */
export const ESIGN_TIME_EXCEEDED_CODE = 'timeLimitExceeded' satisfies MessageKey;

export const esignConsentReplySchema = stageReplySchema(esignConsentDataSchema);
