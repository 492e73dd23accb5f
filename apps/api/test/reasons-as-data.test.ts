/**
 * The coded reasons as data: an admin edits them, each edit a new version in
 * the five languages with the stage it sends back to; an applicant sent back before an edit keeps
 * the text they were sent.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let maker: string;
let admin: string;
let pans = 8000;

interface Reason {
  code: string;
  version: number;
  purpose: string;
  stage: number | null;
  texts: Record<string, string>;
}

const bo = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/backoffice/${path}`, headers: bearer(token), ...(payload && { payload }) });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

const TEXTS = {
  en: 'The bank account must be in your own name',
  hi: 'बैंक खाता आपके अपने नाम पर होना चाहिए',
  be: 'ব্যাঙ্ক অ্যাকাউন্টটি আপনার নিজের নামে হতে হবে',
  gu: 'બેંક ખાતું તમારા પોતાના નામે હોવું જોઈએ',
  mar: 'बँक खाते तुमच्या स्वतःच्या नावावर असणे आवश्यक आहे',
};

async function sentBack(code: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 220, sections: signedSections(panWithDigits(String(pans++))) },
  });
  const { applicant_id: id, token } = data<{ applicant_id: string; token: string }>(res);
  const decided = await bo(maker, 'POST', `applications/${id}/decisions`, {
    decisions: [{ stage: 160, activity: 'Reject', code }],
  });
  expect(decided.statusCode).toBe(200);
  return token;
}
const reasonsOnStatus = async (token: string) =>
  (
    await call<{ reasons: { code: string; texts: Record<string, string> | null }[] }>(
      app,
      'GET',
      'get-application-status',
      { token },
    )
  ).body.data.reasons;

beforeAll(async () => {
  app = await testApp();
  maker = await reviewerToken(app, `maker.reasons.${Date.now()}@broker.example`, 'reviewer');
  admin = await reviewerToken(app, `admin.reasons.${Date.now()}@broker.example`, 'admin');
}, 120_000);
afterAll(() => app.close());

it('lists the shipped reasons as version 1, with their stage and five languages', async () => {
  const reasons = data<{ reasons: Reason[] }>(await bo(maker, 'GET', 'reasons')).reasons;
  expect(reasons.find((r) => r.code === 'BANK_NAME_MISMATCH')).toMatchObject({
    version: 1,
    purpose: 'send_back',
    stage: 160,
    texts: { en: 'The bank account holder name does not match the name on your PAN' },
  });
  expect(Object.keys(reasons[0]!.texts).sort()).toEqual(['be', 'en', 'gu', 'hi', 'mar']);
});

it('takes an edit as a new version; an applicant sent back before keeps the text they were sent', async () => {
  const before = await sentBack('BANK_NAME_MISMATCH');
  expect(
    (
      await bo(maker, 'PUT', 'reasons/BANK_NAME_MISMATCH', {
        purpose: 'send_back',
        stage: 160,
        kind: 'reject',
        texts: TEXTS,
      })
    ).statusCode,
  ).toBe(403);
  const edited = await bo(admin, 'PUT', 'reasons/BANK_NAME_MISMATCH', {
    purpose: 'send_back',
    stage: 160,
    kind: 'reject',
    texts: TEXTS,
  });
  expect(edited.statusCode).toBe(200);
  expect(data<{ reason: Reason }>(edited).reason).toMatchObject({ version: 2, texts: TEXTS });
  const after = await sentBack('BANK_NAME_MISMATCH');

  expect((await reasonsOnStatus(before))[0]!.texts!.hi).toBe('बैंक खाताधारक का नाम आपके पैन पर दिए नाम से मेल नहीं खाता');
  expect((await reasonsOnStatus(after))[0]!.texts!.hi).toBe(TEXTS.hi);
});

it('adds a reason an applicant can be sent back with at once, for its own stage only', async () => {
  const added = await bo(admin, 'PUT', 'reasons/BANK_JOINT_ACCOUNT', {
    purpose: 'send_back',
    stage: 160,
    kind: 'info',
    texts: TEXTS,
  });
  expect(added.statusCode).toBe(200);
  const token = await sentBack('BANK_JOINT_ACCOUNT');
  expect((await reasonsOnStatus(token))[0]).toMatchObject({ code: 'BANK_JOINT_ACCOUNT', texts: TEXTS });

  const fixture = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 220, sections: signedSections(panWithDigits(String(pans++))) },
  });
  const { applicant_id: id } = data<{ applicant_id: string }>(fixture);
  const wrongStage = await bo(maker, 'POST', `applications/${id}/decisions`, {
    decisions: [{ stage: 170, activity: 'Reject', code: 'BANK_JOINT_ACCOUNT' }],
  });
  expect(wrongStage.statusCode).toBe(400);
  expect(wrongStage.json()).toMatchObject({
    message: expect.stringContaining('back to the Bank stage'),
    data: { field: 'decisions' },
  });
});

it('refuses an edit missing a language, or a send-back reason without its stage, naming the field', async () => {
  const { mar: _mar, ...fourLanguages } = TEXTS;
  const missing = await bo(admin, 'PUT', 'reasons/BANK_JOINT_ACCOUNT', {
    purpose: 'send_back',
    stage: 160,
    kind: 'info',
    texts: fourLanguages,
  });
  expect(missing.statusCode).toBe(400);
  expect(data<{ field: string }>(missing).field).toBe('texts.mar');
  const noStage = await bo(admin, 'PUT', 'reasons/BANK_JOINT_ACCOUNT', {
    purpose: 'send_back',
    stage: null,
    kind: 'info',
    texts: TEXTS,
  });
  expect(noStage.statusCode).toBe(400);
  expect(data<{ field: string }>(noStage).field).toBe('stage');
  const badCode = await bo(admin, 'PUT', 'reasons/lower-case', {
    purpose: 'close',
    stage: null,
    kind: 'info',
    texts: TEXTS,
  });
  expect(badCode.statusCode).toBe(400);
  expect(data<{ field: string }>(badCode).field).toBe('code');
});
