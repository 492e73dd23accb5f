/**
 * Replies written through their route's schema: a field the schema does not declare is dropped in
 * every mode; a reply that breaks its schema fails in tests, is logged in development and is only
 * written in production; REPLY_CHECK chooses another mode. A stage reply is told apart by `status`;
 * its refusal carries the screen data and the fields its call names, nothing else. Failures (the
 * error handler's) are written through their HTTP status's schema the same way.
 */
import { refusalDataSchema, stageReplySchema } from '@ekyc/contracts/envelope';
import Fastify from 'fastify';
import { z } from 'zod';
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { AppError } from '../src/lib/errors.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { failureWriter } from '../src/plugins/failure-writer.ts';
import { type ReplyCheck, replySerializerCompiler } from '../src/plugins/reply-serializer.ts';

const plain = z.object({ status: z.boolean(), data: z.object({ n: z.number() }) });
const stage = stageReplySchema(z.object({ n: z.number(), when: z.nullable(z.string()) }));

async function serve(mode: ReplyCheck, reply: unknown, schema: z.core.$ZodType = plain) {
  const logged: string[] = [];
  const app = Fastify();
  app.setSerializerCompiler(replySerializerCompiler(mode, (d) => logged.push(`${d.method} ${d.url}: ${d.issues}`)));
  app.get('/x', { schema: { response: { 200: schema } } }, () => reply);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.body, logged };
}

it('drops a field the schema does not declare, in every mode', async () => {
  for (const mode of ['check', 'warn', 'off'] as const)
    expect(await serve(mode, { status: true, data: { n: 1, secret: 'x' }, extra: 'dropped' })).toEqual({
      status: 200,
      body: '{"status":true,"data":{"n":1}}',
      logged: [],
    });
});

it('fails a drifting reply under check, logs it under warn, and only writes it under off', async () => {
  const drifted = { status: true, data: {} };
  const checked = await serve('check', drifted);
  expect(checked.status).toBe(500);
  expect(checked.logged).toEqual([expect.stringMatching(/^GET \/x: data\.n: /)]);
  expect(await serve('warn', drifted)).toEqual({
    status: 200,
    body: '{"status":true,"data":{}}',
    logged: [expect.stringMatching(/data\.n/)],
  });
  expect(await serve('off', drifted)).toEqual({ status: 200, body: '{"status":true,"data":{}}', logged: [] });
});

it("fails a success whose data is not the stage action's (the screen data alone passed the old union)", async () => {
  const malformed = { status: true, message: 'Saved', data: { screen: '/status', stage: 6 } };
  const checked = await serve('check', malformed, stage);
  expect(checked.status).toBe(500);
  expect(checked.logged).toEqual([expect.stringMatching(/data\.n/)]);
  expect(stage.safeParse({ status: 'true', message: 'Saved', data: { n: 1, when: null } }).success).toBe(false);
});

it('writes a stage success with its data and a stage failure with the screen data', async () => {
  const success = { status: true, message: 'Saved', code: 'saved', data: { n: 2, when: null, screen: '/x' } };
  expect(await serve('check', success, stage)).toEqual({
    status: 200,
    body: '{"status":true,"message":"Saved","code":"saved","data":{"n":2,"when":null}}',
    logged: [],
  });
  const failure = { status: false, message: 'No', data: { screen: '/status', moved: true }, stray: 1 };
  expect(await serve('check', failure, stage)).toEqual({
    status: 200,
    body: '{"status":false,"message":"No","data":{"screen":"/status","moved":true}}',
    logged: [],
  });
});

it('fails a refusal carrying a field its call does not name, and never writes the field', async () => {
  const refusal = { status: false, message: 'No', data: { screen: '/status', password_required: true } };
  const checked = await serve('check', refusal, stage);
  expect(checked.status).toBe(500);
  expect(checked.logged).toEqual([expect.stringMatching(/password_required/)]);
  expect(await serve('off', refusal, stage)).toEqual({
    status: 200,
    body: '{"status":false,"message":"No","data":{"screen":"/status"}}',
    logged: [],
  });
  // a call that names the field: written, and checked
  const named = stageReplySchema(z.object({ n: z.number() }), refusalDataSchema({ password_required: z.boolean() }));
  expect(await serve('check', refusal, named)).toEqual({
    status: 200,
    body: '{"status":false,"message":"No","data":{"screen":"/status","password_required":true}}',
    logged: [],
  });
});

async function failing(mode: ReplyCheck, error: Error) {
  const logged: string[] = [];
  const app = Fastify();
  app.setSerializerCompiler(replySerializerCompiler(mode, () => undefined));
  registerErrorHandler(
    app,
    failureWriter(mode, (d) => logged.push(`${d.status}: ${d.issues}`)),
  );
  app.get('/x', { schema: { response: { 200: plain } } }, () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json() as { data: object }, logged };
}

it("writes a failure through its status's schema: named fields kept, any other fails the check and is never written", async () => {
  const queued = new AppError('UNAVAILABLE', 'providerQueue', { queue_position: 2, retry_after: 15 });
  expect(await failing('check', queued)).toMatchObject({
    status: 503,
    body: { data: { queue_position: 2, retry_after: 15 } },
  });
  const stray = new AppError('CONFLICT', 'formNotCurrent', { screen: '/status', token: 'secret' });
  const checked = await failing('check', stray);
  expect(checked.status).toBe(500);
  expect(checked.logged).toEqual([expect.stringMatching(/^409: .*token/)]);
  expect(await failing('off', stray)).toEqual({
    status: 409,
    body: { status: false, message: expect.any(String), code: 'formNotCurrent', data: { screen: '/status' } },
    logged: [],
  });
});

it("writes each item of a tuple through its place's schema (the user-details record is one)", async () => {
  const record = z.object({
    status: z.boolean(),
    data: z.tuple([
      z.object({ n: z.number(), review: z.nullable(z.enum(['Accept', 'Reject'])) }),
      z.object({ m: z.string() }),
    ]),
  });
  const kept = {
    status: true,
    data: [
      { n: 1, review: null, secret: 'x' },
      { m: 'a', secret: 'y' },
    ],
  };
  expect(await serve('check', kept, record)).toEqual({
    status: 200,
    body: '{"status":true,"data":[{"n":1,"review":null},{"m":"a"}]}',
    logged: [],
  });
  // a drifted item is written as JSON.stringify would (the check names it), not a 500 in production
  expect(await serve('off', { status: true, data: [{ review: 'Accept' }, { m: 'a' }] }, record)).toEqual({
    status: 200,
    body: '{"status":true,"data":[{"review":"Accept"},{"m":"a"}]}',
    logged: [],
  });
});

it('chooses the mode by NODE_ENV unless REPLY_CHECK says otherwise', () => {
  const mode = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env }).replyCheck;
  expect(mode({ NODE_ENV: 'test' })).toBe('check');
  expect(mode({ NODE_ENV: 'development' })).toBe('warn');
  expect(mode({ NODE_ENV: 'development', REPLY_CHECK: 'off' })).toBe('off');
  expect(() => mode({ NODE_ENV: 'test', REPLY_CHECK: 'loud' })).toThrow(/REPLY_CHECK/);
});
