import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const post = (url: string, payload: object, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/v1/ekyc/${url}`, payload, headers });

it('answers a retried call with the first reply and runs the action once', async () => {
  const mobile = uniqueMobile();
  const first = await post('send-otp', { mobile }, { 'idempotency-key': `k-${mobile}` });
  const retry = await post('send-otp', { mobile }, { 'idempotency-key': `k-${mobile}` });
  expect(first.statusCode).toBe(200);
  expect(retry.statusCode).toBe(200);
  expect(retry.body).toBe(first.body);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  const outbox = (await app.inject({ url: `/sandbox/outbox?to=${mobile}` })).json() as unknown[];
  expect(outbox).toHaveLength(1);
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
