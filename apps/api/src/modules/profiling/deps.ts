/** What the profiling module uses of the app: each use-case takes the part it names (`Pick<ProfilingDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface ProfilingDeps {
  config: Config;
  database: Database;
  records: ApplicantRecords;
}
