/**
 * `npm run bench:statements`: the SQL statements and the CPU one journey costs on PostgreSQL, call
 * by call. The API runs in this process with node-postgres' `query` counted; one journey warms it
 * up, the next ones are counted, one at a time, so the CPU between a call and its answer (all
 * threads of the process, from its own counters) is that call's. The sandbox providers' share is
 * given apart: what their routes cost, whether the browser calls them or the API's adapters do (in
 * a deployment that work is the provider's). The selfie's liveness polls depend on how soon the
 * face check answers, so the total is also printed without them.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (a database ekyc_bench_statements is made there)
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379
 *   BENCH_STATEMENTS_JOURNEYS=10  (journeys counted; the figures are per journey)
 *   BENCH_STATEMENTS_SQL=/tmp/statements.txt  (optional: each call of the counted journeys and its statements' text)
 *   BENCH_PROVIDER_LATENCY_MS=200  (optional: every call of the API to a sandbox provider answers this much later, as a
 *     provider across the internet does; the time column then shows what the applicant waits for)
 *
 * Last, the time PostgreSQL spent in the database's own functions (the triggers and procedures of the
 * migrations, PL/pgSQL) per journey, from its counters (`track_functions = all`, set on the bench's
 * database; it needs a superuser). The counters are read after the app has closed its connections
 * (a connection hands its counts over when it ends), so they cover every journey of the run, the
 * warm-up's included: the figure is per journey over all of them. On the embedded default this work
 * runs in the API's own process, in PGlite's WebAssembly.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { runFullJourney } from '../apps/api/test/support/full-journey.ts';
import { type JourneyClient, injectClient } from '../apps/api/test/support/journey-client.ts';
import { journeyAssets } from '../apps/api/test/support/journey-assets.ts';
import { freshDatabase, table, withClient } from './lib.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POLL = 'GET /api/v1/ekyc/upload-liveliness';

const SQL_FILE = process.env.BENCH_STATEMENTS_SQL;
/** Journeys counted, one after the other (statements and CPU are given per journey). */
const JOURNEYS = Number(process.env.BENCH_STATEMENTS_JOURNEYS ?? 10);
const PROVIDER_LATENCY_MS = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 0);
/** The sandbox providers the API itself calls (SANDBOX_FAULTS names them by their path under /sandbox/). */
const REMOTE_PROVIDERS = ['digilocker', 'pan', 'kra', 'bank', 'liveness', 'esign', 'upi'];
const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
let statements = 0;
/** Statements sent without a name: PostgreSQL parses and plans each of them again. */
let unnamed = 0;
/**
 * Statements that bring an applicant's sections to the API (their sealed payloads from their
 * table), which it then opens; a check of a section's presence or time inside SQL is not one.
 */
let sectionReads = 0;
const readsSections = (text: string) =>
  /\bapplicant_sections\b/.test(text) && /\bpayload_enc\b/.test(text) && !/^\s*(insert|update|delete)\b/i.test(text);
/** The counted journey's calls and statements, when SQL_FILE is asked for. */
let listing: string[] | undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const q = args[0] as string | { name?: string; text?: string };
  if (typeof q === 'string' || !q.name) unnamed += 1;
  const text = typeof q === 'string' ? q : (q.text ?? '');
  if (readsSections(text)) sectionReads += 1;
  listing?.push(typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text ?? ''}`);
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const databaseUrl = await freshDatabase(DB, 'ekyc_bench_statements');
const functionsCounted = await withClient(databaseUrl, (c) =>
  c.query(`alter database ekyc_bench_statements set track_functions = 'all'`).then(
    () => true,
    (err: Error) => {
      console.log(`The database functions' time is not measured: ${err.message}`);
      return false;
    },
  ),
);
const app = await buildApp(
  loadConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS,
    REDIS_KEY_PREFIX: `bench-statements-${randomBytes(4).toString('hex')}:`,
    DATA_DIR: `/tmp/ekyc-bench-statements-${Date.now()}`,
    SECRET_KEY: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_RATE_LIMIT_PER_MINUTE: '100000000',
    REPLY_CHECK: 'off',
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    ...(PROVIDER_LATENCY_MS > 0 && {
      SANDBOX_FAULTS: REMOTE_PROVIDERS.map((p) => `${p}:slow=${PROVIDER_LATENCY_MS}`).join(','),
    }),
  }),
);
try {
  const assets = await journeyAssets();
  const inject = injectClient(app);
  await runFullJourney(inject, { assets });

  // the sandbox providers' own share: their routes, called by the API's adapters in this process
  let sandboxCpu = 0;
  // the sections the sandbox providers read for themselves (DigiLocker's holder of a PAN): a real
  // provider's own records, not the call's reads
  let sandboxSectionReads = 0;
  app.deps.selfFetch.bind(async (req) => {
    const cpu = process.cpuUsage();
    const reads = sectionReads;
    const r = await app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.body });
    sandboxCpu += cpuMs(process.cpuUsage(cpu));
    sandboxSectionReads += sectionReads - reads;
    return { statusCode: r.statusCode, headers: r.headers, body: r.body };
  });
  const perCall = new Map<
    string,
    {
      calls: number;
      statements: number;
      unnamed: number;
      /**
       * Statements reading the applicant's sections for the API's own work (the sandbox providers'
       * left out), in all its calls, and in the one call that read most.
       */
      sectionReads: number;
      mostSectionReads: number;
      cpu: number;
      sandbox: number;
      times: number[];
    }
  >();
  const counting: JourneyClient = {
    async request(req) {
      const before = {
        statements,
        unnamed,
        sectionReads,
        sandboxSectionReads,
        sandboxCpu,
        cpu: process.cpuUsage(),
        at: performance.now(),
      };
      const key = `${req.method} ${req.url.split('?')[0]}`;
      listing?.push(`### ${key}`);
      const res = await inject.request(req);
      const used = cpuMs(process.cpuUsage(before.cpu));
      // a sandbox page's reads are the provider's; an API call's, less those of the providers it called
      const ownReads = key.includes(' /sandbox/')
        ? 0
        : sectionReads - before.sectionReads - (sandboxSectionReads - before.sandboxSectionReads);
      const entry = perCall.get(key) ?? {
        calls: 0,
        statements: 0,
        unnamed: 0,
        sectionReads: 0,
        mostSectionReads: 0,
        cpu: 0,
        sandbox: 0,
        times: [],
      };
      perCall.set(key, {
        calls: entry.calls + 1,
        statements: entry.statements + statements - before.statements,
        unnamed: entry.unnamed + unnamed - before.unnamed,
        sectionReads: entry.sectionReads + ownReads,
        mostSectionReads: Math.max(entry.mostSectionReads, ownReads),
        cpu: entry.cpu + used,
        // a call the browser makes to a sandbox page is the provider's work alone
        sandbox: entry.sandbox + (key.includes(' /sandbox/') ? used : sandboxCpu - before.sandboxCpu),
        times: [...entry.times, performance.now() - before.at],
      });
      return res;
    },
  };
  if (SQL_FILE) listing = [];
  const start = statements;
  const startUnnamed = unnamed;
  for (let i = 0; i < JOURNEYS; i++) await runFullJourney(counting, { assets });
  const per = (n: number) => Math.round((n / JOURNEYS) * 10) / 10;
  const total = per(statements - start);
  if (SQL_FILE && listing) writeFileSync(SQL_FILE, `${listing.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n')}\n`);
  const polls = perCall.get(POLL) ?? { calls: 0, statements: 0 };
  const sum = (pick: (v: { cpu: number; sandbox: number }) => number) =>
    [...perCall.values()].reduce((n, v) => n + pick(v), 0);
  console.log(
    `${total} statements per journey, ${per(unnamed - startUnnamed)} of them unnamed; ` +
      `${per(statements - start - polls.statements)} without the ${per(polls.calls)} liveness polls\n` +
      `Calls that read an applicant's sections more than once: ${
        [...perCall]
          .filter(([, v]) => v.mostSectionReads > 1)
          .map(([k, v]) => `${k} (${v.mostSectionReads})`)
          .join(', ') || 'none'
      }\n` +
      `CPU per journey, all threads of this process: ${per(sum((v) => v.cpu))} ms, of which the sandbox providers ` +
      `${per(sum((v) => v.sandbox))} ms (${JOURNEYS} journeys, one at a time` +
      `${PROVIDER_LATENCY_MS > 0 ? `, every provider call of the API answered ${PROVIDER_LATENCY_MS} ms late` : ''})\n`,
  );
  console.log(
    table(
      ['call', 'calls', 'statements', 'unnamed', 'section reads', 'CPU ms', 'of which sandbox', 'time ms, mean'],
      [...perCall]
        .sort((a, b) => b[1].cpu - a[1].cpu)
        .map(([k, v]) => [
          k,
          per(v.calls),
          per(v.statements),
          per(v.unnamed),
          per(v.sectionReads),
          per(v.cpu),
          per(v.sandbox),
          (v.times.reduce((a, b) => a + b, 0) / v.times.length).toFixed(1),
        ]),
    ),
  );
} finally {
  await app.close();
}
if (functionsCounted) {
  // every journey of the run: the warm-up and the counted ones
  const journeys = JOURNEYS + 1;
  const { rows } = await withClient(databaseUrl, (c) =>
    c.query<{ name: string; calls: string; total: number; self: number }>(
      `select funcname as name, calls, total_time as total, self_time as self from pg_stat_user_functions
       order by self_time desc`,
    ),
  );
  const per = (n: number) => (n / journeys).toFixed(2);
  // a function run fewer times than there were journeys is the start-up's (the review reports'
  // rebuild, the job queue's creation), not the journey's
  const perJourney = rows.filter((r) => Number(r.calls) >= journeys);
  const startUp = rows.filter((r) => Number(r.calls) < journeys && r.self > 0);
  const self = perJourney.reduce((n, r) => n + r.self, 0);
  console.log(
    `\nDatabase functions (PL/pgSQL): ${per(self)} ms of PostgreSQL's time per journey ` +
      `(${journeys} journeys, the warm-up's included)\n`,
  );
  console.log(
    table(
      ['function', 'calls per journey', 'own ms per journey', 'with what it called, ms per journey'],
      perJourney.map((r) => [r.name, per(Number(r.calls)), per(r.self), per(r.total)]),
    ),
  );
  if (startUp.length)
    console.log(
      `\nLeft out, run fewer times than there were journeys (the start-up's): ${startUp
        .map((r) => `${r.name} ${r.self.toFixed(1)} ms`)
        .join(', ')}`,
    );
}
