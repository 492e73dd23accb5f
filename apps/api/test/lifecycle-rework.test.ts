/**
 * An application sent back never gets stuck: while a stage is rejected the applicant acts on the
 * earliest rejected stage alone (a step of another stage is answered with that stage's screen),
 * and completing any stage leads to the next rejected one before the final stage.
 */
import { routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let reviewer: string;

beforeAll(async () => {
  app = await testApp();
  reviewer = await reviewerToken(app, `rework.${Date.now()}@broker.example`);
}, 120_000);
afterAll(() => app.close());

/** A signed application with the given stages sent back, in that order. */
async function sentBack(...stages: number[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: STAGE.STATUS, sections: signedSections(panWithDigits('2468')) },
  });
  const { applicant_id: id, token } = (res.json() as { data: { applicant_id: string; token: string } }).data;
  const decided = await app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/applications/${id}/decisions`,
    headers: bearer(reviewer),
    payload: { decisions: stages.map((stage) => ({ stage, activity: 'Reject', reason: 'Please correct this step' })) },
  });
  expect(decided.statusCode).toBe(200);
  return { id, token };
}

const currentStage = (id: string) => app.deps.records.currentStage(id);

const refusedFor = (stage: number) => ({
  status: false,
  message: 'This step is not available at your current stage.',
  data: { screen: routeForStage(stage), moved: true },
});

it('answers a step of another stage with the screen of the stage sent back (nominees beside segments)', async () => {
  const { id, token } = await sentBack(STAGE.SEGMENT);
  // the nominee step's window reaches the segment stage, but it is not the stage sent back
  const nominees = await call(app, 'POST', 'update-nominee', { token, body: { skip_nominee: true } });
  expect(nominees.statusCode).toBe(200);
  expect(nominees.body).toMatchObject(refusedFor(STAGE.SEGMENT));
  expect(await currentStage(id)).toBe(STAGE.SEGMENT);
});

it('answers the PAN step with the DigiLocker screen when DigiLocker was sent back: the PAN cannot change', async () => {
  const { id, token } = await sentBack(STAGE.DIGILOCKER);
  const pan = await call(app, 'POST', 'pan-validation', {
    token,
    query: { is_ocr: 'false' },
    body: { pan: panWithDigits('1122'), pan_name: 'Asha Kumari Verma', date_of_birth: '15/08/1990' },
  });
  expect(pan.body).toMatchObject(refusedFor(STAGE.DIGILOCKER));
  expect(await currentStage(id)).toBe(STAGE.DIGILOCKER);
});

it('leads through every stage sent back, the earliest first, before the final stage', async () => {
  const { id } = await sentBack(STAGE.CLIENT_PROFILING, STAGE.SEGMENT);
  expect(await currentStage(id)).toBe(STAGE.CLIENT_PROFILING);
  expect((await app.deps.records.completeStage(id, STAGE.CLIENT_PROFILING)).stage).toBe(STAGE.SEGMENT);
  // a stage inside a window that reaches the rejected one does not jump past it
  expect((await app.deps.records.completeStage(id, STAGE.NOMINEE)).stage).toBe(STAGE.SEGMENT);
  expect((await app.deps.records.completeStage(id, STAGE.SEGMENT)).stage).toBe(STAGE.STATUS);
  const list = await app.deps.records.kycList(id);
  expect(list.filter((s) => s.adminActivity === 'Reject')).toEqual([]);
});

it('lets a reviewer withdraw a send-back made by mistake until the applicant resubmits, and audits it', async () => {
  const { id, token } = await sentBack(STAGE.BANK_AND_SEGMENT);
  const withdraw = (stage: number) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/applications/${id}/withdraw-send-back`,
      headers: bearer(reviewer),
      payload: { stage },
    });
  // a stage that was not sent back has nothing to withdraw
  expect((await withdraw(STAGE.SIGNATURE)).statusCode).toBe(409);
  const withdrawn = await withdraw(STAGE.BANK_AND_SEGMENT);
  expect(withdrawn.json()).toMatchObject({ status: true, data: { status: 'Pending', awaiting_confirmation: false } });
  // back at the final stage, under review, the stage waiting for a decision again
  expect(await currentStage(id)).toBe(STAGE.STATUS);
  const status = await call<{ status: string }>(app, 'GET', 'get-application-status', { token });
  expect(status.body.data.status).toBe('Pending');
  const bank = (await app.deps.records.kycList(id)).find((s) => s.stage === STAGE.BANK_AND_SEGMENT);
  expect(bank).toMatchObject({ adminActivity: 'Pending', reason: null });
  const trail = await app.inject({ url: `/api/v1/backoffice/applications/${id}/audit`, headers: bearer(reviewer) });
  const actions = (trail.json() as { data: { entries: { action: string; stage: number | null }[] } }).data.entries;
  expect(actions).toContainEqual(expect.objectContaining({ action: 'stage.send_back_withdrawn', stage: 160 }));
  // once withdrawn (or once the applicant has resubmitted) there is nothing to withdraw
  expect((await withdraw(STAGE.BANK_AND_SEGMENT)).statusCode).toBe(409);

  const again = await sentBack(STAGE.SIGNATURE);
  await app.deps.records.completeStage(again.id, STAGE.SIGNATURE);
  const late = await app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/applications/${again.id}/withdraw-send-back`,
    headers: bearer(reviewer),
    payload: { stage: STAGE.SIGNATURE },
  });
  expect(late.statusCode).toBe(409);
});
