import { monthsBefore } from '@ekyc/contracts/calls/update-segment';
import { formatDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { encryptPdfRc4, makeProofPdf } from './support/segment-pdf.ts';

let app: FastifyInstance;
let pdf: string;
let lockedPdf: string;
beforeAll(async () => {
  app = await testApp();
  const plain = await makeProofPdf();
  pdf = `data:application/pdf;base64,${Buffer.from(plain).toString('base64')}`;
  const locked = await encryptPdfRc4(plain, { userPassword: 'RAVI1508', ownerPassword: 'owner', bits: 128 });
  lockedPdf = Buffer.from(locked).toString('base64');
});
afterAll(() => app.close());

async function applicantAt(stage = 190): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

type Details = [{ kyc_status_obj: [{ kyc_list: { stage: number }[] }]; segment_obj: Record<string, unknown> }];
async function details(token: string) {
  return (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data[0];
}

const today = todayOf();
const day = (d: ReturnType<typeof todayOf>) => formatDdMmYyyy(d);
const manual = (over: Record<string, unknown> = {}) => ({
  segments: ['equity_1', 'equity_derivatives_1'],
  upload_prccess_by: 'manual',
  risk_disclosure: { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-11-25T10:00:00Z' },
  financial_proof_option: 'itr',
  document: pdf,
  document_type: 'pdf',
  ...over,
});

it('lists the segments from the database with the locked equity segment first', async () => {
  const token = await applicantAt();
  const res = await call<{ code: string; auto_select: boolean; required_doc: boolean; exchanges: string[] }[]>(
    app,
    'GET',
    'get-segment-list',
    { token },
  );
  expect(res.body.status).toBe(true);
  expect(res.body.data.map((s) => s.code)).toEqual([
    'equity_1',
    'equity_derivatives_1',
    'currency_derivatives_1',
    'commodity_derivatives_1',
    'mutual_funds_1',
  ]);
  expect(res.body.data[0]).toMatchObject({
    name: 'Equity',
    auto_select: true,
    required_doc: false,
    exchanges: ['NSE', 'BSE'],
  });
  expect(res.body.data.find((s) => s.code === 'commodity_derivatives_1')).toMatchObject({
    required_doc: true,
    exchanges: ['MCX'],
  });
  expect((await call(app, 'GET', 'get-segment-list')).statusCode).toBe(401);
});

it('saves equity only, always with the auto_select segment, and moves on to the selfie', async () => {
  const token = await applicantAt();
  const res = await call(app, 'POST', 'update-segment', { token, body: { segments: ['mutual_funds_1'] } });
  expect(res.body).toMatchObject({ status: true, data: { screen: '/take-selfie' } });
  const d = await details(token);
  expect(d.segment_obj).toMatchObject({
    is_object: true,
    segment_list: [
      { code: 'equity_1', name: 'Equity' },
      { code: 'mutual_funds_1', name: 'Mutual Funds' },
    ],
    upload_prccess_by: null,
  });
  expect(d.kyc_status_obj[0].kyc_list.at(-1)!.stage).toBe(200);
});

it('refuses the step outside its stage', async () => {
  const token = await applicantAt(180);
  const res = await call(app, 'POST', 'update-segment', { token, body: { segments: ['equity_1'] } });
  expect(res.statusCode).toBe(200);
  expect(res.body.status).toBe(false);
  expect(res.body.data).toMatchObject({ screen: '/bank-and-segment/nominee' });
});

describe('section 5 segment and financial proof messages, exact', () => {
  let token: string;
  beforeAll(async () => {
    token = await applicantAt();
  });
  const messageOf = async (body: unknown) => {
    const res = await call<{ errors: { field: string; message: string }[] }>(app, 'POST', 'update-segment', {
      token,
      body,
    });
    expect(res.statusCode).toBe(400);
    return res.body.data.errors[0]!;
  };

  it('at least one segment', async () => {
    expect(await messageOf({ segments: [] })).toEqual({
      field: 'segments',
      message: MSG.segmentRequired,
      code: 'segmentRequired',
    });
    expect(await messageOf({})).toEqual({ field: 'segments', message: MSG.segmentRequired, code: 'segmentRequired' });
  });
  it('a derivative needs a way to share the proof', async () => {
    expect(await messageOf({ segments: ['equity_derivatives_1'] })).toEqual({
      field: 'upload_prccess_by',
      message: MSG.segmentUploadProcessRequired,
      code: 'segmentUploadProcessRequired',
    });
  });
  it('manual mode needs a proof option and the proof', async () => {
    expect(await messageOf(manual({ financial_proof_option: undefined }))).toEqual({
      field: 'financial_proof_option',
      message: MSG.segmentProofOptionRequired,
      code: 'segmentProofOptionRequired',
    });
    expect(await messageOf(manual({ document: undefined }))).toEqual({
      field: 'document',
      message: MSG.segmentProofRequired,
      code: 'segmentProofRequired',
    });
  });
  it('PDF only', async () => {
    expect(await messageOf(manual({ document_type: 'png' }))).toEqual({
      field: 'document_type',
      message: MSG.segmentPdfOnly,
      code: 'segmentPdfOnly',
    });
    expect(await messageOf(manual({ document: 'data:image/png;base64,iVBORw0KGgo=' }))).toEqual({
      field: 'document',
      message: MSG.segmentPdfOnly,
      code: 'segmentPdfOnly',
    });
    expect(await messageOf(manual({ document: Buffer.from('GIF89a....').toString('base64') }))).toEqual({
      field: 'document',
      message: MSG.segmentPdfOnly,
      code: 'segmentPdfOnly',
    });
  });
  it('demat holding not above 10,000', async () => {
    expect(await messageOf(manual({ financial_proof_option: 'demat_holding', holding_value: '10000.01' }))).toEqual({
      field: 'holding_value',
      message: MSG.dematHoldingAbove,
      code: 'dematHoldingAbove',
    });
  });
  it('salary slip at most 3 months old', async () => {
    const older = day(monthsBefore(today, 4));
    expect(await messageOf(manual({ financial_proof_option: 'salary_slip', statement_date: older }))).toEqual({
      field: 'statement_date',
      message: MSG.salarySlipOld,
      code: 'salarySlipOld',
    });
    expect(await messageOf(manual({ financial_proof_option: 'salary_slip', statement_date: '31/02/2025' }))).toEqual({
      field: 'statement_date',
      message: MSG.invalidDate,
      code: 'invalidDate',
    });
  });
  it('bank statement of the last 6 months', async () => {
    const to = day(today);
    const short = day(monthsBefore(today, 5));
    expect(
      await messageOf(manual({ financial_proof_option: 'bank_statement', statement_from: short, statement_date: to })),
    ).toEqual({ field: 'statement_from', message: MSG.bankStatementPeriod, code: 'bankStatementPeriod' });
    const stale = day(monthsBefore(today, 2));
    expect(
      await messageOf(
        manual({
          financial_proof_option: 'bank_statement',
          statement_from: day(monthsBefore(today, 9)),
          statement_date: stale,
        }),
      ),
    ).toEqual({ field: 'statement_date', message: MSG.bankStatementPeriod, code: 'bankStatementPeriod' });
  });
  it('a password-protected PDF asks for its password, then refuses a wrong one', async () => {
    const first = await call(app, 'POST', 'update-segment', { token, body: manual({ document: lockedPdf }) });
    expect(first.body).toEqual({
      status: false,
      message: MSG.segmentPdfPasswordRequired,
      code: 'segmentPdfPasswordRequired',
      data: { screen: '/bank-and-segment/segment', password_required: true },
    });
    const wrong = await call(app, 'POST', 'update-segment', {
      token,
      body: manual({ document: lockedPdf, document_password: 'ravi1508' }),
    });
    expect(wrong.body).toMatchObject({ status: false, message: MSG.segmentPdfPasswordWrong });
  });
});

it('accepts equity plus derivatives with a password-protected salary slip opened with its password', async () => {
  const token = await applicantAt();
  const res = await call(app, 'POST', 'update-segment', {
    token,
    body: manual({
      segments: ['equity_derivatives_1', 'commodity_derivatives_1'],
      financial_proof_option: 'salary_slip',
      statement_date: day(monthsBefore(today, 1)),
      document: lockedPdf,
      document_password: 'RAVI1508',
    }),
  });
  expect(res.body).toMatchObject({ status: true, data: { screen: '/take-selfie' } });
  const d = await details(token);
  expect(d.segment_obj).toMatchObject({
    segment_list: [
      { code: 'equity_1', name: 'Equity' },
      { code: 'equity_derivatives_1', name: 'Equity Derivatives' },
      { code: 'commodity_derivatives_1', name: 'Commodity Derivatives' },
    ],
    upload_prccess_by: 'manual',
    financial_proof_option: 'salary_slip',
    document_type: 'pdf',
    document_protected: true,
    document_opened: true,
    proof_details: { statement_date: day(monthsBefore(today, 1)) },
  });
  expect(JSON.stringify(d)).not.toContain('RAVI1508');
  const url = d.segment_obj.document as string;
  const file = await app.inject({ url });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.rawPayload.equals(Buffer.from(lockedPdf, 'base64'))).toBe(true);
});

it('accepts a demat holding statement up to 10,000', async () => {
  const token = await applicantAt();
  const res = await call(app, 'POST', 'update-segment', {
    token,
    body: manual({ financial_proof_option: 'demat_holding', holding_value: '10,000' }),
  });
  expect(res.body).toMatchObject({ status: true, data: { screen: '/take-selfie' } });
});
