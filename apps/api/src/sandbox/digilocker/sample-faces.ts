/**
 * The faces of the sandbox Aadhaar: real photographs, so that the real face match of the sandbox
 * liveness provider can pass. They are cut from the sample picture that ships with the face model
 * (`@vladmandic/human/assets/samples.jpg`, a strip of thumbnails above a group photo): the woman of
 * the second thumbnail for a female holder, the man of the third for a male one. A selfie of the
 * same face matches; any other face (the other sample, a person at a webcam) does not.
 * No imports beyond node:crypto: the browser tests read the same rectangles for their camera.
 */
import { createHash } from 'node:crypto';

export type HolderGender = 'M' | 'F';

/** Where each face sits in samples.jpg (1280 x 1158 pixels). */
export const SAMPLE_FACES: Record<HolderGender, { left: number; top: number; width: number; height: number }> = {
  F: { left: 200, top: 0, width: 120, height: 120 },
  M: { left: 380, top: 0, width: 140, height: 140 },
};

/** The sample picture's path inside the @vladmandic/human package. */
export const SAMPLE_PICTURE = 'assets/samples.jpg';

/**
 * The sandbox holder's gender: a bit of a hash of the PAN, so that the same PAN is always the same
 * person (sandboxHolder() and the browser tests' camera use this one function).
 */
export function sandboxHolderGender(pan: string): HolderGender {
  return createHash('sha256').update(`sandbox-aadhaar:${pan}`).digest()[2]! % 2 === 0 ? 'M' : 'F';
}
