/**
 * The sandbox's real face check (@vladmandic/human, models from the npm package, no network):
 * no face and two faces are refused with a clear message; one face passes; the Aadhaar photo
 * from DigiLocker is compared and the score kept in livness_obj.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataUrl, selfieImages } from './support/selfie-images.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { inMumbai } from './support/journey-applicant.ts';
import { FACE_MODEL_MISSING, FaceChecker } from '../src/sandbox/liveness/face-check.ts';
import { sandboxFaceInstalled } from '../src/sandbox/liveness/face-package.ts';

let app: FastifyInstance;
let images: Awaited<ReturnType<typeof selfieImages>>;
beforeAll(async () => {
  app = await testApp();
  images = await selfieImages();
}, 180_000);
afterAll(() => app.close());

async function applicant(): Promise<{ token: string; id: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 200 },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { token: data.token, id: data.applicant_id };
}

async function upload(token: string, jpeg: Buffer) {
  const t = await call<{ transaction_id: string; module_url: string }>(app, 'GET', 'get-hypervege-token', { token });
  const res = await call<{ retry: boolean }>(app, 'POST', 'upload-liveliness', {
    token,
    body: {
      image: dataUrl(jpeg),
      transaction_id: t.body.data.transaction_id,
      location: inMumbai(),
    },
  });
  return { res, ...t.body.data };
}

it('refuses a selfie with no face in it', { timeout: 120_000 }, async () => {
  const { token } = await applicant();
  const { res } = await upload(token, images.noFace);
  expect(res.body).toMatchObject({ status: false, message: MSG.livenessNoFace, data: { retry: false } });
});

it('refuses a selfie with two faces', { timeout: 120_000 }, async () => {
  const { token } = await applicant();
  const { res } = await upload(token, images.twoFaces);
  expect(res.body).toMatchObject({ status: false, message: MSG.livenessManyFaces, data: { retry: false } });
});

it('accepts one face and keeps the match score with the Aadhaar photo', { timeout: 240_000 }, async () => {
  const { token, id } = await applicant();
  const photo = await app.deps.records.saveFile(id, {
    kind: 'aadhaar_photo',
    contentType: 'image/jpeg',
    bytes: images.woman,
  });
  await app.deps.records.save(id, { digilocker_obj: { aadhaar_photo: photo } });

  const { res, module_url, transaction_id } = await upload(token, images.woman);
  expect(res.body).toMatchObject({ status: false, message: MSG.livenessPending, data: { retry: true } });
  const page = await app.inject({ method: 'GET', url: module_url });
  const moduleToken = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
  await app.inject({
    method: 'POST',
    url: '/sandbox/liveness/module',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${moduleToken}&transactionId=${transaction_id}&outcome=auto_approved`,
  });
  // the comparison runs in the background; the poll answers retry until it is done
  let poll = await call<{ retry: boolean; screen: string }>(app, 'GET', 'upload-liveliness', { token });
  // polled often (the same 200 s budget in all), so the test ends soon after the comparison does
  for (let i = 0; i < 1000 && poll.body.data.retry; i++) {
    await new Promise((r) => setTimeout(r, 200));
    poll = await call(app, 'GET', 'upload-liveliness', { token });
  }
  expect(poll.body).toMatchObject({ status: true, data: { screen: '/e-sign' } });
  const details = await call<[{ livness_obj: { face_match_score: number; face_match: boolean } }]>(
    app,
    'GET',
    'get-user-details',
    { token },
  );
  expect(details.body.data[0].livness_obj.face_match).toBe(true);
  expect(details.body.data[0].livness_obj.face_match_score).toBeGreaterThan(0.5);
});

it('without the face model package (a production install) the checker says so instead of failing obscurely', async () => {
  // resolved from a folder with no node_modules above it, as in an install made with --omit=dev
  expect(sandboxFaceInstalled(pathToFileURL(path.join(tmpdir(), 'no-modules', 'x.js')).href)).toBe(false);
  expect(sandboxFaceInstalled()).toBe(true);
  const missing = new FaceChecker(false);
  await expect(missing.warm()).resolves.toBeUndefined();
  await expect(missing.check(images.woman)).rejects.toThrow(FACE_MODEL_MISSING);
});
