/** What a request asks, stored encrypted on the request (service_requests.payload_enc). */
import type { ClosurePreCheck, ClosureReason } from '@ekyc/contracts/calls/client-closure';
import type { AddressProofKind } from '@ekyc/contracts/calls/client-contact';
import type { FamilyRelation } from '@ekyc/contracts/enums';
import type { RegistrationNominee, RegistrationSubject } from '../../providers/registrations/port.ts';
import type { FileRef } from '../../records/applicant-records.ts';

export interface NominationNominee {
  name: string;
  relation: string;
  /** Percent as given, or the equal split (odd remainder to the first nominee, 2026 norms). */
  share: string;
  dob: string;
  minor: boolean;
  guardianName: string;
  address: RegistrationNominee['address'];
}

/** A bank account of a bank request, as the penny drop verified it (the number kept encrypted with the payload). */
export interface RequestBankAccount {
  ifsc: string;
  micr: string;
  bankName: string;
  branch: string;
  accountNumber: string;
  accountType: 'Saving' | 'Current';
  primary: boolean;
  /** Penny drop of a typed account, or the UPI reverse penny drop the client paid (bank-upi-payment.ts). */
  verification: {
    method: 'penny_drop' | 'upi_rpd';
    reference: string | null;
    nameMatch: string;
    score: number;
    at: string;
  };
}

export type RequestPayload =
  | { kind: 'freeze'; reason: string }
  | { kind: 'unfreeze' }
  | { kind: 'nomination'; opt_out: boolean; nominees: NominationNominee[] }
  | { kind: 'bank'; accounts: RequestBankAccount[] }
  | {
      kind: 'address';
      source: 'digilocker' | 'document';
      address: RequestAddress;
      /** Aadhaar (last four digits) from DigiLocker, or the uploaded document and its number; `file` its stored id. */
      proof: { kind: AddressProofKind; reference: string; file: string | null };
      aadhaarLast4: string | null;
      /** When the proof was given (ISO). */
      at: string;
    }
  | {
      kind: 'contact';
      field: 'mobile' | 'email';
      value: string;
      previous: string;
      /** The e-mail is a family member's too (declared), or null. */
      family: { relation: FamilyRelation; holderName: string } | null;
      /** When both OTPs were right (ISO). */
      verifiedAt: string;
    }
  | { kind: 'closure'; reason: ClosureReason; target: RequestClosureTarget | null; preCheck: ClosurePreCheck }
  | { kind: 'ddpi'; purposes: string[] }
  | RequestSegments
  | RequestRekyc;

/** A segment request: what it adds and stops, and what an addition needs (request-segments.ts). */
export interface RequestSegments {
  kind: 'segments';
  activate: string[];
  deactivate: string[];
  /** The segments active before the request, and after it once carried out. */
  before: string[];
  after: string[];
  riskDisclosure: { version: string; language: string; acknowledgedAt: string; clientAcknowledgedAt: string } | null;
  rbiDeclaration: { version: string; acceptedAt: string } | null;
  incomeProof: RequestIncomeProof | null;
  /**
   * Segments held back at approval pending their income proof (segment_holds) that this request
   * activates: the proof arrived, and once every exchange accepted the hold is released.
   */
  releases?: string[];
}

/** The income proof of a derivatives segment: a PDF uploaded, or the account aggregator's consent. */
export interface RequestIncomeProof {
  method: 'upload' | 'account_aggregator';
  option: string;
  document: FileRef | null;
  details: Record<string, string>;
  pages: number | null;
  consent: {
    txnid: string;
    handle: string;
    id: string | null;
    status: 'pending' | 'active';
    approvedAt: string | null;
  } | null;
}

/** A re-KYC: the KRA's status that asked for it, then the details DigiLocker gave (null until it returns). */
export interface RequestRekyc {
  kind: 'rekyc';
  kra: { statusCode: string; status: string; agency: string };
  details: RekycDetails | null;
}

export interface RekycDetails {
  name: string;
  dob: string;
  gender: string;
  /** The e-Aadhaar's address document as the journey keeps it (digilocker_obj.cdl_documents). */
  aadhaar: Record<string, string>;
  address: RegistrationSubject['address'];
  aadhaarLast4: string;
  fetchedAt: string;
  eaadhaarXml: FileRef | null;
}

/** An address as the registries carry it (district as DigiLocker gives it, else the city). */
export interface RequestAddress {
  line1: string;
  line2: string;
  line3: string;
  city: string;
  district: string;
  state: string;
  pincode: string;
}

/** The demat account a closure's holdings go to (closure-cum-transfer). */
export interface RequestClosureTarget {
  depository: 'CDSL' | 'NSDL';
  boId: string;
}

export const registryNominees = (nominees: NominationNominee[]): RegistrationNominee[] =>
  nominees.map((n) => ({
    name: n.name,
    relation: n.relation,
    share: Number(n.share),
    dob: n.dob,
    minor: n.minor,
    guardianName: n.guardianName.toUpperCase(),
    address: n.address,
  }));

/** The primary account as the registries carry the client's bank (CDSL client master, UCC). */
export const registryBank = (accounts: RequestBankAccount[]): RegistrationSubject['bank'] => {
  const a = accounts.find((x) => x.primary) ?? accounts[0]!;
  return {
    ifsc: a.ifsc,
    micr: a.micr,
    accountNumber: a.accountNumber,
    bankName: a.bankName,
    accountType: a.accountType === 'Current' ? 'current' : 'savings',
  };
};
