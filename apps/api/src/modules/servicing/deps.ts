/** What the servicing module uses of the app: each use-case takes the part it names (`Pick<ServicingDeps, ...>`). */
import type { OtpService } from '../../auth/otp-service.ts';
import type { Sessions } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { Cipher, Hasher } from '../../lib/crypto.ts';
import type { DigilockerClient } from '../../providers/digilocker/port.ts';
import type { BankProviders } from '../../providers/bank-verification/bank-providers.ts';
import type { EsignService } from '../../providers/esign/port.ts';
import type { MessageSender } from '../../providers/messaging/port.ts';
import type { BackOfficeSystem } from '../../providers/back-office/port.ts';
import type { AccountAggregator } from '../../providers/account-aggregator/port.ts';
import type { DigilockerFetch } from '../../records/digilocker-fetch.ts';
import type { KraLookup } from '../../providers/kra/port.ts';
import type { TradingPlatform } from '../../providers/trading-platform/port.ts';
import type { AccountClosures } from '../../records/account-closures.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';
import type { ConsentRecords } from '../../records/consents.ts';
import type { Registrations } from '../../records/registrations.ts';

export interface ServicingDeps {
  config: Config;
  database: Database;
  cipher: Cipher;
  hasher: Hasher;
  records: ApplicantRecords;
  sessions: Sessions;
  otp: OtpService;
  messaging: MessageSender;
  tradingPlatform: TradingPlatform;
  esign: EsignService;
  /** The journey's bank verification port: IFSC lookup and penny drop. */
  bank: BankProviders;
  registrations: Registrations;
  /** The journey's DigiLocker port: an address change fetches the e-Aadhaar's address. */
  digilocker: DigilockerClient;
  /** Uploaded proofs' checks (an address proof; a segment's income proof, as the segment step inspects it). */
  documents: DocumentWorkers;
  /** The broker's back office: a closure's pre-check. */
  backOffice: BackOfficeSystem;
  /** The privacy module's closure: the retention hold starts from the closure day. */
  accountClosures: AccountClosures;
  consents: ConsentRecords;
  /** The segment step's port: an income proof through the account aggregator. */
  accountAggregator: AccountAggregator;
  /** The DigiLocker module's e-Aadhaar fetch: a re-KYC's fresh details. */
  digilockerFetch: DigilockerFetch;
  /** The PAN step's KRA lookup: the client's KYC status today. */
  kra: KraLookup;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
