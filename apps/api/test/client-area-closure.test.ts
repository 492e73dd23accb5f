/**
 * The client area's account closure: the broker's back office (sandbox) is asked first: a client
 * with open positions (PAN ending 1) is refused with the reason; a client holding securities (PAN
 * ending 7) names another demat account for them, signs with Aadhaar eSign, and the closure is
 * accepted by a maker, confirmed by a different checker and carried out as closure records at the
 * depository (CDSL BOCLS) and each exchange's UCC (client status closed). The account is then
 * closed from that day (the retention hold starts), the client told, and the sign-in refused.
 * Tests wait for the request's status, never sleep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianDay } from '@ekyc/contracts/regulation';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { latestOtp, reviewerToken, testApp } from './support/test-app.ts';

// the registrations run on the shared job queue: on a busy machine they take their time
const WAIT = { timeout: 120_000, interval: 100 };
type PreCheck = { holdings: unknown[]; blockers: string[]; ledger_balance: number; open_positions: number };

describe('Client area: account closure', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let holder: Awaited<ReturnType<typeof approvedApplicant>>;
  let trader: Awaited<ReturnType<typeof approvedApplicant>>;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-closure.maker@broker.example');
    checker = await reviewerToken(app, 'client-closure.checker@broker.example', 'checker');
    holder = await approvedApplicant(app, { pan: panWithDigits('5367'), reviewer, email: 'asha.close@example.in' });
    trader = await approvedApplicant(app, { pan: panWithDigits('5361'), reviewer, email: 'ravi.close@example.in' });
  }, 240_000);
  afterAll(() => app.close());

  it('refuses the closure of a client with open positions, saying why', async () => {
    await expect.poll(async () => (await trader.status()).status, WAIT).toBe('Completed');
    const token = await calls.signIn(trader.mobile);
    const refused = await calls.clientCall<{ reason: string; pre_check: PreCheck }>('POST', 'requests/closure', {
      token,
      body: { reason: 'no_longer_investing' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body.status).toBe(false);
    expect(refused.body.data.reason).toBe('open_positions');
    expect(refused.body.data.pre_check).toEqual(
      expect.objectContaining({ open_positions: 2, blockers: ['open_positions'] }),
    );
    const account = await calls.clientCall<{ requests: unknown[] }>('GET', 'my-account', { token });
    expect(account.body.data.requests).toEqual([]);
  }, 180_000);

  it('closes an account with holdings through a transfer, four eyes and the registries', async () => {
    await expect.poll(async () => (await holder.status()).status, WAIT).toBe('Completed');
    const token = await calls.signIn(holder.mobile);
    // an unknown reason, and a CDSL account that is not 16 digits, name the field
    const badReason = await calls.clientCall<{ field: string }>('POST', 'requests/closure', {
      token,
      body: { reason: 'bored' },
    });
    expect([badReason.statusCode, badReason.body.data.field]).toEqual([400, 'reason']);
    const badTarget = await calls.clientCall<{ field: string }>('POST', 'requests/closure', {
      token,
      body: { reason: 'charges', target: { depository: 'CDSL', bo_id: 'IN30012345678901' } },
    });
    expect([badTarget.statusCode, badTarget.body.data.field]).toEqual([400, 'target.bo_id']);
    // holdings without a demat account to go to
    const needed = await calls.clientCall<{ reason: string; pre_check: PreCheck }>('POST', 'requests/closure', {
      token,
      body: { reason: 'moving_to_another_broker' },
    });
    expect(needed.body.status).toBe(false);
    expect(needed.body.data.reason).toBe('transfer_needed');
    expect(needed.body.data.pre_check.holdings).toHaveLength(2);
    expect(needed.body.data.pre_check.blockers).toEqual([]);

    const drafted = await calls.clientCall<{ request: RequestView; pre_check: PreCheck }>('POST', 'requests/closure', {
      token,
      body: { reason: 'moving_to_another_broker', target: { depository: 'NSDL', bo_id: 'in300123 45678901' } },
    });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'closure', status: 'draft' }));
    const signed = await calls.esign(token, holder.mobile, request.id);
    expect(signed.body).toContain('Request signed');
    expect(
      (await calls.clientCall('POST', 'requests/closure', { token, body: { reason: 'charges' } })).statusCode,
    ).toBe(409);

    const queued = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(queued.body.data.request.summary[1]).toBe(
      'Holdings (2 securities) transferred to NSDL demat account ending 8901',
    );
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(403);
    expect((await calls.staffCall(checker, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(200);

    const status = async () => {
      const rows = await query<{ status: string }>(
        app.deps.database.db,
        sql`select status from service_requests where id = ${request.id}`,
      );
      return rows[0]?.status;
    };
    await expect.poll(status, WAIT).toBe('done');
    const carried = await calls.staffCall<{ request: { modifications: { registry: string; status: string }[] } }>(
      checker,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(carried.body.data.request.modifications.map((m) => [m.registry, m.status])).toEqual([
      ['bo_cdsl', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    const evidence = await query<{ registry: string; evidence_enc: string }>(
      app.deps.database.db,
      sql`select registry, evidence_enc from service_request_modifications where request_id = ${request.id}`,
    );
    const sent = (registry: string) =>
      app.deps.cipher.decryptJson<{ request: string }>(evidence.find((r) => r.registry === registry)!.evidence_enc)
        .request;
    expect(sent('bo_cdsl')).toContain('BOCLS');
    expect(sent('ucc_nse')).toMatch(/"ccdCltStatus":"C"/);
    expect(sent('ucc_mcx')).toContain('|C');

    // closed today: the retention hold runs from this day, and the client is told
    const closure = await app.deps.consents.closure(holder.id);
    expect(closure && indianDay(closure.closedAt)).toBe(indianDay(new Date()));
    const erasure = await app.deps.consents.erasure(holder.id);
    expect(erasure?.holdUntil).toBeTruthy();
    const outbox = async (to: string) =>
      (
        (await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${encodeURIComponent(to)}` })).json() as {
          text: string;
        }[]
      ).map((m) => m.text);
    for (const to of [holder.mobile, 'asha.close@example.in'])
      expect(
        (await outbox(to)).some((t) => t.includes(request.number) && t.includes('done')),
        to,
      ).toBe(true);

    // the session ends, and the sign-in says the account is closed
    expect((await calls.clientCall('GET', 'my-account', { token })).statusCode).toBe(401);
    await calls.clientCall('POST', 'send-otp', { body: { mobile: holder.mobile } });
    const again = await calls.clientCall<{ reason: string }>('POST', 'verify-otp', {
      body: { mobile: holder.mobile, otp: await latestOtp(app, holder.mobile) },
    });
    expect(again.body.data.reason).toBe('closed');
  }, 240_000);
});
