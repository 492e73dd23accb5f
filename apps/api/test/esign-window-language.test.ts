/**
 * The e-sign window speaks the signer's language: the signing service's form it opens on is in the
 * language the app asks in (Accept-Language), and the page the service's answer lands on is in the
 * language kept with the applicant's record (the answer is posted from the signing service's page,
 * so the browser's own header says nothing of the app's choice). An answer that names no
 * transaction of ours is answered in the browser's language. The translations come from the web
 * build's shell-texts.json, as in production; the English are the contract's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHELL_TEXTS_FILE, shellTexts } from '../../web/scripts/shell-texts.ts';
import { answerFromEsp, applicantAt, initiate, postAnswer, toEsign } from './support/signing.ts';
import { acknowledgedDocuments, bearer, testApp } from './support/test-app.ts';

const locale = (language: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../web/src/i18n/locales/${language}/messages.json`), 'utf8'),
  ) as Record<string, string>;

let app: FastifyInstance;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, SHELL_TEXTS_FILE), JSON.stringify(shellTexts()));
  app = await testApp({ WEB_DIST: dist });
});
afterAll(() => app.close());

async function applicantAtEsign() {
  const applicant = await applicantAt(app, 140);
  await toEsign(app, applicant.id);
  return applicant;
}

it('opens on the signing form in the language the app asks in, and ends in the language on record', async () => {
  const hi = locale('hi');
  const applicant = await applicantAtEsign();
  await app.deps.records.setLanguage(applicant.id, 'hi');
  const eproId = await initiate(app, applicant.token);
  const consent = await app.inject({
    url: '/api/v1/ekyc/esign-consent',
    query: { epro_id: eproId, documents: await acknowledgedDocuments(app) },
    headers: { ...bearer(applicant.token), 'accept-language': 'hi-IN,hi;q=0.9' },
  });
  const form = (consent.json() as { data: { api_response: string } }).data.api_response;
  expect(form).toContain(hi.esignConnecting);
  expect(form).toContain(hi.esignContinue);
  expect(form).not.toContain('Connecting to Aadhaar eSign');

  const page = await postAnswer(app, await answerFromEsp(app, applicant));
  expect(page).toContain('<html lang="hi">');
  expect(page).toContain(`<h1 style="font-size:20px">${hi.esignWindowSigned}</h1>`);
  expect(page).toContain(hi.esignSigned);
  expect(page).toContain(hi.esignWindowBack);
  expect(page).toContain(hi.esignWindowClose);
  expect(page).not.toContain('Document signed');
});

it('answers an English reader in the contract English, and an unknown transaction in the browser language', async () => {
  const applicant = await applicantAtEsign();
  const page = await postAnswer(app, await answerFromEsp(app, applicant));
  expect(page).toContain('<html lang="en">');
  expect(page).toContain('<h1 style="font-size:20px">Document signed</h1>');
  expect(page).toContain('Return to the application; this window closes by itself.');

  // an answer whose signature does not verify names no transaction of ours to read a language from
  const refused = await app.inject({
    method: 'POST',
    url: '/api/v1/ekyc/esign-response',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'bn-IN,bn;q=0.9,en;q=0.5' },
    payload: new URLSearchParams({ eSignResponse: '<EsignResp status="1" txn="x"/>' }).toString(),
  });
  expect(refused.statusCode).toBe(400);
  const be = locale('be');
  expect(refused.body).toContain('<html lang="bn">');
  expect(refused.body).toContain(`<h1 style="font-size:20px">${be.esignError}</h1>`);
  expect(refused.body).toContain(be.esignAnswerUnverified);
});
