import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp } from './support/test-app.ts';

let app: FastifyInstance;
const LIMIT = 5;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<html lang="%%LANG%%"><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), 'brotli-bytes');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  app = await testApp({ WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => app.close());

it("serves the app's own files outside the per-address rate limit, and still limits the API", async () => {
  const from = { remoteAddress: '203.0.113.9' };
  // one page load of many applicants behind one carrier address: far more files than the limit
  for (let i = 0; i < LIMIT * 4; i++) {
    const asset = await app.inject({ url: '/assets/index-abc123.js', ...from });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-ratelimit-remaining']).toBeUndefined();
    const icon = await app.inject({ url: '/favicon.svg', ...from });
    expect(icon.statusCode).toBe(200);
  }
  const api: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++)
    api.push((await app.inject({ url: '/api/v1/public/watchlist', ...from })).statusCode);
  // the API's budget was untouched by the files: the first calls answer, the one past the limit is 429
  expect(api.slice(0, LIMIT)).not.toContain(429);
  expect(api[LIMIT]).toBe(429);
});

it('caches hashed assets for a year as immutable, and revalidates the page, the icon and the service worker', async () => {
  const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-encoding']).toBe('br');
  const plain = await app.inject({ url: '/assets/index-abc123.js' });
  expect(plain.body).toBe('console.log(1)');
  expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const url of ['/sw.js', '/favicon.svg']) {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
  const page = await app.inject({ url: '/ekyc1/pan-verification' });
  expect(page.headers['cache-control']).toBe('no-cache');
});

it('does not serve the build bookkeeping or the precompressed copies as files', async () => {
  for (const url of ['/.vite/manifest.json', '/assets/index-abc123.js.br', '/index.html', '/assets/missing-1.js']) {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(404);
  }
});
