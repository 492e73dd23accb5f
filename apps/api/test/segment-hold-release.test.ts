/**
 * A segment held back at approval is released when its income proof arrives: the client sends the
 * proof from the client area's segment page (a segment request, e-signed), a maker accepts it, a
 * different checker confirms it (both audited, naming the released holds), each exchange is sent
 * its UCC modification (MCX too, registered now that commodity is carried), and once every
 * registry accepted the hold ends: My account shows the segment active, the back office no hold.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { signedSections } from './support/registrations.ts';
import { freshPan } from './support/signing.ts';
import { makeProofPdf } from './support/segment-pdf.ts';
import { bearer, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };
const RISK = { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-12-01T10:00:00.000Z' };
const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
const CHOSEN = [
  { code: 'equity_1', name: 'Equity' },
  { code: 'equity_derivatives_1', name: 'Equity Derivatives' },
  { code: 'commodity_derivatives_1', name: 'Commodity Derivatives' },
];

let app: FastifyInstance;
let maker: string;
let checker: string;

const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });

/** An application approved with four eyes, its derivatives held back pending the income proof. */
async function partiallyApproved() {
  const mobile = uniqueMobile();
  const created = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: 220,
      sections: signedSections(freshPan(), {
        segment_obj: { segment_list: CHOSEN },
      }),
    },
  });
  const { applicant_id: id } = data<{ applicant_id: string }>(created);
  const decided = await bo(maker, `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({
      stage,
      activity: 'Accept',
      ...(stage === 190 && {
        held_segments: [
          { code: 'equity_derivatives_1', reason: 'income_proof_missing' },
          { code: 'commodity_derivatives_1', reason: 'income_proof_missing' },
        ],
      }),
    })),
  });
  expect(decided.statusCode).toBe(200);
  expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(200);
  await expect
    .poll(async () => data<{ status: string }>(await bo(checker, `applications/${id}`)).status, WAIT)
    .toBe('Completed');
  return { id, mobile };
}

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true', REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
  maker = await reviewerToken(app, `maker.release.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `checker.release.${Date.now()}@broker.example`, 'checker');
}, 120_000);
afterAll(() => app.close());

describe('releasing a segment held at approval', () => {
  it('the proof sent, four eyes and the UCC modifications release the hold and the segment is active', async () => {
    const a = await partiallyApproved();
    const calls = clientAreaCalls(app);
    const token = await calls.signIn(a.mobile);
    const states = async () =>
      Object.fromEntries(
        (
          await calls.clientCall<{ segments: { code: string; state: string }[] }>('GET', 'my-account', { token })
        ).body.data.segments.map((s) => [s.code, s.state]),
      );
    expect(await states()).toEqual(
      expect.objectContaining({
        equity_1: 'active',
        equity_derivatives_1: 'pending_proof',
        commodity_derivatives_1: 'pending_proof',
      }),
    );

    // the client sends the proof for both held segments from the segment page
    const pdf = `data:application/pdf;base64,${Buffer.from(await makeProofPdf('Income tax return')).toString('base64')}`;
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/segments', {
      token,
      body: {
        activate: ['equity_derivatives_1', 'commodity_derivatives_1'],
        risk_disclosure: RISK,
        income_proof: { method: 'upload', financial_proof_option: 'itr', document: pdf },
      },
    });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    expect((await calls.esign(token, a.mobile, request.id)).body).toContain('Request signed');

    // the reviewer reads that the request releases holds; maker releases, checker confirms
    const queued = await calls.staffCall<{ request: { summary: string[] } }>(
      maker,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(queued.body.data.request.summary).toEqual(
      expect.arrayContaining([
        'Activate Equity Derivatives: held at approval pending the income proof, released when carried out',
        'Activate Commodity Derivatives: held at approval pending the income proof, released when carried out',
      ]),
    );
    expect((await calls.staffCall(maker, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await calls.staffCall(maker, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(403);
    expect((await calls.staffCall(checker, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await calls.clientCall<{ request: RequestView }>('GET', `requests/${request.id}`, { token })).body.data
            .request.status,
        WAIT,
      )
      .toBe('done');

    // each exchange got its UCC modification adding the segments
    const records = await query<{ registry: string; status: string }>(
      app.deps.database.db,
      sql`select registry, status from service_request_modifications where request_id = ${request.id} order by registry`,
    );
    expect(records.map((r) => [r.registry, r.status])).toEqual([
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);

    // the holds are released: active in My account, none on the review page, the case carries them
    expect(await states()).toEqual(
      expect.objectContaining({
        equity_1: 'active',
        equity_derivatives_1: 'active',
        commodity_derivatives_1: 'active',
      }),
    );
    expect(data<{ segment_holds: unknown[] }>(await bo(checker, `applications/${a.id}`)).segment_holds).toEqual([]);
    expect((await app.deps.registrations.summary(a.id))?.segments).toEqual(
      expect.arrayContaining(['equity_1', 'equity_derivatives_1', 'commodity_derivatives_1']),
    );

    // both people and the release are in the audit trail
    const trail = data<{ entries: { action: string; after: Record<string, unknown> | null }[] }>(
      await bo(checker, `applications/${a.id}/audit`),
    ).entries;
    const releases = ['equity_derivatives_1', 'commodity_derivatives_1'];
    expect(trail.find((e) => e.action === 'service_request.accepted')?.after?.releases).toEqual(releases);
    expect(trail.find((e) => e.action === 'service_request.confirmed')?.after?.releases).toEqual(releases);
    expect(trail.find((e) => e.action === 'service_request.carried_out')?.after?.released_holds).toEqual(releases);
  }, 240_000);
});
