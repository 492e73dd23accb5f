/**
 * Faults under load: two API processes on a PostgreSQL database of the test's own and a Redis of the test's
 * own (a redis-server on a free port), applicants going through the whole journey on both. Each
 * fault is injected mid-run: every connection of the database terminated again and again
 * (pg_terminate_backend), then Redis stopped and started. Neither process exits, the only 5xx is a
 * 503 in the envelope, nobody is signed out (no 401, no socket closed as "session ended"), a
 * sign-out during a Redis outage succeeds, calls do not hang on Redis, the service recovers without
 * a restart, and every applicant's record is complete with nothing duplicated.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseline,
  type Deployment,
  resultTable,
  resumeLines,
  runScenario,
  type ScenarioResult,
} from '../support/chaos.ts';
import { redisOutage, terminateConnections } from '../support/chaos-faults.ts';
import { freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';
import { runTool } from '../support/system-tool.ts';

// a database of its own (run.ts makes it): terminating its connections cuts off no other file
const DB = process.env.TEST_FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const JOURNEYS = 4;
const FAULT_MS = 5000;

const START_BUDGET_MS = startBudgetMs();
// two starts, then the no-fault journeys (their calls' budget grows with the load too, chaos.ts)
const SETUP_MS = START_BUDGET_MS * 2 + 300_000;

/** A redis-server of the test's own, stopped and started at will. */
class OwnRedis {
  private proc: ChildProcess | undefined;
  constructor(readonly port: number) {}
  async up() {
    runTool('redis-server', ['--version']); // a missing redis-server is named, not a timeout
    this.proc = spawn('redis-server', ['--port', String(this.port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis(this.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    for (let i = 0; i < 100; i++) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    probe.disconnect();
  }
  async down() {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  }
}

describe.runIf(DB)('faults under load, two processes', () => {
  const procs: ChildProcess[] = [];
  const exits: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-'));
  let redis: OwnRedis;
  let deployment: Deployment;
  let assets: { signaturePng: string; selfieJpeg: string };
  let baselineSeconds = 0;
  const results: ScenarioResult[] = [];

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.up();
    const env = {
      ...process.env,
      DATABASE_URL: DB,
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      ...SHARED_DATABASE_KEYS,
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SANDBOX_SKIP_HEAVY_CHECKS: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST: '/nonexistent',
    };
    const urls: string[] = [];
    // one after the other: the first writes the sandbox authority's keys to the shared DATA_DIR
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawnApi({ env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
      child.on('exit', (code, signal) => exits.push(`process ${i} exited (${code ?? signal})`));
      procs.push(child);
      await waitReady(child, port, START_BUDGET_MS);
      urls.push(`http://127.0.0.1:${port}`);
    }
    deployment = { apiUrls: urls, databaseUrl: DB!, redis };
    assets = await journeyAssets();
    baselineSeconds = await baseline(deployment, { assets, journeys: JOURNEYS });
  }, SETUP_MS);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await redis?.down();
    for (const r of results) if (r.resumes) console.log([`${r.fault}:`, ...resumeLines(r)].join('\n'));
    if (results.length) console.log(`\n${resultTable(results)}\n`);
    rmSync(dir, { recursive: true, force: true });
  });

  const expectSurvived = (r: ScenarioResult) => {
    expect(exits, 'no API process exited').toEqual([]);
    expect(r.processesUp).toBe(true);
    expect(r.problems).toEqual([]);
    expect(r.complete, 'every journey complete and read back intact').toBe(r.journeys);
    expect(r.otherServerErrors, 'no 5xx other than 503').toBe(0);
    expect(r.unavailableWithoutEnvelope, '503 always in the envelope with Retry-After').toBe(0);
    expect(r.signedOut, 'nobody signed out').toBe(0);
    expect(r.socketTries).toBeGreaterThan(0);
    expect(r.socketSessionEnded, 'no socket told "session ended"').toBe(0);
    expect(r.recoveryMs, 'recovered without a restart').toBeGreaterThanOrEqual(0);
    expect(r.applicantsCreated, 'one applicant per mobile, none duplicated').toBe(r.applicantsExpected);
  };

  it('survives PostgreSQL connections terminated under load', async () => {
    const r = await runScenario(deployment, terminateConnections(), {
      assets,
      journeys: JOURNEYS,
      faultMs: FAULT_MS,
      baselineSeconds,
      abort: () => exits[0] ?? null,
    });
    results.push(r);
    expectSurvived(r);
    expect(Number.parseInt(r.effect, 10), 'connections were terminated').toBeGreaterThan(0);
  }, 300_000);

  it('survives Redis stopped and started under load: saved changes answer success at once', async () => {
    const r = await runScenario(deployment, redisOutage(), {
      assets,
      journeys: JOURNEYS,
      faultMs: FAULT_MS,
      baselineSeconds,
      abort: () => exits[0] ?? null,
    });
    results.push(r);
    expectSurvived(r);
    expect(r.unavailable, 'Redis down is not a reason to refuse').toBe(0);
    expect(r.logoutDuringFault).toBe('ok');
    // a call waiting on Redis would wait for the whole outage (FAULT_MS); 3 s on an idle machine,
    // more when more work is waiting than there are cores
    expect(r.slowestCallMs, 'no call waits on Redis').toBeLessThan(startBudgetMs(3000));
  }, 300_000);
});
