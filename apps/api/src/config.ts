/** Configuration: the environment is parsed once here and the typed object is handed to everything. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { BrokerRegistrations } from '@ekyc/contracts/calls/broker-documents';
import { ESIGN_WINDOW_S } from '@ekyc/contracts/constants';
import { z } from 'zod';
import { parseProviderLimits, type ProviderLimit } from './providers/limits.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const key32 = z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data/'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Worker threads that render and prepare the account-opening form; 0 renders on the event loop. */
  DOCUMENT_WORKER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** An uploaded PDF's check may take this long in its worker thread; past it the PDF is refused. */
  PDF_INSPECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** What an uploaded PDF's streams may decode to while it is checked (MiB); past it the PDF is refused. */
  PDF_INSPECT_MAX_DECODED_MB: z.coerce.number().int().min(1).max(1024).default(64),
  REDIS_URL: z.string().optional(),
  /** Put before every Redis key and channel name, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default(''),
  /** scrypt cost (log2 N) of new staff password hashes; below 15 only when NODE_ENV=test. */
  STAFF_PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  EKYC_PROVIDERS: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Lets a production start run with sandbox providers or generated secrets: for staging only. */
  EKYC_ALLOW_INSECURE: bool.default(false),
  SECRET_KEY: key32.optional(),
  ENCRYPTION_KEY: key32.optional(),
  /** Older encryption keys, comma-separated, still readable during a key rotation. */
  ENCRYPTION_KEYS_OLD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Replies checked against their route's schema: `check` fails a drifting reply, `warn` logs it, `off` (by NODE_ENV when unset). */
  REPLY_CHECK: z.enum(['check', 'warn', 'off']).optional(),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(5),
  OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
  /** Applicant sessions: idle and absolute lifetime, and how many may be open at once. */
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 60),
  SESSION_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(24 * 60 * 60),
  SESSION_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(3),
  /** Staff (back-office) sessions: idle and absolute lifetime, and how many may be open at once. */
  STAFF_SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 60),
  STAFF_SESSION_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(12 * 60 * 60),
  STAFF_SESSION_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(2),
  /** Open sockets (profile, e-sign status) one session may hold in one process. */
  SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(4),
  /** Lifetime of a file link; a link also stops working when the session that asked for it ends. */
  FILE_LINK_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  /** Lowest zxcvbn score (0-4) a staff password must reach. */
  STAFF_PASSWORD_MIN_SCORE: z.coerce.number().int().min(0).max(4).default(3),
  /** Test-only: the sandbox fixtures that create staff accounts and signed-in applicants. Never in production. */
  EKYC_TEST_FIXTURES: bool.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  OTP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Per-address limits count an IPv6 client by this prefix length (its network), not its full address. */
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Deepest nesting of objects and arrays a JSON body may have (refused while reading, before parsing). */
  JSON_MAX_DEPTH: z.coerce.number().int().min(4).max(1000).default(32),
  /** Proxies whose X-Forwarded-For is believed: off, a hop count, or addresses and CIDR ranges. */
  TRUST_PROXY: z.string().optional(),
  /** Sends and checks per mobile number (or email) per minute, whatever the address. */
  OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Staff sign-in: wrong passwords in a row before the account locks. */
  STAFF_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** Staff sign-in: how long a lockout lasts (an admin can lift it sooner). */
  STAFF_LOGIN_LOCKOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Staff sign-in: the wait after a wrong password, doubled after each (0 switches the wait off). */
  STAFF_LOGIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
  /**
   * Staff sign-in's second factor (TOTP): `required` (every account enrols at its first sign-in) or
   * `optional` (only enrolled accounts give a code). Default required; optional in sandbox mode
   * unless set. A production start refuses optional.
   */
  STAFF_MFA: z.enum(['required', 'optional']).optional(),
  /** The issuer shown in the staff's authenticator app next to their email. */
  STAFF_MFA_ISSUER: z.string().trim().min(1).max(60).default('eKYC back office'),
  STAFF_INVITATION_HOURS: z.coerce.number().int().min(1).max(336).default(72),
  /** Bearer token for /metrics and /docs where they are protected (production, or whenever set). */
  OPS_TOKEN: z.string().min(32, 'use at least 32 characters').optional(),
  /** A second listen address ("port" or "host:port") serving /metrics and /docs without a token. */
  OPS_LISTEN: z.string().optional(),
  /** Declarations: 3 required switches in one reading of the spec, 5 in the other. */
  DECLARATION_SWITCHES: z
    .enum(['3', '5'])
    .default('3')
    .transform((v) => Number(v) as 3 | 5),
  /**
   * The broker's own cap on nominee slots, below what the application's rule set allows
   * (regulation.ts: 3 from 1 Sep 2026, 10 from 1 Mar 2025). Unset: the rule set decides.
   */
  MAX_NOMINEES: z.coerce.number().int().min(1).max(10).optional(),
  /** Verification time shown to applicants: '1-2' working days or '7-10' business days. */
  VERIFICATION_DAYS: z.enum(['1-2', '7-10']).default('1-2'),
  /**
   * E-sign window: how long an ESP's answer is accepted after the request. The sandbox's default is
   * the spec's 120 s (90 s in one error text); with a real ESP it is the ESP's own signing session
   * (900 s: Aadhaar number, OTP by SMS and consent at the ESP take longer than 120 s).
   */
  ESIGN_WINDOW_SECONDS: z.coerce.number().int().min(30).max(3600).optional(),
  /** UPI offered as live (routes) or as 'coming soon' (some texts). */
  UPI_ENABLED: bool.default(true),
  /** UPI collect requests (to a typed UPI id), where the aggregator still allows them; UPI intent/QR is always offered. */
  UPI_COLLECT_ENABLED: bool.default(true),
  /** Resident individuals only, or also the FAQ's non-residents (both readings). */
  RESIDENT_ONLY: bool.default(true),
  OPEN_ACCOUNT_URL: z.string().default('/'),
  BACKOFFICE_ADMIN_EMAIL: z.email().optional(),
  BACKOFFICE_ADMIN_PASSWORD: z.string().min(12).optional(),
  /** Lowest face-match score (0 to 1) that counts as the applicant's face; below it the selfie goes to a reviewer. */
  FACE_MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  /** A selfie whose device location is outside India: refused, or sent to a reviewer. */
  KYC_LOCATION_OUTSIDE_INDIA: z.enum(['refuse', 'review']).default('refuse'),
  /**
   * The actions the selfie step may ask for, none of them a blink (SEBI's KYC duties for persons
   * with disabilities): a code shown on screen (and to a screen reader) read aloud, a head turn. The
   * server picks one at random; an applicant who cannot do it asks for another of these.
   */
  KYC_LIVENESS_ACTIONS: z
    .string()
    .default('read_code,turn_head')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(['read_code', 'turn_head'])).min(1)),
  /**
   * Four eyes: the reviewer who accepts the stages (maker) may not also confirm the approval or
   * activate the account (checker). Default true, false in sandbox mode unless set.
   */
  FOUR_EYES: bool.optional(),
  /** A reviewer's claim on an application lapses after this many idle minutes. */
  BACKOFFICE_CLAIM_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The queue colours an application's waiting age amber, then red, past these many hours. */
  BACKOFFICE_SLA_AMBER_HOURS: z.coerce.number().min(0.1).max(720).default(4),
  BACKOFFICE_SLA_RED_HOURS: z.coerce.number().min(0.1).max(720).default(24),
  BACKOFFICE_SLA_WORKING_HOURS: z.coerce.number().min(0.5).max(200).default(9),
  /** Reminders to applicants who stopped: after this many hours without progress, at most REMINDER_MAX. */
  REMINDER_AFTER_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  REMINDER_MAX: z.coerce.number().int().min(0).max(10).default(2),
  /** How often the reminder job runs (minutes). */
  REMINDER_SWEEP_MINUTES: z.coerce.number().min(0.01).max(1440).default(15),
  /** Evidence bundles one staff member may download per hour (each download is audited). */
  EVIDENCE_BUNDLES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  // an application sent back and left unanswered closes after this many days; reminders go out the
  // listed numbers of days before (issue 56; Zerodha resets after 3 or 15 days)
  SEND_BACK_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(15),
  SEND_BACK_REMINDER_DAYS: z
    .string()
    .default('3,1')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ])
    .pipe(z.array(z.number().int().min(1).max(364)).max(5)),
  /** A provider's webhook whose signed timestamp is further than this from now is refused (replay). */
  WEBHOOK_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Switch off the sandbox's simulated heavy work (OCR, face check) for journey benchmarks. */
  SANDBOX_SKIP_HEAVY_CHECKS: bool.default(false),
  /** An application abandoned before signing is erased after this many days without a change. */
  ABANDONED_PURGE_DAYS: z.coerce.number().int().min(30).max(3650).default(180),
  /** The applicant is told this many days before that purge (SMS, and email when known). */
  ABANDONED_NOTICE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** How long a reply to an Idempotency-Key is kept for replays; purged after that. */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** How long a claim on a key holds while its request runs; a dead request frees it after this. */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Every outside provider call gives up after this long, unless PROVIDER_TIMEOUTS says otherwise. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Per-provider timeouts, e.g. "pan=3000,digilocker=8000" (names as in the provider metrics). */
  PROVIDER_TIMEOUTS: z
    .string()
    .regex(/^([a-z0-9-]+=\d+)?(,[a-z0-9-]+=\d+)*$/, 'use name=milliseconds, comma-separated')
    .default(''),
  /** Traces go to this OTLP/HTTP collector (e.g. http://otel-collector:4318); unset: tracing off, not loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The service name on every span. */
  OTEL_SERVICE_NAME: z.string().min(1).default('ekyc-api'),
  /** The share of new traces kept (0 to 1); a call that arrives inside a sampled trace is always kept. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** Per-provider rate (per process) and daily budget (shared through Redis), e.g. "msg91=50/s:200000/d,pan=20/s". */
  PROVIDER_LIMITS: z
    .string()
    .regex(
      /^([a-z0-9-]+=\d+\/[sd](:\d+\/[sd])?)?(,[a-z0-9-]+=\d+\/[sd](:\d+\/[sd])?)*$/,
      'use name=N/s, name=N/d or name=N/s:M/d, comma-separated',
    )
    .default(''),
  // Failover and surge (docs/configuration.md, "Failover and the waiting room"): one block, read into config.surge.
  /** E-sign service providers in order of preference, e.g. "esign,esign-emudhra" (settings ESIGN_*, ESIGN_EMUDHRA_*). */
  ESIGN_VENDORS: z
    .string()
    .regex(/^esign(-[a-z0-9]+)*(,esign(-[a-z0-9]+)*)*$/, 'use esign or esign-<name>, comma-separated, in order')
    .optional(),
  /** Consecutive failed checks of a provider that open its circuit (it is skipped while open). */
  PROVIDER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** Seconds an open circuit waits before one call tries the provider again. */
  PROVIDER_BREAKER_HALF_OPEN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Sign-ups wait (503, Retry-After) while this process has more calls than this in progress; unset: no limit. */
  WAITING_ROOM_MAX_IN_FLIGHT: z.coerce.number().int().min(0).optional(),
  /** Sign-ups wait while the event loop's delay is above this (ms); 0: not watched. */
  WAITING_ROOM_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The Retry-After a waiting sign-up is given (seconds). */
  WAITING_ROOM_RETRY_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Below this much free space (MB) the local file store reports itself full on /readyz. */
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  /** Sandbox only: make sandbox providers slow, failing or unreachable, e.g. "pan:timeout,kra:500". */
  SANDBOX_FAULTS: z
    .string()
    .regex(
      /^([a-z0-9-]+:(timeout|500|unreachable|slow(=\d+)?))?(,[a-z0-9-]+:(timeout|500|unreachable|slow(=\d+)?))*$/,
      'use provider:timeout|500|unreachable|slow[=ms], comma-separated',
    )
    .default(''),
  /**
   * Sandbox only: the sandbox providers' own process (another process of this app, serving
   * /sandbox/), which this one's provider calls go to over HTTP, as they would to the real services;
   * unset, they are answered in this process.
   */
  SANDBOX_PROVIDERS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('ap-south-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Longest wait for Redis to take a socket push; an undelivered push is dropped (sockets re-read on reconnect). */
  REDIS_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  /** With Redis unreachable, the OTP and staff-login limits: open (let through), local (count per process), closed (refuse). */
  OTP_RATE_LIMIT_WITHOUT_REDIS: z.enum(['open', 'local', 'closed']).default('local'),
  /** The broker's depository, where the BO account of an approved client is opened. */
  REGISTRATIONS_DEPOSITORY: z.enum(['CDSL', 'NSDL']).default('CDSL'),
  /** The versioned code tables of the registrations (a JSON file; the bundled one by default). */
  REGISTRATIONS_CODE_TABLES: z.string().optional(),
  /** Seconds between two checks of a submitted registration; also the first retry delay (then doubling). */
  REGISTRATIONS_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Attempts of one step on transient faults (provider down, timeout) before it waits for an operator. */
  REGISTRATIONS_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  /**
   * How long a worker holds one registration's step (longer than a step takes: its provider calls'
   * timeouts). A worker that dies holds it this long at most; the next worker then picks it up.
   */
  REGISTRATIONS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * The broker's own documents of the welcome kit (PDFs named as docs/registrations.md lists them);
   * a document without its file here is the one the platform ships.
   */
  WELCOME_KIT_DIR: z
    .string()
    .optional()
    .refine((d) => !d || existsSync(d), 'WELCOME_KIT_DIR: no such folder'),
  /** The broker's name and registrations, printed in the footer of public pages, on the form and in every email. */
  BROKER_NAME: z.string().min(2).max(120).optional(),
  /** SEBI registration number of the stock broker (INZ followed by 9 digits). */
  BROKER_SEBI_REGISTRATION: z
    .string()
    .regex(/^INZ\d{9}$/, 'BROKER_SEBI_REGISTRATION: INZ followed by 9 digits')
    .optional(),
  /** Exchange member codes, e.g. NSE=90210,BSE=6543. */
  BROKER_EXCHANGE_MEMBER_CODES: z
    .string()
    .regex(
      /^[A-Z]{2,6}=[A-Za-z0-9]{1,12}(,[A-Z]{2,6}=[A-Za-z0-9]{1,12})*$/,
      'BROKER_EXCHANGE_MEMBER_CODES: EXCHANGE=code,...',
    )
    .optional(),
  /** The depository participant id (CDSL: 8 digits; NSDL: IN and 6 digits). */
  BROKER_DP_ID: z
    .string()
    .regex(/^(\d{8}|IN\d{6})$/, 'BROKER_DP_ID: 8 digits (CDSL) or IN and 6 digits (NSDL)')
    .optional(),
  /** The MNRL list is read again after this many minutes (a new download is taken up without a restart). */
  MNRL_RELOAD_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Run the registration workers in this process (off for API-only processes). */
  REGISTRATIONS_WORKER: bool.default(true),
  /**
   * MCX publishes no UCC layout, so the MCX registrar's format is unverified: with production
   * providers it sends nothing (the registration waits on hold for a manual registration) unless
   * the operator sets this, knowingly, after confirming the layout with MCX.
   */
  REGISTRATIONS_MCX_UNVERIFIED: bool.default(false),
  /** Sandbox: how long the sandbox KRA keeps an upload under process (001) before validating it. */
  REGISTRATIONS_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
});

export type Env = z.input<typeof envSchema>;

export interface TracingConfig {
  /** The collector's base URL: spans are posted to `${endpoint}/v1/traces`. */
  endpoint: string;
  serviceName: string;
  sampleRatio: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  /** How replies are held to their schema: `check` (tests), `warn` (development), `off` (production). */
  replyCheck: 'check' | 'warn' | 'off';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** True when data lives only in memory (tests). */
  inMemory: boolean;
  databaseUrl?: string;
  databasePoolMax: number;
  /** Threads of the document worker pool (0: none, the event loop does the work). */
  documentWorkerThreads: number;
  /** The budget of one uploaded PDF's check, in a worker thread (documents/form-pool.ts). */
  pdfInspection: { timeoutMs: number; maxDecodedBytes: number };
  redisUrl?: string;
  /** REDIS_KEY_PREFIX: before every Redis key and pub/sub channel. */
  redisKeyPrefix: string;
  /** scrypt cost (log2 N) of new staff password hashes. */
  staffPasswordLogN: number;
  providers: 'sandbox' | 'production';
  sandbox: boolean;
  allowInsecure: boolean;
  secretKey: Buffer;
  encryptionKey: Buffer;
  encryptionKeysOld: Buffer[];
  logLevel: string;
  otp: {
    ttlSeconds: number;
    maxAttempts: number;
    sendsPerHour: number;
    countdownSeconds: number;
    resendCountdownSeconds: number;
  };
  session: {
    applicant: SessionLifetime;
    staff: SessionLifetime;
    /** The client area's sessions: the applicant's lifetimes (one person, one mobile). */
    client: SessionLifetime;
    socketsPerSession: number;
    fileLinkSeconds: number;
  };
  staffPasswordMinScore: number;
  /** The sandbox fixtures that mint staff and sessions (tests only; never in production). */
  testFixtures: boolean;
  rateLimit: {
    perMinute: number;
    otpPerMinute: number;
    otpPerMobilePerMinute: number;
    /** IPv6 clients are counted by this prefix (/64: one home or phone connection); IPv4 by address. */
    ipv6Prefix: number;
  };
  /** Largest body of a call without files; upload calls have their own (plugins/body-limits.ts). */
  bodyLimit: number;
  jsonMaxDepth: number;
  /** Fastify's trustProxy: false (the socket's address), a hop count, or trusted addresses/ranges. */
  trustProxy: TrustProxy;
  staffLogin: { maxFailures: number; lockoutSeconds: number; delaySeconds: number };
  /** Staff sign-in's second factor: required of every account, or only of enrolled ones. */
  staffMfa: { mode: 'required' | 'optional'; issuer: string };
  /** How long a staff invitation or password link works (hours). */
  staffInvitationHours: number;
  /** /metrics and /docs: open, or behind a token and/or only on a separate listen address. */
  ops: { protect: boolean; token?: string; listen?: { host: string; port: number } };
  declarationSwitches: 3 | 5;
  maxNominees?: number;
  verificationDays: '1-2' | '7-10';
  esignWindowSeconds: number;
  upiEnabled: boolean;
  upiCollectEnabled: boolean;
  residentOnly: boolean;
  openAccountUrl: string;
  backofficeAdmin: { email?: string; password?: string };
  sandboxSkipHeavyChecks: boolean;
  /** A different staff member confirms the approval and activates the account (maker-checker). */
  fourEyes: boolean;
  /** The review queue: claim idle lapse and waiting-age colour thresholds. */
  backoffice: {
    claimIdleMinutes: number;
    slaAmberHours: number;
    slaRedHours: number;
    /** The reports' turnaround target: a decision taking longer (in working hours) is an SLA breach. */
    slaWorkingHours: number;
    evidenceBundlesPerHour: number;
    /** A send-back left unanswered closes after this many days, with reminders the listed days before. */
    sendBackExpiryDays: number;
    sendBackReminderDays: number[];
  };
  /** SMS reminders to applicants who stopped before signing (modules/reminders); max 0: none. */
  reminders: { afterHours: number; max: number; sweepMinutes: number };
  /** A provider webhook's timestamp may be at most this far from now (seconds); older is a replay. */
  webhookMaxAgeSeconds: number;
  faceMatchThreshold: number;
  locationOutsideIndia: 'refuse' | 'review';
  livenessActions: ('read_code' | 'turn_head')[];
  idempotency: { ttlHours: number; leaseSeconds: number };
  /** Applications abandoned before signing: purged after these days, with a notice this many days before. */
  retention: { abandonedPurgeDays: number; abandonedNoticeDays: number };
  storageMinFreeBytes: number;
  /** Per-provider limits: calls a second (per process) and a day (across processes). */
  providerLimits: Record<string, ProviderLimit>;
  /** Provider failover and the sign-up waiting room (the ESIGN_VENDORS, PROVIDER_BREAKER_* and WAITING_ROOM_* block). */
  surge: SurgeConfig;
  /** OpenTelemetry traces over OTLP/HTTP, or null (off: the tracing code is not even loaded). */
  tracing: TracingConfig | null;
  /** Timeouts of outside provider calls: a default and per provider (milliseconds). */
  providerTimeouts: { defaultMs: number; byProvider: Record<string, number> };
  /** Sandbox faults per provider (empty outside sandbox mode). */
  sandboxFaults: Record<string, SandboxFault>;
  /** Where the sandbox providers answer: another process of this app, or (unset) this one. */
  sandboxProvidersUrl?: string;
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  webDist: string;
  /** The broker's documents of the welcome kit (WELCOME_KIT_DIR). */
  welcomeKitDir?: string;
  /** The broker's registrations (BROKER_*): the platform's SAMPLE values, marked so, until configured. */
  broker: BrokerRegistrations;
  /** How often the MNRL file is read again (MNRL_RELOAD_MINUTES; its source is MNRL_SOURCE). */
  mnrlReloadMinutes: number;
  /**
   * Provider credentials and base URLs (MSG91_*, PAN_*, DIGILOCKER_*, ...), read by each production
   * adapter's factory from this one snapshot of the environment.
   */
  providerEnv: Readonly<Record<string, string | undefined>>;
  /** The registrations after approval (docs/registrations.md). */
  registrations: {
    depository: 'CDSL' | 'NSDL';
    codeTablesFile?: string;
    pollSeconds: number;
    retryLimit: number;
    leaseSeconds: number;
    worker: boolean;
    sandboxDelayMs: number;
    /** Send MCX UCCs in the unverified layout with production providers (REGISTRATIONS_MCX_UNVERIFIED). */
    mcxUnverified: boolean;
  };
  /** How the API behaves while Redis is unreachable (docs/operations.md). */
  redisDown: {
    publishTimeoutMs: number;
    otpRateLimit: RedisDownMode;
  };
}

export interface SessionLifetime {
  idleSeconds: number;
  absoluteSeconds: number;
  maxConcurrent: number;
}

/** A rate limit while Redis is unreachable: let requests through, count per process, or refuse. */
export type RedisDownMode = 'open' | 'local' | 'closed';

export interface SurgeConfig {
  /** E-sign service providers, in the order they are tried. */
  esignVendors: string[];
  breaker: { failures: number; halfOpenAfterMs: number };
  waitingRoom: { maxInFlight: number | undefined; maxEventLoopDelayMs: number; retrySeconds: number };
}

export class ConfigError extends Error {}

export type SandboxFault = { kind: 'timeout' | '500' | 'unreachable' } | { kind: 'slow'; ms: number };

/** The broker's registrations as configured, or the platform's samples (marked as such) where not. */
function brokerRegistrations(e: z.infer<typeof envSchema>): BrokerRegistrations {
  const configured = Boolean(e.BROKER_SEBI_REGISTRATION && e.BROKER_EXCHANGE_MEMBER_CODES && e.BROKER_DP_ID);
  return {
    broker_name: e.BROKER_NAME ?? 'Sample Broking Private Limited',
    sebi_registration: e.BROKER_SEBI_REGISTRATION ?? 'INZ000000000',
    exchange_member_codes: pairs(e.BROKER_EXCHANGE_MEMBER_CODES ?? 'NSE=00000,BSE=0000', '=').map(
      ([exchange, code]) => ({
        exchange,
        code,
      }),
    ),
    dp_id: e.BROKER_DP_ID ?? '12000000',
    sample: !configured,
  };
}

const pairs = (list: string, sep: string) =>
  list
    .split(',')
    .filter(Boolean)
    .map((p) => [p.slice(0, p.indexOf(sep)), p.slice(p.indexOf(sep) + 1)] as const);

function parseFaults(list: string): Record<string, SandboxFault> {
  const faults: Record<string, SandboxFault> = {};
  for (const [name, f] of pairs(list, ':'))
    faults[name] = f.startsWith('slow')
      ? { kind: 'slow', ms: Number(f.split('=')[1] ?? 3000) }
      : { kind: f as 'timeout' | '500' | 'unreachable' };
  return faults;
}

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false/off/0, a hop count (1, 2…), or a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (!value || ['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (['true', 'yes', 'on', '*'].includes(value.toLowerCase()))
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: trusting every proxy lets any client choose its address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !validProxyEntry(e));
  if (bad.length)
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: not an address, CIDR range, hop count or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
    );
  return entries;
}

/** OPS_LISTEN: "9100" or "127.0.0.1:9100" or "[::1]:9100". */
function parseListen(raw: string | undefined, host: string): { host: string; port: number } | undefined {
  if (!raw?.trim()) return undefined;
  const m = /^(?:\[([^\]]+)\]:|([^:]+):)?(\d{1,5})$/.exec(raw.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535)
    throw new ConfigError(
      'Invalid configuration:\n  OPS_LISTEN: use a port ("9100") or host and port ("127.0.0.1:9100")',
    );
  return { host: m[1] ?? m[2] ?? host, port };
}

/** Secrets for the embedded mode: generated once and kept beside the data, never in production. */
function embeddedSecrets(dataDir: string, inMemory: boolean): { secretKey: string; encryptionKey: string } {
  const fresh = () => ({
    secretKey: randomBytes(32).toString('base64'),
    encryptionKey: randomBytes(32).toString('base64'),
  });
  if (inMemory) return fresh();
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { secretKey: string; encryptionKey: string };
  mkdirSync(dataDir, { recursive: true });
  const secrets = fresh();
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const inMemory = e.DATA_DIR === 'memory://';
  const dataDir = inMemory ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const sandbox = e.EKYC_PROVIDERS === 'sandbox';

  if (production && !e.EKYC_ALLOW_INSECURE) {
    const problems: string[] = [];
    if (sandbox) problems.push('EKYC_PROVIDERS=sandbox (set EKYC_PROVIDERS=production)');
    if (!e.SECRET_KEY) problems.push('SECRET_KEY is missing');
    if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY is missing');
    if (e.SANDBOX_FAULTS) problems.push('SANDBOX_FAULTS is set (a sandbox setting)');
    if (e.SANDBOX_PROVIDERS_URL) problems.push('SANDBOX_PROVIDERS_URL is set (a sandbox setting)');
    if (e.STAFF_MFA === 'optional') problems.push('STAFF_MFA=optional (staff sign-in needs a second factor)');
    if (!e.BROKER_NAME || !e.BROKER_SEBI_REGISTRATION || !e.BROKER_EXCHANGE_MEMBER_CODES || !e.BROKER_DP_ID)
      problems.push('BROKER_NAME, BROKER_SEBI_REGISTRATION, BROKER_EXCHANGE_MEMBER_CODES and BROKER_DP_ID are needed');
    if (problems.length)
      throw new ConfigError(
        `Refusing a production start:\n  ${problems.join('\n  ')}\nSet EKYC_ALLOW_INSECURE=true only for a staging system.`,
      );
  }
  if (e.STAFF_PASSWORD_SCRYPT_LOG_N < 15 && e.NODE_ENV !== 'test')
    throw new ConfigError('STAFF_PASSWORD_SCRYPT_LOG_N below 15 is for automated tests only (NODE_ENV=test).');
  if (production && e.EKYC_TEST_FIXTURES)
    throw new ConfigError('Refusing a production start: EKYC_TEST_FIXTURES is for automated tests only.');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const opsListen = parseListen(e.OPS_LISTEN, e.HOST);
  const generated = e.SECRET_KEY && e.ENCRYPTION_KEY ? null : embeddedSecrets(dataDir, inMemory);
  const s3 =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined;

  return {
    env: e.NODE_ENV,
    replyCheck: e.REPLY_CHECK ?? ({ production: 'off', test: 'check', development: 'warn' } as const)[e.NODE_ENV],
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    inMemory,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    // one core is the event loop's: the others, up to four, render documents
    documentWorkerThreads: e.DOCUMENT_WORKER_THREADS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
    pdfInspection: { timeoutMs: e.PDF_INSPECT_TIMEOUT_MS, maxDecodedBytes: e.PDF_INSPECT_MAX_DECODED_MB * 1024 * 1024 },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    staffPasswordLogN: e.STAFF_PASSWORD_SCRYPT_LOG_N,
    providers: e.EKYC_PROVIDERS,
    sandbox,
    allowInsecure: e.EKYC_ALLOW_INSECURE,
    secretKey: Buffer.from(e.SECRET_KEY ?? generated!.secretKey, 'base64'),
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? generated!.encryptionKey, 'base64'),
    encryptionKeysOld: (e.ENCRYPTION_KEYS_OLD ?? '')
      .split(',')
      .filter(Boolean)
      .map((k) => Buffer.from(k.trim(), 'base64')),
    logLevel: e.LOG_LEVEL,
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      sendsPerHour: e.OTP_SENDS_PER_HOUR,
      countdownSeconds: 30,
      resendCountdownSeconds: 20,
    },
    session: {
      applicant: {
        idleSeconds: e.SESSION_IDLE_SECONDS,
        absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
        maxConcurrent: e.SESSION_MAX_CONCURRENT,
      },
      client: {
        idleSeconds: e.SESSION_IDLE_SECONDS,
        absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
        maxConcurrent: e.SESSION_MAX_CONCURRENT,
      },
      staff: {
        idleSeconds: e.STAFF_SESSION_IDLE_SECONDS,
        absoluteSeconds: e.STAFF_SESSION_ABSOLUTE_SECONDS,
        maxConcurrent: e.STAFF_SESSION_MAX_CONCURRENT,
      },
      socketsPerSession: e.SOCKETS_PER_SESSION,
      fileLinkSeconds: e.FILE_LINK_SECONDS,
    },
    staffPasswordMinScore: e.STAFF_PASSWORD_MIN_SCORE,
    testFixtures: e.EKYC_TEST_FIXTURES && e.EKYC_PROVIDERS === 'sandbox',
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      otpPerMinute: e.OTP_RATE_LIMIT_PER_MINUTE,
      otpPerMobilePerMinute: e.OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE,
      ipv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    jsonMaxDepth: e.JSON_MAX_DEPTH,
    trustProxy,
    staffLogin: {
      maxFailures: e.STAFF_LOGIN_MAX_FAILURES,
      lockoutSeconds: e.STAFF_LOGIN_LOCKOUT_SECONDS,
      delaySeconds: e.STAFF_LOGIN_DELAY_SECONDS,
    },
    staffMfa: { mode: e.STAFF_MFA ?? (sandbox ? 'optional' : 'required'), issuer: e.STAFF_MFA_ISSUER },
    staffInvitationHours: e.STAFF_INVITATION_HOURS,
    ops: {
      protect: production || Boolean(e.OPS_TOKEN) || Boolean(opsListen),
      token: e.OPS_TOKEN,
      listen: opsListen,
    },
    declarationSwitches: e.DECLARATION_SWITCHES,
    ...(e.MAX_NOMINEES !== undefined && { maxNominees: e.MAX_NOMINEES }),
    verificationDays: e.VERIFICATION_DAYS,
    // the spec's 120 s in the sandbox; an ESP's own session is longer in production
    esignWindowSeconds: e.ESIGN_WINDOW_SECONDS ?? (sandbox ? ESIGN_WINDOW_S : 900),
    upiEnabled: e.UPI_ENABLED,
    upiCollectEnabled: e.UPI_COLLECT_ENABLED,
    residentOnly: e.RESIDENT_ONLY,
    openAccountUrl: e.OPEN_ACCOUNT_URL,
    backofficeAdmin: { email: e.BACKOFFICE_ADMIN_EMAIL, password: e.BACKOFFICE_ADMIN_PASSWORD },
    sandboxSkipHeavyChecks: e.SANDBOX_SKIP_HEAVY_CHECKS,
    fourEyes: e.FOUR_EYES ?? !sandbox,
    backoffice: {
      claimIdleMinutes: e.BACKOFFICE_CLAIM_IDLE_MINUTES,
      slaAmberHours: e.BACKOFFICE_SLA_AMBER_HOURS,
      slaRedHours: e.BACKOFFICE_SLA_RED_HOURS,
      slaWorkingHours: e.BACKOFFICE_SLA_WORKING_HOURS,
      evidenceBundlesPerHour: e.EVIDENCE_BUNDLES_PER_HOUR,
      sendBackExpiryDays: e.SEND_BACK_EXPIRY_DAYS,
      sendBackReminderDays: e.SEND_BACK_REMINDER_DAYS.filter((d) => d < e.SEND_BACK_EXPIRY_DAYS),
    },
    reminders: {
      afterHours: e.REMINDER_AFTER_HOURS,
      max: e.REMINDER_MAX,
      sweepMinutes: e.REMINDER_SWEEP_MINUTES,
    },
    webhookMaxAgeSeconds: e.WEBHOOK_MAX_AGE_SECONDS,
    faceMatchThreshold: e.FACE_MATCH_THRESHOLD,
    locationOutsideIndia: e.KYC_LOCATION_OUTSIDE_INDIA,
    livenessActions: e.KYC_LIVENESS_ACTIONS,
    idempotency: { ttlHours: e.IDEMPOTENCY_TTL_HOURS, leaseSeconds: e.IDEMPOTENCY_LEASE_SECONDS },
    retention: {
      abandonedPurgeDays: e.ABANDONED_PURGE_DAYS,
      abandonedNoticeDays: Math.min(e.ABANDONED_NOTICE_DAYS, e.ABANDONED_PURGE_DAYS - 1),
    },
    storageMinFreeBytes: e.STORAGE_MIN_FREE_MB * 1024 * 1024,
    providerLimits: parseProviderLimits(e.PROVIDER_LIMITS),
    surge: {
      esignVendors: e.ESIGN_VENDORS?.split(',') ?? (sandbox ? ['esign', 'esign-alt'] : ['esign']),
      breaker: { failures: e.PROVIDER_BREAKER_FAILURES, halfOpenAfterMs: e.PROVIDER_BREAKER_HALF_OPEN_SECONDS * 1000 },
      waitingRoom: {
        maxInFlight: e.WAITING_ROOM_MAX_IN_FLIGHT,
        maxEventLoopDelayMs: e.WAITING_ROOM_MAX_EVENT_LOOP_DELAY_MS,
        retrySeconds: e.WAITING_ROOM_RETRY_SECONDS,
      },
    },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, ''),
          serviceName: e.OTEL_SERVICE_NAME,
          sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
        }
      : null,
    providerTimeouts: {
      defaultMs: e.PROVIDER_TIMEOUT_MS,
      byProvider: Object.fromEntries(pairs(e.PROVIDER_TIMEOUTS, '=').map(([n, ms]) => [n, Number(ms)])),
    },
    sandboxFaults: sandbox ? parseFaults(e.SANDBOX_FAULTS) : {},
    sandboxProvidersUrl: sandbox ? e.SANDBOX_PROVIDERS_URL?.replace(/\/$/, '') : undefined,
    s3,
    providerEnv: Object.freeze({ ...source }),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    ...(e.WELCOME_KIT_DIR && { welcomeKitDir: path.resolve(e.WELCOME_KIT_DIR) }),
    broker: brokerRegistrations(e),
    mnrlReloadMinutes: e.MNRL_RELOAD_MINUTES,
    registrations: {
      depository: e.REGISTRATIONS_DEPOSITORY,
      codeTablesFile: e.REGISTRATIONS_CODE_TABLES,
      pollSeconds: e.REGISTRATIONS_POLL_SECONDS ?? (sandbox ? 1 : 300),
      retryLimit: e.REGISTRATIONS_RETRY_LIMIT,
      leaseSeconds: e.REGISTRATIONS_LEASE_SECONDS,
      worker: e.REGISTRATIONS_WORKER,
      sandboxDelayMs: e.REGISTRATIONS_SANDBOX_DELAY_MS,
      mcxUnverified: e.REGISTRATIONS_MCX_UNVERIFIED,
    },
    redisDown: {
      publishTimeoutMs: e.REDIS_PUBLISH_TIMEOUT_MS,
      otpRateLimit: e.OTP_RATE_LIMIT_WITHOUT_REDIS,
    },
  };
}
