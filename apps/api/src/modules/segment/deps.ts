/** What the segment module uses of the app: each use-case takes the part it names (`Pick<SegmentDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { AccountAggregator } from '../../providers/account-aggregator/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface SegmentDeps {
  config: Config;
  database: Database;
  records: ApplicantRecords;
  documents: DocumentWorkers;
  accountAggregator: AccountAggregator;
}
