/**
 * update-nominee: with nominees (each checked by the rules of the application's rule set, shares
 * given totalling exactly 100 or, where the rule set allows, left blank for equal shares; proofs
 * checked and stored encrypted) or an opt-out ('You have skipped Nominee') with its declaration
 * recorded and confirmed by OTP to the mobile and the e-mail, or left to the e-sign where the rule
 * set allows. Completes stage 180; while the nominee page's window allows (up to 190), the
 * applicant may come back and add nominees.
 */
import {
  nomineeSlotKey,
  type UpdateNomineeParsed,
  updateNomineeRequestSchema,
} from '@ekyc/contracts/calls/update-nominee';
import { MINIMUM_AGE } from '@ekyc/contracts/constants';
import { ageOn, parseDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import type { RuleSet } from '@ekyc/contracts/regulation';
import { resolveShares } from '@ekyc/contracts/nominee-rules';
import { STAGE, type Screen } from '@ekyc/contracts/stages';
import type { NomineeDeps } from './deps.ts';
import { invalidField, invalidFieldIssue } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import type { FileRef } from '../../records/applicant-records.ts';
import { RULE_SET_SECTION, ruleSetFrom } from '../../records/rule-set.ts';
import { applicantAadhaarAddress } from './applicant-address.ts';
import { checkNomineeProof } from './nominee-proof.ts';
import { confirmOptOut } from './nominee-opt-out.ts';

type Entry = UpdateNomineeParsed['updatedNomineeList'][string];

/** The most nominee slots an application may use: its rule set's maximum, under the broker's own cap. */
export const nomineeMaxOf = (rules: RuleSet, cap: number | undefined) => Math.min(rules.values.nomineeMax, cap ?? 10);

export async function updateNominee(
  deps: Pick<NomineeDeps, 'records' | 'otp' | 'config' | 'documents'>,
  applicantId: string,
  body: UpdateNomineeParsed,
  now: () => Date = () => new Date(),
): Promise<Outcome<{ screen: Screen; stage: number }>> {
  const rules = ruleSetFrom(await deps.records.requireStageWith(applicantId, 'update-nominee', [RULE_SET_SECTION]));
  // The route checked the loosest rules; the application's own rule set decides.
  const parsed = updateNomineeRequestSchema({
    maxNominees: nomineeMaxOf(rules, deps.config.maxNominees),
    mandatory: rules.values.nomineeMandatory,
    now,
  }).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const input = parsed.data;

  if (input.skip_nominee) {
    const opt_out = await confirmOptOut(deps, applicantId, rules, input.opt_out_otp, now());
    const move = await deps.records.completeStage(applicantId, STAGE.NOMINEE, {
      action: 'update-nominee',
      sections: {
        nominee_obj: { skip_nominee: true, nominee_list: [], nominee_soa: 'nomination', nominee_soa_name: '' },
        _nominee_opt_out: opt_out,
      },
    });
    return ok('nomineeSkipped', { screen: move.screen, stage: move.stage });
  }

  const entries = Object.keys(input.updatedNomineeList).map((_, i) => ({
    key: nomineeSlotKey(i),
    entry: input.updatedNomineeList[nomineeSlotKey(i)]!,
  }));
  const needsAddress = entries.some((e) => e.entry.same_address_flag);
  const address = needsAddress ? await applicantAadhaarAddress(deps, applicantId) : null;
  if (needsAddress && !address) throw invalidField('same_address_flag', 'noAadhaarAddress');

  // Proofs are all checked before any is stored, so a bad file leaves nothing behind.
  const checked = await Promise.all(
    entries.map(async ({ key, entry }) => ({
      front: entry.proof_front
        ? await checkNomineeProof(deps.documents, `updatedNomineeList.${key}.proof_front`, entry.proof_front)
        : null,
      back: entry.proof_back
        ? await checkNomineeProof(deps.documents, `updatedNomineeList.${key}.proof_back`, entry.proof_back)
        : null,
    })),
  );
  const { shares } = resolveShares(
    entries.map((e) => e.entry.percentage_share),
    rules.values.nomineeMandatory.includes('share'),
  );
  const nominee_list = [];
  for (const [i, { entry }] of entries.entries()) {
    const save = async (proof: (typeof checked)[number]['front']): Promise<FileRef | undefined> =>
      proof ? deps.records.saveFile(applicantId, { kind: 'nominee-proof', ...proof }) : undefined;
    nominee_list.push({
      ...storedNominee(entry, now),
      percentage_share: shares![i]!,
      ...(entry.same_address_flag && address),
      proof_front: await save(checked[i]!.front),
      proof_back: await save(checked[i]!.back),
    });
  }
  const move = await deps.records.completeStage(applicantId, STAGE.NOMINEE, {
    action: 'update-nominee',
    sections: {
      nominee_obj: {
        skip_nominee: false,
        nominee_list,
        nominee_soa: input.nominee_soa,
        nominee_soa_name: input.nominee_soa === 'nominee_name' ? input.nominee_soa_name.trim() : '',
      },
      _nominee_opt_out: null,
      _nominee_rules: { rule_set: rules.id, shares_given: entries.some((e) => e.entry.percentage_share !== '') },
    },
  });
  return ok('nomineeSaved', { screen: move.screen, stage: move.stage });
}

function storedNominee(entry: Entry, now: () => Date) {
  const { proof_front: _front, proof_back: _back, ...fields } = entry;
  const dob = parseDdMmYyyy(fields.dob);
  const isMinor = dob ? ageOn(dob, todayOf(now())) < MINIMUM_AGE : fields.is_minor;
  return {
    ...fields,
    email: fields.email.toLowerCase(),
    // A guardian is recorded only for a minor (section 5).
    gaurdian_name: isMinor ? fields.gaurdian_name.replace(/\s+/g, ' ').trim() : '',
    is_minor: isMinor,
  };
}
