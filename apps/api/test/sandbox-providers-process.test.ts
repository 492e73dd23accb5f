/**
 * SANDBOX_PROVIDERS_URL: the sandbox providers answered by another process of this app, over HTTP,
 * as the real services are. The API sends its PAN and KRA calls there and answers from what comes
 * back; a production start refuses the setting.
 */
import type { AddressInfo } from 'node:net';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { call, signUpWithEmail, testApp } from './support/test-app.ts';

describe('sandbox providers in their own process', () => {
  let providers: FastifyInstance;
  let api: FastifyInstance;
  const served: string[] = [];

  beforeAll(async () => {
    providers = await testApp();
    providers.addHook('onRequest', async (req) => {
      served.push(`${req.method} ${req.url.split('?')[0]}`);
    });
    await providers.listen({ port: 0, host: '127.0.0.1' });
    const { port } = providers.server.address() as AddressInfo;
    api = await testApp({ SANDBOX_PROVIDERS_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await api?.close();
    await providers?.close();
  });

  it('sends the PAN and KRA calls to that process and answers from its replies', async () => {
    const { token } = await signUpWithEmail(api);
    const res = await call(api, 'POST', 'pan-validation?is_ocr=false', {
      token,
      body: { pan: 'BCDPS4321K', pan_name: 'Sunita Sharma', date_of_birth: '05/06/1985' },
    });
    expect(res.body).toMatchObject({ status: true });
    expect(served.some((r) => r.startsWith('POST /sandbox/pan/'))).toBe(true);
    expect(served.some((r) => r.includes('/sandbox/kra/'))).toBe(true);
    // the applicant's own calls reached the API, not the providers' process
    expect(served.filter((r) => r.includes('/api/v1/'))).toEqual([]);
  });

  it('names an unreachable providers process as the provider being down', async () => {
    const down = await testApp({ SANDBOX_PROVIDERS_URL: 'http://127.0.0.1:9' });
    try {
      const { token } = await signUpWithEmail(down);
      const res = await call(down, 'POST', 'pan-validation?is_ocr=false', {
        token,
        body: { pan: 'BCDPS4321K', pan_name: 'Sunita Sharma', date_of_birth: '05/06/1985' },
      });
      expect(res.body).toMatchObject({ status: false, message: MSG.panProviderUnavailable });
    } finally {
      await down.close();
    }
  });

  it('is a sandbox setting: a production start refuses it, and it must be an http(s) address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_PROVIDERS_URL: 'http://127.0.0.1:8390' })).toThrow(
      /SANDBOX_PROVIDERS_URL/,
    );
    expect(() => loadConfig({ SANDBOX_PROVIDERS_URL: 'sandbox-host:8390' })).toThrow(/SANDBOX_PROVIDERS_URL/);
    expect(
      loadConfig({ SANDBOX_PROVIDERS_URL: 'http://127.0.0.1:8390/', DATA_DIR: 'memory://' }).sandboxProvidersUrl,
    ).toBe('http://127.0.0.1:8390');
  });
});
