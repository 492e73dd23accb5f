import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { retentionItemSchema } from '../retention.ts';

/**
 * Consent under the DPDP Act (DPDP Rules, G.S.R. 846(E); retention.ts, the holds per record class): one record per
 * purpose with the notice version and language; withdrawal as easy as giving it; erasure on request
 * except what a legal hold keeps.
 */
export const CONSENT_PURPOSES = ['kyc', 'communication', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purposes an applicant may give or withdraw on their own; withdrawing 'kyc' is the erasure request. */
export const OPTIONAL_PURPOSES = ['communication', 'marketing'] as const;

/** The version of the privacy notice (the public page /pages/privacy) consents are given under. */
export const PRIVACY_NOTICE_VERSION = '2026-11-13';

export const consentsDataSchema = z.object({
  notice_version: z.string(),
  purposes: z.array(
    z.object({
      purpose: z.enum(CONSENT_PURPOSES),
      granted: z.boolean(),
      /** When the consent in force was given or withdrawn, its notice version and language; null if never asked. */
      recorded_at: z.string().nullable(),
      notice_version: z.string().nullable(),
      language: z.string().nullable(),
    }),
  ),
  /** When the account was closed (the day every retention hold starts from); null while it is open. */
  account_closed_at: z.string().nullable(),
  erasure: z
    .object({
      requested_at: z.string(),
      /**
       * Until when a legal hold keeps the records; null when nothing had to be kept (erased at once)
       * or while the account is open (the hold runs from its closure).
       */
      hold_until: z.string().nullable(),
      hold_reason: z.string().nullable(),
      erased_at: z.string().nullable(),
      /** What the law keeps under the hold, class by class, with the rule's source (retention.ts). */
      kept: z.array(retentionItemSchema),
      /** What was erased at the request although the rest is held (no rule keeps it). */
      erased_now: z.array(retentionItemSchema),
    })
    .nullable(),
});
export type ConsentsData = z.infer<typeof consentsDataSchema>;

export const updateConsentRequestSchema = z
  .object({ purpose: z.enum(OPTIONAL_PURPOSES), granted: z.boolean() })
  .strict();
export type UpdateConsentRequest = z.input<typeof updateConsentRequestSchema>;

export const requestErasureRequestSchema = z
  .object({ confirm: z.literal(true, { error: 'Confirm that you want your data erased.' }) })
  .strict();
export type RequestErasureRequest = z.input<typeof requestErasureRequestSchema>;

export const consentsReplySchema = replySchema(consentsDataSchema);

/** POST request-erasure: the consents after it, and whether the session ended with it. */
export const requestErasureDataSchema = consentsDataSchema.extend({ signed_out: z.boolean() });
export const requestErasureReplySchema = replySchema(requestErasureDataSchema);
