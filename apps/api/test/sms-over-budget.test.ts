/**
 * Every SMS gateway over its day's budget (PROVIDER_LIMITS) on a surge day: a new sign-up is not
 * refused but sent to the waiting room (503, code waitingRoom, Retry-After), as when the service
 * is saturated, and no OTP is stored for the send that did not go, so that the sign-up page's own
 * retry is not told to wait out a countdown once a gateway has budget again.
 */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configureProviderCalls } from '../src/providers/http.ts';
import { parseProviderLimits, ProviderLimits } from '../src/providers/limits.ts';
import { testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({
    SMS_VENDORS: 'kaleyra,msg91',
    PROVIDER_LIMITS: 'kaleyra=0/d,msg91=0/d',
    WAITING_ROOM_RETRY_SECONDS: '9',
  });
}, 120_000);
afterAll(() => app.close());

const signUp = (mobile: string) =>
  app.inject({ method: 'POST', url: '/api/v1/ekyc/send-otp', payload: { mobile, whatspp_opt: false } });

it('sends a sign-up to the waiting room while every SMS gateway is over budget, and lets its retry through', async () => {
  const mobile = uniqueMobile();
  const held = await signUp(mobile);
  expect(held.statusCode).toBe(503);
  expect(held.headers['retry-after']).toBe('9');
  expect(held.json()).toEqual({
    status: false,
    message: MSG.waitingRoom,
    code: 'waitingRoom',
    data: { retry_after: 9, waiting_room: true },
  });
  const metrics = await app.deps.metrics.registry.metrics();
  expect(metrics).toContain('ekyc_provider_choices_total{service="sms",provider="kaleyra",outcome="over_budget"} 1');
  expect(metrics).toContain('ekyc_provider_choices_total{service="sms",provider="msg91",outcome="over_budget"} 1');

  // the next day's budget: the page's retry gets its OTP at once, no countdown left by the wait
  configureProviderCalls({ limits: new ProviderLimits(parseProviderLimits('pan=0/d')) });
  try {
    const sent = await signUp(mobile);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: true, code: 'otpSentMobile' });
    const outbox = await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${mobile}` });
    expect(JSON.stringify(outbox.json())).toContain('kaleyra');
  } finally {
    configureProviderCalls({ limits: new ProviderLimits(parseProviderLimits('kaleyra=0/d,msg91=0/d')) });
  }
});
