/**
 * initilize-digilocker / initilize-digi: a fresh OAuth 2 authorization request with PKCE (S256)
 * and state (records/digilocker-authorizations.ts). While DigiLocker's day's budget is spent
 * (PROVIDER_LIMITS `digilocker=N/d`) the applicant waits in its queue here, before leaving for
 * DigiLocker's consent: its code could not wait on the way back.
 */
import type { DigilockerInitializeData } from '@ekyc/contracts/calls/digilocker-initialize';
import type { DigilockerDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { checkBudget } from '../../providers/http.ts';
import { inTurn } from '../../records/provider-queue.ts';
import { newAuthorizationUrl } from '../../records/digilocker-authorizations.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<DigilockerDeps, 'config' | 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker'>;

export async function startDigilocker(deps: Deps, applicantId: string): Promise<Outcome<DigilockerInitializeData>> {
  await deps.records.requireStage(applicantId, 'initilize-digilocker');
  const url = await inTurn(deps.database.db, deps.config.surge.queue, 'digilocker', applicantId, async () => {
    await checkBudget('digilocker');
    return newAuthorizationUrl(deps, applicantId);
  });
  return ok('digilocker', { data: { url }, screen: ROUTE.digilocker });
}
