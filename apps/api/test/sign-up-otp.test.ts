import { MSG } from '@ekyc/contracts/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestOtp, signUp, signUpWithEmail, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('mobile OTP sign-up', () => {
  it('sends an OTP to the outbox and signs the applicant in at the email stage', async () => {
    const mobile = uniqueMobile();
    const sent = await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: true, utm_source: 'google' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toMatchObject({ status: true, data: { screen: '/verify-otp', resend_after: 30 } });
    const outbox = (await app.inject({ url: `/sandbox/outbox?to=${mobile}` })).json() as {
      channel: string;
      otp: string;
    }[];
    expect(outbox.map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(outbox[0]!.otp).toMatch(/^\d{6}$/);

    const verified = await call(app, 'POST', 'verify-otp', { body: { mobile, otp: outbox[0]!.otp } });
    expect(verified.body).toMatchObject({ status: true, data: { screen: '/email-verification', stage: 120 } });
    expect(verified.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('kills a code after five wrong tries', async () => {
    const mobile = uniqueMobile();
    await call(app, 'POST', 'send-otp', { body: { mobile } });
    const otp = await latestOtp(app, mobile);
    const wrong = otp === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await call(app, 'POST', 'verify-otp', { body: { mobile, otp: wrong } })).body.message);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(MSG.otpWrong));
    expect(messages[4]).toBe(MSG.otpLocked);
    const right = await call(app, 'POST', 'verify-otp', { body: { mobile, otp } });
    expect(right.body).toMatchObject({ status: false, message: MSG.otpLocked });
  });

  it('refuses a used code', async () => {
    const mobile = uniqueMobile();
    await call(app, 'POST', 'send-otp', { body: { mobile } });
    const otp = await latestOtp(app, mobile);
    expect((await call(app, 'POST', 'verify-otp', { body: { mobile, otp } })).body.status).toBe(true);
    expect((await call(app, 'POST', 'verify-otp', { body: { mobile, otp } })).body).toMatchObject({
      status: false,
      message: MSG.otpExpired,
    });
  });

  it('refuses a resend before the countdown ends', async () => {
    const mobile = uniqueMobile();
    await call(app, 'POST', 'send-otp', { body: { mobile } });
    const again = await call(app, 'POST', 'send-otp', { body: { mobile } });
    expect(again.statusCode).toBe(429);
    expect(again.body.message).toBe(MSG.otpResendTooSoon);
  });

  it('answers 400 naming the field for a malformed body, never 500', async () => {
    const bad = await call(app, 'POST', 'send-otp', { body: { mobile: '5123456789' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe(`mobile: ${MSG.mobileStart}`);
    const wrongType = await call(app, 'POST', 'verify-otp', { body: { mobile: 9876543210, otp: '12' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body.message).toMatch(/^mobile: /);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body: /);
  });
});

describe('sessions', () => {
  it('gives 401 without a token or with a revoked one', async () => {
    expect((await call(app, 'GET', 'get-user-details')).statusCode).toBe(401);
    expect((await call(app, 'GET', 'get-user-details', { token: 'forged' })).statusCode).toBe(401);
    const { token } = await signUp(app);
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(200);
    await call(app, 'POST', 'logout', { token });
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(401);
  });

  it('shows each applicant only their own record', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const recordA = await call<[{ mobile_obj: { mobile: string } }]>(app, 'GET', 'get-user-details', {
      token: a.token,
    });
    const recordB = await call<[{ mobile_obj: { mobile: string } }]>(app, 'GET', 'get-user-details', {
      token: b.token,
    });
    expect(recordA.body.data[0].mobile_obj.mobile).toBe(a.mobile);
    expect(recordB.body.data[0].mobile_obj.mobile).toBe(b.mobile);
  });

  it('issues a new token at each login and resumes at the current stage', async () => {
    const { token, mobile } = await signUpWithEmail(app);
    await new Promise((r) => setTimeout(r, 10));
    // only this applicant's codes: the table is shared with every other file on a PostgreSQL server
    await app.deps.database.db.execute(
      sql`update otp_codes set created_at = created_at - interval '1 minute' where target_hash = ${app.deps.otp.targetHash('mobile', mobile)}`,
    );
    await call(app, 'POST', 'send-otp', { body: { mobile } });
    const again = await call<{ token: string; screen: string; stage: number }>(app, 'POST', 'verify-otp', {
      body: { mobile, otp: await latestOtp(app, mobile) },
    });
    expect(again.body.data).toMatchObject({ screen: '/pan-verification', stage: 130 });
    expect(again.body.data.token).not.toBe(token);
  });
});

describe('email OTP', () => {
  it('moves the applicant to PAN verification with a progress of two steps', async () => {
    const { token } = await signUpWithEmail(app);
    const record = await call<
      [
        {
          kyc_status_obj: [{ kyc_list: { stage: number; admin_activity: string | null }[] }];
          mobile_obj: { email: string };
        },
      ]
    >(app, 'GET', 'get-user-details', { token });
    const list = record.body.data[0].kyc_status_obj[0].kyc_list;
    expect(list.map((k) => [k.stage, k.admin_activity])).toEqual([
      [110, 'Pending'],
      [120, 'Pending'],
      [130, null],
    ]);
    expect(record.body.data[0].mobile_obj.email).toMatch(/@example\.com$/);
  });

  it('gives the email messages of section 5 exactly', async () => {
    const { token } = await signUp(app);
    expect((await call(app, 'POST', 'send-otp', { token, body: { email: 'nope' } })).body.message).toBe(
      `email: ${MSG.emailInvalid}`,
    );
    expect((await call(app, 'POST', 'send-otp', { token, body: { email: '' } })).body.message).toBe(
      `email: ${MSG.emailRequired}`,
    );
  });
});

describe('expiry', () => {
  it('refuses an expired code', async () => {
    let now = Date.now();
    const timed = await testApp({}, { now: () => now });
    try {
      const mobile = uniqueMobile();
      await call(timed, 'POST', 'send-otp', { body: { mobile } });
      const otp = await latestOtp(timed, mobile);
      now += 301_000;
      expect((await call(timed, 'POST', 'verify-otp', { body: { mobile, otp } })).body).toMatchObject({
        status: false,
        message: MSG.otpExpired,
      });
    } finally {
      await timed.close();
    }
  });
});
