/**
 * The queue's search for one application by what identifies it exactly: its id, the applicant's
 * e-mail (through the keyed hash the sign-up stored, never the address) and the depository account
 * (BO id: CDSL's 16 digits, or NSDL's IN and 14 characters). Names, mobile digits, PANs and client
 * codes are search-terms.ts's.
 */
import { normaliseEmail } from '@ekyc/contracts/rules';
import type { BackofficeDeps } from '../deps.ts';
import { isUuid } from '../../../lib/uuid.ts';

const BO_ID = /^(\d{16}|IN[0-9A-Z]{14})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ExactSearch {
  applicantId?: string;
  emailHash?: string;
  boId?: string;
}

/** What the query names exactly, if anything; `only`: the query is nothing else (no name search). */
export function exactSearch(deps: Pick<BackofficeDeps, 'hasher'>, q: string): { search: ExactSearch; only: boolean } {
  const trimmed = q.trim();
  if (isUuid(trimmed)) return { search: { applicantId: trimmed.toLowerCase() }, only: true };
  if (EMAIL.test(trimmed))
    return { search: { emailHash: deps.hasher.hash('email', normaliseEmail(trimmed)) }, only: true };
  const compact = trimmed.toUpperCase().replace(/\s+/g, '');
  // sixteen digits may also be the end of a mobile number: both are searched
  if (BO_ID.test(compact)) return { search: { boId: compact }, only: false };
  return { search: {}, only: false };
}
