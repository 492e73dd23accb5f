/**
 * The broker's documents (MITC, Rights and Obligations, RDD, Guidance Note, tariff, Investor
 * Charter): listed with their versions and served as PDFs with no sign-in; the platform's are
 * marked samples, never "as prescribed"; a broker's file in WELCOME_KIT_DIR replaces a sample with
 * the version its versions.json gives. The e-sign consent needs every document acknowledged at the
 * version in force, and the form prints the MITC version and the broker's registration numbers,
 * which every email carries too. PDFs are read back with poppler's pdftotext.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTextDocument } from '../src/documents/pdf-writer.ts';
import { signedSections, panWithDigits } from './support/registrations.ts';
import { toolOutput } from './support/system-tool.ts';
import { acknowledgedDocuments, call, testApp, uniqueMobile } from './support/test-app.ts';

const pdfText = (bytes: Buffer) => toolOutput('pdftotext', ['-layout', '-', '-'], { input: bytes });

interface Listed {
  registrations: { broker_name: string; sebi_registration: string; dp_id: string; sample: boolean };
  documents: { key: string; version: string; sample: boolean; link: string }[];
}

const list = async (app: FastifyInstance) =>
  ((await app.inject({ method: 'GET', url: '/api/v1/public/broker-documents' })).json() as { data: Listed }).data;

describe('the platform’s samples', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('lists the six documents as samples with sample registration numbers', async () => {
    const data = await list(app);
    expect(data.documents.map((d) => d.key)).toEqual([
      'mitc',
      'rights-and-obligations',
      'risk-disclosure',
      'guidance-note',
      'tariff',
      'investor-charter',
    ]);
    expect(data.documents.every((d) => d.sample && d.version.startsWith('sample-'))).toBe(true);
    expect(data.registrations).toMatchObject({ sebi_registration: 'INZ000000000', sample: true });
  });

  it('serves each as a PDF marked SAMPLE, never "as prescribed"', async () => {
    const data = await list(app);
    for (const d of data.documents) {
      const res = await app.inject({ method: 'GET', url: d.link });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('SAMPLE');
      expect(text.toLowerCase()).not.toContain('as prescribed');
    }
  });

  it('ships an MITC of as many points as the rules in force name, and a charter with the right to digital accessibility', async () => {
    const points = ruleSetOn(indianDay(new Date())).values.mitcAcknowledgement?.points;
    expect(points).toBe(10);
    const mitc = pdfText((await app.inject({ method: 'GET', url: '/api/v1/public/broker-documents/mitc' })).rawPayload);
    for (let i = 1; i <= points!; i++) expect(mitc).toMatch(new RegExp(`(^|\\s)${i}\\. [A-Z]`, 'm'));
    expect(mitc).not.toMatch(new RegExp(`(^|\\s)${points! + 1}\\. `, 'm'));
    const charter = pdfText(
      (await app.inject({ method: 'GET', url: '/api/v1/public/broker-documents/investor-charter' })).rawPayload,
    );
    expect(charter).toContain('Right to digital accessibility');
  });

  it('answers 400 naming the document for an unknown one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/public/broker-documents/brochure' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, data: { field: 'key' } });
  });
});

describe('the broker’s own documents and registrations', () => {
  let app: FastifyInstance;
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-docs-'));
  let ownMitc: Buffer;
  beforeAll(async () => {
    ownMitc = await renderTextDocument(
      { title: 'MITC of Example Broking', subtitle: 'Ours', sections: [{ heading: 'Terms', paragraphs: ['One.'] }] },
      new Date('2026-11-01T00:00:00Z'),
    );
    writeFileSync(path.join(dir, 'mitc.pdf'), ownMitc);
    writeFileSync(path.join(dir, 'versions.json'), JSON.stringify({ mitc: '2024-04-v3' }));
    app = await testApp({
      WELCOME_KIT_DIR: dir,
      BROKER_NAME: 'Example Broking Private Limited',
      BROKER_SEBI_REGISTRATION: 'INZ000123456',
      BROKER_EXCHANGE_MEMBER_CODES: 'NSE=90210,BSE=6543',
      BROKER_DP_ID: '12081600',
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the broker’s file with its version and the configured registrations', async () => {
    const data = await list(app);
    expect(data.documents.find((d) => d.key === 'mitc')).toMatchObject({ version: '2024-04-v3', sample: false });
    expect(data.documents.find((d) => d.key === 'tariff')).toMatchObject({ sample: true });
    expect(data.registrations).toEqual({
      broker_name: 'Example Broking Private Limited',
      sebi_registration: 'INZ000123456',
      exchange_member_codes: [
        { exchange: 'NSE', code: '90210' },
        { exchange: 'BSE', code: '6543' },
      ],
      dp_id: '12081600',
      sample: false,
    });
    const served = await app.inject({ method: 'GET', url: '/api/v1/public/broker-documents/mitc' });
    expect(served.rawPayload.equals(ownMitc)).toBe(true);
  });

  it('asks every document acknowledged at its version before e-sign, and prints the MITC version and registrations', async () => {
    const mobile = uniqueMobile();
    const seeded = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile, stage: 210, sections: signedSections(panWithDigits('2468')) },
    });
    const token = (seeded.json() as { data: { token: string } }).data.token;
    const initiated = await call<{
      epro_id: string;
      pdf_link: string;
      documents: { key: string; version: string }[];
      registrations: { sebi_registration: string; dp_id: string; sample: boolean };
    }>(app, 'GET', 'esign-initate', { token });
    expect(initiated.body.data.documents.find((d) => d.key === 'mitc')?.version).toBe('2024-04-v3');
    // the page shows who the account is opened with
    expect(initiated.body.data.registrations).toMatchObject({
      sebi_registration: 'INZ000123456',
      dp_id: '12081600',
      sample: false,
    });
    const form = await app.inject({ method: 'GET', url: initiated.body.data.pdf_link });
    const text = pdfText(form.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('MITC version acknowledged 2024-04-v3');
    expect(text).toContain(
      'Example Broking Private Limited: SEBI registration INZ000123456; NSE member code 90210, BSE member code 6543; DP id 12081600',
    );

    const eproId = initiated.body.data.epro_id;
    // none acknowledged: 400 naming the field
    const missing = await call(app, 'GET', 'esign-consent', { token, query: { epro_id: eproId } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.data).toMatchObject({ field: 'documents' });
    // an older MITC version: refused with what to do
    const all = await acknowledgedDocuments(app);
    const stale = await call(app, 'GET', 'esign-consent', {
      token,
      query: { epro_id: eproId, documents: all.replace('mitc@2024-04-v3', 'mitc@2023-11-v1') },
    });
    expect(stale.body).toMatchObject({ status: false, code: 'documentsNotAcknowledged', data: { screen: '/e-sign' } });
    const started = await call(app, 'GET', 'esign-consent', { token, query: { epro_id: eproId, documents: all } });
    expect(started.body.status).toBe(true);
  });

  it('ends every email with the registration numbers', async () => {
    const { token, mobile } = await (async () => {
      const m = uniqueMobile();
      await call(app, 'POST', 'send-otp', { body: { mobile: m, whatspp_opt: false } });
      const otpRes = await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${m}` });
      const otp = (otpRes.json() as { otp: string }[])[0]!.otp;
      const v = await call<{ token: string }>(app, 'POST', 'verify-otp', { body: { mobile: m, otp } });
      return { token: v.body.data.token, mobile: m };
    })();
    const email = `reg${mobile}@example.com`;
    await call(app, 'POST', 'send-otp', { token, body: { email } });
    const sent = (
      await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${encodeURIComponent(email)}` })
    ).json() as {
      text: string;
    }[];
    expect(sent[0]!.text).toContain(
      'SEBI registration INZ000123456; NSE member code 90210, BSE member code 6543; DP id 12081600',
    );
    // an SMS stays within its registered template
    const sms = (await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${mobile}` })).json() as { text: string }[];
    expect(sms[0]!.text).not.toContain('SEBI registration');
  });
});
