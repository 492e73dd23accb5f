/**
 * What a chaos scenario (chaos.ts) does beside the journeys: an applicant's sign-in, socket and
 * read-back through the API, and a client that records every failed reply.
 */
import WebSocket from 'ws';
import type { JourneyApplicant } from './journey-applicant.ts';
import { type JourneyClient } from './journey-client.ts';

type Envelope = { status: boolean; message: string; data: Record<string, unknown> };
const API = '/api/v1/ekyc';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function signIn(url: string, mobile: string): Promise<string> {
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
export function trySocket(url: string, token: string): Promise<string> {
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

export function recordingClient(
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

export async function readBack(url: string, token: string, a: JourneyApplicant): Promise<string | null> {
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
