/** The other reading of section 5: five declaration switches required (DECLARATION_SWITCHES=5). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ DECLARATION_SWITCHES: '5' });
});
afterAll(() => app.close());

const answers = {
  occupation: 'student',
  trading_experience: 'lt_1',
  income: 'lt_1',
  gender: 'O',
  marital_status: 'single',
  education: 'high_school',
  mother_name: 'Sita Devi',
  father_name: 'Ramesh Sharma',
  indian_citizen: true,
  resident_of_india: true,
  politically_exposed: true,
  settle: true,
  preference: true,
  fatca: { place_of_birth: 'Kolkata', country_of_birth: 'IN', tax_residencies: [] },
};

it('tells the form five switches are required and refuses settle or preference off', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 150, sections: {} },
  });
  const token = (res.json() as { data: { token: string } }).data.token;
  const draft = await call(app, 'GET', 'get-profiling-draft', { token });
  // No PAN date of birth and no documents: no age limit, nothing prefilled.
  expect(draft.body.data).toMatchObject({ declaration_switches: 5, age: null, prefill: {} });

  for (const off of ['settle', 'preference']) {
    const refused = await call(app, 'POST', 'personal-details-update', { token, body: { ...answers, [off]: false } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.data).toMatchObject({ field: off, errors: [{ message: 'Above Field is required' }] });
  }
  const accepted = await call(app, 'POST', 'personal-details-update', { token, body: answers });
  expect(accepted.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment' } });
});
