/**
 * `npm run bench:statements`: the SQL statements one journey costs on PostgreSQL, call by call. The
 * API runs in this process with node-postgres' `query` counted; one journey warms it up, the next
 * is counted. The selfie's liveness polls depend on how soon the face check answers, so the total
 * is also printed without them.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (a database ekyc_bench_statements is made there)
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379
 *   BENCH_STATEMENTS_SQL=/tmp/statements.txt  (optional: each call of the counted journey and its statements' text)
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type JourneyClient, injectClient, runFullJourney } from '../apps/api/test/support/full-journey.ts';
import { journeyAssets } from '../apps/api/test/support/journey-assets.ts';
import { freshDatabase, table } from './lib.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POLL = 'GET /api/v1/ekyc/upload-liveliness';

const SQL_FILE = process.env.BENCH_STATEMENTS_SQL;
let statements = 0;
/** The counted journey's calls and statements, when SQL_FILE is asked for. */
let listing: string[] | undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const q = args[0] as string | { name?: string; text?: string };
  listing?.push(typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text ?? ''}`);
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const app = await buildApp(
  loadConfig({
    DATABASE_URL: await freshDatabase(DB, 'ekyc_bench_statements'),
    REDIS_URL: REDIS,
    REDIS_KEY_PREFIX: `bench-statements-${randomBytes(4).toString('hex')}:`,
    DATA_DIR: `/tmp/ekyc-bench-statements-${Date.now()}`,
    SECRET_KEY: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_RATE_LIMIT_PER_MINUTE: '100000000',
    REPLY_CHECK: 'off',
  }),
);
try {
  const assets = await journeyAssets();
  const inject = injectClient(app);
  await runFullJourney(inject, { assets });

  const perCall = new Map<string, { calls: number; statements: number }>();
  const counting: JourneyClient = {
    async request(req) {
      const before = statements;
      const key = `${req.method} ${req.url.split('?')[0]}`;
      listing?.push(`### ${key}`);
      const res = await inject.request(req);
      const entry = perCall.get(key) ?? { calls: 0, statements: 0 };
      perCall.set(key, { calls: entry.calls + 1, statements: entry.statements + statements - before });
      return res;
    },
  };
  if (SQL_FILE) listing = [];
  const start = statements;
  await runFullJourney(counting, { assets });
  const total = statements - start;
  if (SQL_FILE && listing) writeFileSync(SQL_FILE, `${listing.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n')}\n`);
  const polls = perCall.get(POLL) ?? { calls: 0, statements: 0 };
  console.log(
    `${total} statements in one journey; ${total - polls.statements} without the ${polls.calls} liveness polls\n`,
  );
  console.log(
    table(
      ['call', 'calls', 'statements'],
      [...perCall]
        .filter(([, v]) => v.statements > 0)
        .sort((a, b) => b[1].statements - a[1].statements)
        .map(([k, v]) => [k, v.calls, v.statements]),
    ),
  );
} finally {
  await app.close();
}
