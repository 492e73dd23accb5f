/** save-profiling-draft: keeps each sub-step's answers so a reload resumes where the applicant was. */
import type { SaveProfilingDraftRequest } from '@ekyc/contracts/calls/profiling-draft';
import type { ProfilingDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { DRAFT_SECTION } from './get-profiling-draft.ts';

export async function saveProfilingDraft(
  deps: Pick<ProfilingDeps, 'records'>,
  applicantId: string,
  draft: SaveProfilingDraftRequest,
): Promise<Outcome<{ step: string }>> {
  await deps.records.requireStage(applicantId, 'save-profiling-draft');
  // Private section: never shown in get-user-details, replaced whole on each sub-step.
  await deps.records.save(applicantId, { [DRAFT_SECTION]: draft });
  return ok('profilingDraftSaved', { step: draft.step });
}
