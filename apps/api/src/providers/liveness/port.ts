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
  /** A number from 0 to 1 when the provider gives one. */
  confidence: number | null;
  /** The provider's own "high"/"low" when it answers so. */
  confidenceLevel: 'high' | 'low' | null;
  faces: number;
  /** Quality flags the provider raised (multipleFaces, eyesClosed, ...). */
  flags: string[];
}

export interface FaceMatch {
  match: boolean;
  /** A score from 0 to 1 when the provider gives one. */
  confidence: number | null;
  confidenceLevel: 'high' | 'low' | null;
}

/** The random action the server asked for: a head turn (left or right, the applicant's own) or a code read aloud. */
export type LivenessAction = { kind: 'turn_head'; direction: 'left' | 'right' } | { kind: 'read_code'; code: string };

/**
 * The provider's judgement of the action on the frames taken while the applicant performed it:
 * verified, failed (the wrong way, or no turn), or not checkable here (a code read aloud needs
 * the sound, a provider with no such check), each with its reason.
 */
export interface ActionCheck {
  result: 'verified' | 'failed' | 'not_checkable';
  reason: string;
  /** Frames in which exactly one face was found. */
  faces?: number;
}

export interface ActionCheckRequest {
  /** JPEG frames in the order taken, as the camera sees them (not mirrored). */
  frames: Buffer[];
  action: LivenessAction;
  transactionId: string;
}

export interface LivenessProvider {
  /** The HyperVerge web SDK the production module page loads; null where the sandbox hosts its own page. */
  readonly webSdkUrl: string | null;
  createToken(transactionId: string): Promise<LivenessToken>;
  moduleResult(transactionId: string): Promise<ModuleResult>;
  /** The transaction of the hosted module, sent along as HyperVerge asks. */
  checkLiveness(image: Buffer, transactionId: string): Promise<LivenessCheck>;
  matchFace(selfie: Buffer, idPhoto: Buffer, transactionId: string): Promise<FaceMatch>;
  /** Judges the random action on a short sequence of frames. */
  checkAction(request: ActionCheckRequest): Promise<ActionCheck>;
}
