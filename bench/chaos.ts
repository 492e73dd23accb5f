/**
 * `npm run chaos`: fault scenarios against a deployment, with applicants going through the whole
 * journey on every API process while each fault lasts, and a table of what the applicants saw
 * (docs/operations.md explains the columns and keeps the last result).
 *
 * Against a running deployment (sandbox providers, so that OTPs can be read from the outbox):
 *   CHAOS_API_URLS=http://10.0.0.5:8080,http://10.0.0.6:8080   the API processes
 *   CHAOS_DATABASE_URL=postgres://admin@db/ekyc                 its database, as a role that may
 *                                                               pg_terminate_backend
 *   CHAOS_REDIS_URL=redis://redis:6379                          its Redis
 *   CHAOS_REDIS_DOWN_CMD / CHAOS_REDIS_UP_CMD                   optional shell commands that stop and
 *                                                               start Redis; without them Redis is
 *                                                               made unreachable by pausing every
 *                                                               client and dropping its connections
 * Without CHAOS_API_URLS it starts its own deployment: two API processes, a fresh database
 * (CHAOS_DB_NAME, default `ekyc_chaos`) on CHAOS_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and a
 * redis-server of its own on a free port.
 * CHAOS_JOURNEYS (default 6) applicants per scenario, CHAOS_FAULT_SECONDS (default 5) per fault.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import {
  baseline,
  type Deployment,
  resultTable,
  resumeLines,
  runScenario,
  type ScenarioResult,
} from '../apps/api/test/support/chaos.ts';
import { redisOutage, terminateConnections } from '../apps/api/test/support/chaos-faults.ts';
import { journeyAssets } from '../apps/api/test/support/journey-assets.ts';
import { freshDatabase, type RunningServer, startServer } from './lib.ts';

const JOURNEYS = Number(process.env.CHAOS_JOURNEYS ?? 6);
const FAULT_MS = Number(process.env.CHAOS_FAULT_SECONDS ?? 5) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForRedis(url: string) {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  probe.on('error', () => undefined);
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if (probe.status !== 'ready') await probe.connect();
        await probe.ping();
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`Redis at ${url} did not come back`);
  } finally {
    probe.disconnect();
  }
}

/** Redis of a running deployment: shell commands, or every client paused and disconnected. */
function remoteRedis(url: string): Deployment['redis'] {
  const down = process.env.CHAOS_REDIS_DOWN_CMD;
  const up = process.env.CHAOS_REDIS_UP_CMD;
  if (down && up)
    return {
      down: async () => void execSync(down, { stdio: 'inherit' }),
      up: async () => {
        execSync(up, { stdio: 'inherit' });
        await waitForRedis(url);
      },
    };
  let pausedUntil = 0;
  return {
    async down() {
      const admin = new Redis(url, { maxRetriesPerRequest: 0 });
      admin.on('error', () => undefined);
      // Paused, Redis accepts connections but answers nothing (the API must not wait on it);
      // the dropped connections are reopened by the API and stay unanswered until the pause ends.
      // One write, run in order: the connections are dropped, then Redis pauses.
      pausedUntil = Date.now() + FAULT_MS;
      await admin
        .pipeline([
          ['client', 'kill', 'type', 'normal', 'skipme', 'yes'],
          ['client', 'kill', 'type', 'pubsub', 'skipme', 'yes'],
          ['client', 'pause', String(FAULT_MS), 'ALL'],
        ])
        .exec();
      admin.disconnect();
    },
    async up() {
      await sleep(Math.max(0, pausedUntil - Date.now()));
      await waitForRedis(url);
    },
  };
}

/** A deployment of its own: a fresh database, a redis-server, two API processes. */
async function ownDeployment(): Promise<{ deployment: Deployment; stop: () => Promise<void> }> {
  const admin = process.env.CHAOS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbUrl = new URL(await freshDatabase(admin, process.env.CHAOS_DB_NAME ?? 'ekyc_chaos'));

  const redisPort = await freePort();
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  let redisProc: ChildProcess | undefined;
  const redis: Deployment['redis'] = {
    async up() {
      redisProc = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await waitForRedis(redisUrl);
    },
    async down() {
      const p = redisProc;
      if (!p || p.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGKILL');
      });
    },
  };
  await redis.up();
  const env = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    SECRET_KEY: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: `/tmp/ekyc-chaos-${Date.now()}`,
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    OTP_RATE_LIMIT_PER_MINUTE: '1000000',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  };
  const servers: RunningServer[] = [];
  // one after the other: the first creates the sandbox e-sign keys the second reads
  for (let i = 0; i < 2; i++) servers.push(await startServer(await freePort(), env));
  for (const [i, s] of servers.entries())
    s.process.on('exit', (code, signal) => console.error(`API process ${i} exited (${code ?? signal})`));
  return {
    deployment: { apiUrls: servers.map((s) => s.url), databaseUrl: dbUrl.toString(), redis },
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await redis.down();
    },
  };
}

async function main() {
  let deployment: Deployment;
  let stop: () => Promise<void> = async () => undefined;
  if (process.env.CHAOS_API_URLS) {
    const databaseUrl = process.env.CHAOS_DATABASE_URL;
    const redisUrl = process.env.CHAOS_REDIS_URL;
    if (!databaseUrl || !redisUrl)
      throw new Error('CHAOS_DATABASE_URL and CHAOS_REDIS_URL are needed with CHAOS_API_URLS');
    deployment = {
      apiUrls: process.env.CHAOS_API_URLS.split(',').map((u) => u.trim().replace(/\/$/, '')),
      databaseUrl,
      redis: remoteRedis(redisUrl),
    };
  } else {
    const own = await ownDeployment();
    deployment = own.deployment;
    stop = own.stop;
  }
  const results: ScenarioResult[] = [];
  try {
    const assets = await journeyAssets();
    console.log(`chaos: ${deployment.apiUrls.length} API processes, ${JOURNEYS} journeys per scenario`);
    const baselineSeconds = await baseline(deployment, { assets, journeys: JOURNEYS });
    console.log(`no fault: the slowest of ${JOURNEYS} journeys took ${baselineSeconds.toFixed(1)} s`);
    for (const fault of [terminateConnections(), redisOutage()]) {
      const r = await runScenario(deployment, fault, {
        assets,
        journeys: JOURNEYS,
        faultMs: FAULT_MS,
        baselineSeconds,
        log: (line) => console.log(line),
      });
      results.push(r);
      for (const p of r.problems) console.log(`  problem: ${p}`);
      for (const why of resumeLines(r)) console.log(why);
    }
  } finally {
    await stop();
  }
  console.log(`\n${resultTable(results)}\n`);
  const failed = results.some(
    (r) =>
      r.complete < r.journeys ||
      r.otherServerErrors > 0 ||
      r.unavailableWithoutEnvelope > 0 ||
      r.signedOut > 0 ||
      r.socketSessionEnded > 0 ||
      r.recoveryMs < 0 ||
      !r.processesUp ||
      r.applicantsCreated !== r.applicantsExpected,
  );
  process.exit(failed ? 1 : 0);
}

await main();
