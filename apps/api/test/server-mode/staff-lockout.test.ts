/**
 * Staff sign-in throttling across two API processes sharing Redis: wrong passwords sent to either
 * process count towards one lockout, and once locked the right password is refused by both; the
 * per-mobile OTP limit is shared likewise.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hasher } from '../../src/lib/crypto.ts';
import { StaffLoginThrottle } from '../../src/modules/backoffice/login-throttle.ts';
import { hashPassword } from '../../src/modules/backoffice/password.ts';
import { freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const MAX_FAILURES = 3;
// this file's own Redis keys: other processes on the same Redis neither share its limits nor clear them
const PREFIX = `test-staff-lockout-${randomBytes(6).toString('hex')}:`;
const START_BUDGET_MS = startBudgetMs();

async function dropKeys() {
  const redis = new Redis(REDIS!);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

const login = async (port: number, email: string, password: string) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { status: boolean; message: string; data: { locked?: boolean } },
  };
};

describe.runIf(DB && REDIS)('staff sign-in throttling across processes', () => {
  const procs: ChildProcess[] = [];
  let a = 0;
  let b = 0;
  const email = `lockout${Date.now()}@broker.example`;
  const password = `Right-${randomBytes(12).toString('base64url')}`;

  beforeAll(async () => {
    await dropKeys();
    const env = {
      ...process.env,
      DATABASE_URL: DB,
      REDIS_URL: REDIS,
      REDIS_KEY_PREFIX: PREFIX,
      ...SHARED_DATABASE_KEYS,
      LOG_LEVEL: 'warn',
      STAFF_LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      STAFF_LOGIN_DELAY_SECONDS: '0',
      // every request comes from 127.0.0.1: only the per-mobile limit is under test
      OTP_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST: '/nonexistent',
      // no registrations worker: the queue on the shared database is the registrations tests' (test-app.ts)
      REGISTRATIONS_WORKER: 'false',
    };
    [a, b] = [await freePort(), await freePort()];
    for (const port of [a, b]) procs.push(spawnApi({ env: { ...env, PORT: String(port) }, stdio: 'ignore' }));
    await Promise.all([waitReady(procs[0]!, a, START_BUDGET_MS), waitReady(procs[1]!, b, START_BUDGET_MS)]);
    const client = new pg.Client({ connectionString: DB });
    await client.connect();
    await client.query(
      `insert into staff (email, name, role, password_hash) values ($1, 'Lockout Reviewer', 'reviewer', $2)`,
      [email, await hashPassword(password)],
    );
    await client.end();
  }, START_BUDGET_MS + 60_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await dropKeys();
  });

  it('counts wrong passwords on both processes towards one lockout that both enforce', async () => {
    // the right password works on either process before any failure
    expect((await login(b, email, password)).body.status).toBe(true);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await login(i % 2 ? b : a, email, `wrong-${i}`);
      expect(wrong.status).toBe(200);
      expect(wrong.body.status).toBe(false);
    }
    for (const port of [a, b]) {
      const refused = await login(port, email, password);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: false, data: { locked: true } });
    }
  }, 60_000);

  it('shares the per-mobile OTP limit between processes', async () => {
    const mobile = `7${String(Date.now()).slice(-9)}`;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`http://127.0.0.1:${i % 2 ? b : a}/api/v1/ekyc/verify-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, otp: String(200000 + i) }),
      });
      codes.push(res.status);
    }
    // OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE defaults to 10, counted across both processes
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  }, 60_000);

  it('makes the wait after a wrong password on one process hold on the other (clock injected)', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const make = () =>
      new StaffLoginThrottle(
        {
          redisUrl: REDIS,
          redisKeyPrefix: PREFIX,
          staffLogin: { maxFailures: 5, lockoutSeconds: 900, delaySeconds: 4 },
        },
        new Hasher(Buffer.alloc(32, 21)),
        () => now,
      );
    const [one, two] = [make(), make()];
    const account = `delay${Date.now()}@broker.example`;
    try {
      expect(await one.begin(account)).toMatchObject({ allowed: true });
      await one.failed(account);
      expect(await two.begin(account)).toEqual({ allowed: false, locked: false, retryAfterSeconds: 4 });
      now += 4000;
      expect(await two.begin(account)).toMatchObject({ allowed: true });
      await two.failed(account);
      expect(await one.begin(account)).toEqual({ allowed: false, locked: false, retryAfterSeconds: 8 });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
