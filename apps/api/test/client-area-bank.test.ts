/**
 * The client area's bank request: a primary account and up to four more, each verified by penny
 * drop before the draft, signed with Aadhaar eSign, accepted by a maker, confirmed by a different
 * checker and carried out as modification records at the depository (CDSL BOMOD) and each
 * exchange's UCC with the new primary account; My account then shows the accounts. Tests wait for
 * the request's status, never sleep.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { bearer, reviewerToken, testApp } from './support/test-app.ts';

// the registrations run on the shared job queue: on a busy machine they take their time
const WAIT = { timeout: 120_000, interval: 100 };

describe('Client area: bank accounts', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-bank.maker@broker.example');
    checker = await reviewerToken(app, 'client-bank.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('5353'), reviewer, email: 'ravi.bank@example.in' });
  }, 180_000);
  afterAll(() => app.close());

  it('signs the client in once the account is open', async () => {
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    token = await calls.signIn(client.mobile);
    expect(token).toMatch(/\S{20,}/);
  }, 180_000);

  it('refuses a malformed list naming the field, and an account the bank does not verify', async () => {
    const two = await calls.clientCall<{ field: string }>('POST', 'requests/bank', {
      token,
      body: {
        accounts: [
          { ifsc: 'SBIN0000001', account_number: '000401234567', account_type: 'Saving', primary: true },
          { ifsc: 'ICIC0000001', account_number: '912010012345', account_type: 'Saving', primary: true },
        ],
      },
    });
    expect(two.statusCode).toBe(400);
    expect(two.body.data.field).toBe('accounts');
    const six = Array.from({ length: 6 }, (_, i) => ({
      ifsc: 'SBIN0000001',
      account_number: `00040123456${i}`,
      account_type: 'Saving',
    }));
    expect((await calls.clientCall('POST', 'requests/bank', { token, body: { accounts: six } })).statusCode).toBe(400);
    const unknownBranch = await calls.clientCall<{ field: string }>('POST', 'requests/bank', {
      token,
      body: { accounts: [{ ifsc: 'ZZZZ0999999', account_number: '000401234567', account_type: 'Saving' }] },
    });
    expect(unknownBranch.statusCode).toBe(400);
    expect(unknownBranch.body.data.field).toBe('accounts.0.ifsc');
    // the sandbox penny drop fails an account ending 000
    const failed = await calls.clientCall<{ reason: string; account: number }>('POST', 'requests/bank', {
      token,
      body: {
        accounts: [
          { ifsc: 'SBIN0000001', account_number: '000401234567', account_type: 'Saving', primary: true },
          { ifsc: 'ICIC0000001', account_number: '912010012000', account_type: 'Current' },
        ],
      },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body.status).toBe(false);
    expect(failed.body.data).toEqual({ reason: 'not_verified', account: 1 });
  });

  it('changes the bank: verified, e-signed, four-eyed, sent to the depository and the exchanges, shown', async () => {
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/bank', {
      token,
      body: {
        accounts: [
          { ifsc: 'ICIC0000001', account_number: '912010012345', account_type: 'Current' },
          { ifsc: 'SBIN0000001', account_number: '000401234567', account_type: 'Saving', primary: true },
        ],
      },
    });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'bank', status: 'draft' }));
    // one bank request at a time once signed; the draft is signed
    const done = await calls.esign(token, client.mobile, request.id);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Request signed');
    expect(
      (
        await calls.clientCall('POST', 'requests/bank', {
          token,
          body: { accounts: [{ ifsc: 'SBIN0000001', account_number: '000401234568', account_type: 'Saving' }] },
        })
      ).statusCode,
    ).toBe(409);

    const queue = await calls.staffCall<{ requests: { id: string; summary: string[] }[] }>(
      reviewer,
      'GET',
      'service-requests',
    );
    const listed = queue.body.data.requests.find((r) => r.id === request.id)!;
    expect(listed.summary).toEqual([
      expect.stringMatching(/^Primary account: .*, SBIN0000001, ending 4567 \(Saving\), penny drop \w+ name match$/),
      expect.stringMatching(/^Additional account: .*, ICIC0000001, ending 2345 \(Current\)/),
    ]);
    expect(JSON.stringify(queue.body)).not.toContain('912010012345');
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
    // each registry's modification record carries the new primary account, not the old one
    const evidence = await query<{ registry: string; evidence_enc: string }>(
      app.deps.database.db,
      sql`select registry, evidence_enc from service_request_modifications where request_id = ${request.id}`,
    );
    for (const row of evidence) {
      const sent = app.deps.cipher.decryptJson<{ request: string }>(row.evidence_enc).request;
      expect(sent, row.registry).toContain('000401234567');
      expect(sent, row.registry).not.toContain('50100012345678');
    }
    const cdsl = evidence.find((r) => r.registry === 'bo_cdsl')!;
    expect(app.deps.cipher.decryptJson<{ request: string }>(cdsl.evidence_enc).request).toContain('BOMOD');

    const account = await calls.clientCall<{
      bank_accounts: { ifsc: string; account_last4: string; primary: boolean }[];
    }>('GET', 'my-account', { token });
    expect(account.body.data.bank_accounts).toEqual([
      expect.objectContaining({ ifsc: 'SBIN0000001', account_last4: '4567', primary: true }),
      expect.objectContaining({ ifsc: 'ICIC0000001', account_last4: '2345', primary: false }),
    ]);
    // the record's bank is the new primary: the next registrations carry it
    expect((await app.deps.records.getSection(client.id, 'bank_obj'))?.account_number).toBe('000401234567');
    const trail = JSON.stringify((await calls.staffCall(reviewer, 'GET', `applications/${client.id}/audit`)).body);
    expect(trail).toContain('service_request.registry_answer');
    expect(trail).not.toContain('912010012345');

    // the evidence bundle keeps the request: what it asked, its signature, the decisions, the registries' answers
    const compliance = await reviewerToken(app, 'client-bank.compliance@broker.example', 'compliance');
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/backoffice/applications/${client.id}/evidence-bundle`,
      headers: bearer(compliance),
    });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const kept = JSON.parse(strFromU8(files['service-requests.json']!)) as {
      requests: {
        number: string;
        kind: string;
        status: string;
        asked: { accounts: { accountNumber: string; primary: boolean }[] };
        esign: { status: string } | null;
        forms: { prepared: string | null; signed: string | null };
        decisions: { accepted_by: string | null; confirmed_by: string | null };
        registries: { registry: string; status: string; exchanged: { request: string } | null }[];
      }[];
    };
    const bank = kept.requests.find((r) => r.number === request.number)!;
    expect(bank).toEqual(expect.objectContaining({ kind: 'bank', status: 'done' }));
    expect(bank.asked.accounts.map((a) => [a.accountNumber, a.primary])).toEqual([
      ['000401234567', true],
      ['912010012345', false],
    ]);
    expect(bank.esign?.status).toBe('signed');
    expect(strFromU8(files[bank.forms.signed!]!, true)).toContain('/ByteRange');
    expect(files[bank.forms.prepared!]).toBeDefined();
    expect(bank.decisions.accepted_by).not.toBe(bank.decisions.confirmed_by);
    expect(bank.registries.map((m) => [m.registry, m.status])).toEqual([
      ['bo_cdsl', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    expect(bank.registries[0]!.exchanged?.request).toContain('BOMOD');
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { files: { name: string }[] };
    expect(manifest.files.map((f) => f.name)).toEqual(
      expect.arrayContaining(['service-requests.json', bank.forms.signed!]),
    );
  });
});
