/** get-profiling-draft: where the applicant left client profiling, with prefills and the rules' inputs. */
import type { ProfilingDraftData, SaveProfilingDraftRequest } from '@ekyc/contracts/calls/profiling-draft';
import type { ProfilingDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { applicantProfileFacts, PROFILE_FACT_SECTIONS } from './applicant-profile-facts.ts';

export const DRAFT_SECTION = '_profiling_draft';

export async function getProfilingDraft(
  deps: Pick<ProfilingDeps, 'records' | 'config'>,
  applicantId: string,
): Promise<Outcome<ProfilingDraftData>> {
  const [{ section }, sharedEmail] = await Promise.all([
    deps.records.requireStageWith(applicantId, 'get-profiling-draft', [DRAFT_SECTION, ...PROFILE_FACT_SECTIONS]),
    deps.records.emailShared(applicantId),
  ]);
  const draft = section(DRAFT_SECTION);
  const facts = applicantProfileFacts(section);
  return ok('profilingDraft', {
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

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    [DRAFT_SECTION]: SaveProfilingDraftRequest;
  }
}
