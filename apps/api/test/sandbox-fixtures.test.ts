import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
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
