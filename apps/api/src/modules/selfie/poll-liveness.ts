/**
 * GET upload-liveliness: where the liveness check stands. While the hosted module is open the
 * answer is retry: true (the client asks again every 2 s, up to 120 s: section 4); each outcome of
 * the module maps to its message of section 4.
 */
import type { UploadLivelinessData } from '@ekyc/contracts/calls/upload-liveliness';
import { MSG } from '@ekyc/contracts/messages';
import { routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { AppDeps } from '../../app-deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { LIVENESS_PRIVATE, type LivenessSection, type LivenessState, readLivenessState } from './liveness-state.ts';

const SELFIE_SCREEN = '/take-selfie';
/** How long an approved check waits for the face match before going on without its score. */
const MATCH_WAIT_MS = 90_000;

export async function pollLiveness(deps: AppDeps, applicantId: string): Promise<Outcome<UploadLivelinessData>> {
  const stage = await deps.records.requireStage(applicantId, STAGE.SELFIE, STAGE.STATUS);
  if (stage > STAGE.SELFIE && (await deps.records.getSection(applicantId, 'livness_obj')))
    return ok(MSG.livenessApproved, { retry: false, screen: routeForStage(stage), outcome: 'auto_approved' });
  const state = await readLivenessState(deps, applicantId);
  if (!state?.image) return fail(MSG.livenessPending, { retry: false, screen: SELFIE_SCREEN });

  const result = await deps.liveness.moduleResult(state.transaction_id);
  const ended = async (message: string, outcome: UploadLivelinessData['outcome']) => {
    // the transaction is spent: a retake starts a new one
    await deps.records.save(applicantId, { [LIVENESS_PRIVATE]: null });
    return fail(message, { retry: false, screen: SELFIE_SCREEN, outcome });
  };
  switch (result.status) {
    case null:
      return fail(MSG.livenessPending, { retry: true, screen: SELFIE_SCREEN, outcome: 'pending' });
    case 'auto_declined':
      return ended(MSG.livenessAutoDeclined, 'auto_declined');
    case 'user_cancelled':
      return ended(MSG.livenessUserCancelled, 'user_cancelled');
    case 'error':
      return ended(
        result.errorCode === 'unknown_status' ? MSG.livenessUnknown : (result.errorMessage ?? MSG.somethingWrong),
        'error',
      );
    case 'auto_approved':
    case 'needs_review': {
      const match = state.match;
      if (match?.state === 'pending' && Date.now() - Date.parse(match.started_at) < MATCH_WAIT_MS)
        return fail(MSG.livenessPending, { retry: true, screen: SELFIE_SCREEN, outcome: 'pending' });
      return complete(deps, applicantId, state, result.status);
    }
  }
}

async function complete(
  deps: AppDeps,
  applicantId: string,
  state: LivenessState,
  status: 'auto_approved' | 'needs_review',
): Promise<Outcome<UploadLivelinessData>> {
  const message = status === 'auto_approved' ? MSG.livenessApproved : MSG.livenessNeedsReview;
  const section: LivenessSection = {
    image: state.image!,
    status,
    message,
    ...(state.match?.state === 'done' && { face_match_score: state.match.score, face_match: state.match.match }),
    ...(state.match?.confidence_level && { face_match_confidence: state.match.confidence_level }),
    ...(state.live_confidence !== undefined && { live_confidence: state.live_confidence }),
    ...(state.live_confidence_level && { live_confidence_level: state.live_confidence_level }),
  };
  const moved = await deps.records.completeStage(applicantId, STAGE.SELFIE, {
    sections: { livness_obj: section, [LIVENESS_PRIVATE]: null },
  });
  return ok(message, { retry: false, screen: moved.screen, outcome: status });
}
