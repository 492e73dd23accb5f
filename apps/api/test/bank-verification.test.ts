/**
 * Bank verification as a client sees it: the section 5 messages of IFSC, account number and UPI
 * id, the IFSC lookup from the imported branch table, the penny drop passing and failing, the
 * UPI collect request approved or declined by the sandbox UPI app, and the cancelled cheque.
 */
import path from 'node:path';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIfscBranches } from '../src/modules/bank/import-ifsc-branches.ts';
import { SANDBOX_UPI_WEBHOOK_SECRET } from '../src/providers/upi/create.ts';
import { signSetuBody } from '../src/providers/upi/setu.ts';
import { SANDBOX_UPI_AUTO_RESOLVE_MS } from '../src/sandbox/upi/routes.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

const PAN_NAME = 'RAVI KUMAR SHARMA';
let app: FastifyInstance;

beforeAll(async () => {
  // The OCR has its own test; here the cheque flow runs without it.
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  await importIfscBranches(app.deps.database, path.join(import.meta.dirname, 'fixtures/ifsc-sample.csv'));
});
afterAll(() => app.close());

async function applicantAtBank(): Promise<string> {
  return (await fixtureApplicant()).token;
}

async function fixtureApplicant(): Promise<{ token: string; applicant_id: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: 160,
      sections: { pan_obj: { full_name: PAN_NAME, name_on_card: PAN_NAME, pan_number: 'ABCPS1234K' } },
    },
  });
  return (res.json() as { data: { token: string; applicant_id: string } }).data;
}

type Details = [
  {
    kyc_status_obj: [{ kyc_list: { stage: number }[] }];
    bank_obj: Record<string, unknown> & { is_object: boolean };
  },
  { vpa_callback?: { status: string; status_description: string; message: string; screen: string } },
];
const details = async (token: string) => (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data;
const stageOf = (d: Details) => d[0].kyc_status_obj[0].kyc_list.at(-1)!.stage;

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

describe('UPI', () => {
  const waitForCallback = async (t: string) => {
    const deadline = Date.now() + SANDBOX_UPI_AUTO_RESOLVE_MS + 4000;
    for (;;) {
      const d = await details(t);
      if (d[1].vpa_callback || Date.now() > deadline) return d;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  it('a collect request approved by the sandbox UPI app verifies the bank within 5 seconds', async () => {
    const t = await applicantAtBank();
    const started = Date.now();
    const res = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'ravi.sharma@okaxis' } });
    expect(res.body).toMatchObject({
      status: true,
      message: MSG.upiCheckApp,
      data: { status_description: 'Success', screen: '/bank-and-segment/upi', wait_seconds: 58 },
    });
    const d = await waitForCallback(t);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(d[1].vpa_callback).toMatchObject({
      status: 'Success',
      status_description: 'Success',
      message: MSG.bankVerified,
      screen: '/bank-and-segment/signature',
    });
    expect(stageOf(d)).toBe(170);
    expect(d[0].bank_obj).toMatchObject({ vpa_id: 'ravi.sharma@okaxis', bank_verify_edit: false });
  });

  it('a declined collect request leaves the bank unverified', async () => {
    const t = await applicantAtBank();
    const res = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'decline.me@ybl' } });
    expect(res.body.status).toBe(true);
    const d = await waitForCallback(t);
    expect(d[1].vpa_callback).toMatchObject({
      status: 'Failure',
      status_description: 'Declined',
      message: MSG.bankNotVerified,
      screen: '/bank-and-segment',
    });
    expect(stageOf(d)).toBe(160);
  });

  it('a collect request can be declined on the sandbox UPI app page', async () => {
    const t = await applicantAtBank();
    const res = await call<{ upi_app_url: string }>(app, 'POST', 'vpa-validation', {
      token: t,
      body: { vpa_id: '9876543210@paytm' },
    });
    const page = await app.inject({ url: res.body.data.upi_app_url });
    expect(page.body).toContain('Decline');
    const action = /action="([^"]+\/decline)"/.exec(page.body)![1]!;
    expect((await app.inject({ method: 'POST', url: action })).statusCode).toBe(303);
    expect((await details(t))[1].vpa_callback).toMatchObject({ status: 'Failure', message: MSG.bankNotVerified });
  });

  it('an invalid VPA is refused at once', async () => {
    const res = await call(app, 'POST', 'vpa-validation', {
      token: await applicantAtBank(),
      body: { vpa_id: 'failing@upi' },
    });
    expect(res.body).toMatchObject({ status: false, message: MSG.upiInvalid, data: { status_description: 'Failure' } });
  });

  it('a VPA the provider answered as pending and later finds invalid leaves the bank unverified', async () => {
    const { token: t, applicant_id } = await fixtureApplicant();
    const res = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'decline.later@ybl' } });
    expect(res.body.status).toBe(true);
    const pending = (await app.deps.records.getSection<{ reference: string }>(applicant_id, '_bank_private'))!;
    const raw = JSON.stringify({
      eventId: 'e1',
      eventType: 'customer_vpa.invalid',
      resource: 'customer_vpa',
      status: 'invalid',
      id: 'cvpa_1',
      merchantReferenceId: pending.reference,
      customerVpa: 'decline.later@ybl',
      reason: {},
    });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upi-collect-webhook',
      headers: {
        'content-type': 'application/json',
        'x-setu-signature': signSetuBody(SANDBOX_UPI_WEBHOOK_SECRET, raw),
      },
      payload: raw,
    });
    expect(hook.json()).toMatchObject({ status: true, message: 'applied' });
    expect((await details(t))[1].vpa_callback).toMatchObject({ status: 'Failure', message: MSG.upiInvalid });
  });

  it('UPI intent/QR: paying Rs 1 from the sandbox UPI app verifies the account it came from', async () => {
    const t = await applicantAtBank();
    const res = await call<{ upi_link: string; qr_svg: string; upi_app_url: string }>(app, 'POST', 'upi-intent', {
      token: t,
    });
    expect(res.body).toMatchObject({ status: true, message: MSG.upiCheckApp, data: { status_description: 'Success' } });
    expect(res.body.data.upi_link).toMatch(/^upi:\/\/pay\?pa=/);
    expect(res.body.data.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    const page = await app.inject({ url: res.body.data.upi_app_url });
    const pay = /action="([^"]+\/pay)"/.exec(page.body)![1]!;
    expect((await app.inject({ method: 'POST', url: pay })).statusCode).toBe(303);
    const d = await details(t);
    expect(d[1].vpa_callback).toMatchObject({ status: 'Success', message: MSG.bankVerified });
    expect(stageOf(d)).toBe(170);
    expect(d[0].bank_obj).toMatchObject({ ifsc: 'HDFC0000001', bank_verify_edit: false });
    expect(String(d[0].bank_obj.account_number)).toMatch(/^5010\d{10}$/);
  });

  it('UPI intent/QR: a declined payment leaves the bank unverified', async () => {
    const t = await applicantAtBank();
    const res = await call<{ upi_app_url: string }>(app, 'POST', 'upi-intent', { token: t });
    const page = await app.inject({ url: res.body.data.upi_app_url });
    const decline = /action="([^"]+\/decline)"/.exec(page.body)![1]!;
    await app.inject({ method: 'POST', url: decline });
    const d = await details(t);
    expect(d[1].vpa_callback).toMatchObject({ status: 'Failure', status_description: 'Declined' });
    expect(stageOf(d)).toBe(160);
  });

  it('the UPI intent webhook refuses a notification without the configured credentials', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upi-intent-webhook',
      headers: { authorization: 'Basic eDp5' },
      payload: { event: 'RPD_VERIFICATION_UPDATE', data: { rpd: { success: true, id: 'x' } } },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the webhook refuses a notification without the provider signature', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upi-collect-webhook',
      payload: { id: 'col_x', merchantReferenceId: 'x', status: 'paid', customerVpa: 'a@upi' },
    });
    expect(res.statusCode).toBe(403);
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
