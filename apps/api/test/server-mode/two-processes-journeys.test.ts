/**
 * Two API processes behind a load balancer that spreads requests one by one, without sticky
 * sessions: every call of a journey goes to the other process than the call before, so the
 * DigiLocker consent and token exchange, the liveness module and its results, and the e-sign
 * request, OTP page and answer each meet both processes. Every journey completes.
 *
 * Then a third process whose sandbox providers are the first one's (SANDBOX_PROVIDERS_URL), reached
 * over HTTP as the real services are, the applicants' sandbox pages routed there too: journeys
 * complete and the third process answers no sandbox route itself.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPki } from '../../src/documents/signing/sandbox-pki.ts';
import { freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { runFullJourney } from '../support/full-journey.ts';
import { newApplicant } from '../support/journey-applicant.ts';
import { fetchClient, type JourneyClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const JOURNEYS = 6;
const AT_ONCE = 3;
const PREFIX = `test-two-processes-journeys-${randomBytes(6).toString('hex')}:`;
const START_BUDGET_MS = startBudgetMs();
// the file store is shared, as a deployment's S3 bucket or volume is
const dataDir = mkdtempSync(path.join(tmpdir(), 'two-processes-journeys-'));

/** A load balancer without stickiness: each request to the next process in turn. */
function spreadClient(clients: JourneyClient[]): JourneyClient & { served: number[] } {
  let next = 0;
  const served = clients.map(() => 0);
  return {
    served,
    request(req) {
      const i = next++ % clients.length;
      served[i]! += 1;
      return clients[i]!.request(req);
    },
  };
}

describe.runIf(DB && REDIS)('two API processes, requests spread one by one', () => {
  const procs: ChildProcess[] = [];
  const ports: number[] = [];
  let apart: ChildProcess;
  let apartPort: number;

  beforeAll(async () => {
    // the sandbox authority's keys, written once before either process reads them
    sandboxPki({ dataDir, inMemory: false });
    ports.push(await freePort(), await freePort());
    const env = {
      ...process.env,
      // the address applicants use, the load balancer's: the same for every process
      PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
      DATABASE_URL: DB,
      REDIS_URL: REDIS,
      REDIS_KEY_PREFIX: PREFIX,
      ...SHARED_DATABASE_KEYS,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX_SKIP_HEAVY_CHECKS: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000000',
      OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: '1000000',
      WEB_DIST: '/nonexistent',
      // no registrations worker: the queue on the shared database is the registrations tests' (test-app.ts)
      REGISTRATIONS_WORKER: 'false',
    };
    for (const port of ports) procs.push(spawnApi({ env: { ...env, PORT: String(port) }, stdio: 'ignore' }));
    apartPort = await freePort();
    apart = spawnApi({
      env: { ...env, PORT: String(apartPort), SANDBOX_PROVIDERS_URL: `http://127.0.0.1:${ports[0]}` },
      stdio: 'ignore',
    });
    procs.push(apart);
    await Promise.all([
      ...ports.map((port, i) => waitReady(procs[i]!, port, START_BUDGET_MS)),
      waitReady(apart, apartPort, START_BUDGET_MS),
    ]);
  }, START_BUDGET_MS + 30_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : undefined)));
    const redis = new Redis(REDIS!);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`completes ${JOURNEYS} journeys, ${AT_ONCE} at a time, with every call going to the other process`, async () => {
    const assets = await journeyAssets();
    const failures: string[] = [];
    const stages: number[] = [];
    let served = [0, 0];
    let started = 0;
    const worker = async () => {
      while (started < JOURNEYS) {
        const n = started++;
        // one balancer per journey, so its calls alternate strictly between the processes
        const client = spreadClient(ports.map((port) => fetchClient(`http://127.0.0.1:${port}`)));
        try {
          const result = await runFullJourney(client, {
            applicant: newApplicant(`spread-${process.pid}-${Date.now()}-${n}`),
            assets,
          });
          stages.push(result.stage);
        } catch (err) {
          failures.push(String(err));
        }
        served = served.map((s, i) => s + client.served[i]!);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    expect(failures).toEqual([]);
    expect(stages).toEqual(Array(JOURNEYS).fill(220));
    // both processes did half the work
    expect(Math.abs(served[0]! - served[1]!)).toBeLessThanOrEqual(JOURNEYS);
  }, 600_000);

  it('completes journeys whose sandbox providers run in another process, reached over HTTP', async () => {
    const assets = await journeyAssets();
    const api = fetchClient(`http://127.0.0.1:${apartPort}`);
    const providers = fetchClient(`http://127.0.0.1:${ports[0]}`);
    // a load balancer that routes /sandbox/ to the providers' process
    const client: JourneyClient = {
      request: (req) => (req.url.startsWith('/sandbox/') ? providers : api).request(req),
    };
    const sandboxRoutesServed = async (port: number) => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      return text
        .split('\n')
        .filter((l) => l.startsWith('ekyc_http_request_duration_seconds_count{') && l.includes('route="/sandbox/'))
        .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    };
    const before = await sandboxRoutesServed(ports[0]!);
    for (let n = 0; n < 2; n++) {
      const result = await runFullJourney(client, {
        applicant: newApplicant(`apart-${process.pid}-${Date.now()}-${n}`),
        assets,
      });
      expect(result.stage).toBe(220);
    }
    expect(await sandboxRoutesServed(apartPort)).toBe(0);
    // the DigiLocker token and documents, PAN, KRA, penny drop, liveness and e-sign calls of both journeys
    expect((await sandboxRoutesServed(ports[0]!)) - before).toBeGreaterThan(20);
  }, 300_000);
});
