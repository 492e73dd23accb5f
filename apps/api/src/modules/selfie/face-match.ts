/**
 * The selfie's face match with the Aadhaar photo. It runs after the upload's answer, while the
 * applicant is in the hosted module, and its result is kept in the liveness state for the poll. An
 * attempt whose process stopped (a crash, a restart) is taken over by the next poll on any process.
 */
import type { SelfieDeps } from './deps.ts';
import { LIVENESS_PRIVATE, type LivenessState, readLivenessState } from './liveness-state.ts';

type Deps = Pick<SelfieDeps, 'records' | 'liveness'>;

/** How long an approved check waits for the face match before going on without its score. */
export const MATCH_WAIT_MS = 90_000;
/**
 * An attempt that has not answered after this long is taken to be lost with its process, and the
 * next poll starts another (a second attempt beside a slow first one only does the same work twice).
 */
export const MATCH_ATTEMPT_MS = 30_000;

/**
 * Compares the selfie with the photo and keeps the result (the caller does not wait for it).
 * `sealed`: the state as the caller wrote it (records.save's answer); while it is still the one
 * stored, the result replaces it in one statement, without reading it again.
 */
export async function compareWithAadhaar(
  deps: Deps,
  applicantId: string,
  state: LivenessState,
  selfie: Buffer,
  photo: Buffer,
  sealed?: string,
): Promise<void> {
  let match: LivenessState['match'];
  try {
    const result = await deps.liveness.matchFace(selfie, photo, state.transaction_id);
    match = {
      state: 'done',
      started_at: state.match!.started_at,
      ...(result.confidence !== null && { score: result.confidence }),
      ...(result.confidenceLevel && { confidence_level: result.confidenceLevel }),
      match: result.match,
    };
  } catch {
    match = { state: 'failed', started_at: state.match!.started_at };
  }
  // kept through a passing database fault (a dropped connection, a failover): tried again until the
  // poll stops waiting for it, which would otherwise send the selfie to a reviewer without its score
  const waitUntil = Date.parse(state.match!.started_at) + MATCH_WAIT_MS;
  for (let pause = 250; ; pause = Math.min(pause * 2, 2000)) {
    try {
      if (sealed && (await deps.records.replaceSection(applicantId, LIVENESS_PRIVATE, sealed, { ...state, match })))
        return;
      // changed since (a poll took the match over, a retake) or not known: read and check
      const current = await readLivenessState(deps, applicantId);
      // a retake in the meantime started another transaction: this result belongs to the old one
      if (current?.transaction_id !== state.transaction_id || current.image?.$file !== state.image?.$file) return;
      await deps.records.save(applicantId, { [LIVENESS_PRIVATE]: { ...current, match } });
      return;
    } catch {
      if (Date.now() + pause >= waitUntil) return;
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
    }
  }
}

/** Starts the match again when its attempt is older than MATCH_ATTEMPT_MS. */
export async function resumeLostMatch(deps: Deps, applicantId: string, state: LivenessState): Promise<void> {
  const match = state.match;
  if (match?.state !== 'pending' || !state.image) return;
  if (Date.now() - Date.parse(match.tried_at ?? match.started_at) < MATCH_ATTEMPT_MS) return;
  const retried: LivenessState = { ...state, match: { ...match, tried_at: new Date().toISOString() } };
  // recorded first, so that the polls that follow leave this attempt to run
  const written = await deps.records.save(applicantId, { [LIVENESS_PRIVATE]: retried });
  const digilocker = await deps.records.getSection(applicantId, 'digilocker_obj');
  const [selfie, photo] = await Promise.all([
    deps.records.readFile(state.image.$file),
    digilocker?.aadhaar_photo ? deps.records.readFile(digilocker.aadhaar_photo.$file) : null,
  ]);
  if (selfie && photo)
    void compareWithAadhaar(deps, applicantId, retried, selfie.bytes, photo.bytes, written[LIVENESS_PRIVATE]);
}
