/** What the pan module uses of the app: each use-case takes the part it names (`Pick<PanDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { Hasher } from '../../lib/crypto.ts';
import type { KraLookup } from '../../providers/kra/port.ts';
import type { PanVerifier } from '../../providers/pan/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface PanDeps {
  config: Config;
  database: Database;
  hasher: Hasher;
  records: ApplicantRecords;
  documents: DocumentWorkers;
  pan: PanVerifier;
  kra: KraLookup;
}
