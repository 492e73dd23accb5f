/** What the nominee module uses of the app: each use-case takes the part it names (`Pick<NomineeDeps, ...>`). */
import type { OtpService } from '../../auth/otp-service.ts';
import type { Config } from '../../config.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface NomineeDeps {
  config: Config;
  records: ApplicantRecords;
  otp: OtpService;
  messaging: MessageSender;
  documents: DocumentWorkers;
}
