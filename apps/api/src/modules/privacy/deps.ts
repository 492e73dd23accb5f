/** What the privacy module uses of the app: each use-case takes the part it names (`Pick<PrivacyDeps, ...>`). */
import type { Sessions } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EncryptedStore } from '../../documents/storage.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';
import type { ConsentRecords } from '../../records/consents.ts';

export interface PrivacyDeps {
  config: Config;
  database: Database;
  cipher: Cipher;
  files: EncryptedStore;
  records: ApplicantRecords;
  sessions: Sessions;
  messaging: MessageSender;
  consents: ConsentRecords;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
