/**
 * The sandbox MSG91 speaks MSG91's wire format (SendOTP v5, Flow v5, WhatsApp): it refuses a wrong
 * auth key and a template the account has not registered as MSG91 does, and with SMS_VENDORS naming
 * it first the production MSG91 sender, pointed at it, signs an applicant up in-process.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, latestOtp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SMS_VENDORS: 'msg91,kaleyra' });
});
afterAll(async () => {
  await app.close();
});

const KEY = { authkey: 'sandbox-msg91-authkey' };

it('refuses a wrong auth key and an unknown template, as MSG91 answers', async () => {
  const mobile = uniqueMobile();
  const noKey = await app.inject({
    method: 'POST',
    url: `/sandbox/msg91/api/v5/otp?template_id=sandbox-otp&mobile=91${mobile}&otp=123456`,
    headers: { authkey: 'not-the-key' },
  });
  expect(noKey.statusCode).toBe(401);
  expect(noKey.json()).toEqual({ type: 'error', message: 'Authentication failure' });
  const unknown = await app.inject({
    method: 'POST',
    url: '/sandbox/msg91/api/v5/flow/',
    headers: KEY,
    payload: { template_id: 'not-registered', short_url: '0', recipients: [{ mobiles: `91${mobile}` }] },
  });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toMatchObject({ type: 'error' });
  const missing = await app.inject({
    method: 'POST',
    url: '/sandbox/msg91/api/v5/flow/',
    headers: KEY,
    payload: { template_id: 'sandbox-reminder', short_url: '0', recipients: [{ mobiles: `91${mobile}`, step: 'PAN' }] },
  });
  expect(missing.json()).toEqual({ type: 'error', message: 'Variable path is missing' });
  const whatsapp = await app.inject({
    method: 'POST',
    url: '/sandbox/msg91/api/v5/whatsapp/whatsapp-outbound-message/bulk/',
    headers: KEY,
    payload: { integrated_number: '919000000000', payload: { template: { name: 'unapproved' } } },
  });
  expect(whatsapp.json()).toMatchObject({ status: 'fail', hasError: true });
  // nothing refused reached the outbox
  expect((await app.inject({ url: `/sandbox/outbox?to=${mobile}` })).json()).toEqual([]);
});

it('a flow SMS lands in the outbox with the registered text filled in', async () => {
  const mobile = uniqueMobile();
  const sent = await app.inject({
    method: 'POST',
    url: '/sandbox/msg91/api/v5/flow/',
    headers: KEY,
    payload: {
      template_id: 'sandbox-service_request',
      short_url: '0',
      recipients: [{ mobiles: `91${mobile}`, request: 'SR-1', kind: 'bank change', status: 'done' }],
    },
  });
  expect(sent.json()).toMatchObject({ type: 'success', message: expect.any(String) });
  const [row] = (await app.inject({ url: `/sandbox/outbox?to=${mobile}` })).json() as {
    text: string;
    otp: string | null;
    provider: string;
  }[];
  expect(row).toMatchObject({ text: 'Your request SR-1 (bank change) is now: done.', otp: null, provider: 'msg91' });
});

it('signs an applicant up through the sandbox MSG91, SMS and WhatsApp in its wire format', async () => {
  const mobile = uniqueMobile();
  expect((await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: true } })).statusCode).toBe(200);
  const rows = (await app.inject({ url: `/sandbox/outbox?to=${mobile}` })).json() as {
    channel: string;
    text: string;
    otp: string | null;
    provider: string;
  }[];
  const sms = rows.find((r) => r.channel === 'sms')!;
  expect(sms).toMatchObject({ provider: 'msg91', otp: expect.stringMatching(/^\d{6}$/) });
  expect(sms.text).toContain(`${sms.otp} is your OTP`);
  expect(rows.find((r) => r.channel === 'whatsapp')).toMatchObject({ provider: 'msg91', otp: sms.otp });
  const verified = await call(app, 'POST', 'verify-otp', { body: { mobile, otp: await latestOtp(app, mobile) } });
  expect(verified.body).toMatchObject({ status: true });
});
