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
  // Private section: never shown in get-user-details, replaced whole on each sub-step; written only
  // at the profiling stage (checked in the statement that writes it)
  await deps.records.save(applicantId, { [DRAFT_SECTION]: draft }, { action: 'save-profiling-draft' });
  return ok('profilingDraftSaved', { step: draft.step });
}
