/** What a request asks, stored encrypted on the request (service_requests.payload_enc). */
import type { ClosurePreCheck, ClosureReason } from '@ekyc/contracts/calls/client-closure';
import type { AddressProofKind } from '@ekyc/contracts/calls/client-contact';
import type { FamilyRelation } from '@ekyc/contracts/enums';
import type { RegistrationNominee, RegistrationSubject } from '../../providers/registrations/port.ts';

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
  verification: { method: 'penny_drop'; reference: string | null; nameMatch: string; score: number; at: string };
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
  | { kind: 'closure'; reason: ClosureReason; target: RequestClosureTarget | null; preCheck: ClosurePreCheck };

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
