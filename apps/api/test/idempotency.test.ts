import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { idempotencyHashes, purgeIdempotencyKeys } from '../src/plugins/idempotency.ts';
import { idempotencyRepository } from '../src/plugins/idempotency.repository.ts';
import { latestOtp, signUp, testApp, uniqueMobile } from './support/test-app.ts';

/** The stored rows of one Idempotency-Key, whoever sent it (the key is kept as its hash). */
const rowsOfKey = async (on: FastifyInstance, key: string) => {
  const keyHash = on.deps.hasher.hash('idempotency-key', key);
  return (await on.deps.database.db.select().from(idempotencyKeys)).filter((r) => r.keyHash === keyHash);
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const post = (url: string, payload: object, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/v1/ekyc/${url}`, payload, headers });

it('answers a retried call with the first reply and runs the action once', async () => {
  const { token } = await signUp(app);
  const n = uniqueMobile();
  const email = `retried${n}@example.com`;
  const headers = { 'idempotency-key': `k-${n}`, authorization: `Bearer ${token}` };
  const first = await post('send-otp', { email }, headers);
  const retry = await post('send-otp', { email }, headers);
  expect(first.statusCode).toBe(200);
  expect(retry.statusCode).toBe(200);
  expect(retry.body).toBe(first.body);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  const outbox = (await app.inject({ url: `/sandbox/outbox?to=${email}` })).json() as unknown[];
  expect(outbox).toHaveLength(1);
});

it('answers a signed-out token 401 after the guard, never with the reply it stored', async () => {
  const { token } = await signUp(app);
  const n = uniqueMobile();
  const email = `signedout${n}@example.com`;
  const headers = { 'idempotency-key': `out-${n}`, authorization: `Bearer ${token}` };
  expect((await post('send-otp', { email }, headers)).statusCode).toBe(200);
  expect((await post('logout', {}, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  const replay = await post('send-otp', { email }, headers);
  expect(replay.statusCode).toBe(401);
  expect(replay.headers['idempotent-replayed']).toBeUndefined();
  // a guarded route too: the guard answers before any stored reply is looked at
  const guarded = await post('verify-otp-email', { email, otp: '123456' }, headers);
  expect(guarded.statusCode).toBe(401);
});

it('keeps no key for a signed-out call: it runs each time and adds no row', async () => {
  const mobile = uniqueMobile();
  const headers = { 'idempotency-key': `anon-${mobile}` };
  const first = await post('send-otp', { mobile }, headers);
  expect(first.statusCode).toBe(200);
  const again = await post('send-otp', { mobile }, headers);
  expect(again.headers['idempotent-replayed']).toBeUndefined();
  // this key's rows (the server-mode database is shared with other files writing keys)
  expect(await rowsOfKey(app, headers['idempotency-key'])).toEqual([]);
});

it('refuses the same key with a different body', async () => {
  const { token } = await signUp(app);
  const headers = { 'idempotency-key': 'email-key-1', authorization: `Bearer ${token}` };
  expect((await post('send-otp', { email: 'first@example.com' }, headers)).statusCode).toBe(200);
  const reused = await post('send-otp', { email: 'second@example.com' }, headers);
  expect(reused.statusCode).toBe(409);
  expect(reused.json().message).toMatch(/Idempotency-Key/);
});

it('scopes keys to the caller', async () => {
  const a = await signUp(app);
  const b = await signUp(app);
  const key = { 'idempotency-key': 'shared-key-1' };
  const ra = await post('send-otp', { email: 'a@example.com' }, { ...key, authorization: `Bearer ${a.token}` });
  const rb = await post('send-otp', { email: 'a@example.com' }, { ...key, authorization: `Bearer ${b.token}` });
  expect(ra.statusCode).toBe(200);
  expect(rb.headers['idempotent-replayed']).toBeUndefined();
});

it('names the header when the key is malformed', async () => {
  const res = await post('send-otp', { mobile: uniqueMobile() }, { 'idempotency-key': 'bad key!' });
  expect(res.statusCode).toBe(400);
  expect(res.json().data.field).toBe('Idempotency-Key');
});

describe('the store keeps no secret or personal data in clear', () => {
  let clock = Date.now();
  let timed: FastifyInstance;
  beforeAll(async () => {
    timed = await testApp({ IDEMPOTENCY_LEASE_SECONDS: '30', IDEMPOTENCY_TTL_HOURS: '24' }, { now: () => clock });
  });
  afterAll(() => timed.close());
  const rows = () => timed.deps.database.db.select().from(idempotencyKeys);
  const send = (url: string, payload: object, headers: Record<string, string>) =>
    timed.inject({ method: 'POST', url: `/api/v1/ekyc/${url}`, payload, headers });

  it('keeps no session token: a sign-in with a key stores nothing', async () => {
    const mobile = uniqueMobile();
    await send('send-otp', { mobile }, {});
    const otp = await latestOtp(timed, mobile);
    const key = { 'idempotency-key': `verify-${mobile}` };
    const first = await send('verify-otp', { mobile, otp }, key);
    const token = (first.json() as { data: { token: string } }).data.token;
    expect(token).toBeTruthy();
    const replay = await send('verify-otp', { mobile, otp }, key);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.body).not.toContain(token);
    expect(await rowsOfKey(timed, key['idempotency-key'])).toEqual([]);
    expect(JSON.stringify(await rows())).not.toContain(token);
  });

  it('seals the replies it keeps and binds them to caller and key', async () => {
    const { token } = await signUp(timed);
    const email = `sealed${uniqueMobile()}@example.com`;
    const headers = { 'idempotency-key': 'sealed-key-1', authorization: `Bearer ${token}` };
    const first = await send('send-otp', { email }, headers);
    expect(first.statusCode).toBe(200);
    const stored = await rows();
    const all = JSON.stringify(stored);
    expect(all).not.toContain(email);
    expect(all).not.toContain(first.json<{ message: string }>().message);
    expect(all).not.toContain(token);
    const replay = await send('send-otp', { email }, headers);
    expect(replay.body).toBe(first.body);
    // a sealed reply moved under another key is not served
    const session = (await timed.deps.sessions.authenticate(token, 'applicant'))!;
    const one = idempotencyHashes(timed.deps.hasher, {
      caller: `applicant:${session.sessionId}`,
      key: 'sealed-key-1',
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      body: { email },
    });
    const mine = stored.find((r) => r.scopeHash === one.scope && r.keyHash === one.key)!;
    expect(mine.replySealed).toBeTruthy();
    await timed.deps.database.db
      .update(idempotencyKeys)
      .set({ replySealed: mine.replySealed })
      .where(and(eq(idempotencyKeys.scopeHash, mine.scopeHash), eq(idempotencyKeys.keyHash, mine.keyHash)));
    const h = idempotencyHashes(timed.deps.hasher, {
      caller: `applicant:${session.sessionId}`,
      key: 'sealed-key-2',
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      body: { email },
    });
    expect(h.scope).toBe(mine.scopeHash);
    await send('send-otp', { email }, { ...headers, 'idempotency-key': 'sealed-key-2' });
    await timed.deps.database.db
      .update(idempotencyKeys)
      .set({ replySealed: mine.replySealed })
      .where(and(eq(idempotencyKeys.scopeHash, h.scope), eq(idempotencyKeys.keyHash, h.key)));
    const swapped = await send('send-otp', { email }, { ...headers, 'idempotency-key': 'sealed-key-2' });
    expect(swapped.statusCode).toBe(409);
  });

  it('frees a claim whose request died once its lease runs out', async () => {
    const { token } = await signUp(timed);
    const session = (await timed.deps.sessions.authenticate(token, 'applicant'))!;
    const mobile = uniqueMobile();
    const email = `stuck${mobile}@example.com`;
    const auth = { authorization: `Bearer ${token}` };
    const key = `stuck-${mobile}`;
    // a request that claimed the key and then died with its process: its claim stays, never completed
    const h = idempotencyHashes(timed.deps.hasher, {
      caller: `applicant:${session.sessionId}`,
      key,
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      body: { email },
    });
    const claim = await idempotencyRepository.claim(timed.deps.database.db, {
      scopeHash: h.scope,
      keyHash: h.key,
      requestHash: 'of-the-request-that-died',
      claimId: 'dead-process',
      now: new Date(clock),
      leaseUntil: new Date(clock + 30_000),
      expiredBefore: new Date(clock - 86_400_000),
    });
    expect(claim.claimed).toBe(true);
    const first = await send('send-otp', { email }, { ...auth, 'idempotency-key': `probe-${mobile}` });
    expect(first.statusCode).toBe(200);
    // the same request under another key shows the request hash the dead one had
    const probeKey = timed.deps.hasher.hash('idempotency-key', `probe-${mobile}`);
    const probe = (await rows()).find((r) => r.scopeHash === h.scope && r.keyHash === probeKey)!;
    await timed.deps.database.db
      .update(idempotencyKeys)
      .set({ requestHash: probe.requestHash })
      .where(and(eq(idempotencyKeys.scopeHash, h.scope), eq(idempotencyKeys.keyHash, h.key)));
    const during = await send('send-otp', { email }, { ...auth, 'idempotency-key': key });
    expect(during.statusCode).toBe(409);
    expect(during.json<{ message: string }>().message).toMatch(/still running/);
    clock += 31_000;
    const after = await send('send-otp', { email }, { ...auth, 'idempotency-key': key });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ status: boolean }>().status).toBe(true);
    const outbox = (await timed.inject({ url: `/sandbox/outbox?to=${email}` })).json() as unknown[];
    expect(outbox).toHaveLength(2);
    // and the finished key replays as usual
    const again = await send('send-otp', { email }, { ...auth, 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('purges keys after a day, and an expired key no longer replays', async () => {
    const { token } = await signUp(timed);
    const mobile = uniqueMobile();
    const email = `old${mobile}@example.com`;
    const key = { 'idempotency-key': `old-${mobile}`, authorization: `Bearer ${token}` };
    await send('send-otp', { email }, key);
    expect(await rowsOfKey(timed, key['idempotency-key'])).toHaveLength(1);
    clock += 25 * 3600_000;
    expect(await purgeIdempotencyKeys(timed.deps)).toBeGreaterThanOrEqual(1);
    expect(await rowsOfKey(timed, key['idempotency-key'])).toEqual([]);
    const later = await send('send-otp', { email }, key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });
});
