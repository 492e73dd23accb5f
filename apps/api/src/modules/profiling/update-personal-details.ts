/**
 * personal-details-update: checks the whole personal details payload with the shared section 5
 * rules (experience from the PAN age, gender change confirmed, declarations per the configured
 * reading), stores personal_obj with the spec's keys, and completes client profiling (stage 150).
 */
import type { ProfilingList } from '@ekyc/contracts/calls/get-occupation-list';
import {
  personalDetailsUpdateRequestSchema,
  type PersonalDetailsUpdateParsed,
  type PersonalSection,
} from '@ekyc/contracts/calls/personal-details-update';
import { collapseSpaces } from '@ekyc/contracts/rules';
import { STAGE, type Screen } from '@ekyc/contracts/stages';
import type { ProfilingDeps } from './deps.ts';
import { invalidField, invalidFieldIssue } from '../../lib/errors.ts';
import { RULE_SET_SECTION, ruleSetFrom } from '../../records/rule-set.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { applicantProfileFacts, PROFILE_FACT_SECTIONS } from './applicant-profile-facts.ts';
import { DRAFT_SECTION } from './get-profiling-draft.ts';
import { profilingRepository } from './profiling.repository.ts';

export async function updatePersonalDetails(
  deps: Pick<ProfilingDeps, 'records' | 'config' | 'database'>,
  applicantId: string,
  body: unknown,
): Promise<Outcome<{ screen: Screen; stage: number }>> {
  // the stage, the profile's facts and the pinned rule set in one read of the record
  const [read, sharedEmail] = await Promise.all([
    deps.records.requireStageWith(applicantId, 'personal-details-update', [...PROFILE_FACT_SECTIONS, RULE_SET_SECTION]),
    deps.records.emailShared(applicantId),
  ]);
  const { section } = read;
  const facts = applicantProfileFacts(section);
  const parsed = personalDetailsUpdateRequestSchema({
    reading: deps.config.declarationSwitches,
    ...(facts.age !== null && { age: facts.age }),
    ...(facts.documentGender && { documentGender: facts.documentGender }),
    sharedEmail,
  }).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.length ? issue.path.map(String).join('.') : 'body', issue);
  }
  const input = parsed.data;
  // FATCA/CRS self-certification: the KRA record carries it (docs/registrations.md)
  const rules = ruleSetFrom(read);
  if (rules.values.fatcaSelfCertification && !input.fatca) throw invalidField('fatca', 'fieldRequired');
  const personal = {
    ...(await toPersonalSection(deps, input)),
    // the document's name, where the applicant's is another (a long one shortened to the limit)
    ...(facts.fatherName && facts.fatherName !== input.father_name && { father_name_document: facts.fatherName }),
    // the email is another applicant's too: whose it is, declared (the registrations' pre-check reads it)
    ...(sharedEmail &&
      input.family_relation && {
        family_declaration: true,
        family_relation: input.family_relation,
        family_holder_name: input.family_holder_name,
      }),
  };
  const move = await deps.records.completeStage(applicantId, STAGE.CLIENT_PROFILING, {
    action: 'personal-details-update',
    sections: { personal_obj: personal, [DRAFT_SECTION]: null },
  });
  return ok('personalDetailsSaved', { screen: move.screen, stage: move.stage });
}

async function labelOf(deps: Pick<ProfilingDeps, 'database'>, list: ProfilingList, code: string): Promise<string> {
  const options = await profilingRepository.options(deps.database.db, list);
  const option = options.find((o) => o.code === code);
  // A code the schema accepts but the database list has retired is not a valid answer.
  if (!option) throw invalidField(list === 'experience' ? 'trading_experience' : list, 'fieldRequired');
  return option.name;
}

async function toPersonalSection(
  deps: Pick<ProfilingDeps, 'database'>,
  v: PersonalDetailsUpdateParsed,
): Promise<Omit<PersonalSection, 'is_object'>> {
  const [occupation, experience, income, education] = await Promise.all([
    labelOf(deps, 'occupation', v.occupation),
    labelOf(deps, 'experience', v.trading_experience),
    labelOf(deps, 'income', v.income),
    labelOf(deps, 'education', v.education),
  ]);
  const otherEducation = v.education === 'other' ? collapseSpaces(v.other_education) : '';
  return {
    occupation: v.occupation,
    occupation__name: occupation,
    trading_experience: v.trading_experience,
    trading_experience__name: experience,
    annual_income: v.income,
    annual_income__name: income,
    education: v.education,
    education__name: otherEducation || education,
    other_education: otherEducation,
    gender: v.gender,
    marital_status: v.marital_status,
    mother_name: v.mother_name,
    father_name: v.father_name,
    plan_selected: v.plan_selected,
    preference_selected: v.preference_selected,
    indian_citizen: v.indian_citizen,
    resident_of_india: v.resident_of_india,
    politically_exposed: v.politically_exposed,
    ...(v.fatca && { fatca: v.fatca }),
    bsda: v.bsda,
    preference: v.preference,
    settle: v.settle,
  };
}
