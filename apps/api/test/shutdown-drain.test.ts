/** While the server shuts down, a request that still arrives answers 503 in the contract's envelope. */
import { expect, it } from 'vitest';
import { testApp } from './support/test-app.ts';

it('answers 503 with the envelope and Retry-After while draining', async () => {
  const app = await testApp();
  let seen: { status: number; retryAfter: string | null; connection: string | null; body: unknown } | undefined;
  // runs after the app's own preClose hook, while the server still listens
  app.addHook('preClose', async () => {
    const address = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${address.port}/api/v1/ekyc/get-ref-code`);
    seen = {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      connection: res.headers.get('connection'),
      body: await res.json(),
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.close();
  expect(seen).toEqual({
    status: 503,
    retryAfter: '2',
    connection: 'close',
    body: {
      status: false,
      message: 'Service is temporarily unavailable. Please try again.',
      code: 'serviceUnavailable',
      data: {},
    },
  });
});
