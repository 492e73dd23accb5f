/**
 * The random action, checked: the server issued it with its own time (get-liveness-token.ts); the
 * frames taken while the applicant performed it must arrive within KYC_ACTION_WINDOW_SECONDS of
 * that time, by the server's clock (the device's `action_done_at` is kept as its claim only), and
 * the liveness provider judges them. A failed action, or one the provider cannot judge, sends the
 * selfie to a reviewer (the latter by configuration).
 */
import type { UploadLivelinessRequest } from '@ekyc/contracts/calls/upload-liveliness';
import { loadSharp } from '../../lib/sharp.ts';
import type { SelfieDeps } from './deps.ts';
import { requireType } from '../../documents/upload-check.ts';
import { invalidField } from '../../lib/errors.ts';
import type { ActionCheck, LivenessAction } from '../../providers/liveness/port.ts';
import type { LivenessState } from './liveness-state.ts';

type Deps = Pick<SelfieDeps, 'config' | 'liveness'>;
type IssuedAction = NonNullable<LivenessState['action']>;

/** What is kept of the action with the capture's evidence: the server's times and the provider's verdict. */
export interface ActionRecord extends IssuedAction {
  received_at: string;
  /** From the action's issue to the capture's arrival, by the server's clock. */
  elapsed_ms: number;
  /** The device's own claim of when the action was done (not trusted). */
  done_at?: string;
  result: ActionCheck['result'];
  reason: string;
  frames: number;
}

export type ActionReview = 'action_failed' | 'action_not_checked';

/** Each frame re-encoded (no metadata survives), at most 480 pixels a side. */
async function reencodeFrame(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  requireType('frames', bytes, ['image/jpeg'], 'framesJpegOnly');
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 2048 * 2048 })
      .rotate()
      .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalidField('frames', 'framesJpegOnly');
  }
}

const portAction = (a: IssuedAction): LivenessAction =>
  a.kind === 'read_code'
    ? { kind: 'read_code', code: a.code ?? '' }
    : { kind: 'turn_head', direction: a.direction ?? 'left' };

/** Whether the capture came too late for the action, by the server's clock. */
export function actionExpired(action: IssuedAction, now: Date, windowSeconds: number): boolean {
  return now.getTime() - Date.parse(action.issued_at) > windowSeconds * 1000;
}

export async function checkAction(
  deps: Deps,
  state: LivenessState & { action: IssuedAction },
  input: Pick<UploadLivelinessRequest, 'frames' | 'action_done_at'>,
  now: Date,
): Promise<{ record: ActionRecord; review?: ActionReview }> {
  const frames = await Promise.all((input.frames ?? []).map(reencodeFrame));
  let check: ActionCheck;
  if (frames.length === 0) check = { result: 'not_checkable', reason: 'no_frames' };
  else
    try {
      check = await deps.liveness.checkAction({
        frames,
        action: portAction(state.action),
        transactionId: state.transaction_id,
      });
    } catch {
      // the selfie is not held up by the action's check: a reviewer looks at it instead
      check = { result: 'not_checkable', reason: 'provider_unavailable' };
    }
  const record: ActionRecord = {
    ...state.action,
    received_at: now.toISOString(),
    elapsed_ms: now.getTime() - Date.parse(state.action.issued_at),
    ...(input.action_done_at && { done_at: input.action_done_at }),
    result: check.result,
    reason: check.reason,
    frames: frames.length,
  };
  const notChecked = check.result === 'not_checkable' && deps.config.livenessAction.notChecked === 'review';
  const review = check.result === 'failed' ? 'action_failed' : notChecked ? 'action_not_checked' : undefined;
  return { record, ...(review && { review }) };
}
