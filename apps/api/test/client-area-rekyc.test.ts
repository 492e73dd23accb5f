/**
 * Re-KYC in the client area: a client whose KYC the KRA has put on hold (sandbox KRA: PAN digits
 * 3333 answer status 003) sees it with what to do, fetches fresh details from DigiLocker, signs the
 * request with Aadhaar eSign, and after four eyes the KRA alone is sent a modification record
 * (APP_UPDTFLG 02) with the e-Aadhaar's address. A client whose KYC is in order is told none is
 * needed. Tests wait for the request's status, never sleep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { formOf, postForm } from './support/esign-flow.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };

type Kyc = { kra_status_code: string | null; kra_status: string | null; action: string; request: RequestView | null };

/** Waits until the registrations complete the account (the poll's own interval; the suite's timeout bounds it). */
async function completed(client: { status: () => Promise<{ status: string }> }): Promise<void> {
  while ((await client.status()).status !== 'Completed') await new Promise((r) => setTimeout(r, 200));
}

describe('Client area: re-KYC when the KRA asks', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let held: Awaited<ReturnType<typeof approvedApplicant>>;
  let fine: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-rekyc.maker@broker.example');
    checker = await reviewerToken(app, 'client-rekyc.checker@broker.example', 'checker');
    held = await approvedApplicant(app, { pan: panWithDigits('3333'), reviewer, email: 'asha.rekyc@example.in' });
    fine = await approvedApplicant(app, { pan: panWithDigits('5959'), reviewer, email: 'asha.kyc@example.in' });
    await completed(held);
    await completed(fine);
    token = await calls.signIn(held.mobile);
  }, 240_000);
  afterAll(() => app.close());

  it('tells a client whose KYC is in order that nothing is needed', async () => {
    const other = await calls.signIn(fine.mobile);
    const kyc = await calls.clientCall<Kyc>('GET', 'kyc', { token: other });
    // the sandbox KRA holds no record of this PAN (status 005, not available): nothing to do
    expect(kyc.body.data).toEqual(expect.objectContaining({ kra_status_code: null, action: 'none' }));
    const started = await calls.clientCall<{ reason: string }>('POST', 'requests/rekyc', { token: other });
    expect(started.body).toEqual(
      expect.objectContaining({
        status: false,
        message: 'Your KYC needs no update now.',
        data: { reason: 'not_needed' },
      }),
    );
  });

  it('shows the KRA hold, fetches DigiLocker, signs, four eyes, and sends the KRA its modification', async () => {
    const before = await calls.clientCall<Kyc>('GET', 'kyc', { token });
    expect(before.body.data).toEqual(
      expect.objectContaining({ kra_status_code: '003', kra_status: 'On hold', action: 'rekyc', request: null }),
    );
    const started = await calls.clientCall<{ request: RequestView; url: string }>('POST', 'requests/rekyc', { token });
    expect(started.statusCode).toBe(200);
    const request = started.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'rekyc', status: 'draft' }));
    // nothing to sign before DigiLocker's details arrive
    expect((await calls.clientCall('POST', `requests/${request.id}/esign`, { token })).statusCode).toBe(409);

    // DigiLocker's consent page, allowed, returns code and state
    const authorize = new URL(started.body.data.url, 'http://local.invalid');
    const params = Object.fromEntries(authorize.searchParams);
    const page = await postForm(app, authorize.pathname, params);
    const consent = formOf(page.body);
    const back = await postForm(app, consent.action, { ...params, ...consent.fields, decision: 'allow' });
    expect(back.statusCode).toBe(302);
    const returned = new URL(back.headers.location!, 'http://local.invalid').searchParams;
    const details = await calls.clientCall<{ request: RequestView }>('POST', `requests/${request.id}/digilocker`, {
      token,
      body: { code: returned.get('code') ?? '', state: returned.get('state') ?? '' },
    });
    expect(details.body.message).toBe('Details received from DigiLocker: sign the request to send it');
    // the state is used once
    const replayed = await calls.clientCall<{ reason: string }>('POST', `requests/${request.id}/digilocker`, {
      token,
      body: { code: returned.get('code') ?? '', state: returned.get('state') ?? '' },
    });
    expect(replayed.body.data).toEqual({ reason: 'digilocker_failed' });

    const signed = await calls.esign(token, held.mobile, request.id);
    expect(signed.body).toContain('Request signed');
    expect((await calls.clientCall<Kyc>('GET', 'kyc', { token })).body.data.action).toBe('in_progress');
    const queued = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(queued.body.data.request.summary[0]).toBe('Re-KYC asked by the KRA: On hold (003, KRA)');
    expect(queued.body.data.request.summary[1]).toMatch(
      /^Details fetched from DigiLocker on \d\d\/\d\d\/\d{4}: address in /,
    );
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
      sql`select registry, status, evidence_enc from service_request_modifications where request_id = ${request.id}`,
    );
    expect(records.map((r) => [r.registry, r.status])).toEqual([['kra', 'accepted']]);
    // the upload as submitted, with the status check that found it accepted beside it
    const sent = app.deps.cipher.decryptJson<{ request: string }>(records[0]!.evidence_enc).request;
    // a modification of the KRA's record, in DigiLocker's KYC mode, with the e-Aadhaar's PIN code
    expect(sent).toContain('<APP_UPDTFLG>02</APP_UPDTFLG>');
    const locker = await app.deps.records.getSection(held.id, 'digilocker_obj');
    const aadhaar = (locker?.cdl_documents as { document_type: string; pincode: string }[]).find(
      (d) => d.document_type === 'AADHAARCARD',
    )!;
    expect(sent).toContain(aadhaar.pincode);
    expect((await calls.clientCall<Kyc>('GET', 'kyc', { token })).body.data.action).toBe('submitted');
  }, 180_000);
});
