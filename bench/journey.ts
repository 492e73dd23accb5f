/**
 * The journey benchmark: synthetic applicants driven concurrently through the whole API journey
 * with the sandbox providers, on the PostgreSQL server and Redis, for a fixed time. Reports
 * completed journeys per second, p50/p95/p99 per call, event-loop delay p99 and peak memory of the
 * server, and the ceiling of a bare route on the same server, as a ratio.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Section, percentile, startServer, table } from './lib.ts';
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
/** Applicants taken from e-sign to Completed, one after the other, after the throughput run. */
const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 10);

async function freshDatabase(): Promise<string> {
  const client = new pg.Client({ connectionString: DB });
  await client.connect();
  await client.query('drop database if exists ekyc_bench with (force)');
  await client.query('create database ekyc_bench');
  await client.end();
  const url = new URL(DB);
  url.pathname = '/ekyc_bench';
  return url.toString();
}

export async function journeySection(): Promise<Section> {
  const databaseUrl = await freshDatabase();
  const dataDir = `/tmp/ekyc-bench-journey-${Date.now()}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS,
    DATABASE_POOL_MAX: String(Math.ceil(20 / PROCESSES)),
    SECRET_KEY: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_RATE_LIMIT_PER_MINUTE: '100000000',
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    DATA_DIR: dataDir,
    BACKOFFICE_ADMIN_EMAIL: BENCH_ADMIN.email,
    BACKOFFICE_ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  const servers = await Promise.all(Array.from({ length: PROCESSES }, (_v, i) => startServer(8391 + i, env)));
  try {
    // Warm-up, one process after the other (the first creates the sandbox e-sign keys the others read).
    for (const [i, server] of servers.entries()) await runJourney(server.url, `warm-${i}`, () => undefined);
    const cpuBefore = await apiCpuSeconds(servers);
    const timings = new Map<string, number[]>();
    const timer: CallTimer = (name, ms) => {
      if (!timings.has(name)) timings.set(name, []);
      timings.get(name)!.push(ms);
    };
    let completed = 0;
    let failed = 0;
    const errors = new Map<string, number>();
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    let seq = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_v, worker) => {
        while (Date.now() < deadline) {
          seq += 1;
          const seed = `bench-${worker}-${seq}`;
          try {
            // A load balancer with affinity: the sandbox keeps a liveness session in the process that opened it.
            await runJourney(servers[worker % PROCESSES]!.url, seed, timer);
            completed += 1;
          } catch (err) {
            failed += 1;
            const key = (err as Error).message.slice(0, 120);
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const cpuPerJourney = ((await apiCpuSeconds(servers)) - cpuBefore) / Math.max(1, completed);
    const stats = await Promise.all(servers.map(async (s) => (await fetch(`${s.url}/metrics`)).text()));
    const loopP99 = Math.max(...stats.map((t) => metric(t, 'ekyc_nodejs_eventloop_lag_p99_seconds'))) * 1000;
    const rssPeak = Math.max(...stats.map((t) => metric(t, 'ekyc_process_resident_memory_peak_bytes')));
    const ceilings = await Promise.all(servers.map((s) => noopCeiling(s.url, 10, Math.ceil(50 / PROCESSES))));
    const ceiling = { rps: ceilings.reduce((sum, c) => sum + c.rps, 0) };
    const perSecond = completed / elapsed;
    // after the load: e-sign to Completed with the server otherwise idle
    const registered = await esignToCompleted(servers[0]!.url, REGISTRATIONS);
    console.log(
      `journey: e-sign to Completed p50 ${(registered.p50 / 1000).toFixed(2)} s, p95 ${(registered.p95 / 1000).toFixed(2)} s (${registered.count} applicants)`,
    );
    const callsPerJourney = [...timings.values()].reduce((s, t) => s + t.length, 0) / Math.max(1, completed + failed);

    const rows = [...timings.entries()].map(([name, t]) => {
      const s = [...t].sort((a, b) => a - b);
      return [name, s.length, percentile(s, 50).toFixed(1), percentile(s, 95).toFixed(1), percentile(s, 99).toFixed(1)];
    });
    console.log(
      `journey: ${completed} completed (${perSecond.toFixed(2)}/s), ${failed} failed, API CPU ${(cpuPerJourney * 1000).toFixed(0)} ms per journey, ceiling ${ceiling.rps.toFixed(0)} req/s`,
    );
    return {
      title: 'Journey throughput on PostgreSQL and Redis',
      body: `${CONCURRENCY} synthetic applicants at a time, each from mobile OTP to the submitted e-sign and the status call, for ${SECONDS} s against ${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''} (\`BENCH_PROCESSES\`; with several, each applicant stays on one process, as behind a load balancer with affinity) on the PostgreSQL server and Redis of this machine, sandbox providers in process (their face check and OCR switched off: measured under Work items). The benchmark client runs on the same two cores. Latency is measured by the client, per call; one warm-up journey per process comes first.

| figure | value |
|---|---|
| completed journeys | ${completed} in ${elapsed.toFixed(0)} s |
| completed journeys per second | **${perSecond.toFixed(2)}** |
| failed journeys | ${failed}${errors.size ? ` (${[...errors.entries()].map(([k, v]) => `${v}× ${k}`).join('; ')})` : ''} |
| API calls per journey | ${callsPerJourney.toFixed(0)} |
| API CPU per completed journey (all processes, from their own counters) | ${(cpuPerJourney * 1000).toFixed(0)} ms |
| event-loop delay p99 (worst process) | ${loopP99.toFixed(1)} ms |
| peak resident memory (largest process) | ${(rssPeak / 2 ** 20).toFixed(0)} MiB |
| bare-route ceiling, same processes together | ${ceiling.rps.toFixed(0)} req/s |
| journey calls/s ÷ ceiling | ${((perSecond * callsPerJourney) / ceiling.rps).toFixed(3)} |
| e-sign to Completed (sandbox registrations: BO account, then UCC at NSE and BSE), ${registered.count} applicants one at a time after the run | p50 ${(registered.p50 / 1000).toFixed(2)} s, p95 ${(registered.p95 / 1000).toFixed(2)} s, max ${(registered.max / 1000).toFixed(2)} s |

Per call, milliseconds:

${table(['call', 'count', 'p50', 'p95', 'p99'], rows)}`,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const metric = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${name} `))
      ?.split(' ')[1] ?? NaN,
  );

/** User and system CPU the API processes have used so far, worker threads included. */
async function apiCpuSeconds(servers: Array<{ url: string }>): Promise<number> {
  const texts = await Promise.all(servers.map(async (s) => (await fetch(`${s.url}/metrics`)).text()));
  return texts.reduce((sum, t) => sum + metric(t, 'ekyc_process_cpu_seconds_total'), 0);
}
