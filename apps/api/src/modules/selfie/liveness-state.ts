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
  /** Face match with the Aadhaar photo: runs while the applicant is in the hosted module. */
  match?: { state: 'pending' | 'done' | 'failed'; started_at: string; score?: number; match?: boolean };
}

export interface LivenessSection {
  image: FileRef;
  status: 'auto_approved' | 'needs_review';
  face_match_score?: number;
  face_match?: boolean;
  live_confidence?: number;
  message: string;
}

export const readLivenessState = (deps: Pick<AppDeps, 'records'>, applicantId: string) =>
  deps.records.getSection<LivenessState>(applicantId, LIVENESS_PRIVATE);
