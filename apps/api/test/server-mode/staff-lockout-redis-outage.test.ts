/**
 * A staff lockout holds while Redis is unreachable: the account was locked through Redis, then
 * Redis goes away (a proxy in front of it is cut); the right password is still refused with 429,
 * from the lockout kept in PostgreSQL, instead of the per-process count starting afresh.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_OUT } from '../../src/modules/backoffice/throttle-staff-login.ts';
import { testApp } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;

/** A TCP proxy to Redis that can be cut: every connection through it ends and new ones are refused. */
async function redisProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      sockets.forEach((s) => s.destroy());
      await closed;
    },
  };
}

describe.runIf(DB && REDIS)('staff lockout during a Redis outage', () => {
  let app: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  const email = `outage${Date.now()}@broker.example`;
  const password = 'harbour lantern quince 2209';
  const login = (pw: string) =>
    app.inject({ method: 'POST', url: '/api/v1/backoffice/login', payload: { email, password: pw } });

  beforeAll(async () => {
    proxy = await redisProxy(new URL(REDIS!));
    app = await testApp({ REDIS_URL: proxy.url, STAFF_LOGIN_MAX_FAILURES: '3', STAFF_LOGIN_DELAY_SECONDS: '0' });
    await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/staff',
      payload: { email, name: 'Outage Reviewer', role: 'reviewer', password },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('refuses the right password while Redis is unreachable, as it did before', async () => {
    for (const wrong of ['wrong one here', 'wrong two here', 'wrong three here'])
      expect((await login(wrong)).json()).toMatchObject({ status: false });
    const before = await login(password);
    expect(before.statusCode).toBe(429);

    await proxy.cut();
    const during = await login(password);
    expect(during.statusCode).toBe(429);
    expect(during.json()).toMatchObject({ status: false, message: LOCKED_OUT, data: { locked: true } });
  });
});
