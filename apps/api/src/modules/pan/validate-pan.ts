/**
 * pan-validation (is_ocr=false): checks the PAN, name and date of birth at the income-tax source,
 * looks the PAN up at the KRAs, stores pan_obj and kra_data_obj and completes the PAN stage; the
 * confirmed name, date of birth and PAN are screened against the lists (records/screening.ts).
 */
import type { panValidationRequestSchema, PanValidationData } from '@ekyc/contracts/calls/pan-validation';
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { dateOfBirthSchema } from '@ekyc/contracts/rules';
import { ROUTE, STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { PanDeps } from './deps.ts';
import { said } from '@ekyc/contracts/said';
import { AppError, invalidFieldIssue } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { isProviderOutage } from '../../providers/http.ts';
import type { KraRecord } from '../../providers/kra/port.ts';
import { inTurn } from '../../records/provider-queue.ts';
import { RULE_SET_SECTION, ruleSetFrom } from '../../records/rule-set.ts';
import { screenApplicant } from '../../records/screening.ts';
import { panTakenBy, recordPanHolder } from './pan-holders.ts';
import { PAN_IMAGE_SECTION, type StoredKraDataObj, type StoredPanObj } from './pan-sections.ts';

type Deps = Pick<PanDeps, 'config' | 'database' | 'hasher' | 'records' | 'pan' | 'kra'>;

type Input = z.output<typeof panValidationRequestSchema>;

/** KRA statuses that would bar trading, explained at the PAN step with what to do. */
const KRA_NOTICES: Record<string, MessageKey> = {
  '003': 'kraOnHold',
  '004': 'kraRejected',
  '006': 'kraDeactivated',
};

function kraSection(kra: KraRecord): StoredKraDataObj {
  const a = kra.address;
  const parts = a ? [a.line1, a.line2, a.line3, a.city, a.state, a.pincode, a.country].filter(Boolean) : [];
  return {
    kra_status: kra.status,
    kra_status_code: kra.statusCode,
    kra_agency: kra.agency,
    kra_address: parts.join(', '),
    kra_name: kra.name,
    address1: a?.line1 ?? '',
    address2: a?.line2 ?? '',
    address3: a?.line3 ?? '',
    district_city: a?.city ?? '',
    state: a?.state ?? '',
    pincode: a?.pincode ?? '',
    country: a?.country ?? '',
  };
}

function kraStatusOnly(kra: KraRecord): StoredKraDataObj {
  return { ...kraSection({ ...kra, address: null, name: '' }), kra_address: '' };
}

export async function validatePan(deps: Deps, applicantId: string, input: Input): Promise<Outcome<PanValidationData>> {
  const { records } = deps;
  const read = await records.requireStageWith(applicantId, 'pan-validation', [
    'pan_obj',
    'digilocker_obj',
    RULE_SET_SECTION,
    ...(input.via_image ? [PAN_IMAGE_SECTION] : []),
  ]);
  const { stage, section } = read;
  const existing = section('pan_obj');
  // Section 5: the 18-years rule is skipped when a PAN record already exists.
  const dob = dateOfBirthSchema({ requireAdult: !existing }).safeParse(input.date_of_birth);
  if (!dob.success) throw invalidFieldIssue('date_of_birth', dob.error.issues[0] ?? said('invalidDate'));
  const here = { screen: ROUTE.pan, pan_missing: false };
  // Section 5: a confirmed date of birth cannot be changed online.
  if (existing && stage > STAGE.PAN && existing.dob !== dob.data) return fail('dobLocked', here);

  let check;
  try {
    // the PAN service over its day's budget or rate: the applicant waits in the queue, with a place
    check = await inTurn(deps.database.db, deps.config.surge.queue, 'pan_validation', applicantId, () =>
      deps.pan.verify({ pan: input.pan, name: input.pan_name, dob: dob.data }),
    );
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'providerQueue') throw err;
    return fail(isProviderOutage(err) ? 'panProviderUnavailable' : 'panError', here);
  }
  if (!check.found || !check.valid) return fail('panNotFound', here);
  if (!check.nameMatches || !check.dobMatches) return fail('panDetailsMismatch', here);
  // An inoperative PAN (not linked to Aadhaar) is told now, with what to do, not found out after e-sign.
  const rules = ruleSetFrom(read);
  if (rules.values.panMustBeOperative && check.aadhaarSeeding === 'R') return fail('panInoperative', here);
  // Checked once the PAN, name and date of birth are confirmed, so that it tells nobody else.
  if (await panTakenBy(deps, applicantId, input.pan)) return fail('panInUse', here);

  // The KRA only adds a shortcut: when it does not answer, the applicant goes on through DigiLocker.
  const kra = await deps.kra.find(input.pan, dob.data).catch(() => null);
  const isKra = Boolean(kra?.registered && kra.address);
  const image = input.via_image ? section(PAN_IMAGE_SECTION) : null;
  const panObj: StoredPanObj = {
    name_on_card: input.pan_name,
    full_name: input.pan_name,
    pan_number: input.pan,
    dob: dob.data,
    is_kra: isKra,
    via_image: input.via_image,
    aadhaar_seeding: check.aadhaarSeeding,
    ...(image && image.pan_number === input.pan && { document: image.file }),
  };
  const locker = section('digilocker_obj');
  const panChanged = existing !== null && existing.pan_number !== input.pan;
  const move = await records.completeStage(applicantId, STAGE.PAN, {
    action: 'pan-validation',
    sections: {
      pan_obj: panObj,
      // A KRA answer that cannot be reused (on hold, rejected, 888 ...) is kept by its status alone,
      // so the applicant is told what it means.
      kra_data_obj: kra ? (isKra ? kraSection(kra) : kraStatusOnly(kra)) : null,
      // Documents fetched for another PAN no longer apply.
      ...(panChanged && { digilocker_obj: null }),
    },
  });
  await recordPanHolder(deps, applicantId, input.pan);
  // screened on the confirmed PAN, name and date of birth: a hit waits for a reviewer, the applicant goes on
  await screenApplicant(deps, applicantId, { name: input.pan_name, dob: dob.data, pan: input.pan }, rules, 'pan');
  const notice = kra ? KRA_NOTICES[kra.statusCode] : undefined;
  return ok('panVerified', {
    full_name: panObj.full_name,
    pan_missing: !panChanged && locker?.is_pan_missing === true,
    is_kra: isKra,
    screen: move.screen,
    ...(notice && { kra_notice: { status: kra!.status, message: MSG[notice], code: notice } }),
  });
}
