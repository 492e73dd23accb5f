/**
 * kra-digilocker: the applicant confirms the KRA's address (pan-info 'Confirm'); the KRA record
 * becomes the address document in place of DigiLocker and the stage moves past DigiLocker.
 */
import { ROUTE, STAGE, type Screen } from '@ekyc/contracts/stages';
import { ekycSummary } from '../../records/ekyc-summary.ts';
import type { PanDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

type Deps = Pick<PanDeps, 'records'>;

export async function confirmKraAddress(deps: Deps, applicantId: string): Promise<Outcome<{ screen: Screen }>> {
  const { records } = deps;
  const { section } = await records.requireStageWith(applicantId, 'kra-digilocker', ['pan_obj', 'kra_data_obj']);
  const pan = section('pan_obj');
  const kra = section('kra_data_obj');
  if (!pan?.is_kra || !kra?.kra_address) return fail('somethingWrong', { screen: ROUTE.digilocker });
  const document = {
    document_type: 'KRA',
    name: pan.full_name,
    gender: '',
    dob: pan.dob,
    care_of: '',
    house: '',
    street: '',
    locality: '',
    landmark: '',
    address1: kra.address1 ?? '',
    address2: [kra.address2, kra.address3].filter(Boolean).join(', '),
    district_city: kra.district_city ?? '',
    state: kra.state ?? '',
    pincode: kra.pincode ?? '',
    country: kra.country ?? 'India',
    uid: '',
  };
  const digilockerObj = { is_pan_missing: false, cdl_documents: [document] };
  const move = await records.completeStage(applicantId, STAGE.DIGILOCKER, {
    sections: { digilocker_obj: digilockerObj, ekyc_obj: ekycSummary('kra', digilockerObj, pan, new Date()) },
  });
  return ok('kraAddressConfirmed', { screen: move.screen });
}
