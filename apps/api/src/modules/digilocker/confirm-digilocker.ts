/**
 * get-digi-data without a code: confirms the stored DigiLocker documents and moves on
 * (/client-profiling); with the PAN missing, back to /returnurl?is_pan_missing=true; with no
 * documents yet, data.data.url starts a new request.
 */
import type { GetDigiDataData } from '@ekyc/contracts/calls/digilocker-data';
import { PAN_MISSING_SCREEN, ROUTE, STAGE } from '@ekyc/contracts/stages';
import { ekycSummary } from '../../records/ekyc-summary.ts';
import type { DigilockerDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { newAuthorizationUrl } from '../../records/digilocker-authorizations.ts';

type Deps = Pick<DigilockerDeps, 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker'>;

export async function confirmDigilocker(deps: Deps, applicantId: string): Promise<Outcome<GetDigiDataData>> {
  const { records } = deps;
  const { section } = await records.requireStageWith(applicantId, 'get-digi-data', ['digilocker_obj', 'pan_obj']);
  const locker = section('digilocker_obj');
  if (!locker)
    return ok('digilocker', { screen: ROUTE.digilocker, data: { url: await newAuthorizationUrl(deps, applicantId) } });
  if (locker.is_pan_missing) return ok('panNotReceived', { screen: PAN_MISSING_SCREEN, is_pan_missing: true });
  const pan = section('pan_obj');
  const move = await records.completeStage(applicantId, STAGE.DIGILOCKER, {
    action: 'get-digi-data',
    sections: { ekyc_obj: ekycSummary('digilocker', locker, pan, new Date()) },
  });
  return ok('digilockerVerified', { screen: move.screen, is_pan_missing: false });
}
