/**
 * Bank verification as a client sees it: the section 5 messages of IFSC, account number and UPI
 * id, the IFSC lookup from the imported branch table, the penny drop passing and failing, the
 * cancelled cheque and the day's allowance of attempts (UPI: bank-verification-upi.test.ts).
 */
import path from 'node:path';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIfscBranches } from '../src/modules/bank/import-ifsc-branches.ts';
import { fixtureApplicant as bankApplicant, PAN_NAME, stageOf, userDetails } from './support/bank-applicant.ts';
import { call, testApp } from './support/test-app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  // The OCR has its own test; here the cheque flow runs without it.
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  await importIfscBranches(app.deps.database, path.join(import.meta.dirname, 'fixtures/ifsc-sample.csv'));
});
afterAll(() => app.close());

const fixtureApplicant = () => bankApplicant(app);
const applicantAtBank = async () => (await fixtureApplicant()).token;
const details = (token: string) => userDetails(app, token);

let token: string;
beforeAll(async () => {
  token = await applicantAtBank();
});

describe('section 5 messages', () => {
  const penny = (body: Record<string, unknown>) =>
    call(app, 'POST', 'bank-verification', {
      token,
      query: { is_vpa: 'false' },
      body: { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving', ...body },
    });

  it.each([
    ['HDFC1000001', MSG.ifscInvalid],
    ['HDF00000001', MSG.ifscInvalid],
    ['', MSG.fieldRequired],
  ])('IFSC %j answers %j', async (ifsc, message) => {
    const res = await penny({ ifsc });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`ifsc: ${message}`);
  });

  it.each([
    ['12345678', MSG.accountMin],
    ['1234567890123456789', MSG.accountMax],
    ['12345ABC90', MSG.accountDigits],
    ['', MSG.accountRequired],
  ])('account number %j answers %j', async (account_number, message) => {
    const res = await penny({ account_number });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`account_number: ${message}`);
  });

  it('an account type is required', async () => {
    const res = await penny({ account_type: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`account_type: ${MSG.accountTypeRequired}`);
  });

  it.each([
    ['', MSG.upiRequired],
    ['ravi@unknownbank', MSG.upiInvalid],
    ['ravi', MSG.upiInvalid],
    ['@okaxis', MSG.upiInvalid],
  ])('UPI id %j answers %j', async (vpa_id, message) => {
    const res = await call(app, 'POST', 'vpa-validation', { token, body: { vpa_id } });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`vpa_id: ${message}`);
  });

  it('a well-formed IFSC that no bank issued is not found', async () => {
    const res = await call(app, 'GET', 'get-ifsc', { token, query: { ifsc: 'HDFC0ZZZZZZ' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: false, message: MSG.ifscInvalid });
  });
});

describe('IFSC lookup', () => {
  it('answers the bank name from the bundled data and the branch from the imported table', async () => {
    const res = await call<Record<string, unknown>>(app, 'GET', 'get-ifsc', { token, query: { ifsc: 'icic0000001' } });
    expect(res.body.status).toBe(true);
    expect(res.body.data).toMatchObject({
      IFSC: 'ICIC0000001',
      BANK: 'ICICI Bank',
      BANKCODE: 'ICIC',
      BRANCH: 'MUMBAI - "NARIMAN POINT"',
      ADDRESS: 'ICICI BANK TOWER,\nBANDRA KURLA COMPLEX, MUMBAI 400051',
      MICR: '400229002',
      NEFT: true,
      SWIFT: null,
    });
  });

  it('a known code missing from the branch table still has its bank', async () => {
    const res = await call<Record<string, unknown>>(app, 'GET', 'get-ifsc', { token, query: { ifsc: 'SBIN0000002' } });
    expect(res.body.status).toBe(true);
    expect(res.body.data).toMatchObject({ BANK: 'State Bank of India', BRANCH: null });
  });

  it('needs a signed-in applicant', async () => {
    expect((await call(app, 'GET', 'get-ifsc', { query: { ifsc: 'HDFC0000001' } })).statusCode).toBe(401);
  });
});

describe('penny drop', () => {
  it('passes, compares the name with PAN and moves on to the signature', async () => {
    const t = await applicantAtBank();
    const res = await call<{ screen: string; stage: number; name_match: Record<string, unknown> }>(
      app,
      'POST',
      'bank-verification',
      {
        token: t,
        query: { is_vpa: 'false' },
        body: { ifsc: 'HDFC0000001', account_number: '50100123456789', account_type: 'Saving' },
      },
    );
    expect(res.body).toMatchObject({
      status: true,
      message: MSG.bankVerified,
      data: {
        screen: '/bank-and-segment/signature',
        stage: 170,
        name_match: { result: 'exact', bank_name_on_account: PAN_NAME },
      },
    });
    const d = await details(t);
    expect(stageOf(d)).toBe(170);
    expect(d[0].bank_obj).toMatchObject({
      is_object: true,
      ifsc: 'HDFC0000001',
      bank_name: 'HDFC Bank',
      branch: 'SANDOZ HOUSE',
      account_number: '50100123456789',
      account_type: 'Saving',
      bank_verify_edit: false,
      name_match: { result: 'exact', reason: 'identical' },
    });
    // Already verified: a repeat goes on to the signature without a second penny drop.
    const again = await call(app, 'POST', 'bank-verification', {
      token: t,
      body: { ifsc: 'HDFC0000001', account_number: '50100123456789', account_type: 'Saving' },
    });
    expect(again.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/signature' } });
  });

  it('fails for an account ending 000 with the spec message and goes to cancel-cheque', async () => {
    const t = await applicantAtBank();
    const res = await call(app, 'POST', 'bank-verification', {
      token: t,
      query: { is_vpa: 'false' },
      body: { ifsc: 'SBIN0000001', account_number: '123456789000', account_type: 'Current' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: false,
      message: MSG.bankFailed,
      code: 'bankFailed',
      data: { screen: '/bank-and-segment/cancel-cheque' },
    });
    const d = await details(t);
    expect(stageOf(d)).toBe(160);
    expect(d[0].bank_obj).toMatchObject({ account_number: '123456789000', bank_verify_edit: true });
  });
});

describe('cancelled cheque and other bank documents', () => {
  const png = () =>
    sharp({ create: { width: 400, height: 180, channels: 3, background: '#eef' } })
      .png()
      .toBuffer();
  const jpeg = () =>
    sharp({ create: { width: 400, height: 180, channels: 3, background: '#eef' } })
      .jpeg()
      .toBuffer();
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

  it('refuses bytes that are not the image type they claim, with a clear message', async () => {
    const t = await applicantAtBank();
    const asPng = await call(app, 'POST', 'cheque-verification', {
      token: t,
      body: { base64: dataUrl('image/png', await jpeg()) },
    });
    expect(asPng.statusCode).toBe(400);
    expect(asPng.body.message).toBe(
      `base64: The file is not a PNG image: its content is a JPEG image. ${MSG.chequeType}`,
    );
    // the English says which type was found; the code translates it as the spec's upload message
    expect(asPng.body).toMatchObject({
      code: 'chequeType',
      data: { errors: [{ field: 'base64', code: 'chequeType' }] },
    });
    const script = Buffer.from('<script>alert(1)</script>');
    const fake = await call(app, 'POST', 'cheque-verification', {
      token: t,
      body: { base64: dataUrl('image/jpeg', script) },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.body.message).toBe(
      `base64: The file is not a JPEG image: its content is not an image. ${MSG.chequeType}`,
    );
    const pdf = await call(app, 'POST', 'cheque-verification', {
      token: t,
      body: { base64: dataUrl('application/pdf', Buffer.from('%PDF-1.4\n')) },
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.body.message).toBe(`base64: ${MSG.chequeType}`);
  });

  it('after a failed penny drop, a cheque completes the bank stage for review', async () => {
    const t = await applicantAtBank();
    await call(app, 'POST', 'bank-verification', {
      token: t,
      body: { ifsc: 'HDFC0000001', account_number: '987654321000', account_type: 'Saving' },
    });
    const res = await call(app, 'POST', 'cheque-verification', {
      token: t,
      body: { base64: dataUrl('image/png', await png()) },
    });
    expect(res.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/signature', stage: 170 } });
    const d = await details(t);
    expect(d[0].bank_obj).toMatchObject({
      doctype: 'CancelledCheque',
      document_type: 'image/png',
      account_number: '987654321000',
      bank_name: 'HDFC Bank',
      document: expect.stringMatching(/^\/api\/v1\/ekyc\/files\/[0-9a-f-]{36}\?exp=\d+&sid=[0-9a-f-]{36}&sig=/),
    });
    const file = await app.inject({ url: d[0].bank_obj.document as string });
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
  });

  it('without earlier details the typed ones are required', async () => {
    const t = await applicantAtBank();
    const res = await call(app, 'POST', 'cheque-verification', {
      token: t,
      body: { base64: dataUrl('image/jpeg', await jpeg()) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`data: ${MSG.fieldRequired}`);
  });

  it('takes a bank statement PDF with the details it proves', async () => {
    const t = await applicantAtBank();
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage();
    const bytes = Buffer.from(await doc.save());
    const res = await call(app, 'POST', 'other-bank-document', {
      token: t,
      body: {
        doctype: 'bank_statement',
        doc: dataUrl('application/pdf', bytes),
        data: { ifsc: 'SBIN0000001', account_number: '30012345678', account_type: 'Saving' },
      },
    });
    expect(res.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/signature' } });
    expect((await details(t))[0].bank_obj).toMatchObject({
      doctype: 'bank_statement',
      document_type: 'application/pdf',
      bank_name: 'State Bank of India',
    });
    const bad = await call(app, 'POST', 'other-bank-document', {
      token: await applicantAtBank(),
      body: {
        doctype: 'passbook',
        doc: dataUrl('application/pdf', await png()),
        data: { ifsc: 'SBIN0000001', account_number: '30012345678', account_type: 'Saving' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe(`doc: The file is not a PDF: its content is a PNG image. ${MSG.nomineeProofType}`);
  });
});

describe('attempt allowance', () => {
  it('after five penny drops and collect requests in a day, the cheque is the way on', async () => {
    const t = await applicantAtBank();
    for (let i = 0; i < 5; i++) {
      const res = await call(app, 'POST', 'bank-verification', {
        token: t,
        body: { ifsc: 'HDFC0000001', account_number: `12345678${i}000`, account_type: 'Saving' },
      });
      expect(res.body).toMatchObject({ status: false, message: MSG.bankFailed });
    }
    const upi = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'ravi@upi' } });
    expect(upi.body).toEqual({
      status: false,
      message: MSG.bankFailed,
      code: 'bankFailed',
      data: { status_description: 'Failure', screen: '/bank-and-segment/cancel-cheque' },
    });
  });
  // the calls overlap on the PostgreSQL server (server mode), where a count read then written let all
  // eight through
  it('calls made at once share the allowance: five reach the bank, the others go to the cheque', async () => {
    const t = await applicantAtBank();
    const pennyDrop = app.deps.bank.pennyDrop;
    let reached = 0;
    app.deps.bank.pennyDrop = {
      verify: (request) => {
        reached += 1;
        return pennyDrop.verify(request);
      },
    };
    try {
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(app, 'POST', 'bank-verification', {
            token: t,
            body: { ifsc: 'HDFC0000001', account_number: `98765432${i}000`, account_type: 'Saving' },
          }),
        ),
      );
      expect(replies.map((r) => r.body.message)).toEqual(Array(8).fill(MSG.bankFailed));
      expect(reached).toBe(5);
    } finally {
      app.deps.bank.pennyDrop = pennyDrop;
    }
  });
});
