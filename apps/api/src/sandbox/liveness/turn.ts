/**
 * The sandbox's judgement of a head turn from the face mesh of each frame: the nose tip's offset
 * from the eyes' midpoint (in eye distances) moves to the picture's right when the applicant turns
 * to their own left, in frames as the camera sees them (not mirrored).
 */

/** How far the nose must move from the first frame, in eye distances (some 12 degrees of yaw). */
export const TURN_MIN = 0.12;

export type TurnVerdict =
  | { result: 'verified'; reason: 'turned_as_asked' }
  | { result: 'failed'; reason: 'turned_the_other_way' | 'no_turn' | 'face_not_followed' };

/**
 * `offsets` holds one entry a frame, in order: the nose offset, or null where the frame had no
 * single face. The face must be followed in every frame but one, starting with the first.
 */
export function judgeTurn(offsets: readonly (number | null)[], direction: 'left' | 'right'): TurnVerdict {
  const base = offsets[0];
  const followed = offsets.filter((o): o is number => o !== null && o !== undefined);
  if (base === null || base === undefined || followed.length < 2 || followed.length < offsets.length - 1)
    return { result: 'failed', reason: 'face_not_followed' };
  const toward = direction === 'left' ? 1 : -1;
  const moved = Math.max(...followed.map((o) => (o - base) * toward));
  const against = Math.max(...followed.map((o) => (base - o) * toward));
  if (moved >= TURN_MIN && moved > against) return { result: 'verified', reason: 'turned_as_asked' };
  if (against >= TURN_MIN) return { result: 'failed', reason: 'turned_the_other_way' };
  return { result: 'failed', reason: 'no_turn' };
}
