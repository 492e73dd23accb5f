/**
 * The client area's change of address (from DigiLocker, or typed with an uploaded proof) and of the
 * e-mail or the mobile (an OTP to the old and another to the new; one contact per client unless it
 * is the family's, declared). Each is a request signed with Aadhaar eSign, reviewed four-eyed and
 * sent to the KRA, the depository and each exchange's UCC (docs/servicing.md "Address", "Contact").
 */
import { z } from 'zod';
import { ADDRESS_FIELD_MAX } from '../constants.ts';
import { dataUrlSchema, emailSchema, mobileSchema, otpSchema } from '../rules.ts';
import { replySchema } from '../envelope.ts';
import { familyDeclarationSchema } from './personal-details-update.ts';
import { serviceRequestViewSchema } from './client-area.ts';
import { said, saying } from '../said.ts';

/** The officially valid documents an address may be proved with when typed (Aadhaar masked). */
export const ADDRESS_PROOF_KINDS = ['passport', 'driving_licence', 'voter_id', 'aadhaar'] as const;
export type AddressProofKind = (typeof ADDRESS_PROOF_KINDS)[number];

const line = (min: number) =>
  z.string(saying('fieldRequired')).trim().min(min, saying('fieldRequired')).max(ADDRESS_FIELD_MAX);

export const typedAddressSchema = z.object({
  line1: line(3),
  line2: z.string().trim().max(ADDRESS_FIELD_MAX).optional().default(''),
  line3: z.string().trim().max(ADDRESS_FIELD_MAX).optional().default(''),
  city: line(2),
  state: line(2),
  pincode: z
    .string(saying('nomineePincode'))
    .trim()
    .regex(/^[1-9]\d{5}$/, saying('nomineePincode')),
});

/** POST client/requests/address/digilocker: the DigiLocker consent page the client is sent to. */
export const addressDigilockerReplySchema = replySchema(z.object({ url: z.string() }));

/**
 * POST client/requests/address: the address from DigiLocker (the code and state DigiLocker returned
 * with) or typed with an uploaded proof (a data URL, as the journey's uploads).
 */
export const addressChangeRequestSchema = z
  .discriminatedUnion('source', [
    z.object({
      source: z.literal('digilocker'),
      code: z.string().min(1).max(512),
      state: z.string().min(16).max(256),
    }),
    z.object({
      source: z.literal('document'),
      address: typedAddressSchema,
      proof_kind: z.enum(ADDRESS_PROOF_KINDS, saying('fieldRequired')),
      /** The document's number (the last four digits of an Aadhaar; never the whole number). */
      proof_number: z
        .string(saying('fieldRequired'))
        .trim()
        .regex(/^[A-Za-z0-9/-]{4,20}$/, saying('fieldRequired')),
      proof: dataUrlSchema,
    }),
  ])
  .superRefine((v, ctx) => {
    if (v.source === 'document' && v.proof_kind === 'aadhaar' && !/^\d{4}$/.test(v.proof_number))
      ctx.addIssue(said('fieldRequired', ['proof_number']));
  })
  .meta({
    examples: [
      {
        source: 'document',
        address: { line1: '12 MG Road', line2: 'Shivaji Nagar', city: 'Pune', state: 'Maharashtra', pincode: '411005' },
        proof_kind: 'passport',
        proof_number: 'K1234567',
        proof: 'data:application/pdf;base64,JVBERi0=',
      },
    ],
  });
export type AddressChangeRequestInput = z.input<typeof addressChangeRequestSchema>;

export const addressRefusalSchema = z.object({ reason: z.enum(['digilocker']) });
export const addressChangeReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema }), addressRefusalSchema]),
);

/** The new mobile or e-mail, checked as the journey checks it. */
const newContactSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('mobile'), value: mobileSchema }),
  z.object({ field: z.literal('email'), value: emailSchema }),
]);

/** POST client/requests/contact/otp: one OTP to the contact on record, another to the new one. */
export const contactOtpRequestSchema = newContactSchema.meta({
  examples: [{ field: 'email', value: 'ravi.new@example.in' }],
});
export const contactOtpDataSchema = z.object({
  resend_after: z.number(),
  expires_in: z.number(),
  /** The new e-mail is another client's: the request needs the family declaration. */
  family_declaration_required: z.boolean(),
});

/** Why a contact change is refused: the number is another client's, or the family declaration is missing. */
export const contactRefusalSchema = z.object({
  reason: z.enum(['same', 'in_use', 'family_declaration_required', 'otp_old', 'otp_new']),
});
export const contactOtpReplySchema = replySchema(z.union([contactOtpDataSchema, contactRefusalSchema]));

/**
 * POST client/requests/contact: the new contact, both OTPs, and the family declaration when the
 * e-mail is another client's (spouse, dependent child or dependent parent).
 */
export const contactChangeRequestSchema = z
  .intersection(
    newContactSchema,
    z.object({ otp_old: otpSchema, otp_new: otpSchema, ...familyDeclarationSchema.partial().shape }),
  )
  .superRefine((v, ctx) => {
    if (Boolean(v.family_relation) !== Boolean(v.family_holder_name))
      ctx.addIssue(
        v.family_relation
          ? said('familyHolderRequired', ['family_holder_name'])
          : said('familyRelationRequired', ['family_relation']),
      );
  })
  .meta({
    examples: [{ field: 'email', value: 'ravi.new@example.in', otp_old: '123456', otp_new: '654321' }],
  });
export type ContactChangeRequestInput = z.input<typeof contactChangeRequestSchema>;

export const contactChangeReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema }), contactRefusalSchema]),
);
