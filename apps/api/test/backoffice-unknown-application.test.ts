/**
 * A staff decision on an application that does not exist answers 404 and takes nothing: no claim
 * is left behind (each decision starts by taking the application's claim in one call,
 * backoffice_take_for_decision, which takes none for an unknown application).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, reviewerToken, testApp } from './support/test-app.ts';

let app: FastifyInstance;
let maker: string;
let checker: string;
beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  maker = await reviewerToken(app, 'unknown.maker@broker.example', 'reviewer');
  checker = await reviewerToken(app, 'unknown.checker@broker.example', 'checker');
}, 120_000);
afterAll(() => app.close());

it.each([
  ['decisions', () => maker, { decisions: [{ stage: 110, activity: 'Accept' }] }],
  ['withdraw-send-back', () => maker, { stage: 110 }],
  ['close', () => maker, { code: 'NOT_ELIGIBLE' }],
  ['return-to-maker', () => checker, { note: 'Please look at the bank proof again' }],
  ['confirm', () => checker, undefined],
] as const)('%s on an unknown application answers 404 and takes no claim', async (action, token, payload) => {
  const id = randomUUID();
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/applications/${id}/${action}`,
    headers: bearer(token()),
    ...(payload && { payload }),
  });
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({
    status: 404,
    body: { status: false, message: 'Application not found' },
  });
  const claims = (await app.deps.database.query(
    'select count(*)::int as n from backoffice_claims where applicant_id = $1',
    [id],
  )) as { rows: { n: number }[] };
  expect(claims.rows[0]!.n).toBe(0);
});
