/**
 * The e-sign window (section 9: 120 seconds): a signature that comes back after it is refused
 * with 'Time Exceeded' on the status socket, and the stage does not move.
 */
import type { FastifyInstance } from 'fastify';
import { ESIGN_TIME_EXCEEDED, ESIGN_TIME_EXCEEDED_CODE } from '@ekyc/contracts/calls/esign-consent';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postForm, signAtEsp, socketMessages } from './support/esign-flow.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let clock = Date.now();
beforeAll(async () => {
  app = await testApp({}, { now: () => clock });
}, 180_000);
afterAll(() => app.close());

async function applicant() {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 210, sections: { pan_obj: { full_name: 'ASHA RAO' } } },
  });
  return { mobile, token: (res.json() as { data: { token: string } }).data.token };
}

it(
  'tells the page Time Exceeded when the window passes, and refuses the late signature',
  { timeout: 60_000 },
  async () => {
    const { mobile, token } = await applicant();
    const initiated = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token });
    const { consent, response } = await signAtEsp(app, token, mobile, initiated.body.data.epro_id);

    clock += 121_000;
    const socket = await socketMessages(
      app,
      `/ws/esign_status/?token=${token}&transaction_id=${consent.transaction_id}`,
    );
    const message = await socket.next();
    socket.close();
    expect(message).toMatchObject({ status: false, message: ESIGN_TIME_EXCEEDED, code: ESIGN_TIME_EXCEEDED_CODE });

    const late = await postForm(app, response.action, response.fields);
    expect(late.body).toContain(MSG.timeLimitExceeded);
    const details = await call<
      [{ kyc_status_obj: [{ kyc_list: { stage: number }[] }]; esign_obj: { signed_document?: string } }]
    >(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].kyc_status_obj[0].kyc_list.at(-1)!.stage).toBe(210);
    expect(details.body.data[0].esign_obj.signed_document).toBeUndefined();
  },
);

it(
  'signs within the window, and a new consent starts a fresh window after an expiry',
  { timeout: 60_000 },
  async () => {
    const { mobile, token } = await applicant();
    const initiated = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token });
    const first = await signAtEsp(app, token, mobile, initiated.body.data.epro_id);
    clock += 130_000;
    const late = await postForm(app, first.response.action, first.response.fields);
    expect(late.body).toContain(MSG.timeLimitExceeded);

    const again = await signAtEsp(app, token, mobile, initiated.body.data.epro_id);
    clock += 100_000;
    const done = await postForm(app, again.response.action, again.response.fields);
    expect(done.body).toContain('Document signed');
    const status = await call<{ status: string; text: string; signed_document: string | null }>(
      app,
      'GET',
      'get-application-status',
      { token },
    );
    expect(status.body.data).toMatchObject({ status: 'Pending', text: MSG.statusUnderReview });
    expect(status.body.data.signed_document).toMatch(/^\/api\/v1\/ekyc\/files\//);
  },
);
