/**
 * The failing-provider benchmark (`node --import tsx bench/failover.ts`): synthetic applicants go
 * through the whole API journey, on the PostgreSQL server and Redis, while
 *  - the first e-sign service provider is slow (its answers take BENCH_SLOW_MS, past its 1 s
 *    timeout), with and without a second provider to fail over to (ESIGN_VENDORS);
 *  - a surge of new sign-ups (an IPO day) arrives beside the journeys, with and without the
 *    waiting room (WAITING_ROOM_MAX_IN_FLIGHT);
 *  - the first penny-drop provider, the first ESP or the first SMS gateway fails half its calls
 *    (SANDBOX_FAULTS bank:half, esign:half, kaleyra:half), with and without a second provider
 *    (BANK_VERIFICATION_VENDORS, ESIGN_VENDORS, SMS_VENDORS): the failover absorbs it, so the
 *    journeys complete.
 * BENCH_ONLY=healthy,half runs the scenarios whose name holds "healthy" or "half" alone.
 * It prints, per scenario, the journeys completed and failed, the e-sign consent's and the other
 * calls' p50/p95, which provider served each signing, and how many sign-ups the waiting room held.
 * Figures are printed for BENCHMARKS.md, never asserted.
 */
import { randomBytes } from 'node:crypto';
import { freshDatabase, machine, percentile, type RunningServer, startServer, table } from './lib.ts';
import { runJourney } from './journey-steps.ts';
import { JourneyError } from '../apps/api/test/support/full-journey.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
/** Sign-up clients of the surge: each asks for an OTP for a new number, again and again. */
const SURGE = Number(process.env.BENCH_SURGE ?? 12);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 3000);

interface Scenario {
  name: string;
  env: Record<string, string>;
  surge: boolean;
}

const SLOW = { SANDBOX_FAULTS: `esign:slow=${SLOW_MS}`, PROVIDER_TIMEOUTS: 'esign=1000,esign-alt=1000' };
const SCENARIOS: Scenario[] = (
  [
    { name: 'healthy providers', env: {}, surge: false },
    { name: 'first ESP slow, no second ESP', env: { ...SLOW, ESIGN_VENDORS: 'esign' }, surge: false },
    {
      name: 'first ESP slow, failover to the second',
      env: { ...SLOW, ESIGN_VENDORS: 'esign,esign-alt' },
      surge: false,
    },
    { name: 'sign-up surge, no waiting room', env: {}, surge: true },
    { name: 'sign-up surge, waiting room', env: { WAITING_ROOM_MAX_IN_FLIGHT: String(CONCURRENCY + 2) }, surge: true },
    {
      name: 'penny drop failing half its calls, no second provider',
      env: { SANDBOX_FAULTS: 'bank:half', BANK_VERIFICATION_VENDORS: 'bank' },
      surge: false,
    },
    {
      name: 'penny drop failing half its calls, failover',
      env: { SANDBOX_FAULTS: 'bank:half', BANK_VERIFICATION_VENDORS: 'bank,bank-payu' },
      surge: false,
    },
    {
      name: 'SMS gateway failing half its calls, no second gateway',
      env: { SANDBOX_FAULTS: 'kaleyra:half', SMS_VENDORS: 'kaleyra' },
      surge: false,
    },
    {
      name: 'SMS gateway failing half its calls, failover',
      env: { SANDBOX_FAULTS: 'kaleyra:half', SMS_VENDORS: 'kaleyra,msg91' },
      surge: false,
    },
    {
      name: 'ESP and penny drop failing half their calls, failover',
      env: { SANDBOX_FAULTS: 'bank:half,esign:half', BANK_VERIFICATION_VENDORS: 'bank,bank-payu' },
      surge: false,
    },
  ] as Scenario[]
).filter((s) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').some((part) => s.name.includes(part)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Result {
  scenario: string;
  completed: number;
  failed: Map<string, number>;
  consent: number[];
  others: number[];
  signUps: { ok: number; held: number; other: number; ms: number[] };
  metrics: string;
}

async function runScenario(scenario: Scenario, index: number): Promise<Result> {
  const env = {
    DATABASE_URL: await freshDatabase(DB, 'ekyc_bench_failover'),
    REDIS_URL: REDIS,
    REDIS_KEY_PREFIX: `bench-failover-${Date.now()}:`,
    SECRET_KEY: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: '100000000',
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    REPLY_CHECK: 'off',
    REGISTRATIONS_WORKER: 'false',
    WAITING_ROOM_RETRY_SECONDS: '1',
    DATA_DIR: `/tmp/ekyc-bench-failover-${Date.now()}`,
    WEB_DIST: '/nonexistent',
    ...scenario.env,
  };
  const server: RunningServer = await startServer(8395, env);
  const result: Result = {
    scenario: scenario.name,
    completed: 0,
    failed: new Map(),
    consent: [],
    others: [],
    signUps: { ok: 0, held: 0, other: 0, ms: [] },
    metrics: '',
  };
  try {
    // warm-up (it may fail where the scenario fails journeys)
    await runJourney(server.url, `warm-${index}-${Date.now()}`, () => undefined).catch(() => undefined);
    const until = Date.now() + SECONDS * 1000;
    let seq = 0;
    const journeys = async (worker: number) => {
      while (Date.now() < until) {
        const timings: Array<[string, number]> = [];
        try {
          await runJourney(server.url, `f${index}-${worker}-${seq++}-${Date.now()}`, (name, ms) =>
            timings.push([name, ms]),
          );
          result.completed++;
          for (const [name, ms] of timings) (name === 'GET esign-consent' ? result.consent : result.others).push(ms);
        } catch (err) {
          // told to wait at the door: wait as the page would, and start again
          if (err instanceof JourneyError && err.response?.status === 503 && err.step === 'mobile') {
            await sleep(Number(err.response.headers['retry-after'] ?? 1) * 1000);
            continue;
          }
          const key = (err instanceof Error ? err.message : String(err)).slice(0, 80);
          result.failed.set(key, (result.failed.get(key) ?? 0) + 1);
        }
      }
    };
    const surge = async (client: number) => {
      let n = 0;
      while (Date.now() < until) {
        const mobile = `8${String((client * 1_000_003 + n++ * 7919 + index * 104_729) % 1_000_000_000).padStart(9, '0')}`;
        const started = performance.now();
        const res = await fetch(`${server.url}/api/v1/ekyc/send-otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile, whatspp_opt: false }),
        }).catch(() => null);
        result.signUps.ms.push(performance.now() - started);
        if (res?.status === 200) result.signUps.ok++;
        else if (res?.status === 503) {
          result.signUps.held++;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        } else result.signUps.other++;
        await res?.arrayBuffer();
      }
    };
    await Promise.all([
      ...Array.from({ length: CONCURRENCY }, (_v, i) => journeys(i)),
      ...(scenario.surge ? Array.from({ length: SURGE }, (_v, i) => surge(i)) : []),
    ]);
    result.metrics = await (await fetch(`${server.url}/metrics`)).text();
  } finally {
    await server.stop();
  }
  return result;
}

const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
const p = (v: number[], q: number) => (v.length ? `${percentile(sorted(v), q).toFixed(0)} ms` : 'none');
const served = (metrics: string, service = 'esign') =>
  [
    ...metrics.matchAll(
      new RegExp(
        `^ekyc_provider_choices_total\\{service="${service}",provider="([^"]+)",outcome="([^"]+)"\\} (\\d+)`,
        'gm',
      ),
    ),
  ]
    .map((m) => `${m[1]} ${m[2]} ${m[3]}`)
    .join(', ') || 'none recorded';

const results: Result[] = [];
for (const [i, scenario] of SCENARIOS.entries()) {
  console.log(`failover bench: ${scenario.name}…`);
  const r = await runScenario(scenario, i);
  results.push(r);
  console.log(
    `  ${r.completed} journeys completed, ${[...r.failed.values()].reduce((a, b) => a + b, 0)} failed; consent p50 ${p(r.consent, 50)} p95 ${p(r.consent, 95)}; other calls p50 ${p(r.others, 50)} p95 ${p(r.others, 95)}; e-sign: ${served(r.metrics)}; penny drop: ${served(r.metrics, 'bank_verification')}; SMS: ${served(r.metrics, 'sms')}; sign-ups ok ${r.signUps.ok}, held ${r.signUps.held}`,
  );
  for (const [k, v] of r.failed) console.log(`    ${v}× ${k}`);
}

console.log(
  `\n${machine()}; ${SECONDS} s a scenario, ${CONCURRENCY} journeys at a time${SURGE ? `, surge ${SURGE} sign-up clients` : ''}, slow = ${SLOW_MS} ms against a 1 s timeout\n`,
);
console.log(
  table(
    [
      'scenario',
      'journeys completed',
      'failed',
      'e-sign consent p50 / p95',
      'other calls p50 / p95',
      'e-sign providers (choices)',
      'penny-drop providers (choices)',
      'SMS gateways (choices)',
      'surge sign-ups: OTP sent / held / p95',
    ],
    results.map((r) => [
      r.scenario,
      r.completed,
      [...r.failed.values()].reduce((a, b) => a + b, 0),
      `${p(r.consent, 50)} / ${p(r.consent, 95)}`,
      `${p(r.others, 50)} / ${p(r.others, 95)}`,
      served(r.metrics),
      served(r.metrics, 'bank_verification'),
      served(r.metrics, 'sms'),
      r.signUps.ms.length ? `${r.signUps.ok} / ${r.signUps.held} / ${p(r.signUps.ms, 95)}` : '-',
    ]),
  ),
);
