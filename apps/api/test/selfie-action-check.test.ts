/**
 * The random action, checked with the sandbox face model (@vladmandic/human's face mesh, no
 * network): a head turn the asked way passes, the wrong way or no turn goes to a reviewer, a code
 * read aloud goes to a reviewer (the sandbox does not judge sound), and a capture after the
 * action's window (by the server's clock) is refused. The device's own time is kept as its claim.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, selfieImages, turnFrames } from './support/selfie-images.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { inMumbai } from './support/journey-applicant.ts';
import { LIVENESS_PRIVATE } from '../src/modules/selfie/liveness-state.ts';
import { judgeTurn } from '../src/sandbox/liveness/turn.ts';
import { HypervergeLiveness } from '../src/providers/liveness/hyperverge.ts';

let app: FastifyInstance;
let images: Awaited<ReturnType<typeof selfieImages>>;
let frames: Awaited<ReturnType<typeof turnFrames>>;
beforeAll(async () => {
  app = await testApp();
  images = await selfieImages();
  frames = await turnFrames(images.woman);
}, 180_000);
afterAll(() => app.close());

type Action = { kind: 'read_code' | 'turn_head'; code?: string; direction?: 'left' | 'right'; issued_at: string };

async function atSelfie(kind: Action['kind']) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 200 },
  });
  const { token, applicant_id: id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
  const t = await call<{ transaction_id: string; action: Action }>(app, 'GET', 'get-hypervege-token', {
    token,
    query: { action: kind },
  });
  return { token, id, transaction: t.body.data.transaction_id, action: t.body.data.action };
}

async function upload(token: string, transaction: string, sequence?: Buffer[]) {
  return call<{ retry: boolean }>(app, 'POST', 'upload-liveliness', {
    token,
    body: {
      image: dataUrl(sequence?.[0] ?? images.woman),
      transaction_id: transaction,
      location: inMumbai(),
      // the device's claim, a day out: recorded as such, never used for the timing
      action_done_at: new Date(Date.now() - 86_400_000).toISOString(),
      ...(sequence && { frames: sequence.map(dataUrl) }),
    },
  });
}

const state = (id: string) => app.deps.records.getSection(id, LIVENESS_PRIVATE);
const capture = (id: string) => app.deps.records.getSection(id, '_kyc_capture');

describe('a head turn, judged on the frames', () => {
  it('the asked way passes, timed by the server', { timeout: 240_000 }, async () => {
    const { token, id, transaction, action } = await atSelfie('turn_head');
    const res = await upload(token, transaction, frames[action.direction!]);
    expect(res.body).toMatchObject({ message: MSG.livenessPending, data: { retry: true } });
    expect((await state(id))?.action_check).toEqual({ result: 'verified', reason: 'turned_as_asked' });
    expect((await state(id))?.action_review).toBeUndefined();
    const kept = (await capture(id))!.action!;
    expect(kept).toMatchObject({ kind: 'turn_head', result: 'verified', frames: 5, issued_at: action.issued_at });
    // the server's times: received after the issue, within seconds; the device's claim kept apart
    expect(Date.parse(kept.received_at)).toBeGreaterThanOrEqual(Date.parse(action.issued_at));
    expect(kept.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(kept.elapsed_ms).toBeLessThan(300_000);
    expect(kept.done_at).not.toBe(kept.received_at);
  });

  it('the wrong way goes to a reviewer with the reason', { timeout: 240_000 }, async () => {
    const { token, id, transaction, action } = await atSelfie('turn_head');
    const wrong = action.direction === 'left' ? frames.right : frames.left;
    const res = await upload(token, transaction, wrong);
    expect(res.body.message).toBe(MSG.livenessPending);
    expect(await state(id)).toMatchObject({
      action_check: { result: 'failed', reason: 'turned_the_other_way' },
      action_review: 'action_failed',
    });
    // the provider's own answer is kept in the application's evidence, as it came
    const exchanges = await app.deps.exchanges.list(id);
    const check = exchanges.find((x) => x.operation === 'checkAction');
    expect(check).toMatchObject({ provider: 'liveness', outcome: 'ok' });
    expect(JSON.stringify(check!.http)).toContain('turned_the_other_way');
  });

  it('no turn at all goes to a reviewer', { timeout: 240_000 }, async () => {
    const { token, id, transaction } = await atSelfie('turn_head');
    await upload(token, transaction, frames.still);
    expect(await state(id)).toMatchObject({
      action_check: { result: 'failed', reason: 'no_turn' },
      action_review: 'action_failed',
    });
  });
});

it('a code read aloud is not judged by the sandbox: the selfie goes to a reviewer', { timeout: 120_000 }, async () => {
  const { token, id, transaction } = await atSelfie('read_code');
  await upload(token, transaction, frames.still);
  expect(await state(id)).toMatchObject({
    action_check: { result: 'not_checkable', reason: 'code_read_needs_sound' },
    action_review: 'action_not_checked',
  });
});

it('a capture without frames is not checked: the selfie goes to a reviewer', { timeout: 120_000 }, async () => {
  const { token, id, transaction } = await atSelfie('turn_head');
  await upload(token, transaction);
  expect(await state(id)).toMatchObject({
    action_check: { result: 'not_checkable', reason: 'no_frames' },
    action_review: 'action_not_checked',
  });
});

it("a capture after the action's window is refused, by the server's clock", async () => {
  const { token, id, transaction } = await atSelfie('turn_head');
  const issued = await state(id);
  // the action issued six minutes ago (the window is 300 s): no waiting in the test
  const past = new Date(Date.now() - 360_000).toISOString();
  await app.deps.records.save(id, {
    [LIVENESS_PRIVATE]: { ...issued, action: { ...issued!.action!, issued_at: past } },
  });
  const res = await upload(token, transaction, frames.still);
  expect(res.body).toMatchObject({ status: false, message: MSG.livenessActionExpired, data: { retry: false } });
  expect((await state(id))?.image).toBeUndefined();
});

it('refuses frames that are not JPEGs, and more than eight', async () => {
  const { token, transaction } = await atSelfie('turn_head');
  const png = `data:image/jpeg;base64,${images.png.toString('base64')}`;
  const bad = await call(app, 'POST', 'upload-liveliness', {
    token,
    body: { image: dataUrl(images.woman), transaction_id: transaction, frames: [png, png] },
  });
  expect(bad.statusCode).toBe(400);
  const many = await call(app, 'POST', 'upload-liveliness', {
    token,
    body: { image: dataUrl(images.woman), transaction_id: transaction, frames: Array(9).fill(dataUrl(images.woman)) },
  });
  expect(many.statusCode).toBe(400);
});

it("HyperVerge's API has no check of the server's action: not checkable, without a call", async () => {
  const fetch = () => Promise.reject(new Error('no call expected'));
  const hv = new HypervergeLiveness({
    baseUrl: 'https://ind.idv.hyperverge.test',
    authUrl: 'https://ind-state.idv.hyperverge.test',
    appId: 'a',
    appKey: 'k',
    workflowId: 'w',
    moduleUrl: '/m',
    tokenExpirySeconds: 900,
    fetch,
  });
  const check = await hv.checkAction({
    frames: frames.left,
    action: { kind: 'turn_head', direction: 'left' },
    transactionId: 'lv_1',
  });
  expect(check).toEqual({ result: 'not_checkable', reason: 'provider_has_no_action_check' });
});

describe('judgeTurn', () => {
  it.each([
    [[-0.2, -0.2, 0.2], 'left', 'verified', 'turned_as_asked'],
    [[0.2, 0.1, -0.2], 'right', 'verified', 'turned_as_asked'],
    [[-0.2, -0.2, 0.2], 'right', 'failed', 'turned_the_other_way'],
    [[0.0, 0.05, 0.03], 'left', 'failed', 'no_turn'],
    [[null, 0.1, 0.3], 'left', 'failed', 'face_not_followed'],
    [[0.0, null, null, 0.3], 'left', 'failed', 'face_not_followed'],
    [[0.0, null, 0.2, 0.3], 'left', 'verified', 'turned_as_asked'],
  ] as const)('%j asked %s: %s (%s)', (offsets, direction, result, reason) => {
    expect(judgeTurn(offsets, direction)).toEqual({ result, reason });
  });
});
