import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { serviceRequestViewSchema } from './client-area.ts';

/**
 * The DDPI signed on its own (SEBI/HO/MIRSD/DoP/P/CIR/2022/44): GET ddpi shows whether the
 * applicant chose it, its purposes and whether its own document is signed; POST ddpi/esign opens
 * the document's Aadhaar eSign (the answer is the e-sign consent's). Only a signed DDPI reaches the
 * depository.
 */
export const ddpiDataSchema = z.object({
  /** The applicant chose DDPI in the demat step. */
  chosen: z.boolean(),
  purposes: z.array(z.string()),
  /** The account-opening form is signed: the DDPI is signed after it. */
  form_signed: z.boolean(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  /** A short-lived link to the signed DDPI document. */
  signed_document: z.string().nullable(),
});
export type DdpiData = z.infer<typeof ddpiDataSchema>;
export const ddpiReplySchema = replySchema(ddpiDataSchema);

/**
 * POST client/requests/ddpi (DDPI later): the draft request whose form is the DDPI document itself,
 * signed on its own (requests/{id}/esign), four-eyed and sent to the depository as a modification.
 */
export const ddpiRequestDataSchema = z.object({
  request: serviceRequestViewSchema,
  /** The purposes the DDPI document lists (the rules in force on the request's date). */
  purposes: z.array(z.string()),
});
export const ddpiRequestReplySchema = replySchema(ddpiRequestDataSchema);
