/**
 * update-nominee: with nominees (each checked by the section 5 rules, shares totalling exactly 100,
 * proofs checked and stored encrypted) or skipped ('You have skipped Nominee'). Completes stage 180;
 * while the nominee page's window allows (up to 190), the applicant may come back and add nominees.
 */
import { nomineeSlotKey, type UpdateNomineeParsed } from '@ekyc/contracts/calls/update-nominee';
import { MINIMUM_AGE } from '@ekyc/contracts/constants';
import { ageOn, parseDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import { MSG } from '@ekyc/contracts/messages';
import { STAGE } from '@ekyc/contracts/stages';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import type { FileRef } from '../../records/applicant-records.ts';
import { applicantAadhaarAddress } from './applicant-address.ts';
import { checkNomineeProof } from './nominee-proof.ts';

type Entry = UpdateNomineeParsed['updatedNomineeList'][string];

export async function updateNominee(
  deps: Pick<AppDeps, 'records'>,
  applicantId: string,
  input: UpdateNomineeParsed,
  now: () => Date = () => new Date(),
): Promise<Outcome<{ screen: string; stage: number }>> {
  await deps.records.requireStage(applicantId, STAGE.NOMINEE, STAGE.SEGMENT);

  if (input.skip_nominee) {
    const move = await deps.records.completeStage(applicantId, STAGE.NOMINEE, {
      sections: {
        nominee_obj: { skip_nominee: true, nominee_list: [], nominee_soa: 'nomination', nominee_soa_name: '' },
      },
    });
    return ok(MSG.nomineeSkipped, { screen: move.screen, stage: move.stage });
  }

  const entries = Object.keys(input.updatedNomineeList).map((_, i) => ({
    key: nomineeSlotKey(i),
    entry: input.updatedNomineeList[nomineeSlotKey(i)]!,
  }));
  const needsAddress = entries.some((e) => e.entry.same_address_flag);
  const address = needsAddress ? await applicantAadhaarAddress(deps, applicantId) : null;
  if (needsAddress && !address)
    throw new AppError('VALIDATION', 'same_address_flag: The applicant has no Aadhaar address to copy', {
      field: 'same_address_flag',
    });

  // Proofs are all checked before any is stored, so a bad file leaves nothing behind.
  const checked = await Promise.all(
    entries.map(async ({ key, entry }) => ({
      front: entry.proof_front
        ? await checkNomineeProof(`updatedNomineeList.${key}.proof_front`, entry.proof_front)
        : null,
      back: entry.proof_back ? await checkNomineeProof(`updatedNomineeList.${key}.proof_back`, entry.proof_back) : null,
    })),
  );
  const nominee_list = [];
  for (const [i, { entry }] of entries.entries()) {
    const save = async (proof: (typeof checked)[number]['front']): Promise<FileRef | undefined> =>
      proof ? deps.records.saveFile(applicantId, { kind: 'nominee-proof', ...proof }) : undefined;
    nominee_list.push({
      ...storedNominee(entry, now),
      ...(entry.same_address_flag && address),
      proof_front: await save(checked[i]!.front),
      proof_back: await save(checked[i]!.back),
    });
  }
  const move = await deps.records.completeStage(applicantId, STAGE.NOMINEE, {
    sections: {
      nominee_obj: {
        skip_nominee: false,
        nominee_list,
        nominee_soa: input.nominee_soa,
        nominee_soa_name: input.nominee_soa === 'nominee_name' ? input.nominee_soa_name.trim() : '',
      },
    },
  });
  return ok('Nominee details saved', { screen: move.screen, stage: move.stage });
}

function storedNominee(entry: Entry, now: () => Date) {
  const { proof_front: _front, proof_back: _back, ...fields } = entry;
  const dob = parseDdMmYyyy(fields.dob)!;
  const isMinor = ageOn(dob, todayOf(now())) < MINIMUM_AGE;
  return {
    ...fields,
    email: fields.email.toLowerCase(),
    // A guardian is recorded only for a minor (section 5).
    gaurdian_name: isMinor ? fields.gaurdian_name.replace(/\s+/g, ' ').trim() : '',
    is_minor: isMinor,
  };
}
