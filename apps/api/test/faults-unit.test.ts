/**
 * Faults in one process: a request the database drops half-way answers 503 in the envelope and can
 * be retried with the same OTP; with Redis unreachable a saved change answers success at once, a
 * sign-out succeeds, and each rate limit degrades as configured.
 */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRepository } from '../src/plugins/idempotency.repository.ts';
import { rateLimitStore } from '../src/plugins/rate-limit-store.ts';
import { createHub } from '../src/realtime/hub.ts';
import { bearer, call, latestOtp, signUp, testApp, uniqueMobile } from './support/test-app.ts';

const dropped = () => Object.assign(new Error('Connection terminated unexpectedly'), {});

describe('a request the database drops half-way', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  // every statement of a sign-in comes before its code is used up: one dropped after it would leave
  // a used code and no answer, and the retry refused as expired
  it.each([
    ['creating the session', 'new'],
    ['linking the sign-up message to a new applicant', 'new'],
    ["reading a returning applicant's stage", 'returning'],
  ] as const)(
    'answers 503 in the envelope when %s is dropped, and the same code signs in on the retry',
    async (what, who) => {
      const mobile = who === 'new' ? uniqueMobile() : (await signUp(app)).mobile;
      await call(app, 'POST', 'send-otp', { body: { mobile } });
      const otp = await latestOtp(app, mobile);
      const { messaging, records, sessions } = app.deps;
      const [linkRecipient, getSections, create] = [messaging.linkRecipient!, records.getSections, sessions.create];
      const drop = () => Promise.reject(dropped());
      if (what.startsWith('creating')) sessions.create = drop;
      else if (who === 'new') messaging.linkRecipient = drop;
      else records.getSections = drop;
      try {
        const first = await call(app, 'POST', 'verify-otp', { body: { mobile, otp } });
        expect(first.statusCode).toBe(503);
        expect(first.body).toEqual({
          status: false,
          message: MSG.serviceUnavailable,
          code: 'serviceUnavailable',
          data: {},
        });
      } finally {
        Object.assign(messaging, { linkRecipient });
        Object.assign(records, { getSections });
        Object.assign(sessions, { create });
      }
      const retry = await call(app, 'POST', 'verify-otp', { body: { mobile, otp } });
      expect(retry.body).toMatchObject({ status: true, data: { token: expect.any(String) } });
    },
  );

  it('verifies the email on a retry with the same code', async () => {
    const { token } = await signUp(app);
    const email = `retry${Date.now()}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const otp = await latestOtp(app, email);
    const records = app.deps.records;
    const complete = records.completeStage.bind(records);
    records.completeStage = async () => {
      throw dropped();
    };
    try {
      expect((await call(app, 'POST', 'verify-otp-email', { token, body: { email, otp } })).statusCode).toBe(503);
    } finally {
      records.completeStage = complete;
    }
    const retry = await call(app, 'POST', 'verify-otp-email', { token, body: { email, otp } });
    expect(retry.body).toMatchObject({ status: true, data: { screen: '/pan-verification' } });
  });

  it('stays in the envelope when freeing the Idempotency-Key fails too, and a retry with the key runs again', async () => {
    const { token } = await signUp(app);
    const email = `failover${uniqueMobile()}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const otp = await latestOtp(app, email);
    const records = app.deps.records;
    const complete = records.completeStage.bind(records);
    const release = idempotencyRepository.release;
    // the driver's error as drizzle wraps it: the statement's text, the server's code beneath
    const sqlError = (statement: string) =>
      Object.assign(new Error(`Failed query: ${statement}\nparams: `), {
        cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      });
    records.completeStage = async () => {
      throw sqlError('update "applicant_stages" set "admin_activity" = $1');
    };
    idempotencyRepository.release = async () => {
      throw sqlError('delete from "idempotency_keys" where "scope_hash" = $1');
    };
    // keys are kept for calls in a session: the email check of a signed-in applicant
    const headers = { 'idempotency-key': `failover-${email.replace('@', '.')}`, ...bearer(token) };
    const verify = () =>
      app.inject({ method: 'POST', url: '/api/v1/ekyc/verify-otp-email', headers, payload: { email, otp } });
    try {
      const first = await verify();
      expect(first.statusCode).toBe(503);
      expect(first.json()).toEqual({
        status: false,
        message: MSG.serviceUnavailable,
        code: 'serviceUnavailable',
        data: {},
      });
      expect(first.body).not.toMatch(/select|insert|update|delete|Failed query|stages|at .*\.ts:/i);
      expect(first.headers['retry-after']).toBe('2');
      expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      records.completeStage = complete;
      idempotencyRepository.release = release;
    }
    // the key is freed once the database answers again (not left "in progress" until its lease ends)
    await expect
      .poll(async () => (await verify()).json() as unknown, { interval: 200, timeout: 20_000 })
      .toMatchObject({ status: true, data: { screen: '/pan-verification' } });
  });

  it('frees a claim written with its answer lost, so a retry with the key runs at once, not after the lease', async () => {
    const { token } = await signUp(app);
    const email = `claimlost${uniqueMobile()}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const otp = await latestOtp(app, email);
    const claim = idempotencyRepository.claim;
    // the connection cut after the claim's commit: the row is written, the driver reports a fault
    idempotencyRepository.claim = async (...args) => {
      await claim(...args);
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    };
    const headers = { 'idempotency-key': `claimlost-${email.replace('@', '.')}`, ...bearer(token) };
    const verify = () =>
      app.inject({ method: 'POST', url: '/api/v1/ekyc/verify-otp-email', headers, payload: { email, otp } });
    try {
      const first = await verify();
      expect(first.statusCode).toBe(503);
    } finally {
      idempotencyRepository.claim = claim;
    }
    // the lease is a minute; the retry runs well before it ends
    await expect
      .poll(async () => (await verify()).json() as unknown, { interval: 200, timeout: 20_000 })
      .toMatchObject({ status: true, data: { screen: '/pan-verification' } });
  });
});

describe('after the answer is decided, a cleanup that fails does not replace it', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  /** A signed-in applicant holding an email OTP, and the email check sent with an Idempotency-Key. */
  async function emailCheck() {
    const { token } = await signUp(app);
    const email = `cleanup${uniqueMobile()}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const otp = await latestOtp(app, email);
    const headers = { 'idempotency-key': `cleanup-${email.replace('@', '.')}`, ...bearer(token) };
    return () => app.inject({ method: 'POST', url: '/api/v1/ekyc/verify-otp-email', headers, payload: { email, otp } });
  }

  it('answers the success when keeping the reply fails, and a retry with the key gets that answer once the database is back', async () => {
    const verify = await emailCheck();
    const complete = idempotencyRepository.complete;
    idempotencyRepository.complete = async () => {
      throw Object.assign(new Error('Failed query: update "idempotency_keys" set "status_code" = $1'), {
        cause: Object.assign(new Error('Connection terminated unexpectedly'), {}),
      });
    };
    let first;
    try {
      first = await verify();
    } finally {
      idempotencyRepository.complete = complete;
    }
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: true, data: { screen: '/pan-verification' } });
    // "still running" (409, in the envelope) only until the key is settled, then the first answer
    await expect
      .poll(
        async () => {
          const again = await verify();
          return { replayed: again.headers['idempotent-replayed'], body: again.body };
        },
        { interval: 200, timeout: 20_000 },
      )
      .toEqual({ replayed: 'true', body: first.body });
  });

  it('frees the key when the reply cannot be sealed: a retry with the key runs the call again', async () => {
    const verify = await emailCheck();
    const cipher = app.deps.cipher;
    const encryptJson = cipher.encryptJson.bind(cipher);
    // only the reply kept under the key (the sections the call saves seal as usual)
    cipher.encryptJson = (value: unknown) => {
      if (typeof value === 'object' && value !== null && 'scope' in value && 'body' in value)
        throw new Error('the reply could not be sealed');
      return encryptJson(value);
    };
    let first;
    try {
      first = await verify();
    } finally {
      cipher.encryptJson = encryptJson;
    }
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: true, data: { screen: '/pan-verification' } });
    // run again, not replayed and not "still running": the email is verified already, so the
    // applicant is sent on to where they are
    const again = await verify();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ data: { screen: '/pan-verification' } });
  });
});

describe('every fault of the database, Redis or the file store answers 503 in the envelope', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  // each as the driver or client raises it; drizzle wraps a database's error with the statement
  const wrapped = (cause: Error) =>
    Object.assign(new Error('Failed query: insert into "applicant_sections" values ($1)\nparams: '), { cause });
  const pgError = (code: string, message: string) => wrapped(Object.assign(new Error(message), { code }));
  const faults: [string, () => Error][] = [
    ['a terminated backend (57P01)', () => pgError('57P01', 'terminating connection due to administrator command')],
    ['a statement cancelled (57014)', () => pgError('57014', 'canceling statement due to statement timeout')],
    [
      'a write on a read-only standby after a failover (25006)',
      () => pgError('25006', 'cannot execute INSERT in a read-only transaction'),
    ],
    ['a lock not granted in time (55P03)', () => pgError('55P03', 'canceling statement due to lock timeout')],
    ['the database out of disk (53100)', () => pgError('53100', 'could not extend file: No space left on device')],
    ['an I/O error (58030)', () => pgError('58030', 'could not read block 0 in file "base/1/2": read only 0 bytes')],
    ['a commit of unknown outcome (40003)', () => pgError('40003', 'statement completion unknown')],
    [
      'the database host not found (ENOTFOUND)',
      () => wrapped(Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' })),
    ],
    [
      'Redis loading its data (LOADING)',
      () => Object.assign(new Error('LOADING Redis is loading the dataset in memory'), { name: 'ReplyError' }),
    ],
    [
      'Redis a read-only replica (READONLY)',
      () => Object.assign(new Error("READONLY You can't write against a read only replica."), { name: 'ReplyError' }),
    ],
    [
      'Redis out of retries',
      () =>
        Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
          name: 'MaxRetriesPerRequestError',
        }),
    ],
    ['a Redis command timed out', () => new Error('Command timed out')],
    [
      'the file store read-only (EROFS)',
      () => Object.assign(new Error("EROFS: read-only file system, open '/data/files/ab'"), { code: 'EROFS' }),
    ],
  ];

  it.each(faults)('%s', async (_name, fault) => {
    const { token } = await signUp(app);
    const email = `fault${uniqueMobile()}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const otp = await latestOtp(app, email);
    const records = app.deps.records;
    const complete = records.completeStage.bind(records);
    records.completeStage = async () => {
      throw fault();
    };
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/ekyc/verify-otp-email',
        headers: { ...bearer(token), 'x-request-id': 'support-ref-0001' },
        payload: { email, otp },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: false,
        message: MSG.serviceUnavailable,
        code: 'serviceUnavailable',
        data: {},
      });
      expect(res.headers['retry-after']).toBe('2');
      // the reply names its request, the key to the full error in the log
      expect(res.headers['x-request-id']).toBe('support-ref-0001');
    } finally {
      records.completeStage = complete;
    }
  });
});

describe('Redis unreachable', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // port 1: nothing listens, every command fails at once
    app = await testApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PUBLISH_TIMEOUT_MS: '200' });
  });
  afterAll(() => app.close());

  it('answers success for a saved change and a sign-out without waiting on Redis', async () => {
    const started = Date.now();
    const { token } = await signUp(app);
    const email = `down${Date.now()}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const verified = await call(app, 'POST', 'verify-otp-email', {
      token,
      body: { email, otp: await latestOtp(app, email) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.body.status).toBe(true);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/ekyc/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ status: true });
    // the revocation holds at once (the session cache is not trusted while Redis is away)
    const after = await app.inject({ url: '/api/v1/ekyc/get-user-details', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('still delivers a push to the sockets of this process', async () => {
    const hub = createHub('redis://127.0.0.1:1', { timeoutMs: 200 });
    const got = new Promise((resolve) => void hub.subscribe('profile:x', resolve));
    await hub.publish('profile:x', { changed: true });
    expect(await got).toEqual({ changed: true });
    expect(hub.connected()).toBe(false);
    await hub.close();
  });
});

describe('rate limits while Redis is unreachable', () => {
  const down = { status: 'reconnecting', defineCommand: () => undefined } as unknown as Redis;
  const incr = (Store: ReturnType<typeof rateLimitStore>, mode?: 'open' | 'local' | 'closed') =>
    new Promise<{ err: Error | null; current?: number }>((resolve) =>
      new Store({})
        .child({ whenRedisDown: mode })
        .incr('k', (err, r) => resolve({ err, current: r?.current }), 60_000, 2),
    );

  it('counts in this process (local), lets through (open) or refuses with 503 (closed), per limit', async () => {
    const Store = rateLimitStore({ redis: down, nameSpace: 't:', whenRedisDown: 'local' });
    const local = new Store({});
    const counts: number[] = [];
    for (let i = 0; i < 3; i++)
      counts.push(await new Promise<number>((r) => local.incr('a', (_e, res) => r(res!.current), 60_000, 2)));
    expect(counts).toEqual([1, 2, 3]);
    expect((await incr(Store, 'open')).current).toBeLessThanOrEqual(2);
    const closed = await incr(Store, 'closed');
    expect(closed.err).toMatchObject({ httpStatus: 503 });
  });
});

describe('where the rate limits count', () => {
  // a Redis that answers, recording the keys it is asked to count
  const counted: string[] = [];
  const counts = new Map<string, number>();
  const up = {
    status: 'ready',
    defineCommand: () => undefined,
    ekycRateLimit(key: string, windowMs: number, cb: (err: Error | null, r?: [number, number]) => void) {
      counted.push(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      cb(null, [counts.get(key)!, windowMs]);
    },
  } as unknown as Redis;
  const incr = (
    store: { incr: (k: string, cb: (e: Error | null, r?: { current: number }) => void, w: number, m: number) => void },
    key: string,
  ) => new Promise<number>((resolve) => store.incr(key, (_e, r) => resolve(r!.current), 60_000, 10));

  it('counts the general limit in this process, and route limits in Redis, each route on its own', async () => {
    const Store = rateLimitStore({ redis: up, nameSpace: 'p:', whenRedisDown: 'local' });
    const general = new Store({});
    expect([await incr(general, '203.0.113.1'), await incr(general, '203.0.113.1')]).toEqual([1, 2]);
    expect(counted).toEqual([]);

    const login = general.child({ routeInfo: { method: 'POST', url: '/api/v1/backoffice/login' } });
    const otp = general.child({ groupId: 'otp', routeInfo: { method: 'POST', url: '/api/v1/ekyc/send-otp' } });
    expect(await incr(login, '203.0.113.1')).toBe(1);
    expect(await incr(otp, '203.0.113.1otp')).toBe(1);
    expect(await incr(login, '203.0.113.1')).toBe(2);
    expect(counted).toEqual([
      'p:POST /api/v1/backoffice/login:203.0.113.1',
      'p:group:203.0.113.1otp',
      'p:POST /api/v1/backoffice/login:203.0.113.1',
    ]);
  });
});
