/** get-profiling-draft: where the applicant left client profiling, with prefills and the rules' inputs. */
import type { ProfilingDraftData, SaveProfilingDraftRequest } from '@ekyc/contracts/calls/profiling-draft';
import type { AppDeps } from '../../app-deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { applicantProfileFacts } from './applicant-profile-facts.ts';

export const DRAFT_SECTION = '_profiling_draft';

export async function getProfilingDraft(
  deps: Pick<AppDeps, 'records' | 'config'>,
  applicantId: string,
): Promise<Outcome<ProfilingDraftData>> {
  await deps.records.requireStage(applicantId, 'get-profiling-draft');
  const [draft, facts, sharedEmail] = await Promise.all([
    deps.records.getSection<SaveProfilingDraftRequest>(applicantId, DRAFT_SECTION),
    applicantProfileFacts(deps.records, applicantId),
    deps.records.emailShared(applicantId),
  ]);
  return ok('Profiling draft', {
    step: draft?.step ?? 'occupation',
    values: draft?.values ?? {},
    prefill: {
      ...(facts.documentGender && { gender: facts.documentGender }),
      ...(facts.fatherName && { father_name: facts.fatherName }),
    },
    age: facts.age,
    declaration_switches: deps.config.declarationSwitches,
    ...(sharedEmail && { shared_email: true as const }),
  });
}
