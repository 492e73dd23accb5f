/**
 * Every reply names its catalogue message by key (`code`) beside the English `message`, so a client
 * can show it in the applicant's language: business failures, field errors, 401, 404 and 413.
 */
import { ACK } from '@ekyc/contracts/acknowledgements';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestOtp, signUp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app?.close());

describe('message codes on the wire', () => {
  it('a business failure carries its key beside the English message', async () => {
    const mobile = uniqueMobile();
    await call(app, 'POST', 'send-otp', { body: { mobile } });
    const otp = await latestOtp(app, mobile);
    const wrong = otp === '000000' ? '111111' : '000000';
    const res = await call(app, 'POST', 'verify-otp', { body: { mobile, otp: wrong } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: false, message: MSG.otpWrong, code: 'otpWrong' });
  });

  it('an applicant success carries its key beside its English text', async () => {
    const { token } = await signUp(app);
    const details = await app.inject({
      url: '/api/v1/ekyc/get-user-details',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(details.json()).toMatchObject({ status: true, message: ACK.userDetails, code: 'userDetails' });
  });

  it('a 400 names each field with its key', async () => {
    const res = await call(app, 'POST', 'send-otp', { body: { mobile: '1234567890' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      status: false,
      code: 'mobileStart',
      data: { field: 'mobile', errors: [{ field: 'mobile', message: MSG.mobileStart, code: 'mobileStart' }] },
    });
  });

  it('a field error outside the catalogue keeps its message and has no code', async () => {
    const res = await call(app, 'POST', 'send-otp', { body: { mobile: uniqueMobile(), whatspp_opt: 'yes' } });
    expect(res.statusCode).toBe(400);
    const errors = (res.body.data as unknown as { errors: { field: string; code?: string }[] }).errors;
    expect(errors[0]?.field).toBe('whatspp_opt');
    expect(errors[0]).not.toHaveProperty('code');
    expect(res.body).not.toHaveProperty('code');
  });

  it('401, 404 and 413 carry theirs', async () => {
    const unauthorized = await call(app, 'GET', 'get-user-details', { token: 'not-a-token' });
    expect(unauthorized).toMatchObject({ statusCode: 401, body: { message: MSG.unauthorized, code: 'unauthorized' } });
    const missing = await app.inject({ url: '/api/v1/ekyc/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: MSG.notFound, code: 'notFound' });
    const large = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '9'.repeat(100 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ message: MSG.payloadTooLarge, code: 'payloadTooLarge' });
  });
});
