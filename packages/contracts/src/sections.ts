/**
 * The sections of the user details record (spec section 3) as the API stores them, one type per
 * section name: what a step writes is what a reader gets back, with no cast between. A stored file
 * is a FileRef, which get-user-details shows as a short-lived signed link (user-details-schema.ts
 * is that view, with is_object); the API's private sections (a leading underscore) are typed where
 * they are written.
 */
import type { NameMatch } from './calls/bank-verification.ts';
import type { ChequeOcr } from './calls/cheque-verification.ts';
import type { KraDataObj, PanObj } from './calls/pan-validation.ts';
import type { PersonalSection } from './calls/personal-details-update.ts';
import type { FinancialProofCode, ProofDetail } from './calls/update-segment.ts';
import type { NomineeSection, StoredNominee } from './calls/update-nominee.ts';
import type { SignatureSection } from './calls/upload-signature.ts';
import type { SectionName } from './user-details.ts';

/** Where a stored value points to a file; the record shows a short-lived signed URL instead. */
export interface FileRef {
  $file: string;
}

export const isFileRef = (v: unknown): v is FileRef =>
  typeof v === 'object' && v !== null && '$file' in v && typeof v.$file === 'string';

/** pan_obj; aadhaar_seeding: the income-tax source's answer (Y seeded, R not linked, '' unknown). */
export type PanStored = PanObj & { document?: FileRef; aadhaar_seeding?: string };

/** kra_data_obj: the whole KRA record of a KRA-registered PAN, or its status alone. */
export type KraDataStored = Partial<KraDataObj> & { address?: Record<string, unknown> };

/** One document of digilocker_obj.cdl_documents (Aadhaar as its last four digits only). */
export interface CdlDocument {
  document_type?: string;
  name?: string;
  gender?: string;
  dob?: string;
  care_of?: string;
  house?: string;
  street?: string;
  locality?: string;
  landmark?: string;
  address1?: string;
  address2?: string;
  district_city?: string;
  state?: string;
  pincode?: string;
  country?: string;
  uid?: string;
  pan_number?: string;
  /** Where the document came from (an uploaded one: manual). */
  source?: string;
  document?: FileRef;
  document_back?: FileRef;
  [field: string]: unknown;
}

/** digilocker_obj: the address documents fetched or uploaded, the Aadhaar photo and signed XML. */
export interface DigilockerStored {
  is_pan_missing?: boolean;
  cdl_documents?: CdlDocument[];
  aadhaar_photo?: FileRef;
  eaadhaar_xml?: FileRef;
  [field: string]: unknown;
}

export type PersonalStored = Omit<PersonalSection, 'is_object'>;

export interface BankStored {
  ifsc?: string | null;
  bank_name?: string | null;
  branch?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  micr?: string | null;
  account_number?: string | null;
  account_type?: string | null;
  /** The applicant may still change the details (false once verified). */
  bank_verify_edit: boolean;
  cheque_ocr?: ChequeOcr | null;
  doctype?: string | null;
  vpa_id?: string | null;
  name_match?: NameMatch | null;
  document?: FileRef | null;
  /** The stored document's type, so the page shows an image or links a PDF. */
  document_type?: string | null;
  verification?: { method: 'penny_drop' | 'upi' | 'document'; status: string; at: string } | null;
}

export type SignatureStored = Omit<SignatureSection, 'is_object' | 'document'> & { document: FileRef };

/** A stored nominee (one taken over from a servicing request carries fewer fields). */
export type NomineeStoredEntry = Partial<Omit<StoredNominee, 'proof_front' | 'proof_back'>> & {
  proof_front?: FileRef;
  proof_back?: FileRef;
  [field: string]: unknown;
};
export type NomineeStored = Omit<NomineeSection, 'is_object' | 'nominee_list'> & {
  nominee_list?: NomineeStoredEntry[];
};

export interface SegmentStored {
  segment_list: { code: string; name: string }[];
  upload_prccess_by: 'digital' | 'manual' | null;
  financial_proof_option: FinancialProofCode | null;
  document_type: 'pdf' | null;
  document?: FileRef;
  proof_details?: Partial<Record<ProofDetail, string>>;
  /** The PDF was password-protected and opened with the password given. */
  document_protected?: boolean;
  document_opened?: boolean;
  document_pages?: number;
  aa_consent?: {
    consent_handle: string;
    consent_id: string | null;
    status: string;
    fi_types: string[];
    approved_at: string;
  };
}

/** Why a selfie waits for a reviewer instead of passing on its own. */
export type SelfieReviewReason =
  | 'face_mismatch'
  | 'face_match_unavailable'
  | 'no_aadhaar_photo'
  | 'not_live'
  | 'module_needs_review'
  | 'location_missing'
  | 'location_spoofed'
  | 'location_outside_india'
  | 'action_failed'
  | 'action_not_checked'
  | 'ip_outside_india'
  | 'ip_location_mismatch'
  | 'ip_unknown'
  | 'ip_hosting';

export interface LivenessStored {
  image: FileRef;
  /** auto_approved only when the hosted module approved and every server-side check passed. */
  status: 'auto_approved' | 'needs_review';
  /** What the hosted module itself answered. */
  module_outcome?: 'auto_approved' | 'needs_review';
  face_match_score?: number;
  /** The provider said match and the score reached face_match_threshold. */
  face_match?: boolean;
  face_match_threshold?: number;
  /** HyperVerge's "high"/"low" for the face match and the liveness check. */
  face_match_confidence?: 'high' | 'low';
  live?: boolean;
  live_confidence?: number;
  live_confidence_level?: 'high' | 'low';
  review_reasons?: SelfieReviewReason[];
  /** The random action as the provider judged it, and the country of the client's IP address. */
  action_check?: { result: 'verified' | 'failed' | 'not_checkable'; reason: string };
  ip_country?: string | null;
  message: string;
}

export interface EsignStored {
  epro_id: string;
  generated_doc: FileRef;
  signed_document?: FileRef;
  signed_at?: string;
  /**
   * The signer certificate's name (the ESP's Aadhaar eKYC) against the Aadhaar name on record,
   * through the bank's name matcher; a mismatch is a failed review check.
   */
  signer_name_match?: { signer_name: string; aadhaar_name: string | null; result: string; score: number };
}

/** review_obj: the review status the applicant's status screen shows, and its text. */
export interface ReviewStored {
  status: 'Pending' | 'Approved' | 'Rejected' | 'Completed' | 'Closed';
  text: string;
}

/** DigiLocker (issued documents), manual upload of officially valid documents, or the KRA's record. */
export type EkycRoute = 'digilocker' | 'manual' | 'kra';

/** ekyc_obj: the e-KYC evidence, written when identity verification completes. */
export interface EkycStored {
  route: EkycRoute;
  /** Each document the identity rests on, with where it came from. */
  documents: { document_type: string; source: EkycRoute }[];
  /** The PAN is registered with a KRA (pan_obj.is_kra). */
  kra_registered: boolean;
  /** DigiLocker delivered the e-Aadhaar as signed XML (kept as evidence). */
  aadhaar_signed_xml: boolean;
  verified_at: string;
}

/** Each section of the record by name, as stored. */
export interface Sections {
  pan_obj: PanStored;
  kra_data_obj: KraDataStored;
  digilocker_obj: DigilockerStored;
  personal_obj: PersonalStored;
  bank_obj: BankStored;
  signature_obj: SignatureStored;
  nominee_obj: NomineeStored;
  segment_obj: SegmentStored;
  livness_obj: LivenessStored;
  esign_obj: EsignStored;
  review_obj: ReviewStored;
  ekyc_obj: EkycStored;
}

/** The sections read together: each named one decrypted on demand, null when absent. */
export type SectionReader = <K extends SectionName>(name: K) => Sections[K] | null;

/** Every stored section of an applicant: those they have, by name. */
export type AllSections = Partial<Sections>;
