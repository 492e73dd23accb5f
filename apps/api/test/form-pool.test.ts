import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentWorkers } from '../src/documents/form-pool.ts';
import { embedCms, extractSignature } from '../src/documents/signing/pdf-signature.ts';
import { toolOutput } from './support/system-tool.ts';

const task = {
  form: {
    applicationId: 'EPPOOLTEST',
    generatedAt: new Date('2026-11-25T10:00:00Z'),
    mobile: '9876543210',
    email: 'asha@example.in',
    clientCode: null,
    sections: { pan_obj: { full_name: 'ASHA VERMA', pan: 'ABCPV1234A' } },
    images: {},
    verificationDays: '7 to 10 business days',
  },
  signer: { name: 'ASHA VERMA', reason: 'Account opening form signed with Aadhaar eSign', location: 'India' },
};

describe('the document worker pool', () => {
  const workers = new DocumentWorkers(1);
  afterAll(() => workers.close());

  it('prepares the form in a worker thread: a PDF qpdf accepts, with a placeholder and the hash of its ByteRange', async () => {
    const { pdf, inputHash } = await workers.prepareForm(task);
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(inputHash).toHaveLength(32);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/ByteRange');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'form-pool-')), 'form.pdf');
    writeFileSync(file, pdf);
    expect(toolOutput('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
    expect(toolOutput('pdftotext', [file, '-'])).toContain('ASHA VERMA');
  });

  it('gives the same bytes to hash as the form it hands back', async () => {
    const { pdf, inputHash } = await workers.prepareForm(task);
    // the placeholder's ByteRange is laid out at embedding time: hash what @signpdf would sign
    const signed = await embedCms(pdf, Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]), inputHash);
    expect(createHash('sha256').update(extractSignature(signed).signedContent).digest()).toEqual(inputHash);
  });
});

describe('an inspection whose thread dies', () => {
  const worker = new URL('./support/dying-inspect-worker.ts', import.meta.url).href;
  const pdf = new TextEncoder().encode('%PDF-1.7\n');
  const inspectWith = async (mode: string) => {
    process.env.DYING_WORKER = mode;
    process.env.DYING_MARKER = path.join(mkdtempSync(path.join(tmpdir(), 'dying-worker-')), 'died');
    const workers = new DocumentWorkers(1, { timeoutMs: 60_000, maxDecodedBytes: 1024 }, worker);
    try {
      return await workers.inspectPdf(pdf);
    } finally {
      delete process.env.DYING_WORKER;
      delete process.env.DYING_MARKER;
      await workers.close();
    }
  };

  it('is tried once more on a fresh thread', async () => {
    expect(await inspectWith('once')).toEqual({
      opened: { ok: true, encrypted: false, pages: 1, revision: null },
      active: null,
    });
  });

  it('refuses as too complex a file that takes down a second thread', async () => {
    expect(await inspectWith('always')).toEqual({ opened: { ok: false, reason: 'too_complex' }, active: null });
  });

  it('fails the request when the threads die before they start on the file', async () => {
    await expect(inspectWith('before-start')).rejects.toThrow(/exited/);
  });
});
