/**
 * KYC-app controls of the selfie step (SEBI Master Circular on KYC): the device location, shared
 * with consent, must be inside India (outside is refused, or sent to a reviewer, by configuration);
 * a random action chosen by the server is asked for and recorded with timestamps; a missing or
 * doubtful location never passes silently: the selfie goes to manual review.
 */
import { randomInt } from 'node:crypto';
import type { UploadLivelinessRequest } from '@ekyc/contracts/calls/upload-liveliness';
import type { LivenessState } from './liveness-state.ts';

/** '_kyc_capture': the location and the action of the accepted attempt, kept for the evidence. */
export const KYC_CAPTURE = '_kyc_capture' as const;

/**
 * The action asked for this attempt: one of the configured kinds at random, or the kind the
 * applicant asked for instead of one they cannot do (when it is configured).
 */
export function randomAction(
  now: Date,
  kinds: readonly ActionKind[],
  asked?: ActionKind,
): NonNullable<LivenessState['action']> {
  const issued_at = now.toISOString();
  const kind = asked && kinds.includes(asked) ? asked : kinds[randomInt(kinds.length)]!;
  return kind === 'read_code'
    ? { kind, code: String(randomInt(1000, 10000)), issued_at }
    : { kind, direction: randomInt(2) === 0 ? 'left' : 'right', issued_at };
}
export type ActionKind = NonNullable<LivenessState['action']>['kind'];

/**
 * India's extent, as a few boxes (mainland, the north-east, the islands): good enough to tell a
 * device in India from one abroad; the border areas are left to the reviewer by the location's accuracy.
 */
const INDIA_BOXES: [number, number, number, number][] = [
  // [south, north, west, east]
  [6.5, 35.7, 68.1, 89.0],
  [21.9, 29.5, 89.0, 97.4],
  [6.7, 14.0, 92.2, 94.0],
  [8.0, 12.4, 71.7, 74.0],
];
export const insideIndia = (lat: number, lon: number) =>
  INDIA_BOXES.some(([s, n, w, e]) => lat >= s && lat <= n && lon >= w && lon <= e);

export interface KycCaptureRecord {
  location: {
    consent: boolean;
    latitude?: number;
    longitude?: number;
    accuracy?: number;
    captured_at?: string;
    received_at: string;
    inside_india?: boolean;
  };
  action?: LivenessState['action'] & { done_at?: string };
  review?: 'location_missing' | 'location_spoofed' | 'location_outside_india';
}

export function judgeCapture(
  input: Pick<UploadLivelinessRequest, 'location' | 'action_done_at'>,
  state: LivenessState,
  now: Date,
  /** What a location outside India meets; 'off' when the application's rule set asks no location check. */
  outside: 'refuse' | 'review' | 'off',
): { refuse: boolean; review?: KycCaptureRecord['review']; record: KycCaptureRecord } {
  const loc = input.location;
  const received_at = now.toISOString();
  const record: KycCaptureRecord = {
    location: { consent: loc?.consent ?? false, received_at },
    ...(state.action && {
      action: { ...state.action, ...(input.action_done_at && { done_at: input.action_done_at }) },
    }),
  };
  if (outside === 'off') return { refuse: false, record };
  const hasFix = loc?.consent && loc.latitude !== undefined && loc.longitude !== undefined;
  if (!hasFix) return { refuse: false, review: 'location_missing', record: { ...record, review: 'location_missing' } };
  const inside = insideIndia(loc.latitude!, loc.longitude!);
  record.location = { ...loc, received_at, inside_india: inside };
  if (!inside) {
    if (outside === 'refuse') return { refuse: true, record };
    return { refuse: false, review: 'location_outside_india', record: { ...record, review: 'location_outside_india' } };
  }
  // A fix with no accuracy, an exact zero, or one taken long before the upload is not trusted.
  const age = loc.captured_at ? Math.abs(now.getTime() - Date.parse(loc.captured_at)) : Infinity;
  const doubtful = !loc.accuracy || !(age <= 10 * 60 * 1000);
  if (doubtful) return { refuse: false, review: 'location_spoofed', record: { ...record, review: 'location_spoofed' } };
  return { refuse: false, record };
}
