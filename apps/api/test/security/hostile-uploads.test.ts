/**
 * Hostile uploads: every file of a generated corpus (renamed executables, polyglots, truncated and
 * corrupt images, decompression bombs, oversized files, SVG, TIFF and HEIF images, encrypted,
 * scripted and malformed PDFs) is sent to every upload call. A file that is not one of the formats
 * the call names (by its first bytes) is refused; any other is refused with a clear message, or
 * stored only once neutralised: a re-encoded image or a PDF without active content, served as a
 * download with its own safe type, nosniff and a sandboxing Content-Security-Policy, never as
 * HTML, SVG or script.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files as filesTable } from '../../src/db/schema/core.ts';
import { MSG } from '@ekyc/contracts/messages';
import { ACTIVE_MARKERS, formatOf, hostileCorpus, JS_ACTION, type HostileFile } from '../support/hostile-files.ts';
import { encryptedObjectStreamPdf } from '../support/segment-pdf.ts';
import { ownerFileLink, testApp, uniqueMobile } from '../support/test-app.ts';

const API = '/api/v1/ekyc';
const SAFE_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);
const BANK = { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving' };
const PAN_OBJ = {
  full_name: 'RAVI KUMAR SHARMA',
  name_on_card: 'RAVI KUMAR SHARMA',
  pan_number: 'ABCPS1234K',
  dob: '15/08/1990',
  is_kra: false,
};

interface UploadCall {
  name: string;
  stage: number;
  /** The formats the call names (section 5): anything else must be refused, never decoded. */
  accepts: Array<ReturnType<typeof formatOf>>;
  sections?: Record<string, unknown>;
  send(token: string, file: HostileFile): Promise<{ statusCode: number; body: string }>;
}

let app: FastifyInstance;
let corpus: HostileFile[];

const dataUrl = (f: HostileFile, label = f.claimed) => `data:${label};base64,${f.bytes.toString('base64')}`;
const post = (token: string, path: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `${API}/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });

const CALLS: UploadCall[] = [
  {
    name: 'PAN card photo',
    stage: 130,
    accepts: ['jpeg', 'png'],
    send: (t, f) => post(t, 'pan-validation?is_ocr=true', { base64: dataUrl(f) }),
  },
  {
    name: 'DigiLocker manual document',
    stage: 140,
    accepts: ['jpeg', 'png', 'pdf'],
    sections: { pan_obj: PAN_OBJ },
    send: (t, f) =>
      post(t, 'digi-ovd-verify?is_ovd=true', {
        document_type: 'AADHAAR',
        front: dataUrl(f),
        address1: '12 MG Road',
        district_city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      }),
  },
  {
    name: 'cancelled cheque',
    stage: 160,
    accepts: ['jpeg', 'png'],
    sections: { pan_obj: PAN_OBJ },
    send: (t, f) => post(t, 'cheque-verification', { base64: dataUrl(f), data: BANK }),
  },
  {
    name: 'bank statement',
    stage: 160,
    accepts: ['jpeg', 'png', 'pdf'],
    sections: { pan_obj: PAN_OBJ },
    send: (t, f) => post(t, 'other-bank-document', { doctype: 'bank_statement', doc: dataUrl(f), data: BANK }),
  },
  {
    name: 'signature',
    stage: 170,
    accepts: ['jpeg', 'png'],
    send: (t, f) =>
      post(t, 'upload-signature', {
        signature_image: dataUrl(f),
        document_type: f.claimed.includes('png') ? 'png' : 'jpeg',
        upload_type: 'manual',
      }),
  },
  {
    name: 'nominee proof',
    stage: 180,
    accepts: ['jpeg', 'png', 'pdf'],
    send: (t, f) =>
      post(t, 'update-nominee', {
        nominee_soa: 'nomination',
        skip_nominee: false,
        updatedNomineeList: {
          nominee_1: {
            first_name: 'Sita',
            last_name: 'Sharma',
            dob: '01/02/1985',
            nominee_relation: 'Spouse',
            percentage_share: '100',
            identity_doc_type: 'pan',
            proof_type: 'PAN',
            proof_number: 'ABCPS1234K',
            proof_front: dataUrl(f),
          },
        },
      }),
  },
  {
    name: 'segment proof',
    stage: 190,
    accepts: ['pdf'],
    send: (t, f) =>
      post(t, 'update-segment', {
        segments: ['equity_1', 'equity_derivatives_1'],
        upload_prccess_by: 'manual',
        risk_disclosure: { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-11-25T10:00:00Z' },
        financial_proof_option: 'itr',
        document: dataUrl(f),
        document_type: 'pdf',
      }),
  },
  {
    name: 'selfie',
    stage: 200,
    accepts: ['jpeg'],
    async send(t, f) {
      const tok = await app.inject({
        method: 'GET',
        url: `${API}/get-hypervege-token`,
        headers: { authorization: `Bearer ${t}` },
      });
      const transaction_id = (tok.json() as { data: { transaction_id: string } }).data.transaction_id;
      // the selfie call only takes a JPEG label: what matters is what the bytes are
      return post(t, 'upload-liveliness', { image: dataUrl(f, 'image/jpeg'), transaction_id });
    },
  },
];

beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  corpus = await hostileCorpus();
}, 180_000);
afterAll(() => app.close());

async function applicantAt(stage: number, sections?: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage, sections },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { token: data.token, id: data.applicant_id };
}

/** What is unsafe about a stored file, as served: '' when nothing. */
async function unsafeStored(fileId: string): Promise<string> {
  const file = await app.deps.records.readFile(fileId);
  if (!file) return 'stored file unreadable';
  if (!SAFE_TYPES.has(file.contentType)) return `stored as ${file.contentType}`;
  const text = file.bytes.toString('latin1');
  const marker = ACTIVE_MARKERS.find((m) => text.includes(m));
  if (marker) return `stored bytes contain ${JSON.stringify(marker)}`;
  if (file.contentType.startsWith('image/')) {
    const meta = await sharp(file.bytes)
      .metadata()
      .catch(() => null);
    if (!meta || `image/${meta.format}` !== file.contentType) return `image bytes are ${meta?.format ?? 'unreadable'}`;
  } else if (text.slice(0, 5) !== '%PDF-') return 'PDF without the PDF signature';
  const served = await app.inject({ method: 'GET', url: await ownerFileLink(app, fileId) });
  if (served.statusCode !== 200) return `served ${served.statusCode}`;
  if (served.headers['content-type'] !== file.contentType) return `served as ${String(served.headers['content-type'])}`;
  if (served.headers['x-content-type-options'] !== 'nosniff') return 'served without nosniff';
  if (!/\bsandbox\b/.test(String(served.headers['content-security-policy']))) return 'served without a sandboxing CSP';
  if (!/^attachment\b/.test(String(served.headers['content-disposition'])))
    return `served as ${String(served.headers['content-disposition'])}, not as a download`;
  return '';
}

it('refuses or neutralises every hostile file at every upload call', { timeout: 600_000 }, async () => {
  expect(corpus.length).toBeGreaterThanOrEqual(30);
  const problems: string[] = [];
  let refused = 0;
  let neutralised = 0;
  for (const upload of CALLS) {
    for (const file of corpus) {
      const who = await applicantAt(upload.stage, upload.sections);
      const res = await upload.send(who.token, file);
      const label = `${upload.name} ← ${file.name}`;
      let body: { status?: boolean; message?: string } = {};
      try {
        body = JSON.parse(res.body) as typeof body;
      } catch {
        problems.push(`${label}: answered ${res.statusCode} without JSON`);
      }
      if (res.statusCode >= 500) problems.push(`${label}: answered ${res.statusCode}`);
      const stored = await app.deps.database.db
        .select({ id: filesTable.id })
        .from(filesTable)
        .where(eq(filesTable.applicantId, who.id));
      if (stored.length === 0) {
        if (res.statusCode === 200 && body.status === true)
          problems.push(`${label}: accepted without storing anything`);
        else if (!body.message || body.message.length < 5) problems.push(`${label}: refused without a clear message`);
        else refused += 1;
        continue;
      }
      if (file.refuse) {
        problems.push(`${label}: stored although it carries active content`);
        continue;
      }
      const format = formatOf(file.bytes);
      if (!upload.accepts.includes(format)) {
        problems.push(`${label}: a ${format === 'other' ? 'file of another format' : format} was decoded and stored`);
        continue;
      }
      const issues = (await Promise.all(stored.map((s) => unsafeStored(s.id)))).filter(Boolean);
      if (issues.length) problems.push(`${label}: ${issues.join(', ')}`);
      else neutralised += 1;
    }
  }
  const total = CALLS.length * corpus.length;
  console.log(
    `hostile uploads: ${corpus.length} files × ${CALLS.length} upload calls = ${total}; ${refused} refused with a message, ${neutralised} stored neutralised, ${problems.length} problems`,
  );
  if (problems.length) console.log(problems.join('\n'));
  expect(problems).toEqual([]);
});

/** The financial proof upload with its password, as section 5 allows for protected statements. */
async function sendStatement(token: string, pdf: Buffer, password?: string) {
  return post(token, 'update-segment', {
    segments: ['equity_1', 'equity_derivatives_1'],
    upload_prccess_by: 'manual',
    risk_disclosure: { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-11-25T10:00:00Z' },
    financial_proof_option: 'itr',
    document: `data:application/pdf;base64,${pdf.toString('base64')}`,
    document_type: 'pdf',
    ...(password !== undefined && { document_password: password }),
  });
}

it('decrypts a password-protected statement with its password before judging it', async () => {
  const scripted = encryptedObjectStreamPdf(JS_ACTION, { userPassword: 'stmt-2026', ownerPassword: 'bank-owner' });
  expect(scripted.toString('latin1')).not.toContain('JavaScript');
  const who = await applicantAt(190);
  const asked = (await sendStatement(who.token, scripted)).json() as { status: boolean; message: string };
  expect(asked).toMatchObject({ status: false, message: MSG.segmentPdfPasswordRequired });
  const res = await sendStatement(who.token, scripted, 'stmt-2026');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ status: false, message: `document: ${MSG.pdfActiveContent}` });
  const stored = await app.deps.database.db.select().from(filesTable).where(eq(filesTable.applicantId, who.id));
  expect(stored).toEqual([]);

  // the same kind of file without active content is still a statement the applicant can give
  const plain = encryptedObjectStreamPdf('<< /S /GoTo /D [4 0 R /Fit] >>', {
    userPassword: 'stmt-2026',
    ownerPassword: 'bank-owner',
  });
  const other = await applicantAt(190);
  const wrong = (await sendStatement(other.token, plain, 'stmt-2025')).json() as { message: string };
  expect(wrong.message).toBe(MSG.segmentPdfPasswordWrong);
  const accepted = await sendStatement(other.token, plain, 'stmt-2026');
  expect(accepted.json()).toMatchObject({ status: true });
});
