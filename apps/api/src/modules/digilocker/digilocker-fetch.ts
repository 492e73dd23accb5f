/** The DigiLocker module's e-Aadhaar fetch for other modules (records/digilocker-fetch.ts): the client area's re-KYC. */
import type { DigilockerDeps } from './deps.ts';
import { isProviderOutage } from '../../providers/http.ts';
import type { DigilockerFetch } from '../../records/digilocker-fetch.ts';
import { digilockerRepository } from '../../records/digilocker-authorizations.repository.ts';
import { newAuthorizationUrl, stateHash } from '../../records/digilocker-authorizations.ts';

type Deps = Pick<DigilockerDeps, 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker'>;

export function digilockerFetch(deps: Deps): DigilockerFetch {
  return {
    authorizationUrl: (applicantId) => newAuthorizationUrl(deps, applicantId),
    async eAadhaar(applicantId, back) {
      // one use per request: a replayed or denied return cannot be used again
      const request = await digilockerRepository.claim(
        deps.database.db,
        stateHash(deps, back.state),
        applicantId,
        new Date(),
      );
      if (!request || back.error || !back.code) return 'failed';
      try {
        const profile = await deps.digilocker.exchangeCode({
          code: back.code,
          codeVerifier: deps.cipher.decrypt(request.verifierEnc),
        });
        const issued = await deps.digilocker.issuedDocuments(profile.accessToken);
        if (!issued.some((d) => d.doctype === 'ADHAR')) return 'failed';
        return await deps.digilocker.eAadhaar(profile.accessToken);
      } catch (err) {
        return isProviderOutage(err) ? 'unavailable' : 'failed';
      }
    },
  };
}
