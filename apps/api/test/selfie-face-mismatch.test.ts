/**
 * A selfie that does not match the Aadhaar photo is never recorded auto_approved: the module's
 * approval is kept as module_outcome, the selfie goes to a reviewer (needs_review) with its
 * reason, and the reviewer sees the score, the threshold and the failed verdict. The provider's
 * face match is replaced here by the answers it gives (the model itself is tested elsewhere). A
 * database fault while the match's result is stored does not lose it, and a match lost with its
 * process is started again by a later poll.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { dataUrl, selfieImages } from './support/selfie-images.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';
import { inMumbai } from './support/journey-applicant.ts';
import { MATCH_ATTEMPT_MS } from '../src/modules/selfie/face-match.ts';
import { LIVENESS_PRIVATE, readLivenessState } from '../src/modules/selfie/liveness-state.ts';

let app: FastifyInstance;
let images: Awaited<ReturnType<typeof selfieImages>>;
let staffToken: string;

beforeAll(async () => {
  app = await testApp({
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    // the random action's check is tested on its own (selfie-action-check.test.ts): these uploads send no frames
    KYC_ACTION_NOT_CHECKED: 'accept',
  });
  images = await selfieImages();
  staffToken = await reviewerToken(app, 'face.review@broker.example');
}, 180_000);
afterAll(() => app.close());

interface Poll {
  retry: boolean;
  screen: string;
  outcome?: string;
}
interface Liveness {
  status: string;
  module_outcome?: string;
  face_match?: boolean;
  face_match_score?: number;
  face_match_threshold?: number;
  review_reasons?: string[];
}

/** An applicant at the selfie stage with an Aadhaar photo from DigiLocker. */
async function applicant() {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 200 },
  });
  const { token, applicant_id: id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
  const photo = await app.deps.records.saveFile(id, {
    kind: 'aadhaar_photo',
    contentType: 'image/jpeg',
    bytes: images.man,
  });
  await app.deps.records.save(id, { digilocker_obj: { aadhaar_photo: photo } });
  return { token, id };
}

/** Uploads the selfie, approves it in the hosted module, and polls until the check settles. */
async function selfieApprovedByModule(token: string) {
  await uploadApprovedByModule(token);
  return pollUntilSettled(token);
}

/** Uploads the selfie and approves it in the hosted module. */
async function uploadApprovedByModule(token: string) {
  const t = await call<{ transaction_id: string; module_url: string }>(app, 'GET', 'get-hypervege-token', { token });
  const upload = await call(app, 'POST', 'upload-liveliness', {
    token,
    body: {
      image: dataUrl(images.woman),
      transaction_id: t.body.data.transaction_id,
      location: inMumbai(),
    },
  });
  expect(upload.body.message).toBe(MSG.livenessPending);
  const page = await app.inject({ method: 'GET', url: t.body.data.module_url });
  const moduleToken = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
  await app.inject({
    method: 'POST',
    url: '/sandbox/liveness/module',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token: moduleToken,
      transactionId: t.body.data.transaction_id,
      outcome: 'auto_approved',
    }).toString(),
  });
}

/** Polls until the check settles. */
async function pollUntilSettled(token: string) {
  let poll = await call<Poll>(app, 'GET', 'upload-liveliness', { token });
  // the face match answers in the background: wait for it, not for a number of seconds
  for (let i = 0; i < 1000 && poll.body.data.retry; i++) {
    await new Promise((r) => setTimeout(r, 10));
    poll = await call<Poll>(app, 'GET', 'upload-liveliness', { token });
  }
  return poll;
}

const liveness = async (token: string) =>
  (await call<[{ livness_obj: Liveness }]>(app, 'GET', 'get-user-details', { token })).body.data[0].livness_obj;

it('sends a selfie that does not match the Aadhaar photo to manual review, with the reason', async () => {
  const spy = vi
    .spyOn(app.deps.liveness, 'matchFace')
    .mockResolvedValue({ match: false, confidence: 0.36, confidenceLevel: null });
  try {
    const { token, id } = await applicant();
    const poll = await selfieApprovedByModule(token);
    // the applicant goes on to e-sign; the selfie waits for a reviewer
    expect(poll.body).toMatchObject({
      status: true,
      message: MSG.livenessNeedsReview,
      data: { retry: false, screen: '/e-sign', outcome: 'needs_review' },
    });
    expect(await liveness(token)).toMatchObject({
      status: 'needs_review',
      module_outcome: 'auto_approved',
      face_match: false,
      face_match_score: 0.36,
      face_match_threshold: 0.5,
      review_reasons: ['face_mismatch'],
    });

    const view = await app.inject({ url: `/api/v1/backoffice/applications/${id}`, headers: bearer(staffToken) });
    const checks = (view.json() as { data: { checks: { key: string }[] } }).data.checks;
    expect(checks.find((c) => c.key === 'face_match')).toMatchObject({
      value: 0.36,
      threshold: 0.5,
      verdict: 'fail',
      reason: 'face_mismatch',
    });
  } finally {
    spy.mockRestore();
  }
});

it('sends a provider "match" below the configured threshold to manual review too', async () => {
  const spy = vi
    .spyOn(app.deps.liveness, 'matchFace')
    .mockResolvedValue({ match: true, confidence: 0.42, confidenceLevel: null });
  try {
    const { token } = await applicant();
    const poll = await selfieApprovedByModule(token);
    expect(poll.body.data.outcome).toBe('needs_review');
    expect(await liveness(token)).toMatchObject({ status: 'needs_review', face_match: false, face_match_score: 0.42 });
  } finally {
    spy.mockRestore();
  }
});

it('sends a selfie to manual review when the face match could not run', async () => {
  const spy = vi.spyOn(app.deps.liveness, 'matchFace').mockRejectedValue(new Error('provider down'));
  try {
    const { token } = await applicant();
    const poll = await selfieApprovedByModule(token);
    expect(poll.body.data.outcome).toBe('needs_review');
    expect(await liveness(token)).toMatchObject({
      status: 'needs_review',
      review_reasons: ['face_match_unavailable'],
    });
  } finally {
    spy.mockRestore();
  }
});

it('keeps auto_approved for a selfie that matches at or above the threshold', async () => {
  const spy = vi
    .spyOn(app.deps.liveness, 'matchFace')
    .mockResolvedValue({ match: true, confidence: 0.93, confidenceLevel: null });
  try {
    const { token } = await applicant();
    const poll = await selfieApprovedByModule(token);
    expect(poll.body).toMatchObject({
      status: true,
      message: MSG.livenessApproved,
      data: { outcome: 'auto_approved' },
    });
    const stored = await liveness(token);
    expect(stored).toMatchObject({ status: 'auto_approved', face_match: true, face_match_score: 0.93 });
    expect(stored.review_reasons).toBeUndefined();
  } finally {
    spy.mockRestore();
  }
});

it('keeps the face match through a database connection dropped while its result is stored', async () => {
  const spy = vi
    .spyOn(app.deps.liveness, 'matchFace')
    .mockResolvedValue({ match: true, confidence: 0.91, confidenceLevel: null });
  const records = app.deps.records;
  const save = records.save.bind(records);
  const replaceSection = records.replaceSection.bind(records);
  let dropped = 0;
  // the first two tries to store the result (over the state the upload wrote, or after reading it
  // again) meet a connection the database has just closed
  const drop = (value: unknown) => {
    if ((value as { match?: { state: string } } | null | undefined)?.match?.state !== 'done' || dropped >= 2) return;
    dropped += 1;
    throw new Error('Connection terminated unexpectedly');
  };
  records.save = async (id, sections) => {
    drop(sections[LIVENESS_PRIVATE]);
    return save(id, sections);
  };
  records.replaceSection = async (id, name, sealed, value) => {
    drop(value);
    return replaceSection(id, name, sealed, value);
  };
  try {
    const { token } = await applicant();
    const poll = await selfieApprovedByModule(token);
    expect(dropped).toBe(2);
    expect(poll.body.data.outcome).toBe('auto_approved');
    expect(await liveness(token)).toMatchObject({ status: 'auto_approved', face_match: true, face_match_score: 0.91 });
  } finally {
    records.save = save;
    records.replaceSection = replaceSection;
    spy.mockRestore();
  }
});

it('starts a face match lost with its process again from a later poll', async () => {
  // the first attempt never answers, as when its process was killed; the next one does
  const spy = vi
    .spyOn(app.deps.liveness, 'matchFace')
    .mockReturnValueOnce(new Promise(() => undefined))
    .mockResolvedValue({ match: true, confidence: 0.88, confidenceLevel: null });
  try {
    const { token, id } = await applicant();
    await uploadApprovedByModule(token);
    const first = await call<Poll>(app, 'GET', 'upload-liveliness', { token });
    expect(first.body.data).toMatchObject({ retry: true, outcome: 'pending' });
    expect(spy).toHaveBeenCalledTimes(1);
    // the attempt began longer ago than an attempt may take (but within the poll's wait)
    const state = (await readLivenessState(app.deps, id))!;
    const began = new Date(Date.now() - MATCH_ATTEMPT_MS - 1000).toISOString();
    await app.deps.records.save(id, {
      [LIVENESS_PRIVATE]: { ...state, match: { ...state.match!, started_at: began } },
    });
    const poll = await pollUntilSettled(token);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(poll.body.data.outcome).toBe('auto_approved');
    expect(await liveness(token)).toMatchObject({ status: 'auto_approved', face_match: true, face_match_score: 0.88 });
  } finally {
    spy.mockRestore();
  }
});
