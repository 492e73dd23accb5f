/** Builds the real app on an in-memory PGlite and drives it like a client would. */
import path from 'node:path';
import { Writable } from 'node:stream';
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DepsOverrides } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import { generateSandboxPki, type SandboxPki } from '../../src/documents/signing/sandbox-pki.ts';
import { migratedPglite } from './pglite-template.ts';

// each test file's Redis keys and channels, apart from every other file's and process's on the same
// Redis (files share this module when a worker runs several of them)
const RUN = Math.random().toString(36).slice(2, 10);
const redisKeyPrefix = () =>
  `test-${process.pid}-${RUN}-${createHash('sha256')
    .update(expect.getState().testPath ?? '')
    .digest('hex')
    .slice(0, 8)}:`;

/**
 * The key pair of every app and child process on the shared PostgreSQL server of the server-mode
 * suite: each must read the rows the others wrote (whole-database checks decrypt every row).
 */
export const SHARED_DATABASE_KEYS = {
  SECRET_KEY: Buffer.alloc(32, 11).toString('base64'),
  ENCRYPTION_KEY: Buffer.alloc(32, 12).toString('base64'),
};

export async function testApp(
  env: Record<string, string> = {},
  overrides: DepsOverrides = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    // the API alone: the tests of serving the web app give a build of their own (a checkout's
    // apps/web/dist, when there is one, added some 600 routes to every test app, or half of one while
    // the browser tests' build wrote it)
    WEB_DIST: '/nonexistent',
    // the test-only fixtures (staff accounts, signed-in applicants at a stage); a test may switch them
    // off, and a production start never has them
    EKYC_TEST_FIXTURES: String(env.NODE_ENV !== 'production'),
    RATE_LIMIT_PER_MINUTE: '100000',
    OTP_RATE_LIMIT_PER_MINUTE: '100000',
    OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: '100000',
    // the sandboxes' own work (the face model above all) can take longer than the 5 s default on a
    // busy test machine; the tests of timeouts set theirs
    PROVIDER_TIMEOUT_MS: '30000',
    // forms render inline: a worker thread's start costs more than one test's forms (form-pool.test.ts covers the pool)
    DOCUMENT_WORKER_THREADS: '0',
    // staff password hashes at a test-only cost (the start refuses it outside NODE_ENV=test)
    ...((env.NODE_ENV ?? 'test') === 'test' && { STAFF_PASSWORD_SCRYPT_LOG_N: '10' }),
    // on a shared PostgreSQL server every test app must read the rows the others wrote: one key pair
    // and only the files that wait for registrations run a registrations worker: the queue is shared
    // too, and a worker takes any file's steps (to its own sandbox, which may be set to fail or hang)
    ...(process.env.TEST_DATABASE_URL && {
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      ...SHARED_DATABASE_KEYS,
      REGISTRATIONS_WORKER: 'false',
    }),
    ...(process.env.TEST_REDIS_URL && { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: redisKeyPrefix() }),
    ...env,
  });
  // an embedded database starts from the migrated template instead of running every migration
  const database = overrides.database ?? (config.inMemory && !config.databaseUrl ? await migratedPglite() : undefined);
  const app = await buildApp(config, { ...overrides, ...(database && { database }) });
  if (process.env.TEST_DATABASE_URL) watchSlowRequests(app);
  return app;
}

/**
 * On the shared server of the server-mode suite (its logs silent), a request still unanswered after
 * 20 s, and the error behind a 500, are named on stderr, so a failure there says where it is.
 */
function watchSlowRequests(app: FastifyInstance) {
  const inFlight = new Map<string, { url: string; at: number; told: boolean; error?: Error }>();
  app.addHook('onRequest', async (req) => {
    inFlight.set(req.id, { url: `${req.method} ${req.url.split('?')[0]}`, at: Date.now(), told: false });
  });
  app.addHook('onError', async (req, _reply, error) => {
    const r = inFlight.get(req.id);
    if (r) r.error = error;
  });
  app.addHook('onResponse', async (req, reply) => {
    const r = inFlight.get(req.id);
    inFlight.delete(req.id);
    if (reply.statusCode === 500) console.error(`[server error] ${r?.url} answered 500:`, r?.error ?? '(no error)');
  });
  const timer = setInterval(() => {
    for (const r of inFlight.values()) {
      if (r.told || Date.now() - r.at < 20_000) continue;
      r.told = true;
      console.error(`[slow request] ${r.url} unanswered after 20 s in ${expect.getState().testPath ?? '?'}`);
    }
  }, 5_000).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

// Vitest numbers the workers running at once from 1: the number's second digit keeps theirs apart
// (server mode shares one database between them), and the rest only ever grows within a worker
const worker = Number(process.env.VITEST_POOL_ID ?? 0) % 10;
let last = 0;
/** A valid, unique mobile number for each call in a run. */
/** A log stream for testApp's `logStream` that keeps each line the app writes, in order. */
export function logLines(): { lines: string[]; logStream: Writable } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logStream };
}

export function uniqueMobile(): string {
  last = Math.max(last + 1, Date.now());
  return `9${worker}${String(last % 100_000_000).padStart(8, '0')}`;
}

/** A reviewer signed in to the back office (a sandbox fixture: works on a fresh or a shared database). */
export async function reviewerToken(
  app: FastifyInstance,
  email: string,
  role: 'reviewer' | 'checker' | 'supervisor' | 'compliance' | 'admin' = 'reviewer',
): Promise<string> {
  const password = 'Reviewer-Desk-Passphrase-4417';
  await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/staff',
    payload: { email, name: `Rita ${role}`, role, password },
  });
  return signInStaff(app, email, password);
}

/** What the tests' "authenticator app" holds per staff email: the secret, the last step used, spare recovery codes. */
const authenticators = new Map<string, { secret: string; lastStep: number; recoveryCodes: string[] }>();

/**
 * A staff member's sign-in as the back office does it: the password, then, when the server asks
 * for a second factor, the code an authenticator app would show (otplib), enrolling first if need
 * be. Each sign-in uses a time step the account has not used (or a recovery code). The token.
 */
export async function signInStaff(app: FastifyInstance, email: string, password: string): Promise<string> {
  const post = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url: `/api/v1/backoffice/${url}`, payload })).json() as {
      data: {
        token?: string;
        mfa?: 'verify' | 'enrol';
        challenge?: string;
        secret?: string;
        recovery_codes?: string[];
      };
    };
  const first = (await post('login', { email, password })).data;
  if (!first.mfa) return first.token!;
  if (first.mfa === 'enrol') {
    const { secret } = (await post('login/mfa/enrol', { challenge: first.challenge! })).data;
    authenticators.set(email, { secret: secret!, lastStep: 0, recoveryCodes: [] });
  }
  const app_ = authenticators.get(email);
  if (!app_) throw new Error(`no authenticator enrolled for ${email} in this run`);
  const step = Math.floor(Date.now() / 30_000);
  // the server allows 30 s of drift either way: the next step's code serves a second sign-in in the same step
  const use = app_.lastStep < step ? step : app_.lastStep < step + 1 ? step + 1 : null;
  const code = use === null ? app_.recoveryCodes.shift()! : await generate({ secret: app_.secret, epoch: use * 30 });
  if (use !== null) app_.lastStep = use;
  const done = (await post('login/mfa', { challenge: first.challenge!, code })).data;
  if (done.recovery_codes) app_.recoveryCodes = done.recovery_codes;
  if (!done.token) throw new Error(`the second factor of ${email} was refused`);
  return done.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A stored file's link as its owner, signed in, would be given it (links are bound to a live session). */
export async function ownerFileLink(app: FastifyInstance, fileId: string): Promise<string> {
  const file = await app.deps.records.readFile(fileId);
  if (!file?.applicantId) throw new Error(`no applicant's file ${fileId}`);
  const { sessionId } = await app.deps.sessions.create('applicant', file.applicantId);
  return app.deps.records.fileUrl({ $file: fileId }, sessionId);
}

export async function latestOtp(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${encodeURIComponent(to)}` });
  // the newest message carrying a code: another message (an activation SMS sent by the
  // registrations worker a moment later) may be newer
  const list = res.json() as { otp: string | null }[];
  const otp = list.find((m) => m.otp)?.otp;
  if (!otp) throw new Error(`no OTP in the outbox for ${to}`);
  return otp;
}

export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<{ statusCode: number; body: { status: boolean; message: string; data: T } }> {
  const res = await app.inject({
    method,
    url: `/api/v1/ekyc/${path}`,
    query: options.query,
    headers: options.token ? bearer(options.token) : {},
    ...(options.body !== undefined && { payload: options.body as object }),
  });
  return { statusCode: res.statusCode, body: res.json() };
}

/** Signs up a new applicant by mobile OTP; returns the token. */
export async function signUp(
  app: FastifyInstance,
  mobile = uniqueMobile(),
): Promise<{ token: string; mobile: string }> {
  await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: false } });
  const otp = await latestOtp(app, mobile);
  const res = await call<{ token: string }>(app, 'POST', 'verify-otp', { body: { mobile, otp } });
  if (!res.body.status) throw new Error(`sign-up failed: ${res.body.message}`);
  return { token: res.body.data.token, mobile };
}

/** Signs up and verifies an email: the applicant arrives at PAN verification (stage 130). */
export async function signUpWithEmail(app: FastifyInstance): Promise<{ token: string; mobile: string; email: string }> {
  const { token, mobile } = await signUp(app);
  const email = `applicant${mobile}@example.com`;
  await call(app, 'POST', 'send-otp', { token, body: { email } });
  const otp = await latestOtp(app, email);
  const res = await call(app, 'POST', 'verify-otp-email', { token, body: { email, otp } });
  if (!res.body.status) throw new Error(`email verification failed: ${res.body.message}`);
  return { token, mobile, email };
}

let madePki: SandboxPki | null = null;
/** A certifying authority for production-mode tests (stands for CCA India and the ESP), made on first use. */
export const testPki = () => (madePki ??= generateSandboxPki());

/**
 * Credentials every production adapter needs to start: a production-mode app in tests is built
 * with these (each provider adds its own variables here).
 */

/** An evidence signing key for a production start (EVIDENCE_SIGNING_KEY). */
export const EVIDENCE_KEY = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

export const PRODUCTION_PROVIDER_ENV: Record<string, string> = {
  EKYC_PROVIDERS: 'production',
  MNRL_SOURCE: path.join(import.meta.dirname, '..', 'fixtures', 'mnrl', 'list.csv'),
  SCREENING_SEBI_SOURCE: path.join(import.meta.dirname, '..', 'fixtures', 'screening', 'sebi-debarred.csv'),
  SCREENING_UN_SOURCE: path.join(import.meta.dirname, '..', 'fixtures', 'screening', 'un-consolidated.xml'),
  MSG91_AUTH_KEY: 'test-key',
  MSG91_SENDER_ID: 'OPNDMT',
  MSG91_TEMPLATE_OTP: 'tpl-otp',
  MSG91_TEMPLATE_DECISION: 'tpl-decision',
  MAIL_API_KEY: 'test-mail-key',
  MAIL_FROM: 'no-reply@example.com',
  TSA_URL: 'https://tsa.example.com/tsr',
  HYPERVERGE_APP_ID: 'test-hv-app',
  HYPERVERGE_APP_KEY: 'test-hv-key',
  HYPERVERGE_WORKFLOW_ID: 'selfie_liveness',
  HYPERVERGE_MODULE_URL: 'https://liveness.example.com/module',
  ESIGN_ESP_URL: 'https://esp.example.com/esign/2.1/signdoc',
  ESIGN_ASP_ID: 'TEST-ASP',
  PAN_BASE_URL: 'https://pan.example.com',
  PAN_USER_ID: 'test-pan-user',
  PAN_API_KEY: 'test-pan-key',
  KRA_BASE_URL: 'https://kra.example.com',
  KRA_USER_NAME: 'test-kra-user',
  KRA_PASS_KEY: 'test-kra-key',
  DIGILOCKER_CLIENT_ID: 'test-digilocker-client',
  DIGILOCKER_CLIENT_SECRET: 'test-digilocker-secret',
  DIGILOCKER_EAADHAAR_SIGNER_SUBJECT: 'C=IN, O=National e-Governance Division, CN=DS NATIONAL E-GOVERNANCE DIVISION 1',
  MARKET_DATA_BASE_URL: 'https://quotes.example.com/v1',
  MARKET_DATA_API_KEY: 'test-quotes-key',
  MARKET_DATA_ACCESS_TOKEN: 'test-quotes-token',
  TRADING_PLATFORM_URL: 'https://oms.example.com/admin/v1',
  TRADING_PLATFORM_API_KEY: 'test-oms-key',
  BACK_OFFICE_URL: 'https://backoffice.example.com/api/v1',
  BACK_OFFICE_API_KEY: 'test-back-office-key',
  AA_BASE_URL: 'https://aa.example.com/api',
  AA_WEBVIEW_URL: 'https://aa.example.com/webview',
  AA_FIU_ID: 'test-fiu',
  AA_HANDLE: 'testaa',
  AA_CLIENT_API_KEY: 'test-aa-key',
  AA_REDIRECTION_SECRET: '0123456789abcdef0123456789abcdef',
  AA_ID: 'test-aa',
  AA_CR_URL: 'https://cr.example.com/cr',
  AA_JWS_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  CASHFREE_CLIENT_ID: 'test-cashfree-id',
  CASHFREE_CLIENT_SECRET: 'test-cashfree-secret',
  SETU_UPI_CLIENT_ID: 'test-setu-id',
  SETU_UPI_SECRET: 'test-setu-secret',
  SETU_UPI_PRODUCT_INSTANCE_ID: 'test-setu-instance',
  UPI_WEBHOOK_SECRET: 'test-upi-webhook-secret',
  SETU_UPI_MERCHANT_ID: 'test-setu-merchant',
  SETU_UPI_MERCHANT_VPA: 'broker@pineaxis',
  SETU_RPD_CLIENT_ID: 'test-rpd-id',
  SETU_RPD_SECRET: 'test-rpd-secret',
  SETU_RPD_PRODUCT_INSTANCE_ID: 'test-rpd-instance',
  SETU_RPD_WEBHOOK_USER: 'setu',
  SETU_RPD_WEBHOOK_PASSWORD: 'test-rpd-webhook-password',
  SETU_RPD_WEBHOOK_SECRET: 'test-rpd-webhook-secret',
  HYPERVERGE_WEB_SDK_URL: 'https://hv-web-sdk-cdn.hyperverge.co/hyperverge-web-sdk@9.0.0/src/sdk.min.js',
  MSG91_WHATSAPP_NUMBER: '919800000000',
  MSG91_WHATSAPP_TEMPLATE_OTP: 'account_otp',
  PAN_DSC_PASSWORD: 'test-dsc',
  KRA_API_KEY: 'test-kra-api-key',
  KRA_AES_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY',
  KRA_POS_CODE: '1100000001',
  KRA_PASSWORD: 'test-kra-password',
  KRA_UPLOAD_URL: 'https://kra-upload.example.com',
  KRA_IPV_NAME: 'TEST VERIFIER',
  KRA_IPV_DESIGNATION: 'KYC OFFICER',
  KRA_IPV_ORGANISATION: 'TEST BROKING',
  REGISTRATIONS_DP_NAME: 'TEST DP',
  NSE_UCC_URL: 'https://ucc.nse.example.com',
  NSE_MEMBER_CODE: '90001',
  NSE_UCC_API_KEY: 'test-nse-key',
  BSE_UCC_URL: 'https://ucc.bse.example.com/UCCService.svc',
  BSE_UCC_USER_ID: 'test-bse-user',
  BSE_MEMBER_CODE: '90001',
  BSE_UCC_PASSWORD: 'test-bse-password',
  MCX_UCC_URL: 'https://ucc.mcx.example.com',
  MCX_MEMBER_CODE: '90001',
  MCX_UCC_API_KEY: 'test-mcx-key',
  CDSL_BO_URL: 'https://bo.cdsl.example.com',
  CDSL_DP_ID: '12099900',
  CDSL_API_KEY: 'test-cdsl-key',
  CDSL_DDPI_ID: 'test-cdsl-ddpi',
  CDSL_TM_ID: 'test-cdsl-tm',
  /** A throwaway self-signed DSC (RSA 1024, test only) as a base64 .pfx. */
  PAN_DSC_PFX:
    'MIIFaQIBAzCCBS8GCSqGSIb3DQEHAaCCBSAEggUcMIIFGDCCAhcGCSqGSIb3DQEHAaCCAggEggIEMIICADCCAfwGCyqGSIb3DQEMCgEDoIIBxDCCAcAGCiqGSIb3DQEJFgGgggGwBIIBrDCCAagwggERoAMCAQICAQEwDQYJKoZIhvcNAQELBQAwGjEYMBYGA1UEAxMPVGVzdCBicm9rZXIgRFNDMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowGjEYMBYGA1UEAxMPVGVzdCBicm9rZXIgRFNDMIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDVrrKO/qvSL0el1V6m9UOfIAX4q+zkrQfy4JcJIzJu8bl5Afxv3HmFiDgjsnKPXf5YYDGKtzCKmzL3PHTjsX7Asmussuwm+f7okGPUZIoRc2EKVWfebFKBd4o3DOlD8T7p4ACpQa087zuruSKJLEeQIWNDYfqk+R9jnHIOxL9I3QIDAQABMA0GCSqGSIb3DQEBCwUAA4GBAI70z68sCukHMJHG0gMpm8BmDqIsd6FzK9OqBLc0BpMfg3g3SScw5tG/PsrQpz8LFikWXBk6okvFah3Ra7L2DBbByjLYfzYho44Xt5W826VncSQ6kfyLradFa/8khLJTWL0edt1oO9o5kZlEgLoNWZZ6YCWLB8OCyvYn/CRCvTXUMSUwIwYJKoZIhvcNAQkVMRYEFPOExiigx2qRZFeYOW5XSV+EuZPfMIIC+QYJKoZIhvcNAQcBoIIC6gSCAuYwggLiMIIC3gYLKoZIhvcNAQwKAQKgggKmMIICojAcBgoqhkiG9w0BDAEDMA4ECIw2zCO9lGYXAgIIAASCAoD68YQBADzfRbuP5MZ79tziNlLWaIUgRZKlpt6tDzTyE9RNXkoY8IWpKerCrMyBrbF5WuBfC8o1fJip1SwFACqDz2Jh3zxwqYyDa56L2oEsiD30RtNbkbF9oLziByDNASIWCSej6+iW1CJGSFRNJDo2sWgMNkX8fMqt2rpzzjldlZ6t7pG5T3Hc0XFCLV2URSn/1oP/QSc32sbGSWRvrlwj26LHI4o+mkrXFZ4hIVtcVTnT0NzM0ETosGgF4gXnQ7GIRkMaTVJ6LGjmxDYYYoqYX7w9Bn7AofKX2KHBvGcIqmK2EZkljVB0EwxL6Z/xOs4mtR43MwNXqdvqmYHChmKcw/zZyqKT0wR2Xd0L0Z7B2ruUQxc3+3pP4KtClYDE4tnyCfV9ZMku2C8dhNrN3qrEqTwUhsypgBdoWyL4udGmCGstnuAHXqdmlYJ9AXYCwkkMduEVN+38bE4I+F0paKMLCOiyevz3Lw2dkQdQbckJMDeDzeOxg/1w+fe6Iqu8/gkBPPn1cR0Kkl2uHv95/1ys3wFVMn4IZ5sVwXfp3uahr+GsEuhQAccuXI9TK6ExdsHWKoqYkQtN1mlIJ24/6Q/iFgjwaqNQVEBXQHb1lMEoPWjWNzYbgdvNRbOmBBpocx8Lfsh0UcjzJE4aBCrsLahSgaf3ILiYiJ6L7F2ErNryaWrWWdQx+E7t9OJyVJi6tw+h7x/pDtucN5MJ1JbgegFAoYHBq9TousNw6TY00NIKQ7PYQJBJbOrjZMnJiMODrwLdAWdGihlwh6d91Ddqq176O36dsC/0iX8EsM4E+0IHzG3GHwm7SZY9x2nD0/LesYPAUzlSjwryo7Fix3tjRONoMSUwIwYJKoZIhvcNAQkVMRYEFPOExiigx2qRZFeYOW5XSV+EuZPfMDEwITAJBgUrDgMCGgUABBTIkbwzQoksf/mUXjpcjcpsgeCKjgQIUu/X868VZhICAggA',
};
// keys and certificates are parsed at start: a test authority's, made when a test reads them
for (const [name, pem] of [
  ['ESIGN_ASP_KEY_PEM', () => testPki().asp.keyPem],
  ['ESIGN_ASP_CERT_PEM', () => testPki().asp.certPem],
  ['ESIGN_ESP_CERT_PEM', () => testPki().esp.certPem],
  ['ESIGN_TRUSTED_CA_PEMS', () => testPki().caCertPem],
  ['DIGILOCKER_TRUSTED_CA_PEMS', () => testPki().caCertPem],
] as const)
  Object.defineProperty(PRODUCTION_PROVIDER_ENV, name, { enumerable: true, get: pem });

/** The broker's documents at the versions in force, as the e-sign page acknowledges them (`key@version,...`). */
export async function acknowledgedDocuments(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/public/broker-documents' });
  const { documents } = (res.json() as { data: { documents: { key: string; version: string }[] } }).data;
  return documents.map((d) => `${d.key}@${d.version}`).join(',');
}
