/**
 * The reverse penny drop's webhook takes a notification only with Setu's HMAC of its body, only
 * while its timeStamp is fresh, and only once: a static credential, a stale or a repeated delivery
 * is refused (403) and settles nothing.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp } from './support/test-app.ts';

const clock = Date.parse('2026-03-02T10:00:00Z');
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ WEBHOOK_MAX_AGE_SECONDS: '300' }, { now: () => clock });
});
afterAll(() => app.close());

// the sandbox's shared secret, signed as Setu documents its HMAC (base64 HMAC-SHA256 of the body)
const SECRET = 'sandbox-rpd-webhook-secret';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('base64');
const notification = (id: string, at: number) =>
  JSON.stringify({
    event: 'RPD_VERIFICATION_UPDATE',
    timeStamp: new Date(at).toISOString(),
    data: { rpd: { success: false, id, data: null, error: { code: 'BAV_REVERSE_PENNY_DROP_FAILED' } } },
  });
const deliver = (body: string, authorization: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/ekyc/upi-intent-webhook',
    headers: { 'content-type': 'application/json', authorization },
    payload: body,
  });

it('takes a fresh, signed notification once; the same delivery again is refused', async () => {
  const body = notification('rpd-once', clock);
  const first = await deliver(body, sign(body));
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ status: true });
  const again = await deliver(body, sign(body));
  expect(again.statusCode).toBe(403);
  expect(again.json().message).toBe('Notification already received');
});

it('refuses a notification whose signed timestamp is outside the window', async () => {
  const stale = notification('rpd-stale', clock - 301_000);
  expect((await deliver(stale, sign(stale))).statusCode).toBe(403);
  const early = notification('rpd-future', clock + 301_000);
  expect((await deliver(early, sign(early))).statusCode).toBe(403);
  const fresh = notification('rpd-fresh', clock - 299_000);
  expect((await deliver(fresh, sign(fresh))).statusCode).toBe(200);
});

it('refuses the static Basic credential and a body changed after signing', async () => {
  const body = notification('rpd-basic', clock);
  const basic = `Basic ${Buffer.from('sandbox:sandbox-rpd-webhook').toString('base64')}`;
  expect((await deliver(body, basic)).statusCode).toBe(403);
  const changed = body.replace('"success":false', '"success":true');
  expect((await deliver(changed, sign(body))).statusCode).toBe(403);
});
