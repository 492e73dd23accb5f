import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

/** The broker may cap nominee slots below the rule set's maximum (MAX_NOMINEES). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ MAX_NOMINEES: '2' });
});
afterAll(() => app.close());

const nominee = { first_name: 'Sita', dob: '01/02/1985', nominee_relation: 'Spouse', percentage_share: '50' };
const list = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`nominee_${i + 1}`, nominee]));

it('offers the capped number of slots to the web app and accepts that many, not more', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 180 },
  });
  const token = (res.json() as { data: { token: string } }).data.token;
  expect((await call(app, 'GET', 'get-nominee-config', { token })).body).toMatchObject({
    status: true,
    data: { max_nominees: 2 },
  });

  const three = await call(app, 'POST', 'update-nominee', {
    token,
    body: { skip_nominee: false, updatedNomineeList: { ...list(2), nominee_3: { ...nominee, percentage_share: '0' } } },
  });
  expect(three.statusCode).toBe(400);
  expect(three.body.message).toBe(`updatedNomineeList: ${MSG.nomineeSlots}`);

  const two = await call(app, 'POST', 'update-nominee', {
    token,
    body: { skip_nominee: false, updatedNomineeList: list(2) },
  });
  expect(two.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/segment' } });
});

it('refuses a configuration above the ten nominees SEBI allows', async () => {
  await expect(testApp({ MAX_NOMINEES: '11' })).rejects.toThrow(/MAX_NOMINEES/);
});
