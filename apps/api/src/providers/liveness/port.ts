/**
 * Liveness and face match (HyperVerge, PROVIDERS.md): a token for the hosted module, the module's
 * outcome for a transaction, and the server-side checks of a selfie.
 */
import type { LivenessOutcome } from '@ekyc/contracts/calls/upload-liveliness';

export interface LivenessToken {
  token: string;
  transactionId: string;
  workflowId: string;
  moduleUrl: string;
  expiresIn: number;
}

export interface ModuleResult {
  /** null while the applicant has not finished the hosted module. */
  status: LivenessOutcome | null;
  errorCode?: string;
  errorMessage?: string;
}

export interface LivenessCheck {
  live: boolean;
  confidence: number;
  faces: number;
  /** Quality flags the provider raised (multipleFaces, eyesClosed, ...). */
  flags: string[];
}

export interface FaceMatch {
  match: boolean;
  confidence: number;
}

export interface LivenessProvider {
  createToken(transactionId: string): Promise<LivenessToken>;
  moduleResult(transactionId: string): Promise<ModuleResult>;
  checkLiveness(image: Buffer): Promise<LivenessCheck>;
  matchFace(selfie: Buffer, idPhoto: Buffer): Promise<FaceMatch>;
}
