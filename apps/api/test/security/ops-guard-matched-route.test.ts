/**
 * The router decodes the path (%6D is "m") and takes the path out of an absolute-form request line
 * (GET http://host/metrics): the ops guard and the no-store rule decide on the route it matched, so
 * neither can be stepped around by spelling the path another way.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { testApp } from '../support/test-app.ts';

const PRODUCTION = { NODE_ENV: 'production', EKYC_ALLOW_INSECURE: 'true' };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A GET sent as written on the request line (inject would rewrite an absolute-form target). */
async function getRaw(target: string): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  const { port } = app!.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('refuses /metrics and /docs in production however the path is spelled', async () => {
  app = await testApp(PRODUCTION);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const plain = await getRaw('/metrics');
  expect(plain.statusCode).toBe(404);
  for (const target of ['/%6Detrics', '/%64ocs/json', '/%64ocs/static/index.html', 'http://host/metrics']) {
    const res = await getRaw(target);
    expect(res.statusCode, target).toBe(plain.statusCode);
    expect(res.body, target).not.toContain('ekyc_');
    expect(res.body, target).not.toContain('openapi');
  }
  expect((await getRaw('http://host/healthz')).statusCode).toBe(200);
});

it('still serves the spelled-out forms with the operations token', async () => {
  const token = 'ops-token-0123456789abcdefghijklmnopqrstuv';
  app = await testApp({ ...PRODUCTION, OPS_TOKEN: token });
  for (const url of ['/%6Detrics', '/%64ocs/json']) {
    expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, url).toBe(200);
  }
});

it('marks API replies no-store however the path is spelled', async () => {
  app = await testApp(PRODUCTION);
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const target of [
    '/api/v1/ekyc/get-application-status',
    '/%61pi/v1/ekyc/get-application-status',
    '/api/v1/ekyc/get-application%2Dstatus',
    'http://host/api/v1/ekyc/get-application-status',
    '/%61pi/v1/ekyc/no-such-call',
  ]) {
    const res = await getRaw(target);
    expect(res.headers['cache-control'], target).toBe('no-store');
  }
});
