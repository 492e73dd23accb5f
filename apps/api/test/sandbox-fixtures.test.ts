import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migratedPglite } from './support/pglite-template.ts';
import { call, PRODUCTION_PROVIDER_ENV, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

it('seeds an applicant at a stage with sections, signed in', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 160, sections: { pan_obj: { full_name: 'RAVI KUMAR' } } },
  });
  const token = (res.json() as { data: { token: string } }).data.token;
  const record = await call<
    [{ kyc_status_obj: [{ kyc_list: { stage: number }[] }]; pan_obj: { is_object: boolean; full_name: string } }]
  >(app, 'GET', 'get-user-details', { token });
  expect(record.body.data[0].kyc_status_obj[0].kyc_list.map((k) => k.stage)).toEqual([110, 120, 130, 140, 150, 160]);
  expect(record.body.data[0].pan_obj).toEqual({ is_object: true, full_name: 'RAVI KUMAR' });
});

it('is absent outside sandbox mode', async () => {
  const prod = await testApp(PRODUCTION_PROVIDER_ENV);
  try {
    expect((await prod.inject({ method: 'POST', url: '/sandbox/fixtures/applicant', payload: {} })).statusCode).toBe(
      404,
    );
    expect((await prod.inject({ url: '/sandbox/outbox' })).statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});

it('is absent from a started sandbox server, which tests did not ask for fixtures', async () => {
  // the environment of `npm start`: sandbox providers, no test-only setting
  const started = await buildApp(loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }), {
    database: await migratedPglite(),
  });
  try {
    const staff = await started.inject({
      method: 'POST',
      url: '/sandbox/fixtures/staff',
      payload: { email: 'mallory@example.com', name: 'Mallory', role: 'admin', password: 'a-long-password-1' },
    });
    expect(staff.statusCode).toBe(404);
    const applicant = await started.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: 160 },
    });
    expect(applicant.statusCode).toBe(404);
    // the rest of the sandbox (the outbox of simulated messages) is still there
    expect((await started.inject({ url: '/sandbox/outbox' })).statusCode).toBe(200);
  } finally {
    await started.close();
  }
});

it('cannot be switched on in production', () => {
  expect(() =>
    loadConfig({
      NODE_ENV: 'production',
      EKYC_ALLOW_INSECURE: 'true',
      DATA_DIR: 'memory://',
      EKYC_TEST_FIXTURES: 'true',
    }),
  ).toThrow(/EKYC_TEST_FIXTURES/);
});
