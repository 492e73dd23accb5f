/**
 * A DigiLocker authorization request of an applicant or a client: a fresh OAuth 2 request with PKCE
 * (S256) and state, the state kept only as a keyed hash and the verifier encrypted, for 15 minutes;
 * the return claims it once. The journey's DigiLocker step and the client area's address change use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { Cipher, Hasher } from '../lib/crypto.ts';
import type { DigilockerClient } from '../providers/digilocker/port.ts';
import { digilockerRepository } from './digilocker-authorizations.repository.ts';

interface Deps {
  database: Database;
  cipher: Cipher;
  hasher: Hasher;
  digilocker: DigilockerClient;
}

const REQUEST_TTL_MS = 15 * 60 * 1000;

export const stateHash = (deps: Pick<Deps, 'hasher'>, state: string) => deps.hasher.hash('digilocker-state', state);

/** The consent page URL of a new request (no stage check: callers have made it). */
export async function newAuthorizationUrl(deps: Deps, applicantId: string): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const now = new Date();
  await digilockerRepository.insertDeletingExpired(
    deps.database.db,
    {
      stateHash: stateHash(deps, state),
      applicantId,
      verifierEnc: deps.cipher.encrypt(verifier),
      expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
    },
    now,
  );
  return deps.digilocker.authorizeUrl({ state, codeChallenge: challenge });
}

/**
 * Claims the applicant's live request of this state (one use: a replayed or another's return finds
 * nothing) and answers its PKCE verifier, or null.
 */
export async function claimAuthorization(
  deps: Pick<Deps, 'database' | 'cipher' | 'hasher'>,
  state: string,
  applicantId: string,
): Promise<string | null> {
  const row = await digilockerRepository.claim(deps.database.db, stateHash(deps, state), applicantId, new Date());
  return row ? deps.cipher.decrypt(row.verifierEnc) : null;
}
