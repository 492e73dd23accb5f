/**
 * The journey benchmark: synthetic applicants driven concurrently through the whole API journey
 * with the sandbox providers, on the PostgreSQL server and Redis, for a fixed time. Reports
 * completed journeys per second, p50/p95/p99 per call, event-loop delay p99 and peak memory of the
 * server, and the ceiling of a bare route on the same server, as a ratio.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { freshDatabase, type RunningServer, type Section, percentile, startServer, table } from './lib.ts';
import { noopCeiling } from './noop.ts';
import { runJourney, type CallTimer } from './journey-steps.ts';
import { BENCH_ADMIN, esignToCompleted } from './registrations.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/**
 * API processes behind the (simulated) load balancer. One by default: on two cores shared with
 * PostgreSQL and this client, a second process adds contention, not capacity (BENCHMARKS.md).
 */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/**
 * How several processes share the applicants: `applicant` (each applicant stays on one process, a
 * load balancer with affinity) or `request` (every call to the next process in turn, a load
 * balancer without affinity). With several processes the same load is first run against one
 * process alone, so the throughput of both is reported side by side.
 */
const SPREAD = process.env.BENCH_SPREAD ?? 'applicant';
if (SPREAD !== 'applicant' && SPREAD !== 'request') throw new Error('BENCH_SPREAD is applicant or request');
const SPREAD_TEXT =
  SPREAD === 'request'
    ? 'every call to the next process in turn, as behind a load balancer without affinity (`BENCH_SPREAD=request`)'
    : 'each applicant stays on one process, as behind a load balancer with affinity (`BENCH_SPREAD=applicant`, the default; `request` spreads every call)';
/**
 * `server` (the default): the PostgreSQL server and Redis above; `embedded`: the embedded default
 * (PGlite in the process, no Redis), as `npm start` runs it, one process.
 */
const DATABASE = process.env.BENCH_DATABASE ?? 'server';
if (DATABASE !== 'server' && DATABASE !== 'embedded') throw new Error('BENCH_DATABASE is server or embedded');
const EMBEDDED = DATABASE === 'embedded';
if (EMBEDDED && PROCESSES > 1) throw new Error('the embedded database serves one process: BENCH_PROCESSES=1');
/**
 * `inprocess` (the default): each API process answers its own sandbox provider calls; `process`:
 * the sandbox providers run in a process of their own (SANDBOX_PROVIDERS_URL), reached over HTTP as
 * the real services are, so the API processes' CPU is the API's own work. The applicants' sandbox
 * pages go to that process too, as a load balancer routing /sandbox/ would send them.
 */
const PROVIDERS = process.env.BENCH_PROVIDERS ?? 'inprocess';
if (PROVIDERS !== 'inprocess' && PROVIDERS !== 'process') throw new Error('BENCH_PROVIDERS is inprocess or process');
if (EMBEDDED && PROVIDERS === 'process')
  throw new Error('the embedded database serves one process: BENCH_PROVIDERS=inprocess');
/**
 * `BENCH_HALF_CAPACITY=true`: after the run at saturation, applicants arrive at half the journeys a
 * second it sustained, for SECONDS more (open loop), and each call's p99 at that load is given: the
 * tail an applicant feels on a system sized for twice its traffic.
 */
const HALF_CAPACITY = process.env.BENCH_HALF_CAPACITY === 'true';
/** Applicants taken from e-sign to Completed, one after the other, after the throughput run. */
const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 10);

export async function journeySection(): Promise<Section> {
  const dataDir = `/tmp/ekyc-bench-journey-${Date.now()}`;
  const env = {
    ...(!EMBEDDED && { DATABASE_URL: await freshDatabase(DB, 'ekyc_bench'), REDIS_URL: REDIS }),
    DATABASE_POOL_MAX: String(Math.ceil(20 / PROCESSES)),
    SECRET_KEY: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_RATE_LIMIT_PER_MINUTE: '100000000',
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    // replies written as in production (through their schema, plugins/reply-writer.ts), not also checked against it
    REPLY_CHECK: 'off',
    DATA_DIR: dataDir,
    BACKOFFICE_ADMIN_EMAIL: BENCH_ADMIN.email,
    BACKOFFICE_ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  // several processes: one address for all, the load balancer's, as in a deployment (the sandbox
  // pages' links and return addresses are built from it)
  if (PROCESSES > 1 || PROVIDERS === 'process') Object.assign(env, { PUBLIC_URL: 'http://127.0.0.1:8391' });
  // the first process alone first: it writes the sandbox authority's keys the others then read
  const providers = PROVIDERS === 'process' ? await startServer(8390, env) : null;
  if (providers) Object.assign(env, { SANDBOX_PROVIDERS_URL: providers.url });
  const providersUrl = providers?.url;
  // the embedded default as `npm start` starts it (its Node.js options); a server process as the
  // container image starts it (none)
  const first = await startServer(8391, env, EMBEDDED ? 'started' : 'compiled');
  const servers = [
    first,
    ...(await Promise.all(Array.from({ length: PROCESSES - 1 }, (_v, i) => startServer(8392 + i, env)))),
  ];
  try {
    // Warm-up, one process after the other.
    for (const [i, server] of servers.entries())
      await runJourney(server.url, `warm-${i}`, () => undefined, providersUrl);
    const timerInto =
      (into: Map<string, number[]>): CallTimer =>
      (name, ms) => {
        if (!into.has(name)) into.set(name, []);
        into.get(name)!.push(ms);
      };
    const timings = new Map<string, number[]>();
    const timer = timerInto(timings);
    // with several processes, the same load against the first alone first, for comparison
    const alone = PROCESSES > 1 ? await load(servers, servers.slice(0, 1), () => undefined, providers) : null;
    const run = await load(servers, servers, timer, providers);
    const { completed, failed, cpuPerJourney, perSecond, loopP99 } = run;
    const halfTimings = new Map<string, number[]>();
    const half = HALF_CAPACITY
      ? await load(servers, servers, timerInto(halfTimings), providers, run.perSecond / 2)
      : null;
    const stats = await metricsOf(servers);
    const rssPeak = Math.max(...stats.map((t) => metric(t, 'ekyc_process_resident_memory_peak_bytes')));
    const ceilings = await Promise.all(servers.map((s) => noopCeiling(s.url, 10, Math.ceil(50 / PROCESSES))));
    const ceiling = { rps: ceilings.reduce((sum, c) => sum + c.rps, 0) };
    // after the load: e-sign to Completed with the server otherwise idle
    const registered = await esignToCompleted(servers[0]!.url, REGISTRATIONS, providersUrl);
    if (registered.count)
      console.log(
        `journey: e-sign to Completed p50 ${(registered.p50 / 1000).toFixed(2)} s, p95 ${(registered.p95 / 1000).toFixed(2)} s (${registered.count} applicants)`,
      );
    const registeredRow = registered.count
      ? `\n| e-sign to Completed (sandbox registrations: BO account, then UCC at NSE and BSE), ${registered.count} applicants one at a time after the run | p50 ${(registered.p50 / 1000).toFixed(2)} s, p95 ${(registered.p95 / 1000).toFixed(2)} s, max ${(registered.max / 1000).toFixed(2)} s |`
      : '';
    const callsPerJourney = [...timings.values()].reduce((s, t) => s + t.length, 0) / Math.max(1, completed + failed);
    const failures = (r: LoadResult) =>
      `${r.failed}${r.errors.size ? ` (${[...r.errors.entries()].map(([k, v]) => `${v}× ${k}`).join('; ')})` : ''}`;
    const figures: Array<[string, (r: LoadResult) => string]> = [
      ['completed journeys', (r) => `${r.completed} in ${r.elapsed.toFixed(0)} s`],
      ['completed journeys per second', (r) => `**${r.perSecond.toFixed(2)}**`],
      ['failed journeys', failures],
      [
        'API CPU per completed journey (all processes, from their own counters)',
        (r) => `${(r.cpuPerJourney * 1000).toFixed(0)} ms`,
      ],
      [
        'of which main threads (event loops), user / kernel; all other threads',
        (r) =>
          r.split
            ? `${(r.split.mainUser * 1000).toFixed(0)} / ${(r.split.mainKernel * 1000).toFixed(0)} ms; ${(r.split.others * 1000).toFixed(0)} ms`
            : 'not read (no /proc)',
      ],
      ...(providers
        ? [
            [
              "the sandbox providers' process: CPU per completed journey",
              (r: LoadResult) => `${(r.providersCpuPerJourney * 1000).toFixed(0)} ms`,
            ] as [string, (r: LoadResult) => string],
          ]
        : []),
    ];
    const processes = `${PROCESSES} processes, ${SPREAD === 'request' ? 'spread per request' : 'spread per applicant'}`;
    const throughput = alone
      ? `| figure | 1 process | ${processes} |\n|---|---|---|\n${figures.map(([name, f]) => `| ${name} | ${f(alone)} | ${f(run)} |`).join('\n')}`
      : `| figure | value |\n|---|---|\n${figures.map(([name, f]) => `| ${name} | ${f(run)} |`).join('\n')}`;

    const perCall = (of: Map<string, number[]>) =>
      [...of.entries()].map(([name, t]) => {
        const s = [...t].sort((a, b) => a - b);
        return [
          name,
          s.length,
          percentile(s, 50).toFixed(1),
          percentile(s, 95).toFixed(1),
          percentile(s, 99).toFixed(1),
        ];
      });
    const rows = perCall(timings);
    const halfRows = perCall(halfTimings);
    const over100 = halfRows.filter(([, , , , p]) => Number(p) >= 100).map(([name, , , , p]) => `${name} ${p} ms`);
    if (half)
      console.log(
        `journey at half capacity (${(run.perSecond / 2).toFixed(2)} arriving a second): ${half.completed} completed, ${half.failed} failed; p99 at or over 100 ms: ${over100.length ? over100.join(', ') : 'none'}`,
      );
    if (alone)
      console.log(
        `journey, 1 process: ${alone.completed} completed (${alone.perSecond.toFixed(2)}/s), ${alone.failed} failed, API CPU ${(alone.cpuPerJourney * 1000).toFixed(0)} ms per journey`,
      );
    console.log(
      `journey${EMBEDDED ? ' (embedded)' : ''}, ${PROCESSES === 1 ? '1 process' : processes}: ${completed} completed (${perSecond.toFixed(2)}/s), ${failed} failed, API CPU ${(cpuPerJourney * 1000).toFixed(0)} ms per journey${providers ? ` (sandbox providers' process ${(run.providersCpuPerJourney * 1000).toFixed(0)} ms)` : ''}, ceiling ${ceiling.rps.toFixed(0)} req/s`,
    );
    const p99 = Object.fromEntries([
      ...rows.map(([name, , , , p]) => [`p99 ${name} (ms)`, Number(p)]),
      ...halfRows.map(([name, , , , p]) => [`p99 at half capacity ${name} (ms)`, Number(p)]),
    ]);
    return {
      figures: {
        'journeys per second': perSecond,
        'API CPU per journey (ms)': cpuPerJourney * 1000,
        'journey calls/s ÷ bare-route ceiling': (perSecond * callsPerJourney) / ceiling.rps,
        'peak resident memory (MiB)': rssPeak / 2 ** 20,
        ...p99,
      },
      title: EMBEDDED
        ? 'Journey throughput on the embedded default (PGlite)'
        : 'Journey throughput on PostgreSQL and Redis',
      body: `${CONCURRENCY} synthetic applicants at a time, each from mobile OTP to the submitted e-sign and the status call, for ${SECONDS} s against ${PROCESSES} API process${PROCESSES > 1 ? `es (\`BENCH_PROCESSES\`): ${SPREAD_TEXT}; the same load against one of them alone ran first, for comparison, each process with a pool of ${Math.ceil(20 / PROCESSES)} database connections)` : ' (`BENCH_PROCESSES`)'} ${EMBEDDED ? 'on the embedded default (PGlite in the process, no Redis: `BENCH_DATABASE=embedded`)' : 'on the PostgreSQL server and Redis of this machine'}, ${providers ? "sandbox providers in a process of their own (`BENCH_PROVIDERS=process`: the API's provider calls and the applicants' sandbox pages go to it over HTTP, as to the real services; its CPU is given apart)" : 'sandbox providers in process (`BENCH_PROVIDERS=inprocess`; `process` runs them apart)'} (their face check and OCR switched off: measured under Work items). The benchmark client runs on the same two cores. Latency is measured by the client, per call; one warm-up journey per process comes first.

${throughput}

| figure | value${alone ? ` (${processes})` : ''} |
|---|---|
| API calls per journey | ${callsPerJourney.toFixed(0)} |
| event-loop delay p99 (worst process) | ${loopP99.toFixed(1)} ms |
| peak resident memory (largest process) | ${(rssPeak / 2 ** 20).toFixed(0)} MiB |
| bare-route ceiling, same processes together | ${ceiling.rps.toFixed(0)} req/s |
| journey calls/s ÷ ceiling | ${((perSecond * callsPerJourney) / ceiling.rps).toFixed(3)} |${registeredRow}

Per call, milliseconds:

${table(['call', 'count', 'p50', 'p95', 'p99'], rows)}${
        half
          ? `

At half capacity (\`BENCH_HALF_CAPACITY=true\`): applicants arriving at ${(run.perSecond / 2).toFixed(2)} a second, half the journeys a second above, for ${SECONDS} s (open loop); ${half.completed} completed, ${half.failed} failed. Per call, milliseconds; p99 at or over 100 ms: ${over100.length ? over100.join(', ') : 'none'}.

${table(['call', 'count', 'p50', 'p95', 'p99'], halfRows)}`
          : ''
      }`,
    };
  } finally {
    await Promise.all([...servers, ...(providers ? [providers] : [])].map((s) => s.stop()));
  }
}

interface LoadResult {
  completed: number;
  failed: number;
  errors: Map<string, number>;
  elapsed: number;
  perSecond: number;
  cpuPerJourney: number;
  /** CPU of the sandbox providers' own process per completed journey (0 when they run in process). */
  providersCpuPerJourney: number;
  /** Event-loop delay p99 of the worst process over the load, in ms. */
  loopP99: number;
  /** Where the API processes' CPU went, per completed journey (null where /proc cannot tell). */
  split: ThreadSplit | null;
}

/**
 * CONCURRENCY applicants at a time for SECONDS against `targets` (closed loop: the next starts when
 * one ends), or with `rate`, applicants arriving at that many a second (open loop); CPU counted on
 * all `servers`, and apart on the sandbox providers' process when there is one.
 */
async function load(
  servers: RunningServer[],
  targets: RunningServer[],
  timer: CallTimer,
  providers: RunningServer | null,
  rate?: number,
): Promise<LoadResult> {
  // reading the metrics also starts a new event-loop delay histogram (prom-client resets it at
  // each collection), so the reading at the end covers the load alone
  const cpuBefore = cpuSeconds(await metricsOf(servers));
  const threadsBefore = threadCpu(servers);
  const providersBefore = providers ? cpuSeconds(await metricsOf([providers])) : 0;
  let completed = 0;
  let failed = 0;
  const errors = new Map<string, number>();
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  let seq = 0;
  const urls = targets.map((t) => t.url);
  const journey = async (worker: number) => {
    seq += 1;
    const seed = `bench-${targets.length}-${worker}-${seq}${rate ? '-open' : ''}`;
    try {
      await runJourney(SPREAD === 'request' ? urls : urls[worker % urls.length]!, seed, timer, providers?.url);
      completed += 1;
    } catch (err) {
      failed += 1;
      const key = (err as Error).message.slice(0, 120);
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  };
  if (rate) {
    // open loop: an applicant arrives every 1/rate s, whatever those before are doing
    const launched: Promise<void>[] = [];
    for (let i = 0; started + (i * 1000) / rate < deadline; i++) {
      const wait = started + (i * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      launched.push(journey(i));
    }
    await Promise.all(launched);
  } else
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_v, worker) => {
        while (Date.now() < deadline) await journey(worker);
      }),
    );
  const elapsed = (Date.now() - started) / 1000;
  const after = await metricsOf(servers);
  const perJourney = (seconds: number) => seconds / Math.max(1, completed);
  const cpuPerJourney = perJourney(cpuSeconds(after) - cpuBefore);
  const threadsAfter = threadCpu(servers);
  const split =
    threadsBefore && threadsAfter
      ? {
          mainUser: perJourney(threadsAfter.mainUser - threadsBefore.mainUser),
          mainKernel: perJourney(threadsAfter.mainKernel - threadsBefore.mainKernel),
          others: perJourney(threadsAfter.others - threadsBefore.others),
        }
      : null;
  const providersCpuPerJourney = providers ? perJourney(cpuSeconds(await metricsOf([providers])) - providersBefore) : 0;
  const loopP99 = Math.max(...after.map((t) => metric(t, 'ekyc_nodejs_eventloop_lag_p99_seconds'))) * 1000;
  return {
    completed,
    failed,
    errors,
    elapsed,
    perSecond: completed / elapsed,
    cpuPerJourney,
    providersCpuPerJourney,
    loopP99,
    split,
  };
}

/** CPU seconds of the API processes: their main threads (the event loops) apart from the rest. */
interface ThreadSplit {
  mainUser: number;
  mainKernel: number;
  /** Every other thread: worker threads (the form's pool), libuv's pool, V8's helpers, libvips. */
  others: number;
}

/**
 * Read from /proc: a process's total (utime and stime of /proc/PID/stat, threads that ended
 * included) and its main thread's (/proc/PID/task/PID/stat). Null off Linux.
 */
function threadCpu(servers: RunningServer[]): ThreadSplit | null {
  const ticks = (file: string) => {
    // the fields after the command name, which is in brackets and may hold spaces
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / CLOCK_TICKS, kernel: Number(fields[12]) / CLOCK_TICKS };
  };
  try {
    return servers.reduce<ThreadSplit>(
      (sum, s) => {
        const pid = s.process.pid;
        const all = ticks(`/proc/${pid}/stat`);
        const main = ticks(`/proc/${pid}/task/${pid}/stat`);
        return {
          mainUser: sum.mainUser + main.user,
          mainKernel: sum.mainKernel + main.kernel,
          others: sum.others + all.user + all.kernel - main.user - main.kernel,
        };
      },
      { mainUser: 0, mainKernel: 0, others: 0 },
    );
  } catch {
    return null;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every common build). */
const CLOCK_TICKS = 100;

const metric = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${name} `))
      ?.split(' ')[1] ?? NaN,
  );

const metricsOf = (servers: Array<{ url: string }>) =>
  Promise.all(servers.map(async (s) => (await fetch(`${s.url}/metrics`)).text()));

/** User and system CPU the API processes have used so far, worker threads included. */
const cpuSeconds = (texts: string[]) => texts.reduce((sum, t) => sum + metric(t, 'ekyc_process_cpu_seconds_total'), 0);
