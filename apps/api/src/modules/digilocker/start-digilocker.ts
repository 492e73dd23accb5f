/**
 * initilize-digilocker / initilize-digi: a fresh OAuth 2 authorization request with PKCE (S256)
 * and state. The state is kept only as a keyed hash and the verifier encrypted, for 15 minutes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DigilockerInitializeData } from '@ekyc/contracts/calls/digilocker-initialize';
import type { DigilockerDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { digilockerRepository } from './digilocker.repository.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<DigilockerDeps, 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker'>;

const REQUEST_TTL_MS = 15 * 60 * 1000;

export const stateHash = (deps: Deps, state: string) => deps.hasher.hash('digilocker-state', state);

/** The consent page URL of a new request (no stage check: callers have made it). */
export async function newAuthorizationUrl(deps: Deps, applicantId: string): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const now = new Date();
  await digilockerRepository.deleteExpired(deps.database.db, now);
  await digilockerRepository.insert(deps.database.db, {
    stateHash: stateHash(deps, state),
    applicantId,
    verifierEnc: deps.cipher.encrypt(verifier),
    expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
  });
  return deps.digilocker.authorizeUrl({ state, codeChallenge: challenge });
}

export async function startDigilocker(deps: Deps, applicantId: string): Promise<Outcome<DigilockerInitializeData>> {
  await deps.records.requireStage(applicantId, 'initilize-digilocker');
  const url = await newAuthorizationUrl(deps, applicantId);
  return ok('digilocker', { data: { url }, screen: ROUTE.digilocker });
}
