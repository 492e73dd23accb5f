/**
 * The registrations a client needs after approval, each a port with a production adapter in the
 * public format and a sandbox serving that same format (CONTRACT.md "After the applicant signs"):
 * exchange client codes (UCC) at NSE, BSE and MCX, the depository (BO) account at CDSL or NSDL, the
 * KYC upload to a KRA, and CKYC through that KRA.
 */

export const REGISTRATION_KINDS = ['ucc_nse', 'ucc_bse', 'ucc_mcx', 'bo_cdsl', 'bo_nsdl', 'kra', 'ckyc'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];
export const REGISTRATION_STATUSES = ['pending', 'submitted', 'accepted', 'rejected', 'on_hold', 'failed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export type Exchange = 'NSE' | 'BSE' | 'MCX';
export type Depository = 'CDSL' | 'NSDL';

/** What every registration is built from: the approved application, read once per attempt. */
/** A closure as the registries are told of it. */
export interface RegistrationClosure {
  /** YYYY-MM-DD (India). */
  closedOn: string;
  reason: string;
  /** The demat account the holdings were transferred to (closure-cum-transfer), or null. */
  transferTo: { depository: Depository; boId: string } | null;
}

export interface RegistrationSubject {
  /** The application's number at the broker (APP_NO, RcrdNb, ...). */
  applicationNo: string;
  clientCode: string;
  pan: string;
  /** Name as per the income-tax record, and its parts. */
  name: string;
  firstName: string;
  middleName: string;
  lastName: string;
  fatherName: string;
  /** dd/mm/yyyy */
  dob: string;
  gender: 'M' | 'F' | 'T';
  maritalStatus: 'married' | 'single';
  mobile: string;
  email: string;
  address: {
    line1: string;
    line2: string;
    line3: string;
    city: string;
    district: string;
    state: string;
    pincode: string;
    country: 'IN';
  };
  /** The last four digits only: the full number is never kept. */
  aadhaarLast4: string | null;
  /**
   * The proof of an address the client changed after opening (the KRA's APP_COR_ADD_PROOF, _REF and
   * _DT): Aadhaar (last four digits) from DigiLocker, or the document uploaded; absent otherwise.
   */
  addressProof?: RegistrationAddressProof;
  /** Profiling list values (lt_1, 1_5, ...; private_sector, ...). */
  income: string;
  occupation: string;
  politicallyExposed: boolean;
  bank: { ifsc: string; micr: string; accountNumber: string; bankName: string; accountType: 'savings' | 'current' };
  /** Segment codes chosen (equity_1, equity_derivatives_1, ...). */
  segments: string[];
  /**
   * Segments the client stopped (client area): each exchange's UCC carries them as inactive (NSE's
   * segment entry and MCX's line with client status I, BSE's segment flag N).
   */
  deactivatedSegments?: string[];
  nominees: RegistrationNominee[];
  kycMode: 'digilocker' | 'manual' | 'kra';
  /** In-person verification (the selfie with liveness): dd/mm/yyyy. */
  ipvDate: string;
  /** dd/mm/yyyy */
  applicationDate: string;
  depository: Depository;
  /** 16 characters (DP id + client id) once the depository accepted the account. */
  boId: string | null;
  /** A correction sent after a rejection or a hold: the KRA takes it as a modification. */
  resubmission: boolean;
  /**
   * This request was sent before and its answer never kept (the process stopped while it was in
   * flight): a registrar that cannot tell a repeat by its request id looks for its own first.
   */
  interrupted?: boolean;
  /**
   * A client's request after the account is open (client area): the depository's file is a
   * modification (CDSL BOMOD) and the KRA's record APP_UPDTFLG 02.
   */
  modification?: boolean;
  /**
   * The client's account closed on their request (client area): the depository's file is a closure
   * (CDSL BOCLS) and each exchange's UCC carries the client status closed (NSE and MCX "C").
   */
  closure?: RegistrationClosure;
  /** What only the depository (BO) account carries. */
  bo: BoChoices;
  /** The PAN step found the client's KYC at a KRA already: the KRA record is modified, not uploaded new. */
  kraRegistered: boolean;
  /**
   * A minor's guardian (NSE ccdGuardianName): empty for an adult, never the father's name (the
   * source itself flags that substitution as a bug).
   */
  guardianName: string;
  /** The client's choice of UPI for the block mechanism (ASBA for the secondary market); null when not asked. */
  upiOptIn: boolean | null;
  /**
   * FATCA/CRS self-certification (countries ISO 3166 alpha-2); null on an application from before
   * it was asked.
   */
  fatca: {
    placeOfBirth: string;
    countryOfBirth: string;
    citizenship: string;
    /** Tax residencies outside India: country, and the TIN there ('' with a reason when none). */
    taxResidencies: { country: string; tin: string; noTinReason: string }[];
  } | null;
}

export interface RegistrationAddressProof {
  /** ADDRESS_PROOF_KINDS of the contracts: aadhaar, passport, driving_licence, voter_id. */
  kind: string;
  /** The document's number (an Aadhaar's last four digits). */
  reference: string;
  /** dd/mm/yyyy */
  date: string;
}

/** A nominee as the applicant gave it (relation: NOMINEE_RELATIONS of the contracts). */
export interface RegistrationNominee {
  name: string;
  relation: string;
  share: number;
  /** dd/mm/yyyy, or '' when not given */
  dob: string;
  minor: boolean;
  /** The guardian of a minor nominee. */
  guardianName: string;
  /** As the applicant gave it, or null when not given. */
  address: { line1: string; line2: string; city: string; state: string; pincode: string } | null;
}

/** The applicant's choices and facts the BO account file carries. */
export interface BoChoices {
  /** A Basic Services Demat Account (the segment stage's demat choice). */
  bsda: boolean;
  /** A DDPI given, and when (dd/mm/yyyy); null when not given. */
  ddpiSince: string | null;
  /** PAN-Aadhaar seeding as the income-tax source answered at the PAN stage: Y seeded, R not linked, '' unknown. */
  panAadhaarSeeding: string;
  /** The email is a family member's, declared at profiling (FAMILY_RELATIONS of the contracts), or null. */
  emailOfFamily: string | null;
  /** The signature image the applicant uploaded, or null when none is stored. */
  signature: Buffer | null;
}

/** A provider's answer, mapped onto the contract's statuses. */
export interface RegistrationAnswer {
  status: Exclude<RegistrationStatus, 'pending' | 'failed'>;
  /** The provider's reference: UCC, BO id, KRA acknowledgement, KIN. */
  reference: string | null;
  /** For rejected and on-hold answers: the provider's reason, as it gives it. */
  reason: string | null;
  /** What went over the wire, kept (encrypted) as evidence. */
  request: string;
  response: string;
}

/**
 * One registration: `submit` sends the request under a request id the caller keeps (sending the
 * same id again must not register twice); `check` asks for the outcome of a submitted one.
 */
export interface Registrar {
  readonly kind: RegistrationKind;
  submit(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer>;
  check(subject: RegistrationSubject, requestId: string, reference: string | null): Promise<RegistrationAnswer>;
}

export interface Registrars {
  ucc: Record<Exchange, Registrar>;
  depository: Registrar;
  kra: Registrar;
  ckyc: Registrar;
}

export const KIND_OF_EXCHANGE: Record<Exchange, RegistrationKind> = { NSE: 'ucc_nse', BSE: 'ucc_bse', MCX: 'ucc_mcx' };
export const KIND_OF_DEPOSITORY: Record<Depository, RegistrationKind> = { CDSL: 'bo_cdsl', NSDL: 'bo_nsdl' };

/** dd/mm/yyyy → another order of the same parts. */
export function reorderDate(ddmmyyyy: string, format: 'DD-MM-YYYY' | 'YYYYMMDD' | 'DDMMYYYY' | 'DD/MM/YYYY'): string {
  const [d = '', m = '', y = ''] = ddmmyyyy.split('/');
  switch (format) {
    case 'DD-MM-YYYY':
      return `${d}-${m}-${y}`;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
    case 'DDMMYYYY':
      return `${d}${m}${y}`;
    default:
      return ddmmyyyy;
  }
}
