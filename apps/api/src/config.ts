/** Configuration: the environment is parsed once here and the typed object is handed to everything. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  REDIS_URL: z.string().optional(),
  EKYC_PROVIDERS: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Lets a production start run with sandbox providers or generated secrets: for staging only. */
  EKYC_ALLOW_INSECURE: bool.default(false),
  SECRET_KEY: key32.optional(),
  ENCRYPTION_KEY: key32.optional(),
  /** Older encryption keys, comma-separated, still readable during a key rotation. */
  ENCRYPTION_KEYS_OLD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(5),
  OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24),
  SESSION_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(60 * 60 * 24 * 30),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  OTP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /** Declarations: 3 required switches in one reading of the spec, 5 in the other. */
  DECLARATION_SWITCHES: z
    .enum(['3', '5'])
    .default('3')
    .transform((v) => Number(v) as 3 | 5),
  /** SEBI now allows up to 10 nominees; the spec's screens show 3. */
  MAX_NOMINEES: z.coerce.number().int().min(1).max(10).default(3),
  /** Verification time shown to applicants: '1-2' working days or '7-10' business days. */
  VERIFICATION_DAYS: z.enum(['1-2', '7-10']).default('1-2'),
  /** E-sign window: 120 s in most places, 90 s in one error text (both readings). */
  ESIGN_WINDOW_SECONDS: z.coerce.number().int().min(30).max(900).default(120),
  /** UPI offered as live (routes) or as 'coming soon' (some texts). */
  UPI_ENABLED: bool.default(true),
  /** Resident individuals only, or also the FAQ's non-residents (both readings). */
  RESIDENT_ONLY: bool.default(true),
  OPEN_ACCOUNT_URL: z.string().default('/'),
  BACKOFFICE_ADMIN_EMAIL: z.email().optional(),
  BACKOFFICE_ADMIN_PASSWORD: z.string().min(12).optional(),
  /** Switch off the sandbox's simulated heavy work (OCR, face check) for journey benchmarks. */
  SANDBOX_SKIP_HEAVY_CHECKS: bool.default(false),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('ap-south-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Longest wait for Redis to take a socket push; an undelivered push is dropped (sockets re-read on reconnect). */
  REDIS_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  /** With Redis unreachable, the general rate limit: open (let through), local (count per process), closed (refuse). */
  RATE_LIMIT_WITHOUT_REDIS: z.enum(['open', 'local', 'closed']).default('local'),
  /** The same for the OTP and staff-login limits. */
  OTP_RATE_LIMIT_WITHOUT_REDIS: z.enum(['open', 'local', 'closed']).default('local'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** True when data lives only in memory (tests). */
  inMemory: boolean;
  databaseUrl?: string;
  databasePoolMax: number;
  redisUrl?: string;
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
  session: { idleSeconds: number; absoluteSeconds: number };
  rateLimit: { perMinute: number; otpPerMinute: number };
  bodyLimit: number;
  declarationSwitches: 3 | 5;
  maxNominees: number;
  verificationDays: '1-2' | '7-10';
  esignWindowSeconds: number;
  upiEnabled: boolean;
  residentOnly: boolean;
  openAccountUrl: string;
  backofficeAdmin: { email?: string; password?: string };
  sandboxSkipHeavyChecks: boolean;
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  webDist: string;
  /**
   * Provider credentials and base URLs (MSG91_*, PAN_*, DIGILOCKER_*, ...), read by each production
   * adapter's factory from this one snapshot of the environment.
   */
  providerEnv: Readonly<Record<string, string | undefined>>;
  /** How the API behaves while Redis is unreachable (docs/operations.md). */
  redisDown: {
    publishTimeoutMs: number;
    rateLimit: RedisDownMode;
    otpRateLimit: RedisDownMode;
  };
}

/** A rate limit while Redis is unreachable: let requests through, count per process, or refuse. */
export type RedisDownMode = 'open' | 'local' | 'closed';

export class ConfigError extends Error {}

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
    if (problems.length)
      throw new ConfigError(
        `Refusing a production start:\n  ${problems.join('\n  ')}\nSet EKYC_ALLOW_INSECURE=true only for a staging system.`,
      );
  }
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
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    inMemory,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
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
    session: { idleSeconds: e.SESSION_IDLE_SECONDS, absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS },
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, otpPerMinute: e.OTP_RATE_LIMIT_PER_MINUTE },
    bodyLimit: e.BODY_LIMIT_BYTES,
    declarationSwitches: e.DECLARATION_SWITCHES,
    maxNominees: e.MAX_NOMINEES,
    verificationDays: e.VERIFICATION_DAYS,
    esignWindowSeconds: e.ESIGN_WINDOW_SECONDS,
    upiEnabled: e.UPI_ENABLED,
    residentOnly: e.RESIDENT_ONLY,
    openAccountUrl: e.OPEN_ACCOUNT_URL,
    backofficeAdmin: { email: e.BACKOFFICE_ADMIN_EMAIL, password: e.BACKOFFICE_ADMIN_PASSWORD },
    sandboxSkipHeavyChecks: e.SANDBOX_SKIP_HEAVY_CHECKS,
    s3,
    providerEnv: Object.freeze({ ...source }),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    redisDown: {
      publishTimeoutMs: e.REDIS_PUBLISH_TIMEOUT_MS,
      rateLimit: e.RATE_LIMIT_WITHOUT_REDIS,
      otpRateLimit: e.OTP_RATE_LIMIT_WITHOUT_REDIS,
    },
  };
}
