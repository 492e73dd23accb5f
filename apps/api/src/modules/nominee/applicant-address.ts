/**
 * 'Address same as the applicant's': the applicant's Aadhaar address from the DigiLocker section.
 * The server fills it in itself, so a nominee flagged same-address always carries the verified address.
 */
import { aadhaarAddressOf } from '@ekyc/contracts/calls/update-nominee';
import type { NomineeDeps } from './deps.ts';

export async function applicantAadhaarAddress(deps: Pick<NomineeDeps, 'records'>, applicantId: string) {
  const locker = await deps.records.getSection(applicantId, 'digilocker_obj');
  return aadhaarAddressOf(locker);
}
