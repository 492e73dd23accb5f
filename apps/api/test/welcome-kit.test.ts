/**
 * The welcome email's attachments: the applicant's signed account-opening form, byte for byte,
 * and each document of the kit as a PDF with its title; a broker's own file in WELCOME_KIT_DIR
 * replaces the shipped document of that name. Text is read back with poppler's pdftotext.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTextDocument } from '../src/documents/pdf-writer.ts';
import { SIGNED_FORM_FILENAME, welcomeAttachments } from '../src/modules/registrations/welcome-kit.ts';
import { KIT_DOCUMENTS } from '@ekyc/contracts/calls/broker-documents';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { toolOutput } from './support/system-tool.ts';
import { testApp, uniqueMobile } from './support/test-app.ts';

describe('welcome kit', () => {
  let app: FastifyInstance;
  const dir = mkdtempSync(path.join(tmpdir(), 'welcome-kit-'));
  let brokerTariff: Buffer;
  beforeAll(async () => {
    brokerTariff = await renderTextDocument(
      {
        title: 'Broker tariff 2026',
        subtitle: 'The broker’s own',
        sections: [{ heading: 'Charges', paragraphs: ['Nil'] }],
      },
      new Date('2026-11-01T00:00:00Z'),
    );
    writeFileSync(path.join(dir, 'tariff.pdf'), brokerTariff);
    app = await testApp({ WELCOME_KIT_DIR: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An applicant at the status stage on the discounted plan; its id. */
  const signedApplicant = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: {
        mobile: uniqueMobile(),
        stage: 220,
        sections: signedSections(panWithDigits('1357'), { personal_obj: { plan_selected: 'discounted' } }),
      },
    });
    return (res.json() as { data: { applicant_id: string } }).data.applicant_id;
  };

  it('attaches the signed form as stored and every document of the kit', async () => {
    const id = await signedApplicant();
    const form = await PDFDocument.create();
    form.setTitle('Account Opening Form');
    form.addPage();
    const signedBytes = Buffer.from(await form.save());
    const ref = await app.deps.records.saveFile(id, {
      kind: 'signed-account-opening-form',
      contentType: 'application/pdf',
      bytes: signedBytes,
    });
    await app.deps.records.seed(id, { esign_obj: { signed_document: ref } });

    const attachments = await welcomeAttachments(app.deps, id, new Date('2026-11-25T10:00:00Z'));
    expect(attachments.map((a) => a.filename)).toEqual([
      SIGNED_FORM_FILENAME,
      ...KIT_DOCUMENTS.map((d) => `${d.key}.pdf`),
    ]);
    expect(attachments.every((a) => a.contentType === 'application/pdf')).toBe(true);
    expect(attachments[0]!.content.equals(signedBytes)).toBe(true);
    // the broker's tariff as given; the others as shipped, each a PDF with its title and text
    expect(attachments.find((a) => a.filename === 'tariff.pdf')!.content.equals(brokerTariff)).toBe(true);
    for (const d of KIT_DOCUMENTS.filter((k) => k.key !== 'tariff')) {
      const pdf = await PDFDocument.load(attachments.find((a) => a.filename === `${d.key}.pdf`)!.content);
      expect(pdf.getTitle()).toMatch(/^(Rights|Risk|Guidance|Policies|Most Important|Depository|Investor)/);
      expect(pdf.getPageCount()).toBeGreaterThan(0);
    }
  });

  it('prints the applicant’s plan on the shipped tariff sheet when the broker gives none', async () => {
    rmSync(path.join(dir, 'tariff.pdf'));
    const id = await signedApplicant();
    const attachments = await welcomeAttachments(app.deps, id, new Date('2026-11-25T10:00:00Z'));
    // no signed form stored: the kit alone
    expect(attachments.map((a) => a.filename)).toEqual(KIT_DOCUMENTS.map((d) => `${d.key}.pdf`));
    // read by poppler's pdftotext, as a mail client's viewer would show it
    const tariff = toolOutput('pdftotext', ['-', '-'], {
      input: attachments.find((a) => a.filename === 'tariff.pdf')!.content,
    });
    expect(tariff).toContain('The charges of your plan (discounted)');
    expect(tariff).toContain('Rs 20 plus GST per month from the 2nd year');
  });

  it('refuses a WELCOME_KIT_DIR that does not exist', async () => {
    await expect(testApp({ WELCOME_KIT_DIR: path.join(dir, 'missing') })).rejects.toThrow(
      'WELCOME_KIT_DIR: no such folder',
    );
  });
});
