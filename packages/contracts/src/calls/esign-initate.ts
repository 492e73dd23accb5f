import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { stageReplySchema } from '../envelope.ts';
import { brokerDocumentSchema, brokerRegistrationsSchema } from './broker-documents.ts';

/** GET esign-initate (section 7): the account-opening form rendered for signing. */
export const esignInitateDataSchema = z.object({
  epro_id: z.string(),
  /** A short-lived signed URL of the form PDF (preview and download). */
  pdf_link: z.string(),
  /** Seconds the signing window lasts (section 9: 120 in most places, 90 in one text). */
  esign_window_seconds: z.number(),
  /** The fields changed since the applicant signed an earlier version of the form: it is signed again. */
  sign_again: z.array(z.string()).optional(),
  /** The broker's documents to read and acknowledge before signing, at the versions in force. */
  documents: z.array(brokerDocumentSchema).optional(),
  /** Who the applicant opens the account with: the broker's SEBI, exchange and depository registrations. */
  registrations: brokerRegistrationsSchema.optional(),
  screen: z.optional(screenSchema),
});
export type EsignInitateData = z.infer<typeof esignInitateDataSchema>;

export const esignInitateReplySchema = stageReplySchema(esignInitateDataSchema);
