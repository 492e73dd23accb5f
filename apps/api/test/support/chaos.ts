/**
 * Fault scenarios against a running deployment (one or more API processes in sandbox mode, their
 * PostgreSQL database and their Redis): applicants go through the whole journey on every process
 * while a fault is injected, a socket and a sign-out are tried during the fault, and afterwards
 * every applicant's record is read back through the API and the database is checked for
 * duplicates. Used by the server-mode fault test and by `npm run chaos` (bench/chaos.ts).
 */
import pg from 'pg';
import WebSocket from 'ws';
import { startBudgetMs } from './child-server.ts';
import {
  fetchClient,
  type JourneyApplicant,
  type JourneyClient,
  newApplicant,
  runFullJourney,
} from './full-journey.ts';

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

/** Terminates every connection of the deployment's database every 250 ms while active. */
export function terminateConnections(): Fault {
  let timer: NodeJS.Timeout | undefined;
  let admin: pg.Client | undefined;
  let running: Promise<void> = Promise.resolve();
  let terminated = 0;
  return {
    name: 'pg_terminate_backend',
    description: 'every connection of the database terminated every 250 ms (failover, restart, admin kill)',
    async inject(d) {
      admin = new pg.Client({ connectionString: d.databaseUrl });
      admin.on('error', () => undefined);
      await admin.connect();
      const kill = async () => {
        const res = await admin!
          .query(
            `select pg_terminate_backend(pid) as done from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          )
          .catch(() => ({ rows: [] as { done: boolean }[] }));
        terminated += res.rows.filter((r: { done: boolean }) => r.done).length;
      };
      await kill();
      timer = setInterval(() => (running = kill()), 250);
    },
    async heal() {
      clearInterval(timer);
      await running;
      await admin?.end().catch(() => undefined);
    },
    effect: () => `${terminated} connections terminated`,
  };
}

/** Redis unreachable for the length of the fault. */
export function redisOutage(): Fault {
  return {
    name: 'Redis down',
    description: 'Redis stopped, then started again',
    inject: (d) => d.redis.down(),
    heal: (d) => d.redis.up(),
  };
}

async function signIn(url: string, mobile: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${API}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  const before = Date.now() - 1000;
  const sent = await post('send-otp', { mobile });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}`);
  let otp = '';
  for (let i = 0; i < 50 && !otp; i++) {
    const list = (await (await fetch(`${url}/sandbox/outbox?to=${mobile}`)).json()) as {
      otp: string;
      sent_at: string;
    }[];
    const latest = list.find((m) => m.otp && Date.parse(m.sent_at) >= before);
    if (latest) otp = latest.otp;
    else await sleep(100);
  }
  const verified = await post('verify-otp', { mobile, otp });
  const body = (await verified.json()) as Envelope;
  if (verified.status !== 200 || !body.status) throw new Error(`verify-otp answered ${verified.status}`);
  return String(body.data.token);
}

/** Opens the profile socket once: the close code, or 'data' when a profile arrived first. */
function trySocket(url: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/user_profile/?token=${token}`);
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('timeout');
    }, 5000);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { data?: unknown };
      if (m.data) {
        clearTimeout(timer);
        ws.close();
        resolve('data');
      }
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve(String(code));
    });
    ws.on('error', () => undefined);
  });
}

/** What a failed reply must never carry: SQL, the driver's wrapper, a stack frame. */
const LEAK = /select|insert|update|delete|Failed query|at .*\.ts:/i;

function recordingClient(
  base: JourneyClient,
  stats: { calls: number; byStatus: Map<number, number>; bare503: number; transport: number; slowest: number },
  faultActive: () => boolean,
  aborted: () => string | null,
): JourneyClient {
  return {
    async request(req) {
      // the scenario is over (a process exited): end the journeys at once
      if (aborted()) return { status: 499, headers: {}, body: '{}' };
      const started = performance.now();
      try {
        const res = await base.request(req);
        stats.calls += 1;
        stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
        if (res.status === 503) {
          let ok = false;
          try {
            const body = JSON.parse(res.body) as Partial<Envelope>;
            ok = body.status === false && typeof body.message === 'string' && typeof body.data === 'object';
          } catch {
            ok = false;
          }
          if (!ok || !res.headers['retry-after'] || !res.headers['x-request-id'] || LEAK.test(res.body))
            stats.bare503 += 1;
        }
        return res;
      } catch (err) {
        stats.transport += 1;
        throw err;
      } finally {
        if (faultActive()) stats.slowest = Math.max(stats.slowest, performance.now() - started);
      }
    },
  };
}

async function readBack(url: string, token: string, a: JourneyApplicant): Promise<string | null> {
  const res = await fetch(`${url}${API}/get-user-details`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return `get-user-details answered ${res.status}`;
  const [first] = ((await res.json()) as { data: unknown }).data as [
    {
      kyc_status_obj: [{ kyc_list: { stage: number }[] }];
      mobile_obj: { mobile: string };
      pan_obj: { pan_number?: string };
      bank_obj: { account_number?: string };
    },
  ];
  const stages = first.kyc_status_obj[0].kyc_list.map((s) => s.stage);
  const expected = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220];
  if (JSON.stringify([...stages].sort()) !== JSON.stringify(expected)) return `stages ${stages.join(',')}`;
  if (first.mobile_obj.mobile !== a.mobile) return 'another mobile';
  if (first.pan_obj.pan_number !== a.pan) return 'another PAN';
  if (first.bank_obj.account_number !== a.accountNumber) return 'another account';
  return null;
}

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
