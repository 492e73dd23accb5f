/**
 * initilize-digilocker / initilize-digi: a fresh OAuth 2 authorization request with PKCE (S256)
 * and state (records/digilocker-authorizations.ts).
 */
import type { DigilockerInitializeData } from '@ekyc/contracts/calls/digilocker-initialize';
import type { DigilockerDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { newAuthorizationUrl } from '../../records/digilocker-authorizations.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<DigilockerDeps, 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker'>;

export async function startDigilocker(deps: Deps, applicantId: string): Promise<Outcome<DigilockerInitializeData>> {
  await deps.records.requireStage(applicantId, 'initilize-digilocker');
  const url = await newAuthorizationUrl(deps, applicantId);
  return ok('digilocker', { data: { url }, screen: ROUTE.digilocker });
}
