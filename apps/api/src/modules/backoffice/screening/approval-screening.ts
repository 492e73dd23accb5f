/**
 * Before the checker's approval: the application is screened again on the lists as imported now
 * and its risk category assessed (both kept whatever the approval's outcome), then the approval is
 * refused while a hit is not cleared or the client is recorded as deceased.
 */
import type { BackofficeDeps } from '../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { ruleSetOf } from '../../../records/rule-set.ts';
import { assessRisk, deceasedStops, screenApplicant } from '../../../records/screening.ts';
import { screeningRepository as screening } from '../../../records/screening.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'hasher' | 'now'>;

export async function screenBeforeApproval(deps: Deps, applicantId: string): Promise<void> {
  const pan = await deps.records.getSection(applicantId, 'pan_obj');
  const rules = await ruleSetOf(deps.records, applicantId);
  if (pan?.pan_number)
    await screenApplicant(
      deps,
      applicantId,
      { name: pan.full_name || pan.name_on_card, dob: pan.dob, pan: pan.pan_number },
      rules,
      'approval',
    );
  await assessRisk(deps, applicantId, rules);
}

/** Throws 409 while a screening hit is open or confirmed, or the client is recorded as deceased. */
export async function screeningHold(tx: Tx, applicantId: string): Promise<void> {
  if (await deceasedStops(tx, applicantId, 'approval'))
    throw new AppError('CONFLICT', 'The client is recorded as deceased: the application is not approved.');
  const unresolved = await screening.unresolved(tx, applicantId);
  if (unresolved > 0)
    throw new AppError(
      'CONFLICT',
      'A screening hit waits for review: clear it with a note, or close the application, before the approval.',
      { screening_hits: unresolved },
    );
}
