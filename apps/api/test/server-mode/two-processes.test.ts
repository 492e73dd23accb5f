/**
 * Two API processes on two ports, one PostgreSQL server and one Redis: a socket on one process
 * receives the updates made through the other, a sign-out reaches both, and the per-address OTP
 * limit is shared (the general limit is counted in each process).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const LIMIT = 60;
/** How long a process trusts a session it read (auth/sessions.ts). */
const SESSION_CACHE_MS = 5_000;
// this file's own Redis keys and channels: other processes on the same Redis neither use up its
// rate limit nor see its messages
const PREFIX = `test-two-processes-${randomBytes(6).toString('hex')}:`;
// two children transpile and boot at once: the budget grows with the machine's load
const START_BUDGET_MS = startBudgetMs();

async function dropKeys() {
  const redis = new Redis(REDIS!);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

const post = async (port: number, path: string, body: unknown, token?: string) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/ekyc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: boolean; message: string; data: Record<string, unknown> };
};
const otpFor = async (port: number, to: string) =>
  (
    (await (await fetch(`http://127.0.0.1:${port}/sandbox/outbox?to=${encodeURIComponent(to)}`)).json()) as {
      otp: string;
    }[]
  )[0]!.otp;

describe.runIf(DB && REDIS)('two API processes', () => {
  const procs: ChildProcess[] = [];
  let a = 0;
  let b = 0;

  beforeAll(async () => {
    await dropKeys();
    const env = {
      ...process.env,
      DATABASE_URL: DB,
      REDIS_URL: REDIS,
      REDIS_KEY_PREFIX: PREFIX,
      ...SHARED_DATABASE_KEYS,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      WEB_DIST: '/nonexistent',
      // no registrations worker: the queue on the shared database is the registrations tests' (test-app.ts)
      REGISTRATIONS_WORKER: 'false',
    };
    [a, b] = [await freePort(), await freePort()];
    for (const port of [a, b]) procs.push(spawnApi({ env: { ...env, PORT: String(port) }, stdio: 'ignore' }));
    await Promise.all([waitReady(procs[0]!, a, START_BUDGET_MS), waitReady(procs[1]!, b, START_BUDGET_MS)]);
  }, START_BUDGET_MS + 30_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await dropKeys();
  });

  it('pushes an update made through one process to a socket on the other', async () => {
    const mobile = `9${String(Date.now()).slice(-9)}`;
    await post(a, 'send-otp', { mobile });
    const verified = await post(b, 'verify-otp', { mobile, otp: await otpFor(a, mobile) });
    const token = verified.data.token as string;

    const socket = new WebSocket(`ws://127.0.0.1:${b}/ws/user_profile/?token=${token}`);
    const stages: number[] = [];
    // the first message (the record as it stands) is sent once the socket's subscriptions are in place
    const subscribed = new Promise<void>((resolve) => socket.once('message', () => resolve()));
    const reached130 = new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as { data?: [{ kyc_status_obj: [{ kyc_list: { stage: number }[] }] }] };
        const list = m.data?.[0].kyc_status_obj[0].kyc_list ?? [];
        stages.push(list.at(-1)?.stage ?? 0);
        if (stages.includes(130)) resolve();
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no update; saw ${stages.join(',')}`)), 15_000);
    });
    await subscribed;

    const email = `two${mobile}@example.com`;
    await post(a, 'send-otp', { email }, token);
    expect((await post(a, 'verify-otp-email', { email, otp: await otpFor(a, email) }, token)).status).toBe(true);
    await reached130;
    expect(stages[0]).toBe(120);
    socket.close();
  }, 30_000);

  it('refuses at once on one process a session signed out through the other', async () => {
    const mobile = `8${String(Date.now()).slice(-9)}`;
    await post(a, 'send-otp', { mobile });
    const token = (await post(a, 'verify-otp', { mobile, otp: await otpFor(a, mobile) })).data.token as string;
    const details = () =>
      fetch(`http://127.0.0.1:${b}/api/v1/ekyc/get-user-details`, { headers: { authorization: `Bearer ${token}` } });
    // Process b now holds the session in its cache, read no earlier than `cachedFrom`.
    const cachedFrom = Date.now();
    expect((await details()).status).toBe(200);
    expect((await post(a, 'logout', {}, token)).status).toBe(true);
    // Inside b's cache lifetime (5 s from its read) only the revocation message can make b refuse.
    let status = 0;
    const until = cachedFrom + SESSION_CACHE_MS;
    while (Date.now() < until && (status = (await details()).status) !== 401)
      await new Promise((r) => setTimeout(r, 100));
    expect(status).toBe(401);
  }, 30_000);

  it('shares the per-address OTP limit across processes', async () => {
    let first429 = 0;
    for (let i = 1; i <= LIMIT * 2; i++) {
      const port = i % 2 ? a : b;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/ekyc/send-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: `7${String(1e8 + i).padStart(9, '0')}` }),
      });
      if (res.status === 429) {
        first429 = i;
        break;
      }
    }
    // the earlier tests' OTP calls count too: refused at the limit of both processes together
    expect(first429).toBeGreaterThan(0);
    expect(first429).toBeLessThanOrEqual(LIMIT + 1);
  }, 60_000);
});
