/** What the esign module uses of the app: each use-case takes the part it names (`Pick<EsignDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { EsignService } from '../../providers/esign/port.ts';
import type { Hub } from '../../realtime/hub.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';
import type { Hasher } from '../../lib/crypto.ts';

export interface EsignDeps {
  config: Config;
  database: Database;
  hub: Hub;
  hasher: Hasher;
  records: ApplicantRecords;
  esign: EsignService;
  documents: DocumentWorkers;
}
