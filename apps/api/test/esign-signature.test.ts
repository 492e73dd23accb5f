/**
 * Aadhaar eSign end to end at the API: the form is rendered from the collected sections, the
 * sandbox ESP signs its ByteRange hash after the OTP from the outbox, and the signed PDF carries
 * a real PKCS#7 signature: `openssl cms -verify` accepts it against the sandbox CA, and changing
 * one byte of the signed document breaks it; pdfsig calls the signature valid and qpdf finds no
 * syntax error in the signed form. The ESP's answer arrives as Protean sends it (multipart, msg).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@ekyc/contracts/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { extractSignature } from '../src/documents/signing/pdf-signature.ts';
import { formOf, postForm, signAtEsp, socketMessages } from './support/esign-flow.ts';
import { opensslVerifyCms } from './support/openssl-cms.ts';
import { selfieImages } from './support/selfie-images.ts';
import { acknowledgedDocuments, call, testApp, uniqueMobile } from './support/test-app.ts';
import { runTool } from './support/system-tool.ts';
import { ESIGN_IDENTITY } from './support/esign-applicant.ts';

let app: FastifyInstance;
let token: string;
let mobile: string;
let caPem: string;
const dir = mkdtempSync(path.join(tmpdir(), 'esign-'));

const IDENTITY = {
  ...ESIGN_IDENTITY,
  // a politically exposed person: the form prints the declaration
  personal_obj: { ...ESIGN_IDENTITY.personal_obj, politically_exposed: true },
  bank_obj: { ifsc: 'HDFC0000001', bank_name: 'HDFC Bank', account_number: '123456789012', account_type: 'Saving' },
  nominee_obj: {
    skip_nominee: false,
    nominee_list: [
      {
        first_name: 'Sita',
        last_name: 'Sharma',
        nominee_relation: 'Mother',
        percentage_share: '100',
        dob: '01/01/1965',
      },
    ],
  },
  segment_obj: { segment_list: [{ code: 'equity_1', name: 'Equity' }] },
};

beforeAll(async () => {
  app = await testApp();
  mobile = uniqueMobile();
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 210, sections: IDENTITY },
  });
  const data = (seeded.json() as { data: { token: string; applicant_id: string } }).data;
  token = data.token;
  const images = await selfieImages();
  const selfie = await app.deps.records.saveFile(data.applicant_id, {
    kind: 'selfie',
    contentType: 'image/jpeg',
    bytes: images.woman,
  });
  await app.deps.records.save(data.applicant_id, {
    livness_obj: { image: selfie, status: 'auto_approved', message: MSG.livenessApproved },
  });
  caPem = (await app.inject({ method: 'GET', url: '/sandbox/esign/ca.pem' })).body;
}, 180_000);
afterAll(() => app.close());

it(
  'signs the account-opening form with a signature openssl verifies, and a changed byte breaks it',
  { timeout: 120_000 },
  async () => {
    const initiated = await call<{ epro_id: string; pdf_link: string }>(app, 'GET', 'esign-initate', { token });
    expect(initiated.body.status).toBe(true);
    const preview = await app.inject({ method: 'GET', url: initiated.body.data.pdf_link });
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const unknown = await socketMessages(app, `/ws/esign_status/?token=${token}&transaction_id=ASPUNKNOWN`);
    expect(await unknown.next()).toMatchObject({ disconnect: true });
    unknown.close();
    const { consent, response } = await signAtEsp(app, token, mobile, initiated.body.data.epro_id);
    expect(consent.expires_in).toBe(120);
    const socket = await socketMessages(
      app,
      `/ws/esign_status/?token=${token}&transaction_id=${consent.transaction_id}`,
    );
    // Protean's ESP posts the answer as multipart/form-data, in a field named msg
    const multipart = new FormData();
    multipart.set('msg', response.fields.eSignResponse!);
    multipart.set('espTxnID', response.fields.espTxnID!);
    const encoded = new Request('http://x/', { method: 'POST', body: multipart });
    const done = await app.inject({
      method: 'POST',
      url: response.action,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(done.body).toContain('Document signed');
    const message = (await socket.next()) as { status: boolean; data: { signed_document_link: string } };
    socket.close();
    expect(message.status).toBe(true);

    const details = await call<
      [
        {
          kyc_status_obj: [{ kyc_list: { stage: number }[] }];
          esign_obj: { signed_document: string; signed_at: string };
        },
      ]
    >(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].kyc_status_obj[0].kyc_list.at(-1)!.stage).toBe(220);
    expect(details.body.data[0].esign_obj.signed_at).toBeTruthy();
    const signed = (await app.inject({ method: 'GET', url: message.data.signed_document_link })).rawPayload;
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');

    // independent PDF verifiers: poppler's pdfsig and qpdf
    writeFileSync(path.join(dir, 'signed.pdf'), signed);
    const pdfsig = runTool('pdfsig', ['signed.pdf'], { cwd: dir });
    expect(pdfsig.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(pdfsig.stdout).toContain('Total document signed');
    expect(`${pdfsig.stdout}${pdfsig.stderr}`).not.toMatch(/Syntax Error|Syntax Warning/);
    const qpdf = runTool('qpdf', ['--check', 'signed.pdf'], { cwd: dir });
    expect(`${qpdf.stdout}${qpdf.stderr}`).toContain('No syntax or stream encoding errors found');
    expect(`${qpdf.stdout}${qpdf.stderr}`).not.toMatch(/WARNING/);
    expect(qpdf.status).toBe(0);

    const { cms, signedContent, byteRange } = extractSignature(signed);
    const verified = opensslVerifyCms(cms, signedContent, caPem);
    expect(verified.output + (verified.ok ? '' : ' (failed)')).not.toMatch(/failed/);
    expect(verified.ok).toBe(true);

    // one byte of the signed document changed after signing: the signature no longer holds
    const tampered = Buffer.from(signed);
    const at = Math.floor(byteRange[1]! / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    expect(tampered.equals(signed)).toBe(false);
    const broken = extractSignature(tampered);
    expect(opensslVerifyCms(broken.cms, broken.signedContent, caPem).ok).toBe(false);
  },
);

it('refuses an ESP answer whose XML signature does not verify', async () => {
  const res = await postForm(app, '/api/v1/ekyc/esign-response', { eSignResponse: '<EsignResp status="1" txn="x"/>' });
  expect(res.statusCode).toBe(400);
  expect(res.body).toContain(MSG.esignError);
  const unsigned = await postForm(app, '/api/v1/ekyc/esign-response', { msg: '<EsignResp status="1" txn="x"/>' });
  expect(unsigned.statusCode).toBe(400);
  expect(unsigned.body).toContain(MSG.esignError);
});

it('answers 400 naming the field when the answer carries neither eSignResponse nor msg', async () => {
  const res = await postForm(app, '/api/v1/ekyc/esign-response', { espTxnID: 'ESP1' });
  expect(res.statusCode).toBe(400);
  expect(res.body).toContain('eSignResponse');
});

it('rejects a wrong OTP at the sandbox service and offers another attempt', async () => {
  const other = uniqueMobile();
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    // an applicant of their own PAN (one signed application per PAN: the first test signed IDENTITY's)
    payload: {
      mobile: other,
      stage: 210,
      sections: { ...IDENTITY, pan_obj: { ...IDENTITY.pan_obj, pan_number: 'ABCPS1235K' } },
    },
  });
  const otherToken = (seeded.json() as { data: { token: string } }).data.token;
  const initiated = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token: otherToken });
  const consent = await call<{ api_response: string }>(app, 'GET', 'esign-consent', {
    token: otherToken,
    query: { epro_id: initiated.body.data.epro_id, documents: await acknowledgedDocuments(app) },
  });
  const asp = formOf(consent.body.data.api_response);
  const otpPage = await postForm(app, asp.action, asp.fields);
  const espTxn = formOf(otpPage.body).fields.espTxn!;
  const wrong = await postForm(app, '/sandbox/esign/esp/otp', { espTxn, otp: '000000', action: 'sign' });
  expect(wrong.body).toContain('Invalid OTP. 2 attempt(s) left.');
});
