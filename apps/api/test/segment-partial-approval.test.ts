/**
 * Partial approval of segments with four eyes on: the maker accepts the application with
 * derivatives segments held back pending their income proof (coded reasons), the checker sees the
 * holds and confirms; the registrations carry the active segments only (the NSE and BSE UCC records
 * name them, MCX is not registered while commodity waits), the applicant is told in their language
 * which segments are active and which wait, and the client area lists the held ones as pending
 * proof. The rules: holds only with an Accept of the segment stage, only on a segment the applicant
 * chose, only on a derivative, and never on every chosen segment.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { clientAreaCalls } from './support/client-area.ts';
import { signedSections } from './support/registrations.ts';
import { freshPan } from './support/signing.ts';
import { bearer, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };
const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
const ALL_FOUR = [
  { code: 'equity_1', name: 'Equity' },
  { code: 'equity_derivatives_1', name: 'Equity Derivatives' },
  { code: 'currency_derivatives_1', name: 'Currency Derivatives' },
  { code: 'commodity_derivatives_1', name: 'Commodity Derivatives' },
];

let app: FastifyInstance;
let maker: string;
let checker: string;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const outbox = async (to: string) =>
  (await app.inject({ url: `/sandbox/outbox?to=${encodeURIComponent(to)}` })).json() as {
    channel: string;
    text: string;
  }[];

async function signedApplication(segments = ALL_FOUR) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: 220,
      sections: signedSections(freshPan(), {
        segment_obj: { segment_list: segments },
      }),
    },
  });
  const { applicant_id: id } = data<{ applicant_id: string }>(res);
  return { id, mobile };
}

const acceptAll = (id: string, heldSegments?: { code: string; reason: string }[]) =>
  bo(maker, `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({
      stage,
      activity: 'Accept',
      ...(stage === 190 && heldSegments && { held_segments: heldSegments }),
    })),
  });

/** The request an exchange's registration sent, as kept in the evidence. */
async function sentRequest(applicantId: string, kind: string): Promise<string> {
  const rows = rowsOf<{ body_enc: string }>(
    await app.deps.database.db.execute(
      sql`select body_enc from registration_evidence where applicant_id = ${applicantId} and kind = ${kind} and direction = 'request' order by id`,
    ),
  );
  return app.deps.cipher.decrypt(rows[0]!.body_enc);
}

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true', REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
  maker = await reviewerToken(app, `maker.partial.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `checker.partial.${Date.now()}@broker.example`, 'checker');
}, 120_000);
afterAll(() => app.close());

describe('partial approval of segments', () => {
  it('held segments reach the checker, stay out of the UCC records, are told to the applicant and shown as pending proof', async () => {
    const a = await signedApplication();
    await app.deps.records.setLanguage(a.id, 'hi');
    const decided = await acceptAll(a.id, [
      { code: 'equity_derivatives_1', reason: 'income_proof_missing' },
      { code: 'commodity_derivatives_1', reason: 'income_proof_insufficient' },
    ]);
    expect(decided.statusCode).toBe(200);
    expect(data<{ awaiting_confirmation: boolean }>(decided).awaiting_confirmation).toBe(true);

    // the checker sees the holds, on the application and in their queue
    const seen = data<{ segment_holds: { code: string; reason: string; held_by: string }[] }>(
      await bo(checker, `applications/${a.id}`),
    );
    expect(seen.segment_holds.map((h) => [h.code, h.reason])).toEqual([
      ['commodity_derivatives_1', 'income_proof_insufficient'],
      ['equity_derivatives_1', 'income_proof_missing'],
    ]);
    expect(seen.segment_holds[0]!.held_by).toMatch(/^maker\.partial\./);
    // the queue is shared (oldest first, 20 a page): its page is looked for, not assumed
    const inQueue = async () => {
      for (let page = 1; ; page++) {
        const queue = data<{ items: { id: string; held_segments: string[] }[]; total: number }>(
          await bo(checker, `applications/awaiting-confirmation?page=${page}`),
        );
        const item = queue.items.find((i) => i.id === a.id);
        if (item || page * 20 >= queue.total) return item;
      }
    };
    expect((await inQueue())?.held_segments).toEqual(['commodity_derivatives_1', 'equity_derivatives_1']);
    // the decision and its holds are audited
    const trail = data<{ entries: { action: string; after: unknown }[] }>(
      await bo(checker, `applications/${a.id}/audit`),
    );
    expect(trail.entries.find((e) => e.action === 'segments.held')?.after).toEqual({
      held: [
        { code: 'equity_derivatives_1', reason: 'income_proof_missing' },
        { code: 'commodity_derivatives_1', reason: 'income_proof_insufficient' },
      ],
    });

    // four eyes hold for a partial approval as for any other
    expect((await bo(maker, `applications/${a.id}/confirm`, {})).statusCode).toBe(403);
    const confirmed = await bo(checker, `applications/${a.id}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);

    // the applicant is told, in Hindi, what is active and what waits for the proof
    const sms = (await outbox(a.mobile)).find((m) => m.text.includes('आय प्रमाण'));
    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toContain('अभी सक्रिय: इक्विटी, करेंसी एफ़एंडओ');
    expect(sms?.text).toContain('आपके आय प्रमाण की प्रतीक्षा में: इक्विटी एफ़एंडओ, कमोडिटी');
    const mail = (await outbox(`fixture${a.mobile}@example.com`)).find((m) => m.text.includes('आय प्रमाण'));
    expect(mail?.channel).toBe('email');

    // the registrations: NSE and BSE for the active segments, no MCX while commodity waits
    const registrations = async () =>
      data<{ kind: string; status: string }[]>(await bo(checker, `applications/${a.id}/registrations`));
    expect((await registrations()).map((r) => r.kind).sort()).toEqual(['bo_cdsl', 'ckyc', 'kra', 'ucc_bse', 'ucc_nse']);
    await expect
      .poll(async () => (await registrations()).filter((r) => r.kind.startsWith('ucc_')).map((r) => r.status), WAIT)
      .toEqual(['accepted', 'accepted']);
    const nse = JSON.parse(await sentRequest(a.id, 'ucc_nse')) as { NSEEntry: { ccdSegInd: string }[] };
    expect(nse.NSEEntry.map((e) => e.ccdSegInd)).toEqual(['C', 'X']);
    const bse = (JSON.parse(await sentRequest(a.id, 'ucc_bse')) as { CLIENTDETAILS_V5: Record<string, string> })
      .CLIENTDETAILS_V5;
    expect([bse.CASH, bse.EQUITY_DERIVATIVE, bse.CURRENCY]).toEqual(['Y', 'N', 'Y']);

    // the client area: active segments, and the held ones pending their proof
    const client = clientAreaCalls(app);
    const status = async () =>
      data<{ status: string }>(
        await app.inject({ url: `/api/v1/backoffice/applications/${a.id}`, headers: bearer(checker) }),
      ).status;
    await expect.poll(status, WAIT).toBe('Completed');
    const token = await client.signIn(a.mobile);
    const account = await client.clientCall<{ segments: { code: string; state: string; reason: string | null }[] }>(
      'GET',
      'my-account',
      { token },
    );
    // every segment the broker offers, in its order: those not chosen inactive
    expect(account.body.data.segments.map((s) => [s.code, s.state, s.reason])).toEqual([
      ['equity_1', 'active', null],
      ['equity_derivatives_1', 'pending_proof', 'income_proof_missing'],
      ['currency_derivatives_1', 'active', null],
      ['commodity_derivatives_1', 'pending_proof', 'income_proof_insufficient'],
      ['mutual_funds_1', 'inactive', null],
    ]);
  }, 180_000);

  it('a checker who changes the holds becomes a maker and may not confirm them', async () => {
    const a = await signedApplication();
    expect((await acceptAll(a.id)).statusCode).toBe(200);
    const changed = await bo(checker, `applications/${a.id}/decisions`, {
      decisions: [
        {
          stage: 190,
          activity: 'Accept',
          held_segments: [{ code: 'currency_derivatives_1', reason: 'income_proof_missing' }],
        },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect((await bo(checker, `applications/${a.id}/confirm`, {})).statusCode).toBe(403);
  });

  it('refuses holds that break the rules, with a 400 naming the decisions', async () => {
    const a = await signedApplication([
      { code: 'equity_1', name: 'Equity' },
      { code: 'equity_derivatives_1', name: 'Equity Derivatives' },
    ]);
    const refused = async (held: { code: string; reason: string }[], stage = 190, activity = 'Accept') => {
      const res = await bo(maker, `applications/${a.id}/decisions`, {
        decisions: [
          { stage, activity, held_segments: held, ...(activity === 'Reject' && { reason: 'Income proof unreadable' }) },
        ],
      });
      expect(res.statusCode).toBe(400);
      return (res.json() as { message: string }).message;
    };
    // a segment the applicant did not choose
    expect(await refused([{ code: 'commodity_derivatives_1', reason: 'income_proof_missing' }])).toMatch(
      /did not choose Commodity Derivatives/,
    );
    // equity needs no income proof: it cannot wait for one
    expect(await refused([{ code: 'equity_1', reason: 'income_proof_missing' }])).toMatch(/Only a derivatives segment/);
    // holds ride on an Accept of the segment stage only
    expect(await refused([{ code: 'equity_derivatives_1', reason: 'income_proof_missing' }], 180)).toMatch(
      /only with an Accept of the Segment stage/,
    );
    expect(await refused([{ code: 'equity_derivatives_1', reason: 'income_proof_missing' }], 190, 'Reject')).toMatch(
      /only with an Accept of the Segment stage/,
    );
    // an unknown reason code
    const unknown = await bo(maker, `applications/${a.id}/decisions`, {
      decisions: [
        { stage: 190, activity: 'Accept', held_segments: [{ code: 'equity_derivatives_1', reason: 'vibes' }] },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    // nothing was written by a refused call
    expect(data<{ segment_holds: unknown[] }>(await bo(maker, `applications/${a.id}`)).segment_holds).toEqual([]);

    // every chosen segment held: a send-back, not an approval
    const onlyDerivatives = await signedApplication([{ code: 'equity_derivatives_1', name: 'Equity Derivatives' }]);
    const all = await bo(maker, `applications/${onlyDerivatives.id}/decisions`, {
      decisions: [
        {
          stage: 190,
          activity: 'Accept',
          held_segments: [{ code: 'equity_derivatives_1', reason: 'income_proof_missing' }],
        },
      ],
    });
    expect(all.statusCode).toBe(400);
    expect((all.json() as { message: string }).message).toMatch(/Every chosen segment would be held/);
  });

  it('an Accept of the segment stage without holds, or a send-back, releases them', async () => {
    const a = await signedApplication();
    const holds = async () =>
      data<{ segment_holds: { code: string }[] }>(await bo(maker, `applications/${a.id}`)).segment_holds.map(
        (h) => h.code,
      );
    await acceptAll(a.id, [{ code: 'commodity_derivatives_1', reason: 'income_proof_missing' }]);
    expect(await holds()).toEqual(['commodity_derivatives_1']);
    // a decision on another stage leaves them as they are
    await bo(maker, `applications/${a.id}/decisions`, { decisions: [{ stage: 130, activity: 'Accept' }] });
    expect(await holds()).toEqual(['commodity_derivatives_1']);
    await bo(maker, `applications/${a.id}/decisions`, { decisions: [{ stage: 190, activity: 'Accept' }] });
    expect(await holds()).toEqual([]);
    await acceptAll(a.id, [{ code: 'commodity_derivatives_1', reason: 'income_proof_missing' }]);
    const sentBack = await bo(maker, `applications/${a.id}/decisions`, {
      decisions: [{ stage: 190, activity: 'Reject', reason: 'Choose the segments again' }],
    });
    expect(sentBack.statusCode).toBe(200);
    expect(await holds()).toEqual([]);
  });
});
