/** What the selfie step keeps between its calls, in a private section never shown to the applicant. */
import type { SelfieDeps } from './deps.ts';
import type { IpReview } from './ip-check.ts';
import type { FileRef } from '../../records/applicant-records.ts';

export const LIVENESS_PRIVATE = '_liveness_private';

export interface LivenessState {
  transaction_id: string;
  token_created_at: string;
  image?: FileRef;
  uploaded_at?: string;
  live_confidence?: number;
  /** The provider's verdict on the selfie itself (checkLiveness). */
  live?: boolean;
  /** HyperVerge's "high"/"low". */
  live_confidence_level?: 'high' | 'low';
  /** The random action asked for this attempt. */
  action?: { kind: 'read_code' | 'turn_head'; code?: string; direction?: 'left' | 'right'; issued_at: string };
  /** Why the location does not let the selfie pass on its own. */
  location_review?: 'location_missing' | 'location_spoofed' | 'location_outside_india';
  /** The provider's judgement of the random action on the frames (action-check.ts). */
  action_check?: { result: 'verified' | 'failed' | 'not_checkable'; reason: string };
  action_review?: 'action_failed' | 'action_not_checked';
  /** The country of the client's IP address (null: unknown) and what it sends to review (ip-check.ts). */
  ip_country?: string | null;
  ip_review?: IpReview[];
  /** Face match with the Aadhaar photo: runs while the applicant is in the hosted module. */
  match?: {
    state: 'pending' | 'done' | 'failed';
    started_at: string;
    /** When the attempt under way began, if not the first (face-match.ts). */
    tried_at?: string;
    score?: number;
    confidence_level?: 'high' | 'low';
    match?: boolean;
  };
}

export const readLivenessState = (deps: Pick<SelfieDeps, 'records'>, applicantId: string) =>
  deps.records.getSection(applicantId, LIVENESS_PRIVATE);

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    [LIVENESS_PRIVATE]: LivenessState;
  }
}
