/** What the selfie module uses of the app: each use-case takes the part it names (`Pick<SelfieDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { HostingRanges } from '../../providers/hosting-ranges/port.ts';
import type { LivenessProvider } from '../../providers/liveness/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface SelfieDeps {
  config: Config;
  database: Database;
  records: ApplicantRecords;
  liveness: LivenessProvider;
  hostingRanges: HostingRanges | null;
}
