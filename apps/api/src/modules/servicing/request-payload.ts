/** What a request asks, stored encrypted on the request (service_requests.payload_enc). */
import type { RegistrationNominee } from '../../providers/registrations/port.ts';

export interface NominationNominee {
  name: string;
  relation: string;
  /** Percent as given, or the equal split (odd remainder to the first nominee, 2026 norms). */
  share: string;
  dob: string;
  minor: boolean;
  guardianName: string;
  address: RegistrationNominee['address'];
}

export type RequestPayload =
  | { kind: 'freeze'; reason: string }
  | { kind: 'unfreeze' }
  | { kind: 'nomination'; opt_out: boolean; nominees: NominationNominee[] };

export const registryNominees = (nominees: NominationNominee[]): RegistrationNominee[] =>
  nominees.map((n) => ({
    name: n.name,
    relation: n.relation,
    share: Number(n.share),
    dob: n.dob,
    minor: n.minor,
    guardianName: n.guardianName.toUpperCase(),
    address: n.address,
  }));
