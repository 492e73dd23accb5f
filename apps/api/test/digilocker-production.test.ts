/** In production mode the DigiLocker request goes to the real host with the operator's client id. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, PRODUCTION_PROVIDER_ENV, testApp, uniqueMobile } from './support/test-app.ts';

let prod: FastifyInstance;
beforeAll(async () => {
  prod = await testApp({ ...PRODUCTION_PROVIDER_ENV, PUBLIC_URL: 'https://broker.example.com' });
});
afterAll(async () => prod.close());

it('sends the browser to the real DigiLocker consent page with PKCE, and serves no sandbox locker', async () => {
  const { records, sessions } = prod.deps;
  const { applicant } = await records.create({ mobile: uniqueMobile(), whatsappOpt: false, utm: {}, source: 'web' });
  await records.completeStage(applicant.id, 120);
  await records.completeStage(applicant.id, 130);
  const { token } = await sessions.create('applicant', applicant.id);
  const res = await call<{ data: { url: string } }>(prod, 'GET', 'initilize-digilocker', { token });
  const url = new URL(res.body.data.data.url);
  expect(url.origin + url.pathname).toBe('https://digilocker.meripehchaan.gov.in/public/oauth2/1/authorize');
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: 'test-digilocker-client',
    redirect_uri: 'https://broker.example.com/ekyc1/returnurl',
    code_challenge_method: 'S256',
  });
  expect((await prod.inject({ url: `/sandbox/digilocker/oauth2/1/authorize?${url.searchParams}` })).statusCode).toBe(
    404,
  );
});

it('refuses a production start without the DigiLocker credentials', async () => {
  const env: Record<string, string> = { ...PRODUCTION_PROVIDER_ENV };
  delete env.DIGILOCKER_CLIENT_SECRET;
  await expect(testApp(env)).rejects.toThrow(/DIGILOCKER_CLIENT_SECRET is required/);
});
