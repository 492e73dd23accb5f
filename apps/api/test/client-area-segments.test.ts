/**
 * The client area's segment requests: equity derivatives added later with the risk disclosure
 * acknowledged and an income proof uploaded, currency derivatives with the RBI declaration, the
 * commodity segment stopped; e-signed, four-eyed and carried to each exchange's UCC (NSE and BSE
 * segment flags, MCX's commodity line inactive); My account shows each segment's state. An income
 * proof through the account aggregator waits for its consent before it may be signed. Tests wait for
 * the request's status, never sleep.
 */
import { RBI_CURRENCY_DECLARATION } from '@ekyc/contracts/calls/client-segments';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { makeProofPdf } from './support/segment-pdf.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };
const RISK = { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-12-01T10:00:00.000Z' };

/** Waits until the registrations complete the account (the poll's own interval; the suite's timeout bounds it). */
async function completed(client: { status: () => Promise<{ status: string }> }): Promise<void> {
  while ((await client.status()).status !== 'Completed') await new Promise((r) => setTimeout(r, 200));
}

describe('Client area: segments added later and stopped', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;
  let pdf: string;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-segments.maker@broker.example');
    checker = await reviewerToken(app, 'client-segments.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('5858'), reviewer, email: 'asha.fo@example.in' });
    pdf = `data:application/pdf;base64,${Buffer.from(await makeProofPdf('Income tax return')).toString('base64')}`;
    await completed(client);
    token = await calls.signIn(client.mobile);
  }, 240_000);
  afterAll(() => app.close());

  const segmentStates = async () =>
    Object.fromEntries(
      (
        await calls.clientCall<{ segments: { code: string; state: string }[] }>('GET', 'my-account', { token })
      ).body.data.segments.map((s) => [s.code, s.state]),
    );

  it('shows every segment with its state', async () => {
    expect(await segmentStates()).toEqual({
      equity_1: 'active',
      equity_derivatives_1: 'inactive',
      currency_derivatives_1: 'inactive',
      commodity_derivatives_1: 'active',
      mutual_funds_1: 'inactive',
    });
  });

  it('refuses what an addition lacks, naming the field, and a segment in that state already', async () => {
    const post = (body: object) =>
      calls.clientCall<{ field: string; reason: string }>('POST', 'requests/segments', { token, body });
    const noProof = await post({ activate: ['equity_derivatives_1'], risk_disclosure: RISK });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.body.data.field).toBe('income_proof');
    const noDisclosure = await post({
      activate: ['equity_derivatives_1'],
      income_proof: { method: 'upload', financial_proof_option: 'itr', document: pdf },
    });
    expect(noDisclosure.statusCode).toBe(400);
    expect(noDisclosure.body.data.field).toBe('risk_disclosure');
    const noRbi = await post({
      activate: ['currency_derivatives_1'],
      risk_disclosure: RISK,
      income_proof: { method: 'upload', financial_proof_option: 'itr', document: pdf },
    });
    expect(noRbi.statusCode).toBe(400);
    expect(noRbi.body.data.field).toBe('rbi_declaration');
    const active = await post({ activate: ['equity_1'] });
    expect(active.body).toEqual(
      expect.objectContaining({ status: false, data: { reason: 'already_active', segment: 'equity_1' } }),
    );
    const inactive = await post({ deactivate: ['mutual_funds_1'] });
    expect(inactive.body.data).toEqual({ reason: 'not_active', segment: 'mutual_funds_1' });
  });

  it('waits for the account aggregator consent before a request may be signed', async () => {
    const drafted = await calls.clientCall<{ request: RequestView; redirect_url: string }>(
      'POST',
      'requests/segments',
      {
        token,
        body: {
          activate: ['equity_derivatives_1'],
          risk_disclosure: RISK,
          income_proof: { method: 'account_aggregator' },
        },
      },
    );
    expect(drafted.statusCode).toBe(200);
    expect(drafted.body.data.redirect_url).toMatch(/\/sandbox\/account-aggregator\/webview\?/);
    const id = drafted.body.data.request.id;
    expect((await calls.clientCall('POST', `requests/${id}/esign`, { token })).statusCode).toBe(409);
    // the AA's page approves; its return is posted back
    const url = new URL(drafted.body.data.redirect_url);
    const decided = await app.inject({
      method: 'POST',
      url: '/sandbox/account-aggregator/webview/decision',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'approve' }).toString(),
    });
    const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(decided.body)![1]!;
    const forged = await calls.clientCall<{ reason: string }>('POST', `requests/${id}/income-proof`, {
      token,
      body: { fi: attr('fi'), resdate: attr('resdate'), ecres: `${attr('ecres').slice(0, -4)}AAAA` },
    });
    expect(forged.body.data).toEqual({ reason: 'consent_failed' });
    const back = await calls.clientCall<{ request: RequestView }>('POST', `requests/${id}/income-proof`, {
      token,
      body: { fi: attr('fi'), resdate: attr('resdate'), ecres: attr('ecres') },
    });
    expect(back.body.status).toBe(true);
    expect(back.body.message).toBe('Income proof received: sign the request to send it');
    const started = await calls.clientCall('POST', `requests/${id}/esign`, { token });
    expect(started.statusCode).toBe(200);
  });

  it('adds F&O and currency derivatives and stops commodity: signed, four-eyed, sent to the UCCs, shown', async () => {
    const drafted = await calls.clientCall<{ request: RequestView; redirect_url: string | null }>(
      'POST',
      'requests/segments',
      {
        token,
        body: {
          activate: ['equity_derivatives_1', 'currency_derivatives_1'],
          deactivate: ['commodity_derivatives_1'],
          risk_disclosure: RISK,
          rbi_declaration: RBI_CURRENCY_DECLARATION.version,
          income_proof: { method: 'upload', financial_proof_option: 'itr', document: pdf },
        },
      },
    );
    expect(drafted.statusCode).toBe(200);
    expect(drafted.body.data.redirect_url).toBeNull();
    const request = drafted.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'segments', status: 'draft' }));
    const signed = await calls.esign(token, client.mobile, request.id);
    expect(signed.body).toContain('Request signed');
    expect(await segmentStates()).toEqual(
      expect.objectContaining({
        equity_derivatives_1: 'activation_requested',
        currency_derivatives_1: 'activation_requested',
        commodity_derivatives_1: 'deactivation_requested',
      }),
    );

    const queued = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(queued.body.data.request.summary).toEqual([
      'Activate Equity Derivatives',
      'Activate Currency Derivatives',
      'Deactivate Commodity Derivatives',
      'Derivatives risk disclosure fo-2023-07 acknowledged (en)',
      `RBI declaration for currency derivatives ${RBI_CURRENCY_DECLARATION.version}`,
      'Income proof uploaded: Latest ITR (PDF, 1 pages)',
      'Segments after the request: Equity, Equity Derivatives, Currency Derivatives',
    ]);
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(403);
    expect((await calls.staffCall(checker, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await calls.clientCall<{ request: RequestView }>('GET', `requests/${request.id}`, { token })).body.data
            .request.status,
        WAIT,
      )
      .toBe('done');

    // the exchanges only: the depository's client master carries no segment
    const records = await query<{ registry: string; status: string; evidence_enc: string }>(
      app.deps.database.db,
      sql`select registry, status, evidence_enc from service_request_modifications where request_id = ${request.id} order by registry`,
    );
    expect(records.map((r) => [r.registry, r.status])).toEqual([
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    const sent = (registry: string) =>
      app.deps.cipher.decryptJson<{ request: string }>(records.find((r) => r.registry === registry)!.evidence_enc)
        .request;
    const nse = JSON.parse(sent('ucc_nse')) as { NSEEntry: { ccdSegInd: string; ccdCltStatus: string }[] };
    expect(nse.NSEEntry.map((e) => [e.ccdSegInd, e.ccdCltStatus])).toEqual([
      ['C', 'A'],
      ['F', 'A'],
      ['X', 'A'],
    ]);
    const bse = sent('ucc_bse');
    expect(bse).toContain('"EQUITY_DERIVATIVE":"Y"');
    expect(bse).toContain('"CURRENCY":"Y"');
    expect(bse).toContain('"CASH":"Y"');
    // MCX: the commodity segment's line with the client status I (inactive)
    const mcx = sent('ucc_mcx').trim().split('\n');
    expect(mcx).toHaveLength(2);
    expect(mcx[1]!.startsWith('20|O|')).toBe(true);
    expect(mcx[1]!.endsWith('|I')).toBe(true);

    expect(await segmentStates()).toEqual({
      equity_1: 'active',
      equity_derivatives_1: 'active',
      currency_derivatives_1: 'active',
      commodity_derivatives_1: 'inactive',
      mutual_funds_1: 'inactive',
    });
    // the next registrations carry the new segments
    expect((await app.deps.registrations.summary(client.id))?.segments).toEqual([
      'equity_1',
      'equity_derivatives_1',
      'currency_derivatives_1',
    ]);
    const trail = JSON.stringify((await calls.staffCall(reviewer, 'GET', `applications/${client.id}/audit`)).body);
    expect(trail).toContain('service_request.carried_out');
  }, 180_000);
});
