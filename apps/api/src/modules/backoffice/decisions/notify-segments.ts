/**
 * A partial approval told to the applicant once it is confirmed, by SMS (DLT template
 * `segments_pending`, the segment names as its two variables) and email, in their language: which
 * segments are active and which wait for their income proof.
 */
import { activeSegments } from '@ekyc/contracts/segment-holds';
import type { BackofficeDeps } from '../deps.ts';
import { dltValue } from '../../../providers/messaging/port.ts';
import { MESSAGE_TEXTS } from '../../../providers/messaging/texts.ts';
import { segmentHoldsRepository } from '../../../records/segment-holds.repository.ts';
import { sendToApplicant } from '../closing/notify-closure.ts';
import { chosenSegments } from './segment-holds.ts';

export async function notifySegmentsPending(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'messaging'>,
  applicantId: string,
): Promise<void> {
  const heldCodes = (await segmentHoldsRepository.list(deps.database.db, applicantId)).map((h) => h.segment);
  if (!heldCodes.length) return;
  // both lists in the order the applicant chose the segments
  const chosen = await chosenSegments(deps, applicantId);
  const active = activeSegments(chosen, heldCodes);
  const held = chosen.filter((code) => heldCodes.includes(code));
  await sendToApplicant(deps, applicantId, 'segments_pending', (language) => {
    const texts = MESSAGE_TEXTS[language];
    const names = (codes: string[]) =>
      codes.map((c) => texts.segments[c] ?? MESSAGE_TEXTS.en.segments[c] ?? c).join(', ');
    return {
      text: texts.segmentsPending(names(active), names(held)),
      subject: texts.segmentsPendingSubject,
      vars: { active: dltValue(names(active)), held: dltValue(names(held)) },
    };
  });
}
