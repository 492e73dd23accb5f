/** Server and storage: where to listen, the database, Redis, files, logs and request bodies. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Mode } from './parse.ts';

export const serverEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data/'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The embedded database's vacuum and analysis pass (PostgreSQL's autovacuum rules), every this many seconds; 0: never. */
  EMBEDDED_MAINTENANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Worker threads that render and prepare the account-opening form; 0 renders on the event loop. */
  DOCUMENT_WORKER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** An uploaded PDF's check may take this long in its worker thread; past it the PDF is refused. */
  PDF_INSPECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** What an uploaded PDF's streams may decode to while it is checked (MiB); past it the PDF is refused. */
  PDF_INSPECT_MAX_DECODED_MB: z.coerce.number().int().min(1).max(1024).default(64),
  REDIS_URL: z.string().optional(),
  /** Put before every Redis key and channel name, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Replies checked against their route's schema: `check` fails a drifting reply, `warn` logs it, `off` (by NODE_ENV when unset). */
  REPLY_CHECK: z.enum(['check', 'warn', 'off']).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Deepest nesting of objects and arrays a JSON body may have (refused while reading, before parsing). */
  JSON_MAX_DEPTH: z.coerce.number().int().min(4).max(1000).default(32),
  /** Below this much free space (MB) the local file store reports itself full on /readyz. */
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('ap-south-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

export function serverSettings(e: z.output<typeof serverEnv>, mode: Mode) {
  const replyCheckByEnv = { production: 'off', test: 'check', development: 'warn' } as const;
  return {
    env: e.NODE_ENV,
    /** How replies are held to their schema: `check` (tests), `warn` (development), `off` (production). */
    replyCheck: e.REPLY_CHECK ?? replyCheckByEnv[e.NODE_ENV],
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir: mode.dataDir,
    /** True when data lives only in memory (tests). */
    inMemory: mode.inMemory,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    /** Seconds between the embedded database's maintenance passes (0: none; a server runs its own autovacuum). */
    embeddedMaintenanceSeconds: e.EMBEDDED_MAINTENANCE_SECONDS,
    /** Threads of the document worker pool (0: none, the event loop does the work). */
    // one core is the event loop's: the others, up to four, render documents
    documentWorkerThreads: e.DOCUMENT_WORKER_THREADS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
    /** The budget of one uploaded PDF's check, in a worker thread (documents/form-pool.ts). */
    pdfInspection: { timeoutMs: e.PDF_INSPECT_TIMEOUT_MS, maxDecodedBytes: e.PDF_INSPECT_MAX_DECODED_MB * 1024 * 1024 },
    redisUrl: e.REDIS_URL,
    /** REDIS_KEY_PREFIX: before every Redis key and pub/sub channel. */
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    /** Largest body of a call without files; upload calls have their own (plugins/body-limits.ts). */
    bodyLimit: e.BODY_LIMIT_BYTES,
    jsonMaxDepth: e.JSON_MAX_DEPTH,
    storageMinFreeBytes: e.STORAGE_MIN_FREE_MB * 1024 * 1024,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../../web/dist'),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  };
}
