/** Everything the routes and use-cases need, built once at start-up. */
import path from 'node:path';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate, openMigratedEmbedded } from './db/migrate.ts';
import { type BlobStore, DiskBlobStore, EncryptedStore, MemoryBlobStore } from './documents/storage.ts';
import { S3BlobStore } from './documents/s3-store.ts';
import { Cipher, Hasher } from './lib/crypto.ts';
import { OtpService } from './auth/otp-service.ts';
import { StaffLoginThrottle } from './modules/backoffice/login-throttle.ts';
import { staffLockoutKeeper } from './modules/backoffice/staff-account.repository.ts';
import { createMetrics, type Metrics } from './plugins/metrics.ts';
import { createAccountAggregator } from './providers/account-aggregator/create.ts';
import type { AccountAggregator } from './providers/account-aggregator/port.ts';
import { createDigilocker } from './providers/digilocker/create.ts';
import type { DigilockerClient } from './providers/digilocker/port.ts';
import { type BankProviders, createBankProviders } from './providers/bank-verification/bank-providers.ts';
import { ExchangeRecorder } from './providers/exchanges/recorder.ts';
import { recordProviders } from './providers/exchanges/record-providers.ts';
import { createTimestampAuthority } from './providers/timestamp/create.ts';
import type { TimestampAuthority } from './providers/timestamp/port.ts';
import { createSelfFetch, observeProviderCalls, type SelfFetch } from './providers/http.ts';
import { createKraLookup } from './providers/kra/create.ts';
import { DocumentWorkers } from './documents/form-pool.ts';
import { createEsignService } from './providers/esign/create.ts';
import { FailoverEsignService, type VendorChoices } from './providers/esign/failover.ts';
import { FailoverPennyDrop } from './providers/bank-verification/failover.ts';
import type { VendorEvent } from './providers/failover.ts';
import { observeProviderQueue } from './records/provider-queue.ts';
import type { EsignGateway, EsignService } from './providers/esign/port.ts';
import { esignVendorsRepository } from './records/esign-vendors.repository.ts';
import { createLivenessProvider } from './providers/liveness/create.ts';
import type { LivenessProvider } from './providers/liveness/port.ts';
import type { KraLookup } from './providers/kra/port.ts';
import { createMarketData } from './providers/market-data/create.ts';
import { createBackOfficeSystem } from './providers/back-office/create.ts';
import type { BackOfficeSystem } from './providers/back-office/port.ts';
import { createTradingPlatform } from './providers/trading-platform/create.ts';
import type { TradingPlatform } from './providers/trading-platform/port.ts';
import type { MarketData } from './providers/market-data/port.ts';
import { createMessageSender } from './providers/messaging/create.ts';
import type { MessageSender } from './providers/messaging/port.ts';
import { createPanVerifier } from './providers/pan/create.ts';
import { createHostingRanges } from './providers/hosting-ranges/create.ts';
import type { HostingRanges } from './providers/hosting-ranges/port.ts';
import { createMnrl } from './providers/mnrl/create.ts';
import type { MobileRevocationList } from './providers/mnrl/port.ts';
import { createScreeningLists } from './providers/screening/create.ts';
import type { ScreeningLists } from './providers/screening/port.ts';
import { ScreeningImport } from './modules/screening/import-lists.ts';
import { collectProviderSettings } from './providers/settings.ts';
import type { PanVerifier } from './providers/pan/port.ts';
import { createRegistrars } from './providers/registrations/create.ts';
import type { Registrars } from './providers/registrations/port.ts';
import { RegistrationWorkflow } from './modules/registrations/workflow.ts';
import { RetentionSweep } from './modules/privacy/retention.ts';
import { accountClosures } from './modules/privacy/account-closures.ts';
import type { AccountClosures } from './records/account-closures.ts';
import { digilockerFetch } from './modules/digilocker/digilocker-fetch.ts';
import type { DigilockerFetch } from './records/digilocker-fetch.ts';
import { clientUpiPayments } from './modules/servicing/bank-upi-payment.ts';
import type { ClientUpiPayments } from './records/client-upi-payments.ts';
import { ReminderJob } from './modules/reminders/reminder-job.ts';
import { SendBackExpiry } from './modules/backoffice/closing/send-back-expiry.ts';
import { ConsentRecords } from './records/consents.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import { ApplicantRecords } from './records/applicant-records.ts';
import { Sessions } from './auth/sessions.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  hub: Hub;
  cipher: Cipher;
  /** Each provider call's raw request and answer, kept per application (providers/exchanges). */
  exchanges: ExchangeRecorder;
  hasher: Hasher;
  files: EncryptedStore;
  /** The raw store under the encryption (key rotation). */
  blobs: BlobStore;
  records: ApplicantRecords;
  sessions: Sessions;
  otp: OtpService;
  /** Staff sign-in attempts per account: growing delay and lockout (Redis when configured). */
  staffLoginThrottle: StaffLoginThrottle;
  messaging: MessageSender;
  /** DoT's Mobile Number Revocation List, checked at sign-up and before the exchange registrations. */
  mnrl: MobileRevocationList;
  /** Hosting and VPN address ranges; null when no list is configured. */
  hostingRanges: HostingRanges | null;
  /** The screening lists' files (SEBI debarred entities, UN consolidated list, a PEP list). */
  screeningLists: ScreeningLists;
  /** Their scheduled import (the hourly sweep; modules/screening). */
  screeningImport: ScreeningImport;
  /** Quotes for the guest watchlist (delayed 15 minutes). */
  marketData: MarketData;
  /** The broker's trading platform: the client's voluntary freeze of online access. */
  tradingPlatform: TradingPlatform;
  /** The broker's back-office system: the pre-check of a client's account closure. */
  backOffice: BackOfficeSystem;
  /** The in-process transport to the sandbox's wire-format routes (bound once the app exists). */
  selfFetch: SelfFetch;
  /** Liveness and face match of the selfie (HyperVerge). */
  liveness: LivenessProvider;
  /** Aadhaar eSign through an e-sign service (eSign API 2.1). */
  esign: EsignService;
  /** Worker threads for document rendering (the account-opening form) and uploaded PDFs' checks. */
  documents: DocumentWorkers;
  metrics: Metrics;
  /** PAN check at the income-tax source, KRA lookup, DigiLocker partner API. */
  pan: PanVerifier;
  kra: KraLookup;
  digilocker: DigilockerClient;
  bank: BankProviders;
  /** Account aggregator for the digital financial proof of derivative segments. */
  accountAggregator: AccountAggregator;
  /** The RFC 3161 time-stamping authority the evidence bundle's manifest is stamped by. */
  timestamps: TimestampAuthority;
  /** Exchange UCC, depository BO account, KRA upload and CKYC after approval. */
  registrars: Registrars;
  /** The durable workflow that runs those registrations on the job queue. */
  registrations: RegistrationWorkflow;
  /** The retention sweep: holds that ended, applications abandoned before signing (modules/privacy). */
  retention: RetentionSweep;
  /** The privacy module's account closure, for the client area's closure request. */
  accountClosures: AccountClosures;
  /** The DigiLocker module's e-Aadhaar fetch, for the client area's re-KYC. */
  digilockerFetch: DigilockerFetch;
  /** The client area's bank requests waiting for a UPI reverse penny drop (the bank module's webhook hands them on). */
  clientUpiPayments: ClientUpiPayments;
  /** SMS reminders to applicants who stopped, on the job queue (modules/reminders). */
  reminders: ReminderJob;
  /** Reminders before a send-back expires, and its expiry (modules/backoffice/closing). */
  sendBackExpiry: SendBackExpiry;
  consents: ConsentRecords;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}

export interface DepsOverrides {
  database?: Database;
  hub?: Hub;
  messaging?: MessageSender;
  liveness?: LivenessProvider;
  esign?: EsignGateway;
  marketData?: MarketData;
  tradingPlatform?: TradingPlatform;
  backOffice?: BackOfficeSystem;
  pan?: PanVerifier;
  kra?: KraLookup;
  digilocker?: DigilockerClient;
  bank?: Partial<BankProviders>;
  accountAggregator?: AccountAggregator;
  /** Tests: the registrations' providers (a flaky one, say), built from the configured ones. */
  registrars?: (configured: Registrars) => Registrars;
  /** The file store under the encryption (tests: a store that is full). */
  blobs?: BlobStore;
  now?: () => number;
  /** Where JSON logs go (stdout by default). */
  logStream?: NodeJS.WritableStream;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<AppDeps> {
  // Every missing or invalid provider setting is reported at once, before the database is opened
  // (or created and migrated) and before anything starts: the providers that use the database
  // reach it through `opened` when called.
  const open: { database?: Database } = {};
  const opened = () => {
    if (!open.database) throw new Error('the database is not open yet');
    return open.database;
  };
  const selfFetch = createSelfFetch(config.sandboxFaults, config.sandboxProvidersUrl);
  const vendorChoices: VendorChoices = {
    record: (txn, vendor) => esignVendorsRepository.record(opened().db, txn, vendor),
    vendorOf: (txn) => esignVendorsRepository.vendorOf(opened().db, txn),
  };
  const providers = collectProviderSettings((guard) => ({
    messaging:
      overrides.messaging ??
      guard(() => createMessageSender(config, opened, new Hasher(config.secretKey), selfFetch, overrides.now)),
    liveness: overrides.liveness ?? guard(() => createLivenessProvider(config, selfFetch)),
    esign: guard(() =>
      overrides.esign
        ? new FailoverEsignService([{ name: 'esign', gateway: overrides.esign }], vendorChoices, config.surge.breaker)
        : createEsignService(config, vendorChoices, selfFetch, overrides.now),
    ),
    marketData: overrides.marketData ?? guard(() => createMarketData(config, selfFetch)),
    tradingPlatform: overrides.tradingPlatform ?? guard(() => createTradingPlatform(config, selfFetch)),
    backOffice: overrides.backOffice ?? guard(() => createBackOfficeSystem(config, selfFetch)),
    pan: overrides.pan ?? guard(() => createPanVerifier(config, selfFetch)),
    mnrl: guard(() => createMnrl(config, selfFetch)),
    hostingRanges: guard(() => createHostingRanges(config, selfFetch)),
    screeningLists: guard(() => createScreeningLists(config, selfFetch)),
    kra: overrides.kra ?? guard(() => createKraLookup(config, selfFetch)),
    digilocker: overrides.digilocker ?? guard(() => createDigilocker(config, selfFetch)),
    bank: guard(() => createBankProviders(config, opened, selfFetch, overrides.bank)),
    accountAggregator: overrides.accountAggregator ?? guard(() => createAccountAggregator(config, selfFetch)),
    timestamps: guard(() => createTimestampAuthority(config, selfFetch)),
    registrars: guard(() => {
      const configured = createRegistrars(config, selfFetch);
      return overrides.registrars ? overrides.registrars(configured) : configured;
    }),
  }));
  const embeddedOnDisk = !config.databaseUrl && !config.inMemory;
  const database =
    overrides.database ?? (embeddedOnDisk ? await openMigratedEmbedded(config) : await openDatabase(config));
  if (!overrides.database && !embeddedOnDisk && (database.kind === 'pglite' || config.env !== 'production'))
    await migrate(database);
  open.database = database;
  const metrics = createMetrics();
  observeProviderCalls((provider, outcome, seconds) => {
    metrics.providerCalls.inc({ provider, outcome });
    metrics.providerCallDuration.observe({ provider, outcome }, seconds);
  });
  const followFailover = (service: string) => (event: VendorEvent) => {
    if (event.kind === 'circuit') metrics.providerCircuitOpen.set({ provider: event.vendor }, event.open ? 1 : 0);
    else
      metrics.providerChoices.inc({
        service,
        provider: event.vendor,
        outcome: event.kind === 'chosen' ? 'chosen' : event.reason,
      });
  };
  providers.esign.observe(followFailover('esign'));
  providers.messaging.observe?.(followFailover('sms'));
  observeProviderQueue((service) => metrics.providerQueued.inc({ service }));
  if (providers.bank.pennyDrop instanceof FailoverPennyDrop)
    providers.bank.pennyDrop.observe(followFailover('bank_verification'));
  const hub =
    overrides.hub ??
    createHub(config.redisUrl, {
      timeoutMs: config.redisDown.publishTimeoutMs,
      prefix: config.redisKeyPrefix,
      onDropped: () => metrics.pushesUndelivered.inc(),
    });
  const cipher = new Cipher(config.encryptionKey, config.encryptionKeysOld);
  const hasher = new Hasher(config.secretKey);
  const blobs: BlobStore =
    overrides.blobs ??
    (config.s3
      ? new S3BlobStore(config.s3)
      : config.inMemory
        ? new MemoryBlobStore()
        : new DiskBlobStore(path.join(config.dataDir, 'files'), config.storageMinFreeBytes));
  const files = new EncryptedStore(blobs, cipher, () => metrics.storageFull.inc());
  const consents = new ConsentRecords(database, files);
  const exchanges = new ExchangeRecorder(opened, cipher);
  const records = new ApplicantRecords(database, cipher, hasher, hub, files, config, consents);
  records.onStageCompleted((stage) => metrics.stageTransitions.inc({ stage: String(stage) }));

  const services = {
    config,
    selfFetch,
    metrics,
    database,
    hub,
    cipher,
    hasher,
    files,
    blobs,
    records,
    consents,
    sessions: new Sessions(database, hasher, hub, config),
    otp: new OtpService(database, hasher, config, overrides.now),
    ...providers,
    ...recordProviders(providers, exchanges),
    exchanges,
    now: overrides.now ?? Date.now,
    documents: new DocumentWorkers(config.documentWorkerThreads, config.pdfInspection),
    staffLoginThrottle: new StaffLoginThrottle(config, hasher, overrides.now, staffLockoutKeeper(database)),
  };
  // The jobs take the services they name, not the whole of AppDeps. They get the very object that
  // becomes AppDeps below, so a service swapped on app.deps (a test's clock, a faulty provider) is
  // the one they use too.
  const deps: AppDeps = Object.assign(services, {
    registrations: new RegistrationWorkflow(services),
    retention: new RetentionSweep(services),
    accountClosures: accountClosures(services),
    digilockerFetch: digilockerFetch(services),
    clientUpiPayments: clientUpiPayments(services),
    reminders: new ReminderJob(services),
    sendBackExpiry: new SendBackExpiry(services),
    screeningImport: new ScreeningImport(services),
  });
  return deps;
}
