/**
 * The client area: a client whose account is open signs in with a mobile OTP, sees
 * "My account" and makes requests (freeze, unfreeze, nomination). Its own session kind: a client
 * token opens none of the onboarding's calls and an applicant token none of these.
 */
import { z } from 'zod';
import { said, saying } from '../said.ts';
import { mobileSchema, otpSchema } from '../rules.ts';
import { nomineeSchema } from '../nominee-rules.ts';
import { emptyDataSchema, replySchema } from '../envelope.ts';
import { SERVICE_REJECTION_REASONS, SERVICE_REQUEST_KINDS, SERVICE_REQUEST_STATUSES } from '../service-requests.ts';
import { SEGMENT_HOLD_REASONS } from '../segment-holds.ts';
import type { NomineeField } from '../constants.ts';
import { KIT_DOCUMENT_KEYS, type KitKey } from './broker-documents.ts';

/** POST client/send-otp */
export const clientSendOtpRequestSchema = z
  .object({ mobile: mobileSchema })
  .meta({ examples: [{ mobile: '9876543210' }] });
export const clientSendOtpDataSchema = z.object({ resend_after: z.number(), expires_in: z.number() });
export const clientSendOtpReplySchema = replySchema(z.union([clientSendOtpDataSchema, emptyDataSchema]));

/** POST client/verify-otp: a right code for the mobile of an open account answers the client's token. */
export const clientVerifyOtpRequestSchema = z
  .object({ mobile: mobileSchema, otp: otpSchema })
  .meta({ examples: [{ mobile: '9876543210', otp: '123456' }] });
export const clientVerifyOtpDataSchema = z.object({ token: z.string() });
/** A refusal says why: the code (wrong, expired, locked) or no open account for this mobile. */
export const clientRefusalDataSchema = z.object({ reason: z.enum(['otp', 'no_account', 'closed', 'deceased']) });
export const clientVerifyOtpReplySchema = replySchema(z.union([clientVerifyOtpDataSchema, clientRefusalDataSchema]));

export const serviceRequestViewSchema = z.object({
  id: z.string(),
  /** The number the client and the back office quote (SR-000123). */
  number: z.string(),
  kind: z.enum(SERVICE_REQUEST_KINDS),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  reason_code: z.enum(SERVICE_REJECTION_REASONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The signed request form, while the session lasts (a nomination once signed). */
  signed_document: z.string().nullable(),
});
export type ServiceRequestView = z.infer<typeof serviceRequestViewSchema>;

export const myAccountNomineeSchema = z.object({
  name: z.string(),
  relation: z.string(),
  share: z.string(),
  minor: z.boolean(),
});

/** The client area's page (outside the onboarding routes of section 2). */
export const CLIENT_AREA_PATH = '/my-account';

/** POST client/logout: the session ends; the client goes back to the client area's sign-in. */
export const clientLogoutReplySchema = replySchema(z.object({ screen: z.literal(CLIENT_AREA_PATH) }));

/** GET client/my-account */
export const myAccountDataSchema = z.object({
  name: z.string(),
  client_code: z.string().nullable(),
  bo_id: z.string().nullable(),
  /** Shown masked: the full values are the client's already. */
  mobile: z.string(),
  email: z.string(),
  /** The address on record (as the registries carry it), one line; '' when none is known. */
  address: z.string(),
  segments: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      exchanges: z.array(z.string()),
      /**
       * Every segment the broker offers: active, inactive, held back at approval until the client's
       * income proof arrives (pending_proof: not registered yet), or a segment request under way for it.
       */
      state: z.enum(['active', 'inactive', 'pending_proof', 'activation_requested', 'deactivation_requested']),
      /** Why a pending segment waits (null otherwise). */
      reason: z.enum(SEGMENT_HOLD_REASONS).nullable(),
    }),
  ),
  nominees: z.array(myAccountNomineeSchema),
  nomination_opted_out: z.boolean(),
  bank_accounts: z.array(
    z.object({ bank_name: z.string(), ifsc: z.string(), account_last4: z.string(), primary: z.boolean() }),
  ),
  ddpi: z.object({ given: z.boolean() }),
  online_access: z.object({ frozen: z.boolean(), since: z.string().nullable() }),
  /**
   * The signed form, the signed DDPI and each document of the welcome kit (`key` names it; null for
   * a signed one), each a short-lived link of this session.
   */
  documents: z.array(
    z.object({
      kind: z.enum(['signed_form', 'signed_ddpi', 'welcome_kit']),
      key: z.enum(KIT_DOCUMENT_KEYS).nullable(),
      link: z.string(),
    }),
  ),
  requests: z.array(serviceRequestViewSchema),
  /** The nomination rule in force today: how many nominees, which fields are mandatory. */
  nomination_rule: z.object({ max: z.number(), mandatory: z.array(z.string()), rule_set: z.string() }),
});
export type MyAccountData = z.infer<typeof myAccountDataSchema>;
export const myAccountReplySchema = replySchema(myAccountDataSchema);

/**
 * GET client/documents/welcome-kit/{key}: a document of the client's welcome kit, as the welcome
 * email carried it. The link My account gives is the credential (exp, sid, sig of a client session).
 */
export const welcomeKitDocumentParamsSchema = z.object({ key: z.enum(KIT_DOCUMENT_KEYS) });
export const welcomeKitDocumentPath = (key: KitKey) => `/api/v1/client/documents/welcome-kit/${key}`;

/** A request's reply: the request as it stands. */
export const serviceRequestReplySchema = replySchema(z.object({ request: serviceRequestViewSchema }));

/** POST client/requests/freeze: immediate, no body beyond an optional reason the client gives. */
export const freezeRequestSchema = z
  .object({ reason: z.string().max(100, saying('maxLength100')).optional().default('') })
  .meta({ examples: [{ reason: 'Phone lost' }] });

/** POST client/requests/unfreeze: the identity verified again with an OTP sent to the registered mobile. */
export const unfreezeRequestSchema = z.object({ otp: otpSchema }).meta({ examples: [{ otp: '123456' }] });
export const unfreezeReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema }), clientRefusalDataSchema]),
);

/**
 * POST client/requests/nomination: a nomination under the rules in force on the request's day (max
 * and mandatory fields of regulation.ts), or an opt-out. Nominees share equally when no share is given.
 */
export function nominationRequestSchema(options: {
  max: number;
  mandatory: readonly NomineeField[];
  now?: () => Date;
}) {
  return z
    .object({
      opt_out: z.boolean(saying('fieldRequired')),
      nominees: z
        .array(nomineeSchema({ mandatory: options.mandatory, now: options.now }))
        .max(options.max, saying('nomineeSlots'))
        .default([]),
    })
    .superRefine((v, ctx) => {
      if (!v.opt_out && v.nominees.length === 0) ctx.addIssue(said('fieldRequired', ['nominees']));
      if (v.opt_out && v.nominees.length > 0) ctx.addIssue(said('nomineeSlots', ['nominees']));
      const shares = v.nominees.map((n) => n.percentage_share).filter((s) => s !== '');
      if (shares.length && (shares.length !== v.nominees.length || shares.reduce((a, s) => a + Number(s), 0) !== 100))
        ctx.addIssue(said('shareEquals100', ['nominees']));
    })
    .meta({
      examples: [
        {
          opt_out: false,
          nominees: [{ first_name: 'Meera Verma', nominee_relation: 'Spouse' }],
        },
      ],
    });
}
/** The widest form of the body, for the document (the server checks with the rules of the day). */
export const nominationRequestDocSchema = nominationRequestSchema({ max: 10, mandatory: ['name', 'relationship'] });
export type NominationRequestInput = z.input<typeof nominationRequestDocSchema>;

/** POST client/requests/{id}/esign: the popup's HTML carrying the signed eSign request. */
export const serviceEsignDataSchema = z.object({
  transaction_id: z.string(),
  api_response: z.string(),
  expires_in: z.number(),
});
export const serviceEsignReplySchema = replySchema(serviceEsignDataSchema);

/** Back office: the Requests queue. */
export const backofficeServiceRequestSchema = serviceRequestViewSchema.extend({
  applicant_id: z.string(),
  client_code: z.string().nullable(),
  accepted_by: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  /** What the request asks, as the reviewer reads it (the nominees' names and relations, ...). */
  summary: z.array(z.string()),
  modifications: z.array(
    z.object({
      registry: z.string(),
      status: z.string(),
      reference: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type BackofficeServiceRequest = z.infer<typeof backofficeServiceRequestSchema>;
export const backofficeServiceRequestsReplySchema = replySchema(
  z.object({ requests: z.array(backofficeServiceRequestSchema) }),
);
export const backofficeServiceRequestReplySchema = replySchema(z.object({ request: backofficeServiceRequestSchema }));
export type ServiceRejectionReasonCode = (typeof SERVICE_REJECTION_REASONS)[number];
export const rejectServiceRequestSchema = z
  .object({ reason_code: z.enum(SERVICE_REJECTION_REASONS), note: z.string().max(500).optional().default('') })
  .meta({ examples: [{ reason_code: 'NOMINEE_DETAILS_INCOMPLETE', note: 'Relationship unclear' }] });
