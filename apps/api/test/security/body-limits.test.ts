/**
 * Request bodies: small for JSON calls, the spec's file sizes for uploads, and JSON nesting refused
 * while it is read (400 in the envelope, never 500, with or without an Idempotency-Key), while
 * /healthz keeps answering.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonDepthGuard, UPLOAD_BODY_LIMITS } from '../../src/plugins/body-limits.ts';
import { bearer, signUp, testApp } from '../support/test-app.ts';

const nested = (depth: number) => `{"mobile":"9876543210","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;

async function guardRefuses(chunks: string[], max: number): Promise<boolean> {
  try {
    for await (const _ of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(new JsonDepthGuard(max))) void _;
    return false;
  } catch {
    return true;
  }
}

describe('request bodies', () => {
  let app: FastifyInstance;
  let token = '';
  beforeAll(async () => {
    app = await testApp();
    token = (await signUp(app)).token;
  });
  afterAll(() => app.close());

  it('refuses a JSON call over 64 KiB with 413 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '9876543210', padding: 'a'.repeat(100 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, message: 'The request is too large.' });
  });

  it('gives each upload call room for its files (a 5 MB signature) and no more', async () => {
    expect(UPLOAD_BODY_LIMITS['/api/v1/ekyc/upload-signature']).toBeGreaterThan(Math.ceil(5242880 / 3) * 4);
    const image = `data:image/png;base64,${Buffer.alloc(3 * 1024 * 1024, 1).toString('base64')}`;
    const fits = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upload-signature',
      headers: bearer(token),
      payload: { signature_image: image },
    });
    expect(fits.statusCode).not.toBe(413);
    const huge = `data:image/png;base64,${Buffer.alloc(6 * 1024 * 1024, 1).toString('base64')}`;
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upload-signature',
      headers: bearer(token),
      payload: { signature_image: huge },
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('refuses JSON nested deeper than the limit with 400 naming the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: nested(20_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, data: { field: 'body' } });
    expect(res.json<{ message: string }>().message).toMatch(/nested deeper than 32 levels/);
    // 32 levels are fine (the call goes on to its own checks)
    const shallow = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: nested(31),
    });
    expect(shallow.statusCode).toBe(200);
  });

  it('answers 400, never 500, to deeply nested JSON with an Idempotency-Key', async () => {
    for (const url of ['/api/v1/ekyc/logout', '/api/v1/ekyc/send-otp', '/api/v1/backoffice/logout']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'idempotency-key': `deep-nesting-${url.length}` },
        payload: nested(5_000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ status: false, data: { field: 'body' } });
    }
  });

  it('keeps /healthz answering while deeply nested bodies arrive', async () => {
    const attack = Array.from({ length: 20 }, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/ekyc/send-otp',
        headers: { 'content-type': 'application/json' },
        payload: nested(30_000),
      }),
    );
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect((await Promise.all(attack)).map((r) => r.statusCode)).toEqual(Array(20).fill(400));
  });

  it('counts nesting outside strings only, across chunk boundaries and escaped quotes', async () => {
    expect(await guardRefuses(['{"a":"[[[[[[[[[[\\"[[[[[["}'], 2)).toBe(false);
    expect(await guardRefuses(['{"a":"\\', '"[[[[[[", "b":1}'], 2)).toBe(false);
    expect(await guardRefuses(['{"a":"[[[[[[[[[[\\\\"[[[[[["}'], 2)).toBe(true);
    expect(await guardRefuses(['{"a":[', '[[', ']]]}'], 3)).toBe(true);
    expect(await guardRefuses(['{"a":"x\\\\"', ',"b":[[[[]]]]}'], 3)).toBe(true);
    expect(await guardRefuses([`{"a":"${'\\\\'.repeat(1000)}"`, ',"b":[[]]}'], 3)).toBe(false);
  });
});
