/**
 * POST upload-liveliness: the captured selfie. It is re-encoded (no metadata survives), checked
 * for exactly one face, stored encrypted, and compared with the Aadhaar photo in the background
 * while the applicant finishes the hosted module. The answer is the poll's answer.
 */
import type { UploadLivelinessData, UploadLivelinessRequest } from '@ekyc/contracts/calls/upload-liveliness';
import { SELFIE_PX } from '@ekyc/contracts/constants';
import { loadSharp } from '../../lib/sharp.ts';
import type { SelfieDeps } from './deps.ts';
import { requireType } from '../../documents/upload-check.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { fail, type Outcome } from '../../lib/outcome.ts';
import { compareWithAadhaar } from './face-match.ts';
import { LIVENESS_PRIVATE, type LivenessState } from './liveness-state.ts';
import { livenessAnswer } from './poll-liveness.ts';
import { judgeCapture, KYC_CAPTURE, type KycCaptureRecord } from './kyc-capture.ts';
import { actionExpired, type ActionRecord, checkAction } from './action-check.ts';
import { inHostingRange, judgeIp } from './ip-check.ts';
import { ROUTE } from '@ekyc/contracts/stages';
import { RULE_SET_SECTION, ruleSetFrom } from '../../records/rule-set.ts';

type Deps = Pick<SelfieDeps, 'config' | 'records' | 'liveness' | 'hostingRanges'>;

const SELFIE_SCREEN = ROUTE.selfie;

/** Only a JPEG is decoded (section 4: the capture is a JPEG): its first bytes are checked before sharp sees them. */
async function reencode(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  requireType('image', bytes, ['image/jpeg'], 'selfieJpegOnly');
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 4096 * 4096 })
      .rotate()
      .resize(SELFIE_PX, SELFIE_PX, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalidField('image', 'selfieJpegOnly');
  }
}

/** `ip`: the request's client address (behind TRUST_PROXY's proxies). */
export async function uploadSelfie(
  deps: Deps,
  applicantId: string,
  input: UploadLivelinessRequest,
  ip?: string,
): Promise<Outcome<UploadLivelinessData>> {
  const read = await deps.records.requireStageWith(applicantId, 'upload-liveliness', [
    'digilocker_obj',
    'livness_obj',
    LIVENESS_PRIVATE,
    RULE_SET_SECTION,
  ]);
  const { stage, section } = read;
  const controls = ruleSetFrom(read).values.kycAppControls;
  const state = section(LIVENESS_PRIVATE);
  if (!state || state.transaction_id !== input.transaction_id)
    throw new AppError('CONFLICT', 'livenessSessionEnded', { screen: SELFIE_SCREEN });
  const now = new Date();
  // the action's time is the server's: a capture after its window needs a new action
  if (state.action && actionExpired(state.action, now, deps.config.livenessAction.windowSeconds))
    return fail('livenessActionExpired', { retry: false, screen: SELFIE_SCREEN });
  const capture = judgeCapture(
    input,
    state,
    now,
    controls.locationInsideIndia ? deps.config.locationOutsideIndia : 'off',
  );
  if (capture.refuse) return fail('locationOutsideIndia', { retry: false, screen: SELFIE_SCREEN });
  const ipRecord = controls.ipCountry
    ? judgeIp(
        ip,
        capture.record.location.inside_india,
        deps.config.ipCountry,
        await inHostingRange(deps.hostingRanges, ip, deps.config.ipHosting),
      )
    : null;
  const image = await reencode(input.image);
  const action = state.action ? await checkAction(deps, { ...state, action: state.action }, input, now) : null;
  const kycCapture = {
    ...capture.record,
    ...(action && { action: action.record }),
    ...(ipRecord && { ip_country: ipRecord.country }),
    ...(ipRecord?.hosting !== undefined && { ip_hosting: ipRecord.hosting }),
  };
  // the capture is kept whatever the check answers: alone when the selfie goes no further, with
  // the liveness state below when it does
  const keepCapture = () => deps.records.save(applicantId, { [KYC_CAPTURE]: kycCapture });
  const check = await deps.liveness.checkLiveness(image, state.transaction_id).catch(async (err: unknown) => {
    await keepCapture();
    throw err;
  });
  if (check.faces !== 1) await keepCapture();
  if (check.faces === 0) return fail('livenessNoFace', { retry: false, screen: SELFIE_SCREEN });
  if (check.faces > 1) return fail('livenessManyFaces', { retry: false, screen: SELFIE_SCREEN });

  const aadhaarPhoto = section('digilocker_obj')?.aadhaar_photo;
  const [[stored], photo] = await Promise.all([
    deps.records.storeFiles([{ kind: 'selfie', contentType: 'image/jpeg', bytes: image }]),
    aadhaarPhoto ? deps.records.readFile(aadhaarPhoto.$file) : null,
  ]);
  const next: LivenessState = {
    ...state,
    image: stored!.ref,
    uploaded_at: new Date().toISOString(),
    ...(check.confidence !== null && { live_confidence: check.confidence }),
    ...(check.confidenceLevel && { live_confidence_level: check.confidenceLevel }),
    live: check.live,
    ...(capture.review && { location_review: capture.review }),
    ...(action && { action_check: { result: action.record.result, reason: action.record.reason } }),
    ...(action?.review && { action_review: action.review }),
    ...(ipRecord && { ip_country: ipRecord.country }),
    ...(ipRecord?.reviews.length && { ip_review: ipRecord.reviews }),
    ...(photo && { match: { state: 'pending', started_at: new Date().toISOString() } }),
  };
  // the capture, the state and the selfie's file row in one statement, at the selfie stage only
  const written = await deps.records.save(
    applicantId,
    { [KYC_CAPTURE]: kycCapture, [LIVENESS_PRIVATE]: next },
    { action: 'upload-liveliness', files: [stored!] },
  );
  if (photo) void compareWithAadhaar(deps, applicantId, next, image, photo.bytes, written[LIVENESS_PRIVATE]);
  // the poll's answer from what this request read and wrote
  return livenessAnswer(deps, applicantId, { stage, decided: Boolean(section('livness_obj')), state: next });
}

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    /** The capture as kept: where and how the selfie was taken, with the action's and the address's checks. */
    [KYC_CAPTURE]: Omit<KycCaptureRecord, 'action'> & {
      action?: ActionRecord;
      ip_country?: string | null;
      ip_hosting?: boolean | null;
    };
  }
}
