/** What the bank module uses of the app: each use-case takes the part it names (`Pick<BankDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { Hasher } from '../../lib/crypto.ts';
import type { BankProviders } from '../../providers/bank-verification/bank-providers.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';
import type { ClientUpiPayments } from '../../records/client-upi-payments.ts';

export interface BankDeps {
  config: Config;
  database: Database;
  hasher: Hasher;
  records: ApplicantRecords;
  documents: DocumentWorkers;
  bank: BankProviders;
  /** The client area's bank requests: a reverse penny drop that is no applicant's bank step may be theirs. */
  clientUpiPayments: ClientUpiPayments;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
