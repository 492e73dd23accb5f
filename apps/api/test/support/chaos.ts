/**
 * Fault scenarios against a running deployment (one or more API processes in sandbox mode, their
 * PostgreSQL database and their Redis): applicants go through the whole journey on every process
 * while a fault is injected, a socket and a sign-out are tried during the fault, and afterwards
 * every applicant's record is read back through the API and the database is checked for
 * duplicates. Used by the server-mode fault test and by `npm run chaos` (bench/chaos.ts).
 */
import pg from 'pg';
import { startBudgetMs } from './child-server.ts';
import { runFullJourney } from './full-journey.ts';
import { type JourneyApplicant, newApplicant } from './journey-applicant.ts';
import { fetchClient, type JourneyClient } from './journey-client.ts';
import { readBack, recordingClient, signIn, trySocket } from './chaos-probes.ts';

export interface Deployment {
  /** Base URLs of the API processes, e.g. http://127.0.0.1:8080 */
  apiUrls: string[];
  /** The deployment's database, as a role allowed to pg_terminate_backend its connections. */
  databaseUrl: string;
  /** Stops and restarts Redis (or makes it unreachable and reachable again). */
  redis: { down(): Promise<void>; up(): Promise<void> };
}

export interface Fault {
  name: string;
  /** What is done to the deployment. */
  description: string;
  /** Starts the fault; `heal` ends it. */
  inject(d: Deployment): Promise<void>;
  heal(d: Deployment): Promise<void>;
  /** What the fault did, e.g. how many connections it terminated. */
  effect?(): string;
}

export interface ScenarioResult {
  fault: string;
  /** What the fault did (Fault.effect). */
  effect: string;
  journeys: number;
  /** Journeys whose every stage is recorded once, with the applicant's own PAN and account. */
  complete: number;
  calls: number;
  /** 503 answers, all in the envelope with Retry-After. */
  unavailable: number;
  /**
   * 503 answers outside the envelope, without Retry-After or X-Request-Id, or saying what no reply
   * may (SQL, the driver's words, a stack frame).
   */
  unavailableWithoutEnvelope: number;
  /** Any other 5xx (must be none). */
  otherServerErrors: number;
  /** 401 answers to a signed-in applicant (must be none: nobody is signed out by a fault). */
  signedOut: number;
  /** Transport failures (connection refused or reset). */
  transportErrors: number;
  /** Longest single call while the fault lasted, in ms. */
  slowestCallMs: number;
  /** Socket connections tried during the fault, and those closed as "session ended" (must be none). */
  socketTries: number;
  socketSessionEnded: number;
  /** Sign-out during the fault: 'ok', or what it answered. */
  logoutDuringFault: string;
  /** From the end of the fault until every process signs in and pushes a profile, in ms. */
  recoveryMs: number;
  /** Every process still answers /healthz afterwards (none exited). */
  processesUp: boolean;
  /** Applicants created in the database during the scenario, and those expected (one per mobile). */
  applicantsCreated: number;
  applicantsExpected: number;
  /** Journeys that had to start again from the stage the server reported, and why (counted). */
  resumes: number;
  resumeReasons: Record<string, number>;
  /** The slowest journey with the fault, and without one, in s. */
  journeysSeconds: number;
  baselineSeconds: number;
  problems: string[];
}

type Envelope = { status: boolean; message: string; data: Record<string, unknown> };
const API = '/api/v1/ekyc';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ScenarioOptions {
  assets: { signaturePng: string; selfieJpeg: string };
  /** Journeys at a time (spread over the processes), each followed by another until the fault ends. */
  journeys: number;
  /** How long the fault lasts. */
  faultMs: number;
  /** The slowest journey without a fault, in s (for the cost column). */
  baselineSeconds?: number;
  log?: (line: string) => void;
  /** A reason to stop at once (e.g. a process exited), or null. */
  abort?: () => string | null;
}

/**
 * Runs journeys with no fault (as many at a time as a scenario) and answers the slowest, in s.
 * Nothing is measured against a limit here, so a call may take as long as a busy machine needs.
 */
export async function baseline(d: Deployment, options: Omit<ScenarioOptions, 'faultMs'>): Promise<number> {
  const callBudgetMs = startBudgetMs(20_000);
  const durations = await Promise.all(
    Array.from({ length: options.journeys }, async (_v, i) => {
      const began = performance.now();
      await runFullJourney(fetchClient(d.apiUrls[i % d.apiUrls.length]!, callBudgetMs), {
        applicant: newApplicant(`baseline-${process.pid}-${Date.now()}-${i}`),
        assets: options.assets,
      });
      return (performance.now() - began) / 1000;
    }),
  );
  return Math.max(...durations);
}

export async function runScenario(d: Deployment, fault: Fault, options: ScenarioOptions): Promise<ScenarioResult> {
  const log = options.log ?? (() => undefined);
  const problems: string[] = [];
  const db = new pg.Client({ connectionString: d.databaseUrl });
  await db.connect();
  const startedAt = (await db.query<{ now: Date }>('select now() as now')).rows[0]!.now;
  await db.end();

  const stats = { calls: 0, byStatus: new Map<number, number>(), bare503: 0, transport: 0, slowest: 0 };
  let faultOn = false;
  const aborted = options.abort ?? (() => null);
  const clients = d.apiUrls.map((u) => recordingClient(fetchClient(u, 20_000), stats, () => faultOn, aborted));
  let signIns = 0;

  // a signed-in applicant whose socket is tried during the fault, and one who signs out then
  const probeUrl = d.apiUrls[0]!;
  const probeToken = await signIn(probeUrl, newApplicant(`probe-${Date.now()}`).mobile);
  const logoutToken = await signIn(d.apiUrls.at(-1)!, newApplicant(`logout-${Date.now()}`).mobile);
  signIns += 2;

  let resumes = 0;
  const resumeReasons: Record<string, number> = {};
  let started = 0;
  let healed = false;
  const durations: number[] = [];
  /** One applicant's whole journey, resumed as the browser would until it completes. */
  const journey = async (client: JourneyClient, url: string, applicant: JourneyApplicant) => {
    const began = performance.now();
    let token: string | undefined;
    let lastError = '';
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && !aborted()) {
      try {
        const r = await runFullJourney(client, {
          applicant,
          assets: options.assets,
          token,
          retries: 200,
          retryDelayMs: 250,
          onToken: (t) => {
            if (!token) started += 1;
            token = t;
          },
        });
        if (r.stage === 220) {
          durations.push((performance.now() - began) / 1000);
          return { applicant, token: r.token, url };
        }
        // a step did not take (e.g. the e-sign came back while the database was away): do it again
        lastError = `stopped at stage ${r.stage}`;
      } catch (err) {
        lastError = String(err);
      }
      // as the browser does: start again from the stage the server reports, after the
      // resend countdown when an OTP was refused as too soon
      resumes += 1;
      const reason = lastError.replace(/^Error: /, '').slice(0, 90);
      resumeReasons[reason] = (resumeReasons[reason] ?? 0) + 1;
      await sleep(/ 429: /.test(lastError) ? 5000 : 1000);
    }
    throw new Error(`journey of applicant ${applicant.mobile.slice(-4)} did not complete: ${lastError}`);
  };
  // `options.journeys` applicants at a time, one after the other until the fault has ended, so
  // that the fault meets journeys at every step
  const runs: Array<Promise<{ applicant: JourneyApplicant; token: string; url: string }>> = [];
  let seq = 0;
  const workers = Array.from({ length: options.journeys }, async (_v, w) => {
    const url = d.apiUrls[w % d.apiUrls.length]!;
    await sleep(w * 150);
    do {
      const run = journey(
        clients[w % clients.length]!,
        url,
        newApplicant(`chaos-${fault.name}-${process.pid}-${Date.now()}-${seq++}`),
      );
      runs.push(run);
      await run.catch(() => undefined);
    } while (!healed && !aborted());
  });

  // the fault, once the journeys are under way
  await sleep(1500);
  log(`${fault.name}: injecting (${options.faultMs} ms)`);
  await fault.inject(d);
  faultOn = true;
  const socketCodes: string[] = [];
  const faultEnds = Date.now() + options.faultMs;
  let logoutDuringFault = 'not tried';
  const logout = (async () => {
    await sleep(Math.min(1000, options.faultMs / 3));
    try {
      const res = await fetch(`${d.apiUrls.at(-1)}${API}/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${logoutToken}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as Envelope;
      logoutDuringFault = res.status === 200 && body.status ? 'ok' : `${res.status}`;
    } catch (err) {
      logoutDuringFault = (err as Error).name;
    }
  })();
  while (Date.now() < faultEnds) {
    socketCodes.push(await trySocket(probeUrl, probeToken));
    await sleep(300);
  }
  await logout;
  await fault.heal(d);
  faultOn = false;
  healed = true;
  const healedAt = performance.now();
  log(`${fault.name}: healed`);

  // recovery: every process signs a new applicant in and pushes a profile on its socket
  let recoveryMs = -1;
  for (let i = 0; i < 600 && !aborted(); i++) {
    try {
      const ok = await Promise.all(
        d.apiUrls.map(async (u) => {
          const token = await signIn(u, newApplicant(`recovery-${u}-${Date.now()}-${i}`).mobile);
          signIns += 1;
          return (await trySocket(u, token)) === 'data';
        }),
      );
      if (ok.every(Boolean)) {
        recoveryMs = Math.round(performance.now() - healedAt);
        break;
      }
    } catch {
      // not yet
    }
    await sleep(250);
  }
  if (recoveryMs < 0) problems.push(aborted() ?? 'did not recover within 150 s');

  await Promise.all(workers);
  const outcomes = await Promise.allSettled(runs);
  let complete = 0;
  for (const o of outcomes) {
    if (o.status === 'rejected') {
      problems.push(String(o.reason).slice(0, 200));
      continue;
    }
    const wrong = await readBack(o.value.url, o.value.token, o.value.applicant);
    if (wrong) problems.push(`applicant ${o.value.applicant.mobile.slice(-4)}: ${wrong}`);
    else complete += 1;
  }
  signIns += started;

  const check = new pg.Client({ connectionString: d.databaseUrl });
  await check.connect();
  const created = Number(
    (await check.query<{ n: string }>('select count(*) as n from applicants where created_at >= $1', [startedAt]))
      .rows[0]!.n,
  );
  await check.end();

  const processesUp = (
    await Promise.all(
      d.apiUrls.map((u) =>
        fetch(`${u}/healthz`)
          .then((r) => r.ok)
          .catch(() => false),
      ),
    )
  ).every(Boolean);
  const sessionEnded = socketCodes.filter((c) => c === '4001').length;
  const otherServerErrors = [...stats.byStatus].filter(([s]) => s >= 500 && s !== 503).reduce((n, [, c]) => n + c, 0);
  return {
    fault: fault.name,
    effect: fault.effect?.() ?? '',
    journeys: runs.length,
    complete,
    calls: stats.calls,
    unavailable: stats.byStatus.get(503) ?? 0,
    unavailableWithoutEnvelope: stats.bare503,
    otherServerErrors,
    signedOut: stats.byStatus.get(401) ?? 0,
    transportErrors: stats.transport,
    slowestCallMs: Math.round(stats.slowest),
    socketTries: socketCodes.length,
    socketSessionEnded: sessionEnded,
    logoutDuringFault,
    recoveryMs,
    processesUp,
    applicantsCreated: created,
    applicantsExpected: signIns,
    resumes,
    resumeReasons,
    journeysSeconds: Math.round(Math.max(0, ...durations) * 10) / 10,
    baselineSeconds: Math.round((options.baselineSeconds ?? 0) * 10) / 10,
    problems,
  };
}

/** Why the scenario's journeys had to start again, one line per reason. */
export const resumeLines = (r: ScenarioResult): string[] =>
  Object.entries(r.resumeReasons).map(([why, n]) => `  started again ${n}×: ${why}`);

export function resultTable(results: ScenarioResult[]): string {
  const header = [
    'fault',
    'journeys complete',
    'calls',
    '503 (envelope)',
    'other 5xx',
    '401',
    'slowest call in fault',
    'socket 4001 / tries',
    'logout in fault',
    'recovered in',
    'processes up',
    'applicants created / expected',
    'journeys resumed',
    'slowest journey (no fault)',
  ];
  const rows = results.map((r) => [
    r.effect ? `${r.fault} (${r.effect})` : r.fault,
    `${r.complete}/${r.journeys}`,
    r.calls,
    `${r.unavailable} (${r.unavailable - r.unavailableWithoutEnvelope})`,
    r.otherServerErrors,
    r.signedOut,
    `${r.slowestCallMs} ms`,
    `${r.socketSessionEnded}/${r.socketTries}`,
    r.logoutDuringFault,
    r.recoveryMs < 0 ? 'no' : `${(r.recoveryMs / 1000).toFixed(1)} s`,
    r.processesUp ? 'yes' : 'NO',
    `${r.applicantsCreated}/${r.applicantsExpected}`,
    r.resumes,
    `${r.journeysSeconds} s (${r.baselineSeconds} s)`,
  ]);
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
