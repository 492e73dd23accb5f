/** Every response carries a strict CSP, nosniff, frame-ancestors and a referrer policy; personal data is never cached. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerFileLink, signUp, testApp } from '../support/test-app.ts';

let app: FastifyInstance;
let token = '';
beforeAll(async () => {
  app = await testApp();
  token = (await signUp(app)).token;
});
afterAll(() => app.close());

function expectSecurityHeaders(headers: Record<string, unknown>, url: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, url).toMatch(/script-src 'self'(;|$)/);
  expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, url).toMatch(/frame-ancestors 'self'/);
  expect(csp, url).toMatch(/object-src 'none'/);
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
}

describe('response headers', () => {
  it('are set on API replies, errors, pages and sandbox pages', async () => {
    const urls = [
      '/api/v1/ekyc/get-user-details',
      '/api/v1/ekyc/nope',
      '/healthz',
      '/ekyc1/',
      '/charges',
      '/sandbox/',
      '/sandbox/outbox',
    ];
    for (const url of urls) {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('forbid caching of anything with personal data', async () => {
    const details = await app.inject({
      url: '/api/v1/ekyc/get-user-details',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(details.headers['cache-control']).toBe('no-store');
    const outbox = await app.inject({ url: '/sandbox/outbox' });
    expect(outbox.headers['cache-control']).toBe('no-store');
    const failed = await app.inject({ method: 'POST', url: '/api/v1/ekyc/send-otp', payload: { mobile: '1' } });
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('serve stored files only through signed URLs, never as active content', async () => {
    const { records } = app.deps;
    const { applicant } = await records.create({ mobile: '9000000101', whatsappOpt: false, utm: {}, source: 'web' });
    const ref = await records.saveFile(applicant.id, {
      kind: 'proof',
      contentType: 'image/png',
      bytes: Buffer.from('png'),
    });
    const url = await ownerFileLink(app, ref.$file);
    const ok = await app.inject({ url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-security-policy']).toMatch(/sandbox/);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['cache-control']).toMatch(/no-store/);
    expect((await app.inject({ url: url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(401);
    expect((await app.inject({ url: url.replace(/exp=\d+/, 'exp=1') })).statusCode).toBe(401);
  });
});
