/** The status screen's call: each review status with its exact final message (section 4). */
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 180_000);
afterAll(() => app.close());

async function applicantWith(review?: { status: string; text?: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 220, ...(review && { sections: { review_obj: review } }) },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { token: data.token, id: data.applicant_id };
}

type Status = {
  status: string;
  text: string;
  retry_screen: string | null;
  rejected_stage: number | null;
  account_active: boolean;
};

it('is under review until the back office decides', async () => {
  const { token } = await applicantWith();
  const res = await call<Status>(app, 'GET', 'get-application-status', { token });
  expect(res.body).toMatchObject({
    status: true,
    message: MSG.statusUnderReview,
    data: { status: 'Pending', text: MSG.statusUnderReview },
  });
});

it.each([
  ['Approved', MSG.statusVerified, false],
  ['Completed', MSG.statusActive, true],
])('shows %s with its final message', async (status, text, active) => {
  const { token } = await applicantWith({ status, text: 'reviewer note' });
  const res = await call<Status>(app, 'GET', 'get-application-status', { token });
  expect(res.body.data).toMatchObject({ status, text, account_active: active, retry_screen: null });
});

it('sends a rejected applicant back to the stage the reviewer rejected', async () => {
  const { token, id } = await applicantWith({ status: 'Rejected' });
  await app.deps.records.setAdminActivity(id, 170, 'Reject', 'Signature does not match PAN');
  const res = await call<Status>(app, 'GET', 'get-application-status', { token });
  expect(res.body.data).toMatchObject({
    status: 'Rejected',
    text: MSG.statusRejected,
    rejected_stage: 170,
    retry_screen: '/bank-and-segment/signature',
  });
});

it('needs a signed-in applicant', async () => {
  expect((await call(app, 'GET', 'get-application-status')).statusCode).toBe(401);
});
