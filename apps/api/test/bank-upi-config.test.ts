import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACK } from '@ekyc/contracts/acknowledgements';
import { UPI_COMING_SOON } from '../src/modules/bank/validate-vpa.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

/** One reading of the spec shows UPI as coming soon: UPI_ENABLED=false, manual entry only. */
let on: FastifyInstance;
let off: FastifyInstance;
beforeAll(async () => {
  [on, off] = await Promise.all([testApp(), testApp({ UPI_ENABLED: 'false' })]);
});
afterAll(() => Promise.all([on.close(), off.close()]));

const applicantAtBank = async (app: FastifyInstance) => {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 160 },
  });
  return (res.json() as { data: { token: string } }).data.token;
};

it('tells the web app whether UPI is offered', async () => {
  const token = await applicantAtBank(on);
  expect((await call(on, 'GET', 'get-bank-config', { token })).body).toMatchObject({
    status: true,
    data: { upi_enabled: true, upi_collect: true },
  });
  expect((await call(on, 'GET', 'get-bank-config')).statusCode).toBe(401);
});

it('with UPI switched off, says so and sends the applicant to manual entry', async () => {
  const token = await applicantAtBank(off);
  expect((await call(off, 'GET', 'get-bank-config', { token })).body.data).toEqual({
    upi_enabled: false,
    upi_collect: true,
  });
  const res = await call(off, 'POST', 'vpa-validation', { token, body: { vpa_id: 'ravi@okaxis' } });
  expect(res.body).toMatchObject({
    status: false,
    message: ACK.upiComingSoon,
    code: UPI_COMING_SOON,
    data: { status_description: 'Failure', screen: '/bank-and-segment/add-bank' },
  });
});
