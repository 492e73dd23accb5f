/** What the auth-otp module uses of the app: each use-case takes the part it names (`Pick<AuthOtpDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { OtpService } from '../../auth/otp-service.ts';
import type { Sessions } from '../../auth/sessions.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { MobileRevocationList } from '../../providers/mnrl/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface AuthOtpDeps {
  config: Config;
  records: ApplicantRecords;
  sessions: Sessions;
  otp: OtpService;
  messaging: MessageSender;
  mnrl: MobileRevocationList;
}
