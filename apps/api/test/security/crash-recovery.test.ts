/**
 * Crashes: 30 applicants go through the whole journey at once against a real API process (the
 * compiled server, on a temporary DATA_DIR, or the PostgreSQL server of TEST_DATABASE_URL). The process
 * is killed with SIGKILL at random points of the applicants' progress (after a random number of
 * their calls, not after a time: a fast machine finishes every journey in seconds) and started
 * again; each applicant carries on as the browser would (retrying, then resuming from the stage the
 * server reports). In the end every journey is complete, with its own PAN and account, exactly one
 * applicant per mobile and one row per stage, and every referenced document still decrypts:
 * nothing lost, nothing duplicated.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { applicants, applicantStages } from '../../src/db/schema/core.ts';
import { freePort, spawnApi, waitReady } from '../support/child-server.ts';
import { runFullJourney } from '../support/full-journey.ts';
import { type JourneyApplicant, newApplicant } from '../support/journey-applicant.ts';
import { fetchClient, type JourneyClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { seedDataDir } from '../support/pglite-template.ts';
import { testApp } from '../support/test-app.ts';

const JOURNEYS = 30;
const KILLS = 3;
const dir = mkdtempSync(path.join(tmpdir(), 'crash-'));
let proc: ChildProcess | undefined;

async function start(port: number): Promise<ChildProcess> {
  const child = spawnApi({
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SANDBOX_SKIP_HEAVY_CHECKS: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST: '/nonexistent',
      ...(process.env.TEST_DATABASE_URL && { DATABASE_URL: process.env.TEST_DATABASE_URL }),
    },
    stdio: 'ignore',
  });
  await waitReady(child, port);
  return child;
}

afterAll(() => {
  proc?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it(`${JOURNEYS} concurrent journeys survive ${KILLS} SIGKILLs of the API`, { timeout: 900_000 }, async () => {
  await seedDataDir(dir);
  const port = await freePort();
  proc = await start(port);
  const http = fetchClient(`http://127.0.0.1:${port}`, 20_000);
  // the applicants' calls counted, so that a kill comes after a number of them
  let calls = 0;
  const waiting: Array<{ at: number; resolve: () => void }> = [];
  const client: JourneyClient = {
    request(req) {
      calls += 1;
      for (const w of waiting.filter((x) => calls >= x.at)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
      return http.request(req);
    },
  };
  const afterCalls = (at: number) => new Promise<void>((resolve) => waiting.push({ at, resolve }));
  const assets = await journeyAssets();
  const started = performance.now();
  let running = true;
  let resumes = 0;
  let lastError = '';

  async function journey(applicant: JourneyApplicant): Promise<{ token: string; stage: number }> {
    let token: string | undefined;
    for (let attempt = 0; attempt < 25; attempt++) {
      try {
        const result = await runFullJourney(client, {
          applicant,
          assets,
          token,
          retries: 400,
          retryDelayMs: 250,
          onToken: (t) => (token = t),
        });
        if (result.stage === 220) return { token: result.token, stage: result.stage };
        // a step whose answer was lost with the process (an e-sign response, say) left the applicant
        // short of the end: the browser shows that stage again, and the applicant does it again
        throw new Error(`ended at stage ${result.stage}`);
      } catch (err) {
        // resume signed in from the stage the server reports (a sign-in lost before its answer starts over)
        resumes += 1;
        lastError = String(err);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    throw new Error(`journey of ${applicant.mobile} did not complete: ${lastError}`);
  }

  const applicantsList = Array.from({ length: JOURNEYS }, (_, i) =>
    newApplicant(`crash-${process.pid}-${Date.now()}-${i}`),
  );
  const tokens = new Map<string, string>();
  const runs = Promise.all(
    applicantsList.map(async (a) => {
      const r = await journey(a);
      tokens.set(a.mobile, r.token);
      return r;
    }),
  ).finally(() => (running = false));

  const killedAt: number[] = [];
  // the journeys make about 36 calls each (over a thousand in all): each kill comes 100 to 250 calls
  // after the previous one, so all of them fall while journeys run
  for (let k = 0; k < KILLS && running; k++) {
    await Promise.race([afterCalls(calls + 100 + Math.floor(Math.random() * 150)), runs.catch(() => undefined)]);
    if (!running) break;
    proc.kill('SIGKILL');
    await new Promise((r) => proc!.once('exit', r));
    killedAt.push(Math.round((performance.now() - started) / 1000));
    proc = await start(port);
  }
  const results = await runs;
  expect(killedAt.length, 'the API was killed while journeys ran').toBe(KILLS);
  const seconds = Math.round((performance.now() - started) / 1000);
  expect(
    results.filter((r) => r.stage !== 220).map((r) => r.stage),
    `journeys that ended short of the status stage (resumes ${resumes}, kills at ${killedAt.join(', ')} s; last error ${lastError})`,
  ).toEqual([]);
  proc.kill('SIGTERM');
  await new Promise((r) => proc!.once('exit', r));
  proc = undefined;

  // the stored state, read directly: one applicant per mobile, one row per stage, documents intact
  const app = await testApp({ DATA_DIR: dir, SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  try {
    const hashes = applicantsList.map((a) => app.deps.records.mobileHash(a.mobile));
    const rows = await app.deps.database.db
      .select({ id: applicants.id, hash: applicants.mobileHash })
      .from(applicants)
      .where(inArray(applicants.mobileHash, hashes));
    expect(rows.length, 'one applicant per mobile').toBe(JOURNEYS);
    let documents = 0;
    for (const a of applicantsList) {
      const row = rows.find((r) => r.hash === app.deps.records.mobileHash(a.mobile))!;
      const stages = await app.deps.database.db
        .select({ stage: applicantStages.stage })
        .from(applicantStages)
        .where(eq(applicantStages.applicantId, row.id));
      expect(stages.map((s) => s.stage).sort(), `stages of ${a.mobile}`).toEqual([
        110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220,
      ]);
      const pan = await app.deps.records.getSection(row.id, 'pan_obj');
      const bank = await app.deps.records.getSection(row.id, 'bank_obj');
      const signature = await app.deps.records.getSection(row.id, 'signature_obj');
      expect(pan?.pan_number).toBe(a.pan);
      expect(bank?.account_number).toBe(a.accountNumber);
      const file = await app.deps.records.readFile(signature!.document.$file);
      expect(file?.contentType).toBe('image/png');
      documents += 1;
    }
    console.log(
      `crashes: ${JOURNEYS} concurrent journeys, ${killedAt.length} SIGKILLs (at ${killedAt.join(', ')} s), ${resumes} resumed journeys; all ${JOURNEYS} complete in ${seconds} s, ${rows.length} applicants, ${documents} signatures intact, 0 lost, 0 duplicated`,
    );
  } finally {
    await app.close();
  }
});
