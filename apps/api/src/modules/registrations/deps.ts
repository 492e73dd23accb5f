/** What the registrations module uses of the app: each use-case takes the part it names (`Pick<RegistrationsDeps, ...>`). */
import type { OtpService } from '../../auth/otp-service.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { MobileRevocationList } from '../../providers/mnrl/port.ts';
import type { Registrars } from '../../providers/registrations/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface RegistrationsDeps {
  config: Config;
  database: Database;
  cipher: Cipher;
  records: ApplicantRecords;
  otp: OtpService;
  messaging: MessageSender;
  mnrl: MobileRevocationList;
  metrics: Metrics;
  registrars: Registrars;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
