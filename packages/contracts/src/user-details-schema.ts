/**
 * The user details record's schema (spec section 3), section by section, apart from the record's
 * types and helpers (user-details.ts) so that a page that only needs the helpers (the sign-up
 * page's layout) does not carry it: the web loads it with the first read of the record.
 */
import * as z from 'zod/mini';
import { ADMIN_ACTIVITIES } from './basic-enums.ts';
import type { NameMatch } from './calls/bank-verification.ts';
import type { ChequeOcr } from './calls/cheque-verification.ts';
import type { NomineeSoa, StoredNominee } from './calls/update-nominee.ts';
import type { SignatureGuardian, SignatureMark, SignatureUploadType } from './calls/upload-signature.ts';
import type { VpaCallback } from './calls/vpa-validation.ts';

export const kycEntrySchema = z.object({
  stage: z.number(),
  admin_activity: z.nullable(z.enum(ADMIN_ACTIVITIES)),
  reason: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.string()),
});

/**
 * One sub-object of the record (section 3). Each appears with is_object false (and nothing else)
 * until its step stores it, so its fields are optional here; a section may carry more fields than
 * the spec names (the record is open), which pass through as they are.
 */
const section = <S extends Record<string, z.core.$ZodType>>(fields: S) =>
  z.looseObject({ is_object: z.boolean(), ...fields });
const text = z.optional(z.nullable(z.string()));
const flag = z.optional(z.nullable(z.boolean()));
/**
 * A nested value the API wrote with its contract type (sections.ts): the view checks it is an
 * object and names its type, without the full rules of its call (an older record still reads).
 */
const written = <T extends object>() => z.optional(z.custom<T | null>((v) => typeof v === 'object'));
const oneOf = <T extends string>() => z.optional(z.custom<T>((v) => typeof v === 'string'));

/** pan_obj: the PAN as verified (name on the card, number, date of birth, whether KRA-registered). */
export const panSectionSchema = section({
  name_on_card: text,
  full_name: text,
  pan_number: text,
  dob: text,
  is_kra: flag,
});
/** kra_data_obj: the KRA's status and address of a KRA-registered PAN. */
export const kraDataSectionSchema = section({
  kra_address: text,
  kra_status: text,
  kra_status_code: text,
  kra_agency: text,
});
/** One address document of digilocker_obj.cdl_documents (Aadhaar as its last four digits only). */
export const cdlDocumentEntrySchema = z.looseObject({
  document_type: text,
  name: text,
  gender: text,
  care_of: text,
  address1: text,
  address2: text,
  pincode: text,
  district_city: text,
  state: text,
  country: text,
  landmark: text,
  locality: text,
  house: text,
  street: text,
  uid: text,
  document: text,
});
/** digilocker_obj: the address documents fetched or uploaded. */
export const digilockerSectionSchema = section({
  cdl_documents: z.optional(z.nullable(z.array(cdlDocumentEntrySchema))),
  is_pan_missing: flag,
  /** A signed URL of the e-Aadhaar photo. */
  aadhaar_photo: text,
});
/** personal_obj: the client profiling answers. */
export const personalSectionSchema = section({
  annual_income__name: text,
  education__name: text,
  occupation__name: text,
  trading_experience__name: text,
  gender: text,
  marital_status: text,
  mother_name: text,
  father_name: text,
});
/** bank_obj: the bank account and how it was verified. */
export const bankSectionSchema = section({
  ifsc: text,
  bank_name: text,
  branch: text,
  address: text,
  account_number: text,
  account_type: text,
  bank_verify_edit: flag,
  cheque_ocr: written<ChequeOcr>(),
  doctype: text,
  vpa_id: text,
  name_match: written<NameMatch>(),
  /** A signed URL once stored. */
  document: text,
  document_type: text,
  verification: written<{ method: string; status: string }>(),
});
/** signature_obj: the signature image (a signed link). */
export const signatureSectionSchema = section({
  document_type: text,
  document: text,
  upload_type: oneOf<SignatureUploadType>(),
  /** Absent for an applicant's own signature. */
  signature_mark: oneOf<SignatureMark>(),
  guardian: z.optional(z.custom<SignatureGuardian>((v) => typeof v === 'object' && v !== null)),
});
/** nominee_obj: the nominees, or the opt-out. */
export const nomineeSectionSchema = section({
  skip_nominee: flag,
  nominee_list: z.optional(z.array(z.custom<StoredNominee>((v) => typeof v === 'object' && v !== null))),
  nominee_soa: oneOf<NomineeSoa>(),
  nominee_soa_name: z.optional(z.string()),
});
/** segment_obj: the segments chosen and the financial proof. */
export const segmentSectionSchema = section({
  segment_list: z.optional(z.nullable(z.array(z.looseObject({ code: z.string() })))),
  document_type: text,
  document: text,
});
/** livness_obj: the selfie (a signed link). */
export const livenessSectionSchema = section({ image: text });
/** esign_obj: the form to sign and the signed document (signed links). */
export const esignSectionSchema = section({ generated_doc: text, signed_document: text });
/** review_obj: the review status and its text. */
export const reviewSectionSchema = section({ status: text, text: text });
export const ekycSectionSchema = section({});

export const userDetailsFirstSchema = z.looseObject({
  kyc_status_obj: z.array(z.object({ kyc_list: z.array(kycEntrySchema) })),
  mobile_obj: z.looseObject({
    is_object: z.boolean(),
    mobile: z.string(),
    email: z.nullable(z.string()),
    whatspp_opt: z.boolean(),
  }),
  client_code: z.nullable(z.string()),
  pan_obj: panSectionSchema,
  kra_data_obj: kraDataSectionSchema,
  digilocker_obj: digilockerSectionSchema,
  personal_obj: personalSectionSchema,
  bank_obj: bankSectionSchema,
  signature_obj: signatureSectionSchema,
  nominee_obj: nomineeSectionSchema,
  segment_obj: segmentSectionSchema,
  livness_obj: livenessSectionSchema,
  esign_obj: esignSectionSchema,
  review_obj: reviewSectionSchema,
  ekyc_obj: ekycSectionSchema,
});

/** The record's second element: the bank verification callback. */
export const userDetailsCallbackSchema = z.looseObject({ vpa_callback: z.optional(written<VpaCallback>()) });

export const userDetailsRecordSchema = z.tuple([userDetailsFirstSchema, userDetailsCallbackSchema]);

/** Each section as get-user-details shows it (is_object, files as signed links), by name. */
export type RecordSections = z.infer<typeof userDetailsFirstSchema>;
