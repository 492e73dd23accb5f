import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, signUpWithEmail, testApp } from './support/test-app.ts';

/** Eligibility before effort: what would stop the account is told at the PAN step, with what to do. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

const validate = async (pan: string) => {
  const { token } = await signUpWithEmail(app);
  return call<Record<string, unknown>>(app, 'POST', 'pan-validation', {
    token,
    body: { pan, pan_name: 'RAVI KUMAR', date_of_birth: '15/08/1990' },
    query: { is_ocr: 'false' },
  });
};

describe('the PAN step', () => {
  it('an inoperative PAN (not linked to Aadhaar) is refused with what to do', async () => {
    const res = await validate('ABCPK2222L');
    expect(res.body).toMatchObject({ status: false, message: MSG.panInoperative });
  });

  // a refusal's status code and message are shown with a failure (server mode saw a rare one: 'data: {}')
  it.each([
    ['ABCPK3333L', MSG.kraOnHold],
    ['ABCPK4444L', MSG.kraRejected],
    ['ABCPK5555L', MSG.kraDeactivated],
  ])(
    'a KRA status that bars trading (%s) is explained, and the applicant goes on through DigiLocker',
    async (pan, message) => {
      const res = await validate(pan);
      expect(res.body, `${res.statusCode} ${res.body.message}`).toMatchObject({
        status: true,
        data: { is_kra: false, kra_notice: { message } },
      });
    },
  );

  it('a PAN at the KRA in good standing has no notice', async () => {
    const res = await validate('ABCPK9999L');
    expect(res.body, `${res.statusCode} ${res.body.message}`).toMatchObject({ status: true, data: { is_kra: true } });
    expect((res.body.data as Record<string, unknown>).kra_notice).toBeUndefined();
  });
});

describe('placeholder contact data', () => {
  it('a placeholder mobile is refused at sign-up', async () => {
    const res = await call(app, 'POST', 'send-otp', { body: { mobile: '6666666666' } });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`mobile: ${MSG.mobilePlaceholder}`);
  });

  it('a placeholder e-mail is refused', async () => {
    const { token: fresh } = await signUp(app);
    const res = await call(app, 'POST', 'send-otp', { token: fresh, body: { email: 'notprovided@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`email: ${MSG.emailPlaceholder}`);
  });
});
