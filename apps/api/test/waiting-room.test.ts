/**
 * The sign-up waiting room: while the process is saturated (here WAITING_ROOM_MAX_IN_FLIGHT=0, so
 * any call in progress is one too many), a new sign-up is told to wait in the API's envelope, 503
 * with Retry-After; an applicant already signed in carries on, and one returning to sign in again
 * with the number of their application is let in.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ WAITING_ROOM_MAX_IN_FLIGHT: '0', WAITING_ROOM_RETRY_SECONDS: '7' });
}, 120_000);
afterAll(() => app.close());

const signUp = (mobile: string) =>
  app.inject({ method: 'POST', url: '/api/v1/ekyc/send-otp', payload: { mobile, whatspp_opt: false } });

it('tells a new sign-up to wait, in the envelope with Retry-After, and counts it', async () => {
  const held = await signUp(uniqueMobile());
  expect(held.statusCode).toBe(503);
  expect(held.headers['retry-after']).toBe('7');
  expect(held.json()).toEqual({
    status: false,
    message: MSG.waitingRoom,
    code: 'waitingRoom',
    data: { retry_after: 7, waiting_room: true },
  });
  expect(await app.deps.metrics.registry.metrics()).toContain('ekyc_waiting_room_held_total 1');
});

it('lets applicants mid-journey carry on, signed in or signing in again', async () => {
  const mobile = uniqueMobile();
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 120 },
  });
  const { token } = (seeded.json() as { data: { token: string } }).data;
  const details = await call(app, 'GET', 'get-user-details', { token });
  expect(details.statusCode).toBe(200);
  expect(details.body.status).toBe(true);
  // the same person on another phone: an OTP to sign in again, not the waiting room
  const again = await signUp(mobile);
  expect(again.statusCode).toBe(200);
  expect((again.json() as { status: boolean }).status).toBe(true);
});
