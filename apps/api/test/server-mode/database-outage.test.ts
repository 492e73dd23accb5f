/**
 * With the database unreachable the API answers 503 within a second, and recovers by itself when
 * it returns. A TCP proxy in front of the PostgreSQL server is cut and restored.
 */
import { createServer, type Server, type Socket, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;

describe.runIf(DB)('database outage', () => {
  let proxy: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  let app: FastifyInstance;

  const startProxy = () =>
    new Promise<void>((resolve) => {
      const target = new URL(DB!);
      proxy = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      proxy.listen(port, '127.0.0.1', () => {
        port = (proxy!.address() as { port: number }).port;
        resolve();
      });
    });
  const stopProxy = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((s) => s.destroy());
      sockets.clear();
      proxy?.close(() => resolve());
      proxy = null;
    });

  beforeAll(async () => {
    await startProxy();
    const url = new URL(DB!);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    app = await testApp({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await app.close();
    await stopProxy();
  });

  it('answers 503 within a second while the database is down, then recovers', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await stopProxy();

    let started = Date.now();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);

    started = Date.now();
    const call = await app.inject({ method: 'POST', url: '/api/v1/ekyc/send-otp', payload: { mobile: '9876500001' } });
    expect(call.statusCode).toBe(503);
    expect(call.json().message).toBe('Service is temporarily unavailable. Please try again.');
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await startProxy();
    await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 10_000 }).toBe(200);
    const after = await app.inject({ method: 'POST', url: '/api/v1/ekyc/send-otp', payload: { mobile: '9876500002' } });
    expect(after.statusCode).toBe(200);
  }, 30_000);
});
