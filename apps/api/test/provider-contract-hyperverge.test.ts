/** HyperVerge adapter against answers in HyperVerge's shape (test/fixtures/providers/hyperverge). */
import { expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { HypervergeLiveness } from '../src/providers/liveness/hyperverge.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

const options = {
  baseUrl: 'https://ind.idv.hyperverge.test',
  authUrl: 'https://ind-state.idv.hyperverge.test',
  appId: 'app-1',
  appKey: 'key-1',
  workflowId: 'selfie_flow',
  moduleUrl: '/api/v1/ekyc/liveness-module',
  tokenExpirySeconds: 900,
};
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

it('reads confidence "high" and sends the transactionId header with appId and appKey', async () => {
  const t = replay(fixture('hyperverge/check-liveness-pass.json'));
  const hv = new HypervergeLiveness({ ...options, fetch: t.fetch });
  expect(await hv.checkLiveness(jpeg, 'lv_123456789')).toEqual({
    live: true,
    confidence: null,
    confidenceLevel: 'high',
    faces: 1,
    flags: [],
  });
  expect(t.calls[0]!.url).toBe('https://ind.idv.hyperverge.test/v1/checkLiveness');
  expect(t.header(0, 'transactionid')).toBe('lv_123456789');
  expect(t.header(0, 'appid')).toBe('app-1');
  expect(t.header(0, 'appkey')).toBe('key-1');
});

it('a low-confidence refusal keeps its level and quality flags', async () => {
  const hv = new HypervergeLiveness({ ...options, fetch: replay(fixture('hyperverge/check-liveness-low.json')).fetch });
  expect(await hv.checkLiveness(jpeg, 'lv_1')).toEqual({
    live: false,
    confidence: null,
    confidenceLevel: 'low',
    faces: 1,
    flags: ['eyesClosed'],
  });
});

it('face match reads value, score and confidence; the transaction goes along', async () => {
  const t = replay(fixture('hyperverge/match-face.json'));
  const hv = new HypervergeLiveness({ ...options, fetch: t.fetch });
  expect(await hv.matchFace(jpeg, jpeg, 'lv_1')).toEqual({ match: true, confidence: 0.95, confidenceLevel: 'high' });
  expect(t.header(0, 'transactionid')).toBe('lv_1');
});

it('"Face not detected" is an answer about the picture; bad credentials are a provider error', async () => {
  const none = new HypervergeLiveness({
    ...options,
    fetch: replay(fixture('hyperverge/face-not-detected.json')).fetch,
  });
  expect(await none.checkLiveness(jpeg, 'lv_1')).toMatchObject({ live: false, faces: 0 });
  const bad = new HypervergeLiveness({ ...options, fetch: replay(fixture('hyperverge/unauthorised.json')).fetch });
  await expect(bad.checkLiveness(jpeg, 'lv_1')).rejects.toBeInstanceOf(ProviderError);
});

it('the token comes from the auth host, apart from the API host', async () => {
  const t = replay({ body: { status: 'success', statusCode: 200, result: { authToken: 'Bearer tok' } } });
  const hv = new HypervergeLiveness({ ...options, fetch: t.fetch });
  const token = await hv.createToken('lv_123456789');
  expect(t.calls[0]!.url).toBe('https://ind-state.idv.hyperverge.test/v2/auth/token');
  expect(token.moduleUrl).toBe(
    '/api/v1/ekyc/liveness-module?token=tok&transactionId=lv_123456789&workflowId=selfie_flow',
  );
});
