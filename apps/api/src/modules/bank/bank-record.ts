/** The bank_obj section of the user details record, and the private state beside it. */
import type { NameMatch } from '@ekyc/contracts/calls/bank-verification';
import type { ChequeOcr } from '@ekyc/contracts/calls/cheque-verification';
import type { IfscDetails } from '@ekyc/contracts/calls/get-ifsc';
import type { FileRef } from '../../records/applicant-records.ts';
import { ROUTE } from '@ekyc/contracts/stages';

export const CHEQUE_SCREEN = ROUTE.cancelCheque;
export const UPI_SCREEN = ROUTE.upi;
export const BANK_SCREEN = ROUTE.bankMethod;

export interface BankObj {
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
  verification?: {
    method: 'penny_drop' | 'upi' | 'document';
    status: string;
    at: string;
    /** The provider that answered (BANK_VERIFICATION_VENDORS), when one did. */
    provider?: string;
  } | null;
}

/** Kept apart from what the applicant sees: the collect request awaiting the UPI app. */
export interface BankPrivate {
  /** The provider's id: the collect request's, or the reverse penny drop's. */
  collect_id: string;
  /** 'intent' for a reverse penny drop (UPI intent or QR); a collect request otherwise. */
  kind?: 'collect' | 'intent';
  reference: string;
  vpa: string;
  created_at: string;
  resolved: boolean;
}

export const branchFields = (d: IfscDetails) => ({
  ifsc: d.IFSC,
  bank_name: d.BANK,
  branch: d.BRANCH,
  address: d.ADDRESS,
  city: d.CITY,
  state: d.STATE,
  micr: d.MICR,
});

export const verification = (method: 'penny_drop' | 'upi' | 'document', status: string, provider?: string) => ({
  method,
  status,
  at: new Date().toISOString(),
  ...(provider && { provider }),
});

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    _bank_private: BankPrivate;
  }
}
