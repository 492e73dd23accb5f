/**
 * How long each class of an applicant's records is kept, as dated rules with their sources. A
 * signed application is a client record: the law keeps it while the account is open and for the
 * class's years after the account is closed (the closure date starts every hold), whatever the
 * client asks meanwhile. What no rule keeps is erased as soon as the client asks (DPDP Act 2023
 * s.8(7), s.12(3)): the marketing consent and data, the selfie's other captures, the device
 * location's detail.
 */
import { z } from 'zod';

export const RECORD_CLASSES = ['kyc', 'pmla', 'depository', 'marketing', 'capture_detail'] as const;
export type RecordClass = (typeof RECORD_CLASSES)[number];

export interface RetentionSource {
  ref: string;
  date: string;
}

export interface RetentionRule {
  recordClass: RecordClass;
  /** The day the rule applies from (a request or closure on or after it follows it). */
  from: string;
  /** Years kept after the account's closure; 0: erased when the client asks. */
  yearsAfterClosure: number;
  /** What the class holds, in the words the client reads. */
  holds: string;
  source: RetentionSource;
}

// PMLA s.12(4): records of transactions (s.12(1)(a)) five years from the transaction; identity
// records (s.12(1)(e)) five years after the business relationship ends or the account is closed
const PMLA_ACT: RetentionSource = {
  ref: 'PMLA 2002 s.12(1)(a) and s.12(4); SEBI Master Circular on AML/CFT',
  date: '2023-06-06',
};
const KYC_RECORDS: RetentionSource = {
  ref: 'PMLA 2002 s.12(1)(e) and s.12(4); SEBI Master Circular on AML/CFT',
  date: '2023-06-06',
};
// Regulations 54 and 66 of the SEBI (Depositories and Participants) Regulations 2018, aligned by this corrigendum
const DP_RECORDS: RetentionSource = {
  ref: 'SEBI/HO/MRD2/DDAP/CIR/P/2020/153 (SEBI D&P Regulations 2018, reg. 54 and 66)',
  date: '2020-08-18',
};
const DPDP_ERASURE: RetentionSource = {
  ref: 'DPDP Act 2023 s.8(7) and s.12(3); DPDP Rules 2025 r.8',
  date: '2025-11-13',
};

/** The table: each class's rules, oldest first; the one in force on a day is the latest from on or before it. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    recordClass: 'kyc',
    from: '2005-07-01',
    yearsAfterClosure: 5,
    holds: 'your identity and address proofs, PAN and KYC details, photo and signature',
    source: KYC_RECORDS,
  },
  {
    recordClass: 'pmla',
    from: '2005-07-01',
    yearsAfterClosure: 5,
    holds: 'the records of your account relationship (the signed account-opening form and its audit trail)',
    source: PMLA_ACT,
  },
  {
    recordClass: 'depository',
    from: '2020-08-18',
    yearsAfterClosure: 8,
    holds: 'the depository participant records of your demat account (its opening form and instructions)',
    source: DP_RECORDS,
  },
  {
    recordClass: 'marketing',
    from: '2025-11-13',
    yearsAfterClosure: 0,
    holds: 'your marketing consent and where you came to us from (referral and campaign)',
    source: DPDP_ERASURE,
  },
  {
    recordClass: 'capture_detail',
    from: '2025-11-13',
    yearsAfterClosure: 0,
    holds: "the selfie step's other photos and your device's exact location",
    source: DPDP_ERASURE,
  },
];

/** The rule of each class in force on a day (YYYY-MM-DD). */
export function retentionOn(day: string): Record<RecordClass, RetentionRule> {
  const out = {} as Record<RecordClass, RetentionRule>;
  for (const rule of RETENTION_RULES) if (rule.from <= day) out[rule.recordClass] = rule;
  return out;
}

/**
 * The classes a signed application's record holds: KYC and the relationship (PMLA) always; the
 * depository's records once a demat account was opened for it (a client code, i.e. activated).
 */
export function heldClasses(hasDematAccount: boolean): RecordClass[] {
  return hasDematAccount ? ['kyc', 'pmla', 'depository'] : ['kyc', 'pmla'];
}

/**
 * Which classes keep each part of a signed record: its sections (user-details.ts and the private
 * `_` sections) and its files by kind. A part is erased when the holds of all its classes have
 * ended (the signed form is both the relationship's record and the depository's); a part named
 * nowhere here is kept until the whole record is erased. The applicant's row, stages and audit
 * trail go with the whole record.
 */
export const SECTION_CLASSES: Readonly<Record<string, readonly RecordClass[]>> = {
  // identity and address proofs, PAN, KYC details, photo (PMLA s.12(1)(e))
  pan_obj: ['kyc'],
  kra_data_obj: ['kyc'],
  digilocker_obj: ['kyc'],
  personal_obj: ['kyc'],
  livness_obj: ['kyc'],
  ekyc_obj: ['kyc'],
  _pan_image: ['kyc'],
  _liveness_private: ['kyc'],
  _kyc_capture: ['kyc'],
  // an address changed in the client area, with its proof
  _address: ['kyc'],
  _profiling_draft: ['kyc'],
  // the relationship: the signed form, its signing and review (PMLA s.12(1)(a)); the depository
  // keeps the account-opening form and the signature it verifies instructions with (reg. 54, 66)
  esign_obj: ['pmla', 'depository'],
  _esign_private: ['pmla', 'depository'],
  _signed_forms: ['pmla', 'depository'],
  review_obj: ['pmla'],
  _rule_set: ['pmla'],
  _risk_disclosure: ['pmla'],
  signature_obj: ['kyc', 'depository'],
  // the demat account: its nominees, segments and instructions, the bank account it pays into
  nominee_obj: ['depository'],
  segment_obj: ['depository'],
  _segment_private: ['depository'],
  _segment_aa: ['depository'],
  _demat_choice: ['depository'],
  _upi_block: ['depository'],
  bank_obj: ['depository'],
  _bank_private: ['depository'],
};

/** The same for stored files, by kind (`ovd_*` are the uploaded identity documents). */
export const FILE_KIND_CLASSES: Readonly<Record<string, readonly RecordClass[]>> = {
  pan_card: ['kyc'],
  'address-proof': ['kyc'],
  aadhaar_photo: ['kyc'],
  eaadhaar_xml: ['kyc'],
  selfie: ['kyc'],
  signature: ['kyc', 'depository'],
  'account-opening-form': ['pmla', 'depository'],
  'signed-account-opening-form': ['pmla', 'depository'],
  'cancelled-cheque': ['depository'],
  'nominee-proof': ['depository'],
  segment_proof: ['depository'],
};

/**
 * The same for the raw provider exchanges kept per application, by provider: what PAN, KRA,
 * DigiLocker and liveness answered is KYC evidence; the bank verification's is the depository's
 * (it proves the account payouts go to); the e-sign exchange is the signed form's.
 */
export const PROVIDER_EXCHANGE_CLASSES: Readonly<Record<string, readonly RecordClass[]>> = {
  pan: ['kyc'],
  kra: ['kyc'],
  digilocker: ['kyc'],
  liveness: ['kyc'],
  bank: ['depository'],
  upi: ['depository'],
  esign: ['pmla', 'depository'],
};

/**
 * The record of each message sent (message_records: channel, template, gateway, outcome, time; no
 * text): part of the relationship's record, as the audit trail is.
 */
export const MESSAGE_RECORD_CLASSES: readonly RecordClass[] = ['pmla'];

export const fileKindClasses = (kind: string): readonly RecordClass[] | undefined =>
  FILE_KIND_CLASSES[kind] ?? (kind.startsWith('ovd_') ? ['kyc'] : undefined);

/**
 * Whether a part kept for `classes` may go once the classes in `ended` have ended their holds: all
 * of its classes the record holds have ended (a part of no class the record holds waits for the whole record).
 */
export function partErasable(
  classes: readonly RecordClass[] | undefined,
  held: readonly RecordClass[],
  ended: readonly RecordClass[],
): boolean {
  const kept = (classes ?? []).filter((c) => held.includes(c));
  return kept.length > 0 && kept.every((c) => ended.includes(c));
}

/** The years the whole record is kept after closure: the longest of the classes it holds. */
export function holdYears(rules: Record<RecordClass, RetentionRule>, classes: readonly RecordClass[]): number {
  return Math.max(0, ...classes.map((c) => rules[c].yearsAfterClosure));
}

/** What an erasure request shows per class kept or erased. */
export const retentionItemSchema = z.object({
  record_class: z.enum(RECORD_CLASSES),
  holds: z.string(),
  /** Years after the account's closure; 0 for what was erased at once. */
  years_after_closure: z.number().int(),
  source: z.string(),
});
export type RetentionItem = z.infer<typeof retentionItemSchema>;

export const retentionItemOf = (rule: RetentionRule): RetentionItem => ({
  record_class: rule.recordClass,
  holds: rule.holds,
  years_after_closure: rule.yearsAfterClosure,
  source: `${rule.source.ref}, ${rule.source.date}`,
});
