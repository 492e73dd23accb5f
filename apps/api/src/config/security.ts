/** Keys and sessions: secrets, encryption keys, session lifetimes, socket and file-link limits. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { bool, key32, type Mode } from './parse.ts';

export const securityEnv = z.object({
  /** Lets a production start run with sandbox providers or generated secrets: for staging only. */
  EKYC_ALLOW_INSECURE: bool.default(false),
  SECRET_KEY: key32.optional(),
  ENCRYPTION_KEY: key32.optional(),
  /** Older encryption keys, comma-separated, still readable during a key rotation. */
  ENCRYPTION_KEYS_OLD: z.string().optional(),
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
  /** Test-only: the sandbox fixtures that create staff accounts and signed-in applicants. Never in production. */
  EKYC_TEST_FIXTURES: bool.default(false),
  /** A provider's webhook whose signed timestamp is further than this from now is refused (replay). */
  WEBHOOK_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
});

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

export function securitySettings(e: z.output<typeof securityEnv>, mode: Mode) {
  const generated = e.SECRET_KEY && e.ENCRYPTION_KEY ? null : embeddedSecrets(mode.dataDir, mode.inMemory);
  const applicant = {
    idleSeconds: e.SESSION_IDLE_SECONDS,
    absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
    maxConcurrent: e.SESSION_MAX_CONCURRENT,
  };
  return {
    allowInsecure: e.EKYC_ALLOW_INSECURE,
    secretKey: Buffer.from(e.SECRET_KEY ?? generated!.secretKey, 'base64'),
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? generated!.encryptionKey, 'base64'),
    encryptionKeysOld: (e.ENCRYPTION_KEYS_OLD ?? '')
      .split(',')
      .filter(Boolean)
      .map((k) => Buffer.from(k.trim(), 'base64')),
    session: {
      applicant,
      staff: {
        idleSeconds: e.STAFF_SESSION_IDLE_SECONDS,
        absoluteSeconds: e.STAFF_SESSION_ABSOLUTE_SECONDS,
        maxConcurrent: e.STAFF_SESSION_MAX_CONCURRENT,
      },
      /** The client area's sessions: the applicant's lifetimes (one person, one mobile). */
      client: { ...applicant },
      socketsPerSession: e.SOCKETS_PER_SESSION,
      fileLinkSeconds: e.FILE_LINK_SECONDS,
    },
    /** The sandbox fixtures that mint staff and sessions (tests only; never in production). */
    testFixtures: e.EKYC_TEST_FIXTURES && mode.sandbox,
    /** A provider webhook's timestamp may be at most this far from now (seconds); older is a replay. */
    webhookMaxAgeSeconds: e.WEBHOOK_MAX_AGE_SECONDS,
  };
}
