import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { makeProofPdf } from './support/segment-pdf.ts';

/** The F&O risk disclosure before a derivatives segment; BSDA by default; DDPI optional and separate. */
let app: FastifyInstance;
let pdf: string;
beforeAll(async () => {
  app = await testApp();
  pdf = `data:application/pdf;base64,${Buffer.from(await makeProofPdf()).toString('base64')}`;
});
afterAll(() => app.close());

async function applicantAt(stage = 190, ruleSet?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage, ...(ruleSet && { rule_set: ruleSet }) },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

const derivatives = {
  segments: ['equity_1', 'equity_derivatives_1'],
  upload_prccess_by: 'manual',
  financial_proof_option: 'itr',
  document_type: 'pdf',
};
const ack = { version: 'fo-2023-07', language: 'hi', acknowledged_at: '2026-11-25T10:00:00.000Z' };

describe('F&O risk disclosure', () => {
  it('a derivatives segment is not saved until the disclosure is acknowledged; the acknowledgement is kept', async () => {
    const token = await applicantAt();
    const refused = await call(app, 'POST', 'update-segment', { token, body: { ...derivatives, document: pdf } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe(`risk_disclosure: ${MSG.riskDisclosureRequired}`);
    const stale = await call(app, 'POST', 'update-segment', {
      token,
      body: { ...derivatives, document: pdf, risk_disclosure: { ...ack, version: 'fo-2020-01' } },
    });
    expect(stale.body.message).toBe(`risk_disclosure: ${MSG.riskDisclosureRequired}`);

    const saved = await call(app, 'POST', 'update-segment', {
      token,
      body: { ...derivatives, document: pdf, risk_disclosure: ack },
    });
    expect(saved.body).toMatchObject({ status: true, data: { screen: '/take-selfie' } });
  });

  it('is not asked for cash segments only', async () => {
    const token = await applicantAt();
    expect((await call(app, 'POST', 'update-segment', { token, body: { segments: ['equity_1'] } })).body).toMatchObject(
      { status: true },
    );
  });

  it('applications pinned before 1 Jul 2023 were not asked for it', async () => {
    const token = await applicantAt(190, '2023-06-01');
    const saved = await call(app, 'POST', 'update-segment', { token, body: { ...derivatives, document: pdf } });
    expect(saved.body).toMatchObject({ status: true });
  });
});

describe('BSDA and DDPI', () => {
  it('an eligible applicant gets a BSDA by default, with the slabs in force and DDPI not opted', async () => {
    const token = await applicantAt();
    const res = await call(app, 'GET', 'get-demat-choice', { token });
    expect(res.body).toMatchObject({
      status: true,
      data: {
        account_type: 'bsda',
        chosen: 'default',
        eligible_for_bsda: true,
        bsda_slabs: [
          { upTo: 400000, amc: 0 },
          { upTo: 1000000, amc: 100 },
        ],
        ddpi: { opted: false },
      },
    });
    expect((res.body.data as { ddpi: { purposes: string[] } }).ddpi.purposes).toHaveLength(4);
    // The journey goes on without any choice and without DDPI.
    expect((await call(app, 'POST', 'update-segment', { token, body: { segments: ['equity_1'] } })).body).toMatchObject(
      { status: true, data: { screen: '/take-selfie' } },
    );
  });

  it('a regular account only on the explicit declaration, which is recorded; DDPI is its own choice', async () => {
    const token = await applicantAt();
    const bare = await call(app, 'POST', 'update-demat-choice', { token, body: { account_type: 'regular' } });
    expect(bare.statusCode).toBe(400);
    expect(bare.body.message).toMatch(/^regular_declaration: /);
    const chosen = await call(app, 'POST', 'update-demat-choice', {
      token,
      body: { account_type: 'regular', regular_declaration: true, ddpi: true },
    });
    expect(chosen.body).toMatchObject({
      status: true,
      data: { account_type: 'regular', chosen: 'explicit', ddpi: { opted: true } },
    });
  });

  it('someone holding another demat account as first holder is not offered a BSDA', async () => {
    const token = await applicantAt();
    const res = await call(app, 'POST', 'update-demat-choice', {
      token,
      body: { account_type: 'bsda', holds_other_demat: true },
    });
    expect(res.statusCode).toBe(400);
    const regular = await call(app, 'POST', 'update-demat-choice', {
      token,
      body: { account_type: 'regular', holds_other_demat: true },
    });
    expect(regular.body).toMatchObject({ status: true, data: { account_type: 'regular', eligible_for_bsda: false } });
  });

  it('before 1 Sep 2024 the rule set had no BSDA default', async () => {
    const token = await applicantAt(190, '2024-06-01');
    expect((await call(app, 'GET', 'get-demat-choice', { token })).body).toMatchObject({
      data: { account_type: 'regular', rule_set: '2024-04-01' },
    });
  });
});
