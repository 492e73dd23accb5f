import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHELL_TEXTS_FILE, shellTexts } from '../../web/scripts/shell-texts.ts';
import { testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html lang="%%LANG%%"><body><!--shell-start--><div id="shell"><h1>%%TITLE%%</h1><section>%%LEAD%%</section><i>%%LOADING%%</i></div><!--shell-end--><div id="root"></div></body></html>',
  );
  // the texts the web app's build writes beside index.html: the server reads these, not the web's sources
  writeFileSync(path.join(dist, SHELL_TEXTS_FILE), JSON.stringify(shellTexts()));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'app.js.br'), 'brotli-bytes');
  app = await testApp({ WEB_DIST: dist });
});
afterAll(() => app.close());

it('paints the onboarding page title in the applicant language before any script runs', async () => {
  const en = await app.inject({ url: '/ekyc1/pan-verification' });
  expect(en.headers['content-type']).toMatch(/text\/html/);
  expect(en.body).toContain('<html lang="en">');
  expect(en.body).toContain('<h1>PAN verification</h1>');
  expect(en.body).toContain('<section></section>');
  const hi = await app.inject({ url: '/ekyc1/', headers: { cookie: 'theme=x; ekyc_lang=hi' } });
  expect(hi.body).toContain('<html lang="hi">');
  expect(hi.body).not.toContain('%%TITLE%%');
  expect(hi.body).not.toContain('Open a free demat account');
  // the sign-up page's opening line, its largest text, is in the HTML too
  expect(hi.body).toContain(
    '<section><p class="mb-4 text-muted">मुफ़्त डीमैट और ट्रेडिंग खाता खोलने के लिए अपना मोबाइल नंबर दर्ज करें।</p></section>',
  );
  expect(hi.body).not.toContain('%%LEAD%%');
  // and a loader in the applicant's language, shown until the page's scripts have run
  expect(hi.body).toContain('<i>लोड हो रहा है…</i>');
  expect(en.body).toContain('<i>Loading…</i>');
});

it('keeps the shell texts file of the build to itself', async () => {
  const res = await app.inject({ url: `/${SHELL_TEXTS_FILE}` });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/json/);
  expect(res.body).not.toContain('titles');
});

it('serves public pages without the onboarding shell, and unknown API paths as 404 JSON', async () => {
  const page = await app.inject({ url: '/charges' });
  expect(page.body).not.toContain('<h1>');
  const api = await app.inject({ url: '/api/v1/ekyc/no-such-call' });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ status: false });
});

it('sends the precompressed asset the browser accepts', async () => {
  const res = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.body).toBe('brotli-bytes');
  expect(res.headers['cache-control']).toMatch(/immutable/);
});
