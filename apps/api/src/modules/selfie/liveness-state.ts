/** What the selfie step keeps between its calls, in a private section never shown to the applicant. */
import type { AppDeps } from '../../app-deps.ts';
import type { FileRef } from '../../records/applicant-records.ts';

export const LIVENESS_PRIVATE = '_liveness_private';

export interface LivenessState {
  transaction_id: string;
  token_created_at: string;
  image?: FileRef;
  uploaded_at?: string;
  live_confidence?: number;
  /** HyperVerge's "high"/"low". */
  live_confidence_level?: 'high' | 'low';
  /** Face match with the Aadhaar photo: runs while the applicant is in the hosted module. */
  match?: {
    state: 'pending' | 'done' | 'failed';
    started_at: string;
    score?: number;
    confidence_level?: 'high' | 'low';
    match?: boolean;
  };
}

export interface LivenessSection {
  image: FileRef;
  status: 'auto_approved' | 'needs_review';
  face_match_score?: number;
  face_match?: boolean;
  /** HyperVerge's "high"/"low" for the face match and the liveness check. */
  face_match_confidence?: 'high' | 'low';
  live_confidence?: number;
  live_confidence_level?: 'high' | 'low';
  message: string;
}

export const readLivenessState = (deps: Pick<AppDeps, 'records'>, applicantId: string) =>
  deps.records.getSection<LivenessState>(applicantId, LIVENESS_PRIVATE);
