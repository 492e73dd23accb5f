/**
 * Replies held to their route's schema: a drifting reply fails in tests, is logged in development
 * and only serialised in production; REPLY_CHECK chooses another mode. The bytes never change.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type ReplyCheck, replySerializerCompiler } from '../src/plugins/reply-serializer.ts';

async function serve(mode: ReplyCheck, reply: unknown) {
  const logged: string[] = [];
  const app = Fastify();
  app.setSerializerCompiler(replySerializerCompiler(mode, (d) => logged.push(`${d.method} ${d.url}: ${d.issues}`)));
  app.get(
    '/x',
    { schema: { response: { 200: z.object({ status: z.boolean(), data: z.object({ n: z.number() }) }) } } },
    () => reply,
  );
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.body, logged };
}

it('sends a reply that keeps its schema unchanged in every mode', async () => {
  for (const mode of ['check', 'warn', 'off'] as const)
    expect(await serve(mode, { status: true, data: { n: 1 }, extra: 'kept' })).toEqual({
      status: 200,
      body: '{"status":true,"data":{"n":1},"extra":"kept"}',
      logged: [],
    });
});

it('fails a drifting reply under check, logs it under warn, and only serialises it under off', async () => {
  const drifted = { status: true, data: { n: 'one' } };
  const checked = await serve('check', drifted);
  expect(checked.status).toBe(500);
  expect(checked.logged).toEqual([expect.stringMatching(/^GET \/x: data\.n: /)]);
  expect(await serve('warn', drifted)).toMatchObject({
    status: 200,
    body: JSON.stringify(drifted),
    logged: [expect.stringMatching(/data\.n/)],
  });
  expect(await serve('off', drifted)).toEqual({ status: 200, body: JSON.stringify(drifted), logged: [] });
});

it('chooses the mode by NODE_ENV unless REPLY_CHECK says otherwise', () => {
  const mode = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env }).replyCheck;
  expect(mode({ NODE_ENV: 'test' })).toBe('check');
  expect(mode({ NODE_ENV: 'development' })).toBe('warn');
  expect(mode({ NODE_ENV: 'development', REPLY_CHECK: 'off' })).toBe('off');
  expect(() => mode({ NODE_ENV: 'test', REPLY_CHECK: 'loud' })).toThrow(/REPLY_CHECK/);
});
