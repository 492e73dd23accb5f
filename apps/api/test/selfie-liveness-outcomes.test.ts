/**
 * The hosted liveness module's outcomes (section 4) as the applicant meets them: each outcome's
 * message, the screen to go to, and retry while the module is still open. The face model is
 * switched off here (SANDBOX_SKIP_HEAVY_CHECKS); the picture is still checked to be a JPEG.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, selfieImages } from './support/selfie-images.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { inMumbai } from './support/journey-applicant.ts';

let app: FastifyInstance;
let images: Awaited<ReturnType<typeof selfieImages>>;
beforeAll(async () => {
  // the random action's check is tested on its own (selfie-action-check.test.ts): these uploads send no frames
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true', KYC_ACTION_NOT_CHECKED: 'accept' });
  images = await selfieImages();
}, 180_000);
afterAll(() => app.close());

async function applicantAt(stage: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

/** An applicant at the selfie stage whose DigiLocker record holds an Aadhaar photo. */
async function applicantWithAadhaarPhoto(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 200 },
  });
  const { token, applicant_id: subjectId } = (res.json() as { data: { token: string; applicant_id: string } }).data;
  const photo = await app.deps.records.saveFile(subjectId, {
    kind: 'aadhaar_photo',
    contentType: 'image/jpeg',
    bytes: images.woman,
  });
  await app.deps.records.save(subjectId, { digilocker_obj: { aadhaar_photo: photo } });
  return token;
}

interface TokenData {
  token: string;
  transaction_id: string;
  module_url: string;
}
type Poll = { retry: boolean; screen: string };

/** Gets a module token, uploads a selfie, and answers the module page with an outcome. */
async function runModule(token: string, outcome?: string) {
  const t = await call<TokenData>(app, 'GET', 'get-hypervege-token', { token });
  expect(t.body.status).toBe(true);
  const upload = await call<Poll>(app, 'POST', 'upload-liveliness', {
    token,
    body: {
      image: dataUrl(images.woman),
      transaction_id: t.body.data.transaction_id,
      location: inMumbai(),
    },
  });
  if (outcome) {
    const page = await app.inject({ method: 'GET', url: t.body.data.module_url });
    expect(page.statusCode).toBe(200);
    const moduleToken = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const done = await app.inject({
      method: 'POST',
      url: '/sandbox/liveness/module',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: moduleToken,
        transactionId: t.body.data.transaction_id,
        outcome,
      }).toString(),
    });
    expect(done.statusCode).toBe(200);
  }
  return { upload, poll: await call<Poll>(app, 'GET', 'upload-liveliness', { token }), tokenData: t.body.data };
}

it('offers a button for every outcome of the spec on the module page, completing the check first', async () => {
  const token = await applicantAt(200);
  const t = await call<TokenData>(app, 'GET', 'get-hypervege-token', { token });
  const page = await app.inject({ method: 'GET', url: t.body.data.module_url });
  const values = [...page.body.matchAll(/name="outcome" value="([a-z_]+)"/g)].map((m) => m[1]);
  expect(values).toEqual(['auto_approved', 'auto_declined', 'needs_review', 'user_cancelled', 'error', 'other']);
  expect(page.body).not.toMatch(/<script>/);
});

it('answers retry while the module is open, then moves an approved applicant to /e-sign with the stored selfie', async () => {
  // the face match needs the Aadhaar photo to pass (the model is off here: any two faces match)
  const token = await applicantWithAadhaarPhoto();
  const first = await runModule(token);
  expect(first.upload.body).toMatchObject({ status: false, message: MSG.livenessPending, data: { retry: true } });
  expect(first.poll.body).toMatchObject({ status: false, data: { retry: true, screen: '/take-selfie' } });

  const page = await app.inject({ method: 'GET', url: first.tokenData.module_url });
  const moduleToken = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
  await app.inject({
    method: 'POST',
    url: '/sandbox/liveness/module',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${moduleToken}&transactionId=${first.tokenData.transaction_id}&outcome=auto_approved`,
  });
  let done = await call<Poll>(app, 'GET', 'upload-liveliness', { token });
  // the face match answers in the background: wait for it, not for a number of seconds
  for (let i = 0; i < 1000 && done.body.data.retry; i++) {
    await new Promise((r) => setTimeout(r, 10));
    done = await call<Poll>(app, 'GET', 'upload-liveliness', { token });
  }
  expect(done.body).toMatchObject({
    status: true,
    message: MSG.livenessApproved,
    data: { retry: false, screen: '/e-sign' },
  });

  const details = await call<[{ livness_obj: { is_object: boolean; image: string; status: string } }]>(
    app,
    'GET',
    'get-user-details',
    { token },
  );
  const liveness = details.body.data[0].livness_obj;
  expect(liveness).toMatchObject({ is_object: true, status: 'auto_approved' });
  const image = await app.inject({ method: 'GET', url: liveness.image });
  expect(image.headers['content-type']).toBe('image/jpeg');
  expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
});

describe.each([
  ['auto_declined', MSG.livenessAutoDeclined],
  ['user_cancelled', MSG.livenessUserCancelled],
  ['error', MSG.somethingWrong],
])('when the module ends with %s', (outcome, message) => {
  it('shows its message, stays on the selfie page and needs a new check', async () => {
    const token = await applicantAt(200);
    const { poll } = await runModule(token, outcome);
    expect(poll.body).toMatchObject({ status: false, message, data: { retry: false, screen: '/take-selfie' } });
    const again = await call<Poll>(app, 'GET', 'upload-liveliness', { token });
    expect(again.body.data.retry).toBe(false);
    const details = await call<[{ livness_obj: { is_object: boolean } }]>(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].livness_obj.is_object).toBe(false);
  });
});

it('sends needs_review on with its message', async () => {
  const token = await applicantAt(200);
  const { poll } = await runModule(token, 'needs_review');
  expect(poll.body).toMatchObject({ status: true, message: MSG.livenessNeedsReview, data: { screen: '/e-sign' } });
});

it('refuses a picture that is not a JPEG, and a selfie outside the selfie stage', async () => {
  const token = await applicantAt(200);
  const t = await call<TokenData>(app, 'GET', 'get-hypervege-token', { token });
  const png = await call(app, 'POST', 'upload-liveliness', {
    token,
    body: {
      image: `data:image/png;base64,${images.png.toString('base64')}`,
      transaction_id: t.body.data.transaction_id,
    },
  });
  expect(png.statusCode).toBe(400);
  const garbage = await call(app, 'POST', 'upload-liveliness', {
    token,
    body: { image: 'data:image/jpeg;base64,aGVsbG8gd29ybGQ=', transaction_id: t.body.data.transaction_id },
  });
  expect(garbage.statusCode).toBe(400);
  expect(garbage.body.message).toMatch(/^image: /);

  const early = await applicantAt(190);
  const refused = await call<{ screen: string }>(app, 'GET', 'get-hypervege-token', { token: early });
  expect(refused.statusCode).toBe(200);
  expect(refused.body.status).toBe(false);
  expect(refused.body.data.screen).toBe('/bank-and-segment/segment');
});
