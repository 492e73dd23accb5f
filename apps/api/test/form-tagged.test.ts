/**
 * The account-opening form is a tagged PDF (PDF/UA structure, as SEBI's KYC accessibility duties
 * ask): read back by poppler's pdfinfo, an independent reader, it says Tagged, carries the PDF/UA
 * identification and the language, and its structure tree gives the content in reading order: the
 * title as H1, each section as H2, label-value rows as paragraphs, the charges as a table with
 * header cells, and each picture as a Figure with its alternate text.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAccountOpeningForm } from '../src/documents/account-opening-form.ts';
import { toolOutput } from './support/system-tool.ts';

describe('the account-opening form', () => {
  it('is tagged, with its structure in reading order and each picture described', async () => {
    const png = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const pdf = await renderAccountOpeningForm({
      applicationId: 'EPTAGGED01',
      generatedAt: new Date('2026-11-26T10:00:00Z'),
      mobile: '9876543210',
      email: 'asha@example.in',
      clientCode: null,
      sections: { pan_obj: { full_name: 'ASHA VERMA', pan_number: 'ABCPV1234A' } },
      images: { signature: png, selfie: png },
      verificationDays: '7 to 10 business days',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'form-tagged-')), 'form.pdf');
    writeFileSync(file, pdf);

    const info = toolOutput('pdfinfo', [file]);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Metadata Stream:\s+yes/);
    expect(pdf.toString('latin1')).toContain('<pdfuaid:part>1</pdfuaid:part>');
    expect(pdf.toString('latin1')).toMatch(/\/Lang \(en-IN\)/);
    expect(toolOutput('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');

    const tree = toolOutput('pdfinfo', ['-struct-text', file]);
    const lines = tree.split('\n').map((l) => l.trim());
    expect(lines[0]).toBe('Document');
    expect(tree).toMatch(/H1 \(block\)\n\s+"Account Opening Form"/);
    const headings = [...tree.matchAll(/H2 \(block\)\n\s+"([^"]+)"/g)].map((m) => m[1]);
    expect(headings.slice(0, 2)).toEqual(['1. Applicant', '2. Address']);
    expect(headings).toContain('9. Signature and photograph');
    expect(tree).toMatch(/P \(block\)\n\s+"PAN"\n\s+"ABCPV1234A"/);
    expect(tree).toMatch(/Table \(block\)\n\s+TR\n\s+TH\n\s+"Item"\n\s+TH\n\s+"Charge"/);
    // the running header and the rules are artifacts: the header text appears nowhere in the tree
    expect(tree).not.toContain('Account Opening Form - application EPTAGGED01');

    const struct = toolOutput('pdfinfo', ['-struct', file]);
    const figures = struct.split('\n').filter((l) => l.trim().startsWith('Figure'));
    expect(figures).toHaveLength(2);
    // each figure's alternate text, as the box's label (UTF-16 with its byte-order mark)
    const alts = [...pdf.toString('latin1').matchAll(/\/Alt <FEFF([0-9A-F]+)>/g)].map((m) =>
      Buffer.from(m[1]!, 'hex').swap16().toString('utf16le'),
    );
    expect(alts).toEqual(['Signature', 'Photograph (selfie with liveness check)']);
  });

  it('prints Latin-1 text as it is, brackets and backslashes included, and the rupee sign as Rs', async () => {
    const pdf = await renderAccountOpeningForm({
      applicationId: 'EPTEXT01',
      generatedAt: new Date('2026-11-26T10:00:00Z'),
      mobile: '9876543210',
      email: null,
      clientCode: null,
      sections: { pan_obj: { full_name: 'RENÉE (D\\SOUZA) ₹ 中' } },
      images: {},
      verificationDays: '7 to 10 business days',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'form-text-')), 'form.pdf');
    writeFileSync(file, pdf);
    const text = toolOutput('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(text).toContain('RENÉE (D\\SOUZA) Rs ?');
  });
});
