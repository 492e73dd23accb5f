/**
 * The production liveness adapter speaks HyperVerge's wire format (PROVIDERS.md): the token call's
 * body, the multipart image, the appId/appKey headers; and a production start without its
 * credentials refuses.
 */
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createLivenessProvider } from '../src/providers/liveness/create.ts';
import { HypervergeLiveness } from '../src/providers/liveness/hyperverge.ts';
import { createSelfFetch } from '../src/providers/http.ts';

interface Seen {
  url: string;
  headers: Headers;
  body: string | FormData | null;
}

function fakeFetch(answers: Record<string, { status: number; body: unknown }>) {
  const seen: Seen[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    seen.push({ url, headers, body: (init.body as string | FormData | undefined) ?? null });
    const answer = answers[new URL(url).pathname]!;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, seen };
}

const options = {
  baseUrl: 'https://hv.example.com',
  authUrl: 'https://auth.hv.example.com',
  appId: 'app-1',
  appKey: 'key-1',
  workflowId: 'selfie_flow',
  moduleUrl: 'https://liveness.example.com/module',
  tokenExpirySeconds: 900,
};

it('asks for a token with the app credentials and builds the module link', async () => {
  const { fetch, seen } = fakeFetch({
    '/v2/auth/token': { status: 200, body: { status: 'success', result: { authToken: 'Bearer abc.def' } } },
  });
  const hv = new HypervergeLiveness({ ...options, fetch });
  const token = await hv.createToken('lv_123456789');
  expect(JSON.parse(seen[0]!.body as string)).toEqual({
    appId: 'app-1',
    appKey: 'key-1',
    transactionId: 'lv_123456789',
    workflowId: 'selfie_flow',
    expiry: 900,
  });
  expect(seen[0]!.url).toBe('https://auth.hv.example.com/v2/auth/token');
  expect(token.token).toBe('abc.def');
  expect(token.moduleUrl).toBe(
    'https://liveness.example.com/module?token=abc.def&transactionId=lv_123456789&workflowId=selfie_flow',
  );
});

it('sends the selfie as a multipart image and reads liveFace and the quality checks', async () => {
  const { fetch, seen } = fakeFetch({
    '/v1/checkLiveness': {
      status: 200,
      body: {
        status: 'success',
        result: {
          details: {
            liveFace: { value: 'yes', confidence: '0.97' },
            qualityChecks: { multipleFaces: { value: 'no' } },
          },
        },
      },
    },
  });
  const hv = new HypervergeLiveness({ ...options, fetch });
  const check = await hv.checkLiveness(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'lv_1');
  expect(check).toEqual({ live: true, confidence: 0.97, confidenceLevel: null, faces: 1, flags: [] });
  expect(seen[0]!.headers.get('appid')).toBe('app-1');
  expect(seen[0]!.headers.get('appkey')).toBe('key-1');
  expect((seen[0]!.body as FormData).get('image')).toBeInstanceOf(Blob);
});

it('reads a finished module, and a transaction still open as no result yet', async () => {
  const open = new HypervergeLiveness({
    ...options,
    fetch: fakeFetch({
      '/v1/link-kyc/results': { status: 200, body: { status: 'success', result: { applicationStatus: 'started' } } },
    }).fetch,
  });
  expect(await open.moduleResult('lv_1')).toEqual({ status: null });
  const cancelled = new HypervergeLiveness({
    ...options,
    fetch: fakeFetch({
      '/v1/link-kyc/results': {
        status: 200,
        body: {
          status: 'success',
          result: { applicationStatus: 'user_cancelled', errorCode: 103, errorMessage: 'User cancelled' },
        },
      },
    }).fetch,
  });
  expect(await cancelled.moduleResult('lv_1')).toEqual({
    status: 'user_cancelled',
    errorCode: '103',
    errorMessage: 'User cancelled',
  });
});

it('refuses a production start without the HyperVerge credentials', () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', EKYC_PROVIDERS: 'production' });
  expect(() => createLivenessProvider(config, createSelfFetch())).toThrow(/HYPERVERGE_APP_ID is required/);
});
