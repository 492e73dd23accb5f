/**
 * /metrics and /docs: open in development and sandbox; in production closed on the public listener
 * unless the caller presents OPS_TOKEN, and served without a token on OPS_LISTEN.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOps } from '../../src/plugins/ops-access.ts';
import { testApp } from '../support/test-app.ts';

const PRODUCTION = { NODE_ENV: 'production', EKYC_ALLOW_INSECURE: 'true' };
const TOKEN = 'ops-token-0123456789abcdefghijklmnopqrstuv';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const get = (url: string, token?: string) =>
  app!.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('/metrics and /docs', () => {
  it('are open in development and sandbox', async () => {
    app = await testApp();
    expect((await get('/metrics')).statusCode).toBe(200);
    expect((await get('/docs/json')).statusCode).toBe(200);
  });

  it('are closed in production when no token or separate address is configured', async () => {
    app = await testApp(PRODUCTION);
    for (const url of ['/metrics', '/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).not.toContain('ekyc_');
    }
    expect((await get('/healthz')).statusCode).toBe(200);
  });

  it('need the operations token in production when OPS_TOKEN is set', async () => {
    app = await testApp({ ...PRODUCTION, OPS_TOKEN: TOKEN });
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', 'wrong-token')).json()).toMatchObject({ status: false });
    expect((await get('/docs/json', 'wrong-token')).statusCode).toBe(401);
    const metrics = await get('/metrics', TOKEN);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('ekyc_http_request_duration_seconds');
    expect((await get('/docs/json', TOKEN)).statusCode).toBe(200);
  });

  it('are served on OPS_LISTEN without a token, and not on the public listener', async () => {
    app = await testApp({ ...PRODUCTION, OPS_LISTEN: '127.0.0.1:0' });
    const server = await listenOps(app);
    const { port } = server!.address() as AddressInfo;
    expect((await get('/metrics')).statusCode).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('ekyc_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/docs/json`)).status).toBe(200);
    // only these pages are on the ops address
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/ekyc/get-application-status`)).status).toBe(404);
  });
});
