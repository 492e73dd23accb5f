/** What the digilocker module uses of the app: each use-case takes the part it names (`Pick<DigilockerDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { Cipher, Hasher } from '../../lib/crypto.ts';
import type { DigilockerClient } from '../../providers/digilocker/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface DigilockerDeps {
  config: Config;
  database: Database;
  cipher: Cipher;
  hasher: Hasher;
  records: ApplicantRecords;
  documents: DocumentWorkers;
  digilocker: DigilockerClient;
}
