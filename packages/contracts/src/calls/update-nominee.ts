import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { ADDRESS_FIELD_MAX, DEFAULT_MAX_NOMINEES, NOMINEE_FIELDS, type NomineeField } from '../constants.ts';
import { IDENTITY_DOCUMENTS } from '../enums.ts';
import { said, saying } from '../said.ts';

import { dataUrlSchema } from '../rules.ts';
import { nomineeSchema, resolveShares } from '../nominee-rules.ts';
import { replySchema, stageReplySchema } from '../envelope.ts';

/** The statement-of-account radio (section 2): print the nominee's name, or only that a nomination exists. */
export const NOMINEE_SOA_OPTIONS = ['nominee_name', 'nomination'] as const;
export type NomineeSoa = (typeof NOMINEE_SOA_OPTIONS)[number];

/** A nominee proof file (front or back): images are compressed in the browser, PDFs go as they are. */
export const NOMINEE_PROOF_MAX_BYTES = 2 * 1024 * 1024;

/** Slots are keyed nominee_1 .. nominee_n (section 7). */
export const nomineeSlotKey = (index: number) => `nominee_${index + 1}`;

const upTo100 = z.string().max(ADDRESS_FIELD_MAX, saying('maxLength100')).optional();

/** The proof files, plus bounds on the free-text fields the shared nominee rules leave open. */
const proofsSchema = z.object({
  proof_front: z.optional(dataUrlSchema),
  proof_back: z.optional(dataUrlSchema),
  proof_type: z.enum(['', ...IDENTITY_DOCUMENTS.map((d) => d.code)], saying('fieldRequired')).optional(),
  last_name: upTo100,
  state: upTo100,
  country: upTo100,
});

/** One slot of updatedNomineeList: the section 5 nominee rules plus the proof files (front and back). */
export function nomineeEntrySchema(options: { now?: () => Date; mandatory?: readonly NomineeField[] } = {}) {
  return z.intersection(nomineeSchema(options), proofsSchema).superRefine((v, ctx) => {
    if (v.proof_number.length > 20) ctx.addIssue(said('idNumberInvalid', ['proof_number']));
  });
}
export type NomineeEntryInput = z.input<ReturnType<typeof nomineeEntrySchema>>;

export const fullNomineeName = (n: { first_name: string; last_name?: string }) =>
  `${n.first_name} ${n.last_name ?? ''}`.replace(/\s+/g, ' ').trim();

/**
 * POST update-nominee (section 7): nominee_soa, nominee_soa_name, skip_nominee and
 * updatedNomineeList keyed nominee_n. The whole payload is checked here, shares included, so the
 * server refuses what the form would refuse.
 */
/** The two codes confirming a single holder's opt-out of nomination (mobile and e-mail). */
export const nomineeOptOutOtpSchema = z.object({
  mobile_otp: z.string().regex(/^\d{6}$/, saying('otpInvalid')),
  email_otp: z.string().regex(/^\d{6}$/, saying('otpInvalid')),
});

/** The declaration a single holder confirms when opting out of nomination (recorded with its version). */
export const NOMINATION_OPT_OUT_DECLARATION = {
  version: 'opt-out-2026-09',
  text: 'I/We hereby confirm that I/We do not wish to appoint any nominee(s) in my/our demat account and understand the issues involved in non-appointment of nominee(s) and further are aware that in case of death of all the account holder(s), my/our legal heirs would need to submit all the requisite documents / information for claiming of assets held in my/our demat account, which may also include documents issued by Court or other such competent authority, based on the value of assets held in the demat account.',
} as const;

export function updateNomineeRequestSchema({
  maxNominees = DEFAULT_MAX_NOMINEES,
  mandatory = NOMINEE_FIELDS,
  now,
}: { maxNominees?: number; mandatory?: readonly NomineeField[]; now?: () => Date } = {}) {
  return z
    .object({
      /** Opt-out confirmed by OTP to the mobile and the e-mail; without it the e-sign validates it. */
      opt_out_otp: nomineeOptOutOtpSchema.optional(),
      nominee_soa: z.enum(NOMINEE_SOA_OPTIONS, saying('fieldRequired')).optional().default('nomination'),
      nominee_soa_name: z.string().max(201).optional().default(''),
      skip_nominee: z.boolean(saying('fieldRequired')),
      updatedNomineeList: z
        .record(z.string().regex(/^nominee_\d{1,2}$/, saying('nomineeSlots')), nomineeEntrySchema({ now, mandatory }))
        .optional()
        .default({}),
    })
    .superRefine((v, ctx) => {
      if (v.skip_nominee) return;
      const keys = Object.keys(v.updatedNomineeList);
      if (keys.length === 0) return void ctx.addIssue(said('fieldRequired', ['updatedNomineeList']));
      const expected = keys.map((_, i) => nomineeSlotKey(i));
      if (keys.length > maxNominees || expected.some((k) => !(k in v.updatedNomineeList)))
        return void ctx.addIssue(said('nomineeSlots', ['updatedNomineeList']));
      const entries = expected.map((k) => v.updatedNomineeList[k]!);
      const { error: shareError } = resolveShares(
        entries.map((n) => n.percentage_share),
        mandatory.includes('share'),
      );
      if (shareError) ctx.addIssue(said(shareError, ['updatedNomineeList']));
      if (v.nominee_soa === 'nominee_name' && !entries.some((n) => fullNomineeName(n) === v.nominee_soa_name.trim()))
        ctx.addIssue(said('fieldRequired', ['nominee_soa_name']));
    });
}
export type UpdateNomineeRequest = z.input<ReturnType<typeof updateNomineeRequestSchema>>;
export type UpdateNomineeParsed = z.output<ReturnType<typeof updateNomineeRequestSchema>>;

export const updateNomineeResponseDataSchema = z.object({ screen: screenSchema, stage: z.number().optional() });

/** GET get-nominee-config: the nominee rules of the application's rule set (slots, mandatory fields, opt-out). */
export const nomineeConfigResponseDataSchema = z.object({
  max_nominees: z.number().int().min(1).max(10),
  /** The fields the application's rule set makes mandatory (a minor also needs date of birth and guardian). */
  mandatory: z.array(z.enum(NOMINEE_FIELDS)).optional(),
  /** How an opt-out may be confirmed under the application's rule set. */
  opt_out: z.array(z.string()).optional(),
  rule_set: z.string().optional(),
  declaration: z.object({ version: z.string(), text: z.string() }).optional(),
});
export type NomineeConfig = z.infer<typeof nomineeConfigResponseDataSchema>;

/** A stored nominee as get-user-details shows it: proofs are signed URLs. */
export interface StoredNominee {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  dob: string;
  address: string;
  address2: string;
  pincode: string;
  city: string;
  state: string;
  country: string;
  nominee_relation: string;
  percentage_share: string;
  proof_type: string;
  identity_doc_type: string;
  proof_number: string;
  gaurdian_name: string;
  same_address_flag: boolean;
  is_minor: boolean;
  proof_front?: string;
  proof_back?: string;
}

export interface NomineeSection {
  is_object: boolean;
  skip_nominee?: boolean;
  nominee_list?: StoredNominee[];
  nominee_soa?: NomineeSoa;
  nominee_soa_name?: string;
}

/** The parts of digilocker_obj the same-address option reads (section 3: address document fields). */
export interface LockerSection {
  cdl_documents?:
    | {
        document_type?: string | null;
        address1?: string | null;
        address2?: string | null;
        house?: string | null;
        street?: string | null;
        locality?: string | null;
        landmark?: string | null;
        district_city?: string | null;
        state?: string | null;
        pincode?: string | null;
        country?: string | null;
      }[]
    | null;
}

export interface NomineeAddress {
  address: string;
  address2: string;
  pincode: string;
  city: string;
  state: string;
  country: string;
}

const joinParts = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ')
    .slice(0, ADDRESS_FIELD_MAX);

/** The applicant's Aadhaar address (the AADHAARCARD document of the locker), or null when there is none. */
export function aadhaarAddressOf(locker: LockerSection | null | undefined): NomineeAddress | null {
  const doc = locker?.cdl_documents?.find((d) => d.document_type === 'AADHAARCARD');
  if (!doc) return null;
  return {
    address: doc.address1?.trim() ? joinParts(doc.address1) : joinParts(doc.house, doc.street),
    address2: doc.address2?.trim() ? joinParts(doc.address2) : joinParts(doc.locality, doc.landmark),
    pincode: (doc.pincode ?? '').replace(/\D/g, '').slice(0, 6),
    city: joinParts(doc.district_city),
    state: joinParts(doc.state),
    country: joinParts(doc.country) || 'India',
  };
}

export const nomineeConfigReplySchema = replySchema(nomineeConfigResponseDataSchema);
export const updateNomineeReplySchema = stageReplySchema(updateNomineeResponseDataSchema);
