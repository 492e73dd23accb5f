/** What the assisted-kyc module uses of the app: each use-case takes the part it names (`Pick<AssistedKycDeps, ...>`). */
import type { Database } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface AssistedKycDeps {
  database: Database;
  cipher: Cipher;
  records: ApplicantRecords;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
