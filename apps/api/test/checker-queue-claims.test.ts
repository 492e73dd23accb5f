/**
 * The checker's queue and claims with four eyes on: a refused action takes no claim, so the maker
 * who tries to confirm their own acceptance does not block the checker.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

let app: FastifyInstance;
let maker: string;
let checker: string;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });

async function signedApplication(digits: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 220, sections: signedSections(panWithDigits(digits)) },
  });
  return (res.json() as { data: { applicant_id: string; token: string } }).data;
}

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  maker = await reviewerToken(app, `maker.${Date.now()}@broker.example`, 'checker');
  checker = await reviewerToken(app, `checker.${Date.now()}@broker.example`, 'checker');
}, 120_000);
afterAll(() => app.close());

it("a maker's refused confirmation of their own acceptance takes no claim: the checker confirms at once", async () => {
  const { applicant_id: id } = await signedApplication('2468');
  const accepted = await bo(maker, `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
  });
  expect(accepted.statusCode).toBe(200);
  const own = await bo(maker, `applications/${id}/confirm`, {});
  expect(own.statusCode).toBe(403);
  const view = await bo(checker, `applications/${id}`);
  expect((view.json() as { data: { claim: unknown } }).data.claim).toBeNull();
  const confirmed = await bo(checker, `applications/${id}/confirm`, {});
  expect(confirmed.statusCode).toBe(200);
});
