/**
 * The client area's bank request by UPI reverse penny drop: the client pays Rs 1 from the sandbox
 * UPI app, the provider's notification (through the bank module's webhook) names the paying
 * account, and a bank request names the payment instead of a typed account; signed, four-eyed and
 * carried to the depository and the exchanges with that account. A payment is used once; a declined
 * one verifies nothing. Tests wait for the payment's and the request's status, never sleep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { SANDBOX_RPD_IFSC } from '../src/sandbox/upi/rpd-routes.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };
type Payment = { state: string; reason: string | null; account: { ifsc: string; account_last4: string } | null };

/** Waits until the registrations complete the account (the poll's own interval; the suite's timeout bounds it). */
async function completed(client: { status: () => Promise<{ status: string }> }): Promise<void> {
  while ((await client.status()).status !== 'Completed') await new Promise((r) => setTimeout(r, 200));
}

describe('Client area: bank accounts by UPI reverse penny drop', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true', UPI_ENABLED: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-bank-upi.maker@broker.example');
    checker = await reviewerToken(app, 'client-bank-upi.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('5757'), reviewer, email: 'ravi.upi@example.in' });
    await completed(client);
    token = await calls.signIn(client.mobile);
  }, 240_000);
  afterAll(() => app.close());

  /** Starts a payment and presses Pay or Decline in the sandbox UPI app; answers the settled payment. */
  const pay = async (action: 'pay' | 'decline') => {
    const started = await calls.clientCall<{ upi_payment: string; upi_link: string; upi_app_url: string }>(
      'POST',
      'requests/bank/upi',
      { token },
    );
    expect(started.statusCode).toBe(200);
    expect(started.body.data.upi_link).toMatch(/^upi:\/\/pay\?/);
    const id = started.body.data.upi_payment;
    const pressed = await app.inject({
      method: 'POST',
      url: `${started.body.data.upi_app_url}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pressed.statusCode).toBe(303);
    await expect
      .poll(
        async () => (await calls.clientCall<Payment>('GET', `requests/bank/upi/${id}`, { token })).body.data.state,
        WAIT,
      )
      .not.toBe('waiting');
    return { id, payment: (await calls.clientCall<Payment>('GET', `requests/bank/upi/${id}`, { token })).body.data };
  };

  it('verifies nothing from a declined payment', async () => {
    const { id, payment } = await pay('decline');
    expect(payment).toEqual({ state: 'failed', reason: 'declined', account: null });
    const refused = await calls.clientCall<{ reason: string; account: number }>('POST', 'requests/bank', {
      token,
      body: { accounts: [{ upi_payment: id, account_type: 'Saving' }] },
    });
    expect(refused.body).toEqual(
      expect.objectContaining({ status: false, data: { reason: 'payment_not_verified', account: 0 } }),
    );
  });

  it('changes the bank to the account paid from: e-signed, four-eyed, sent to the registries', async () => {
    const { id, payment } = await pay('pay');
    expect(payment.state).toBe('verified');
    expect(payment.account?.ifsc).toBe(SANDBOX_RPD_IFSC);
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/bank', {
      token,
      body: { accounts: [{ upi_payment: id, account_type: 'Saving', primary: true }] },
    });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    // the payment is used once
    const again = await calls.clientCall<{ reason: string }>('POST', 'requests/bank', {
      token,
      body: { accounts: [{ upi_payment: id, account_type: 'Saving' }] },
    });
    expect(again.body.data.reason).toBe('payment_not_verified');

    expect((await calls.esign(token, client.mobile, request.id)).body).toContain('Request signed');
    const queued = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(queued.body.data.request.summary).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Primary account: .*, ${SANDBOX_RPD_IFSC}, ending ${payment.account!.account_last4} \\(Saving\\), UPI reverse penny drop \\w+ name match$`,
        ),
      ),
    ]);
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await calls.staffCall(checker, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await calls.clientCall<{ request: RequestView }>('GET', `requests/${request.id}`, { token })).body.data
            .request.status,
        WAIT,
      )
      .toBe('done');
    const records = await query<{ registry: string; status: string; evidence_enc: string }>(
      app.deps.database.db,
      sql`select registry, status, evidence_enc from service_request_modifications where request_id = ${request.id} order by registry`,
    );
    expect(records.map((r) => [r.registry, r.status])).toEqual([
      ['bo_cdsl', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    const bank = await app.deps.records.getSection(client.id, 'bank_obj');
    expect(bank?.ifsc).toBe(SANDBOX_RPD_IFSC);
    expect(bank?.verification).toEqual(expect.objectContaining({ method: 'upi', status: 'verified' }));
    for (const r of records)
      expect(app.deps.cipher.decryptJson<{ request: string }>(r.evidence_enc).request, r.registry).toContain(
        String(bank?.account_number),
      );
  }, 180_000);
});
