/** What the reminders module uses of the app: each use-case takes the part it names (`Pick<RemindersDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface RemindersDeps {
  config: Config;
  database: Database;
  records: ApplicantRecords;
  messaging: MessageSender;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
