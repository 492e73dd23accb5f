/**
 * What the back office's use-cases may use, each type from where it is defined. A use-case takes a
 * `Pick` of this; the app's composition root satisfies it structurally.
 */
import type { Sessions } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { Cipher, Hasher } from '../../lib/crypto.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import type { EsignService } from '../../providers/esign/port.ts';
import type { ExchangeRecorder } from '../../providers/exchanges/recorder.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { TimestampAuthority } from '../../providers/timestamp/port.ts';
import type { Hub } from '../../realtime/hub.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';
import type { ConsentRecords } from '../../records/consents.ts';
import type { StaffLoginThrottle } from './login-throttle.ts';

/** The registrations after approval, as the checker's confirmation starts them (modules/registrations). */
export interface RegistrationStarter {
  /** Opens the approved application's registrations inside the approval's transaction. */
  open(applicantId: string, tx: Tx): Promise<boolean>;
  /** Queues the first steps of an opened case: the depository account and the KRA upload. */
  start(applicantId: string): Promise<void>;
  onError(err: Error): void;
}

export interface BackofficeDeps {
  config: Config;
  database: Database;
  hub: Hub;
  cipher: Cipher;
  hasher: Hasher;
  records: ApplicantRecords;
  sessions: Sessions;
  /** Staff sign-in attempts per account: growing delay and lockout (Redis when configured). */
  staffLoginThrottle: StaffLoginThrottle;
  messaging: MessageSender;
  esign: EsignService;
  /** Each provider call's raw request and answer, per application (the evidence bundle lists them). */
  exchanges: ExchangeRecorder;
  /** Stamps the evidence bundle's manifest (RFC 3161). */
  timestamps: TimestampAuthority;
  metrics: Metrics;
  registrations: RegistrationStarter;
  consents: ConsentRecords;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
