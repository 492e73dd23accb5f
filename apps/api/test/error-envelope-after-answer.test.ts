/**
 * The last check of every reply: when something throws after the error handler has answered (a
 * cleanup hook whose database is gone), Fastify's own reply would go out with the driver's message
 * (`Failed query: delete from …`). It leaves as the envelope instead, 503 with Retry-After when the
 * answer was a 503, with the request's id and no SQL. The log keeps the full error under that id,
 * its cause included.
 */
import { Writable } from 'node:stream';
import { MSG } from '@ekyc/contracts/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger.ts';
import { failureWriter } from '../src/plugins/failure-writer.ts';
import { registerErrorHandler, requestId } from '../src/plugins/error-handler.ts';

const LEAK = /select|insert|update|delete|Failed query|at .*\.ts:/i;
const sqlError = (statement: string) =>
  Object.assign(new Error(`Failed query: ${statement}\nparams: 1`), {
    cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  });

describe('a failure after the answer is decided', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false, genReqId: requestId });
    registerErrorHandler(
      app,
      failureWriter('check', () => undefined),
    );
    // a cleanup that fails once per request, as freeing an Idempotency-Key did with the database away
    app.addHook('onSend', async (req, _reply, payload) => {
      const r = req as typeof req & { cleaned?: boolean };
      if (r.cleaned || !req.url.startsWith('/cleanup-fails')) return payload;
      r.cleaned = true;
      throw sqlError('delete from "idempotency_keys" where "claim_id" = $1');
    });
    app.get('/cleanup-fails/after-503', async () => {
      throw sqlError('update "applicant_stages" set "admin_activity" = $1');
    });
    app.get('/cleanup-fails/after-200', async () => ({ status: true, message: 'ok', data: {} }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('leaves a 503 in the envelope with Retry-After, never the SQL', async () => {
    const res = await app.inject({ url: '/cleanup-fails/after-503', headers: { 'x-request-id': 'ticket-00042' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: false,
      message: MSG.serviceUnavailable,
      code: 'serviceUnavailable',
      data: {},
    });
    expect(res.body).not.toMatch(LEAK);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-request-id']).toBe('ticket-00042');
  });

  it('turns a success whose cleanup threw into the envelope too, without the SQL', async () => {
    const res = await app.inject({ url: '/cleanup-fails/after-200' });
    expect([500, 503]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ status: false, data: {} });
    expect(res.body).not.toMatch(LEAK);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what the operator finds under the reference', () => {
  it('logs the full error with the request id and the cause the driver gave', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n'))
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('warn', stream), genReqId: requestId });
    registerErrorHandler(
      app,
      failureWriter('check', () => undefined),
    );
    app.get('/down', async () => {
      throw sqlError('select "id" from "sessions" where "token_hash" = $1');
    });
    try {
      const res = await app.inject({ url: '/down', headers: { 'x-request-id': 'ticket-00043' } });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toMatch(LEAK);
      const logged = lines.find((l) => l.reqId === 'ticket-00043' && l.msg === 'backing service unavailable');
      expect(logged).toMatchObject({
        err: {
          message: expect.stringContaining('Failed query: select "id" from "sessions"'),
          cause: { code: '57P01', message: 'terminating connection due to administrator command' },
        },
      });
    } finally {
      await app.close();
    }
  });
});
