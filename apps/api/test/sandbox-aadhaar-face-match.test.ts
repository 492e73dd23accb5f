/**
 * The sandbox DigiLocker's Aadhaar photo is a real face (the face model's sample of the holder's
 * gender), so a sandbox application can pass the real face match: a selfie of that face matches,
 * and the other sample's face does not (the documented way to get a mismatch).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleFace } from '../src/sandbox/digilocker/identity.ts';
import { type HolderGender, sandboxHolderGender } from '../src/sandbox/digilocker/sample-faces.ts';
import { runFullJourney } from './support/full-journey.ts';
import { newApplicant } from './support/journey-applicant.ts';
import { injectClient } from './support/journey-client.ts';
import { journeyAssets } from './support/journey-assets.ts';
import { dataUrl } from './support/selfie-images.ts';
import { call, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 180_000);
afterAll(() => app.close());

interface Liveness {
  face_match?: boolean;
  face_match_score?: number;
}

/** An applicant through DigiLocker (Allow) to the selfie, taking the given face as the selfie. */
async function selfieOf(face: (holder: HolderGender) => HolderGender) {
  const applicant = newApplicant();
  const holder = sandboxHolderGender(applicant.pan);
  const selfie = await sampleFace(face(holder));
  const journey = await runFullJourney(injectClient(app), {
    applicant,
    assets: { ...(await journeyAssets()), selfieJpeg: dataUrl(selfie) },
    until: 'selfie',
  });
  const details = await call<[{ livness_obj: Liveness; digilocker_obj: { cdl_documents: { gender: string }[] } }]>(
    app,
    'GET',
    'get-user-details',
    { token: journey.token },
  );
  return { holder, record: details.body.data[0] };
}

it('matches a selfie of the face the sandbox Aadhaar shows for the holder', { timeout: 300_000 }, async () => {
  const { holder, record } = await selfieOf((gender) => gender);
  expect(record.digilocker_obj.cdl_documents[0]?.gender).toBe(holder);
  expect(record.livness_obj.face_match).toBe(true);
  expect(record.livness_obj.face_match_score).toBeGreaterThanOrEqual(0.5);
});

it("does not match the other sample's face", { timeout: 300_000 }, async () => {
  const { record } = await selfieOf((gender) => (gender === 'F' ? 'M' : 'F'));
  expect(record.livness_obj.face_match).toBe(false);
  expect(record.livness_obj.face_match_score).toBeLessThan(0.5);
});
