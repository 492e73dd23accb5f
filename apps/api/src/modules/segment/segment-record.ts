/** The segment_obj section (spec section 3) and the private state of a pending digital proof. */
import type { FinancialProofCode, ProofDetail } from '@ekyc/contracts/calls/update-segment';
import type { FileRef } from '../../records/applicant-records.ts';

export interface SegmentObj {
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

/** '_segment_aa': a consent sent to the account aggregator, awaiting the applicant's approval. */
export interface PendingConsent {
  clienttrnxid: string;
  consent_handle: string;
  segment_list: SegmentObj['segment_list'];
  requested_at: string;
}

export const PENDING_CONSENT = '_segment_aa' as const;
/** '_segment_private': the PDF password, kept encrypted so a reviewer can open the proof. */
export const SEGMENT_PRIVATE = '_segment_private' as const;

/**
 * '_upi_block': the client's choice of the UPI block mechanism for the cash market, sent with the
 * exchanges' UCC (null when no cash segment was chosen).
 */
export const UPI_BLOCK = '_upi_block' as const;
export interface UpiBlockChoice {
  opted: boolean;
  chosen_at: string;
}

/** '_risk_disclosure': the derivatives risk disclosure acknowledged before the segments were saved. */
export const RISK_DISCLOSURE = '_risk_disclosure' as const;
export interface RiskDisclosureRecord {
  version: string;
  /** The language the text was shown in. */
  language: string;
  /** Server time of the acknowledgement. */
  acknowledged_at: string;
  /** The applicant's device time, as sent. */
  client_acknowledged_at: string;
  segments: string[];
}

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    [PENDING_CONSENT]: PendingConsent;
  }
}
