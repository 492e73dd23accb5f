/**
 * GET upload-liveliness: where the liveness check stands. While the hosted module is open the
 * answer is retry: true (the client asks again every 2 s, up to 120 s: section 4); each outcome of
 * the module maps to its message of section 4.
 */
import type { UploadLivelinessData } from '@ekyc/contracts/calls/upload-liveliness';
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { ROUTE, routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { LivenessStored, SelfieReviewReason } from '@ekyc/contracts/sections';
import type { SelfieDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { MATCH_WAIT_MS, resumeLostMatch } from './face-match.ts';
import { LIVENESS_PRIVATE, type LivenessState } from './liveness-state.ts';

type Deps = Pick<SelfieDeps, 'config' | 'records' | 'liveness'>;

const SELFIE_SCREEN = ROUTE.selfie;

export async function pollLiveness(deps: Deps, applicantId: string): Promise<Outcome<UploadLivelinessData>> {
  const { stage, section } = await deps.records.requireStageWith(applicantId, 'upload-liveliness (poll)', [
    'livness_obj',
    LIVENESS_PRIVATE,
  ]);
  return livenessAnswer(deps, applicantId, {
    stage,
    decided: Boolean(section('livness_obj')),
    state: section(LIVENESS_PRIVATE),
  });
}

/**
 * The answer to a poll from what was read: the stage, whether the selfie's outcome is recorded
 * (`livness_obj`) and the liveness state (the upload passes what it has just written).
 */
export async function livenessAnswer(
  deps: Deps,
  applicantId: string,
  read: { stage: number; decided: boolean; state: LivenessState | null },
): Promise<Outcome<UploadLivelinessData>> {
  const { stage, state } = read;
  if (stage > STAGE.SELFIE && read.decided)
    return ok('livenessApproved', { retry: false, screen: routeForStage(stage), outcome: 'auto_approved' });
  if (!state?.image) return fail('livenessPending', { retry: false, screen: SELFIE_SCREEN });

  const result = await deps.liveness.moduleResult(state.transaction_id);
  const ended = async (message: MessageKey, outcome: UploadLivelinessData['outcome']) => {
    // the transaction is spent: a retake starts a new one
    await deps.records.save(applicantId, { [LIVENESS_PRIVATE]: null });
    return fail(message, { retry: false, screen: SELFIE_SCREEN, outcome });
  };
  switch (result.status) {
    case null:
      return fail('livenessPending', { retry: true, screen: SELFIE_SCREEN, outcome: 'pending' });
    case 'auto_declined':
      return ended('livenessAutoDeclined', 'auto_declined');
    case 'user_cancelled':
      return ended('livenessUserCancelled', 'user_cancelled');
    case 'error':
      // the module's own text is the vendor's English: the applicant is told by a catalogue key
      return ended(result.errorCode === 'unknown_status' ? 'livenessUnknown' : 'somethingWrong', 'error');
    case 'auto_approved':
    case 'needs_review': {
      const match = state.match;
      if (match?.state === 'pending' && Date.now() - Date.parse(match.started_at) < MATCH_WAIT_MS) {
        await resumeLostMatch(deps, applicantId, state);
        return fail('livenessPending', { retry: true, screen: SELFIE_SCREEN, outcome: 'pending' });
      }
      return complete(deps, applicantId, state, result.status);
    }
  }
}

/**
 * The selfie passes on its own only when the module approved it, the provider found it live and
 * the face matches the Aadhaar photo at or above FACE_MATCH_THRESHOLD; anything else is recorded
 * as needs_review with its reasons, for the reviewer (the applicant goes on either way).
 */
function reviewReasons(
  state: LivenessState,
  moduleOutcome: 'auto_approved' | 'needs_review',
  faceMatch: boolean | undefined,
): SelfieReviewReason[] {
  const reasons: SelfieReviewReason[] = [];
  if (moduleOutcome === 'needs_review') reasons.push('module_needs_review');
  if (state.live === false) reasons.push('not_live');
  if (state.location_review) reasons.push(state.location_review);
  if (state.action_review) reasons.push(state.action_review);
  reasons.push(...(state.ip_review ?? []));
  if (!state.match) reasons.push('no_aadhaar_photo');
  else if (state.match.state !== 'done') reasons.push('face_match_unavailable');
  else if (!faceMatch) reasons.push('face_mismatch');
  return reasons;
}

async function complete(
  deps: Deps,
  applicantId: string,
  state: LivenessState,
  moduleOutcome: 'auto_approved' | 'needs_review',
): Promise<Outcome<UploadLivelinessData>> {
  const threshold = deps.config.faceMatchThreshold;
  const done = state.match?.state === 'done' ? state.match : undefined;
  // a score is judged against the threshold; a provider that answers only "high"/"low" (HyperVerge)
  // passes with its own match verdict at high confidence
  const faceMatch = done
    ? done.match === true && (done.score !== undefined ? done.score >= threshold : done.confidence_level !== 'low')
    : undefined;
  const reasons = reviewReasons(state, moduleOutcome, faceMatch);
  const status = reasons.length === 0 ? 'auto_approved' : 'needs_review';
  const key = status === 'auto_approved' ? 'livenessApproved' : 'livenessNeedsReview';
  const section: LivenessStored = {
    image: state.image!,
    status,
    module_outcome: moduleOutcome,
    message: MSG[key],
    ...(done && { face_match_score: done.score, face_match: faceMatch, face_match_threshold: threshold }),
    ...(done?.confidence_level && { face_match_confidence: done.confidence_level }),
    ...(state.live !== undefined && { live: state.live }),
    ...(state.live_confidence !== undefined && { live_confidence: state.live_confidence }),
    ...(state.live_confidence_level && { live_confidence_level: state.live_confidence_level }),
    ...(reasons.length > 0 && { review_reasons: reasons }),
    ...(state.action_check && { action_check: state.action_check }),
    ...(state.ip_country !== undefined && { ip_country: state.ip_country }),
  };
  const moved = await deps.records.completeStage(applicantId, STAGE.SELFIE, {
    action: 'upload-liveliness (poll)',
    sections: { livness_obj: section, [LIVENESS_PRIVATE]: null },
  });
  return ok(key, { retry: false, screen: moved.screen, outcome: status });
}
