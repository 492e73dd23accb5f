/**
 * DDPI later from the client area: a client whose account opened without a DDPI asks for one; the
 * request's form is the DDPI document itself (its purposes), signed on its own with Aadhaar eSign,
 * accepted by a maker, confirmed by a different checker, and carried to the depository alone as a
 * modification of the client master carrying the DDPI link (the exchanges' UCC records do not
 * carry a DDPI); My account then shows the DDPI given and its signed document. Tests wait for the
 * request's status, never sleep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };

describe('Client area: DDPI later', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let maker: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    maker = await reviewerToken(app, 'client-ddpi.maker@broker.example');
    checker = await reviewerToken(app, 'client-ddpi.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('6464'), reviewer: maker });
  }, 180_000);
  afterAll(() => app.close());

  it('signs the client in once the account is open', async () => {
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    token = await calls.signIn(client.mobile);
    expect(token).toMatch(/\S{20,}/);
  }, 180_000);

  it('is signed on its own, four-eyed, and sent to the depository alone with the DDPI link', async () => {
    const before = await calls.clientCall<{ ddpi: { given: boolean } }>('GET', 'my-account', { token });
    expect(before.body.data.ddpi.given).toBe(false);

    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/ddpi', { token });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'ddpi', status: 'draft' }));

    const signed = await calls.esign(token, client.mobile, request.id);
    expect(signed.statusCode).toBe(200);
    // one DDPI request at a time once signed
    expect((await calls.clientCall('POST', 'requests/ddpi', { token })).statusCode).toBe(409);

    const queue = await calls.staffCall<{ requests: { id: string; summary: string[] }[] }>(
      maker,
      'GET',
      'service-requests',
    );
    const listed = queue.body.data.requests.find((r) => r.id === request.id)!;
    expect(listed.summary[0]).toMatch(/^DDPI given after opening, signed on its own document/);
    expect(listed.summary).toHaveLength(5);
    expect((await calls.staffCall(maker, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    // four eyes: the maker cannot confirm their own acceptance
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
    const carried = await calls.staffCall<{ request: { modifications: { registry: string; status: string }[] } }>(
      checker,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(carried.body.data.request.modifications.map((m) => [m.registry, m.status])).toEqual([
      ['bo_cdsl', 'accepted'],
    ]);
    const [sent] = await query<{ evidence_enc: string }>(
      app.deps.database.db,
      sql`select evidence_enc from service_request_modifications where request_id = ${request.id}`,
    );
    const record = app.deps.cipher.decryptJson<{ request: string }>(sent!.evidence_enc).request;
    expect(record).toContain('BOMOD');
    expect(record).toContain('POALB');
    expect(record).toContain('DDPI');

    const account = await calls.clientCall<{ ddpi: { given: boolean }; documents: { kind: string }[] }>(
      'GET',
      'my-account',
      { token },
    );
    expect(account.body.data.ddpi.given).toBe(true);
    expect(account.body.data.documents.map((d) => d.kind)).toContain('signed_ddpi');
    const ddpi = await app.deps.records.getSection(client.id, '_ddpi');
    expect(ddpi).toEqual(expect.objectContaining({ source: 'service_request', reference: request.number }));
    // given once: another DDPI request is refused
    expect((await calls.clientCall('POST', 'requests/ddpi', { token })).statusCode).toBe(409);
  }, 240_000);
});
