/**
 * What other modules use of the DigiLocker module: a fresh e-Aadhaar for a client after the account
 * is open (the client area's re-KYC), through the same authorization requests (PKCE and state, one
 * use each) as the journey's DigiLocker step. modules/digilocker/digilocker-fetch.ts implements it;
 * the composition root hands it over.
 */
import type { EAadhaar } from '../providers/digilocker/port.ts';

export interface DigilockerFetch {
  /** A new authorization request of the applicant: DigiLocker's consent page. */
  authorizationUrl(applicantId: string): Promise<string>;
  /**
   * DigiLocker's return: the applicant's live request claimed (once), the code exchanged and the
   * e-Aadhaar read. `failed` for a request not genuine, declined, or a locker without Aadhaar;
   * `unavailable` when DigiLocker could not be reached.
   */
  eAadhaar(
    applicantId: string,
    back: { state: string; code?: string; error?: string },
  ): Promise<EAadhaar | 'failed' | 'unavailable'>;
}
