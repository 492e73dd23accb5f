/**
 * The client area's change of address: typed with an uploaded proof, or fetched from DigiLocker (the
 * journey's port and sandbox), signed with Aadhaar eSign, accepted by a maker, confirmed by a
 * different checker and carried out as modification records at the KRA (APP_UPDTFLG 02), the
 * depository (CDSL BOMOD) and each exchange's UCC with the new address; My account then shows it.
 * Tests wait for the request's status, never sleep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { formOf } from './support/esign-flow.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

// the registrations run on the shared job queue: on a busy machine they take their time
const WAIT = { timeout: 120_000, interval: 100 };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('Client area: change of address', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;
  let proof: string;

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-address.maker@broker.example');
    checker = await reviewerToken(app, 'client-address.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('6161'), reviewer });
    const jpeg = await sharp({ create: { width: 400, height: 260, channels: 3, background: '#dde' } })
      .jpeg()
      .toBuffer();
    proof = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }, 180_000);
  afterAll(() => app.close());

  /** Accepts, confirms (four eyes) and waits until the registries have answered. */
  async function fourEyesToDone(id: string) {
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${id}/accept`)).statusCode).toBe(200);
    expect((await calls.staffCall(reviewer, 'POST', `service-requests/${id}/confirm`)).statusCode).toBe(403);
    expect((await calls.staffCall(checker, 'POST', `service-requests/${id}/confirm`)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await calls.clientCall<{ request: RequestView }>('GET', `requests/${id}`, { token })).body.data.request
            .status,
        WAIT,
      )
      .toBe('done');
  }

  /** What each registry was sent, by registry. */
  async function sentRecords(id: string): Promise<Record<string, string>> {
    const rows = await query<{ registry: string; evidence_enc: string }>(
      app.deps.database.db,
      sql`select registry, evidence_enc from service_request_modifications where request_id = ${id}`,
    );
    return Object.fromEntries(
      rows.map((r) => [r.registry, app.deps.cipher.decryptJson<{ request: string }>(r.evidence_enc).request]),
    );
  }

  it('signs the client in once the account is open', async () => {
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    token = await calls.signIn(client.mobile);
    expect(token).toMatch(/\S{20,}/);
  }, 180_000);

  it('refuses bad input with 400 naming the field', async () => {
    const body = {
      source: 'document',
      address: { line1: 'Flat 7, Lotus Court', city: 'Pune', state: 'Maharashtra', pincode: '41103' },
      proof_kind: 'passport',
      proof_number: 'K1234567',
      proof,
    };
    const pin = await calls.clientCall<{ field: string }>('POST', 'requests/address', { token, body });
    expect(pin.statusCode).toBe(400);
    expect(pin.body.data.field).toBe('address.pincode');
    const aadhaar = await calls.clientCall<{ field: string }>('POST', 'requests/address', {
      token,
      body: { ...body, address: { ...body.address, pincode: '411038' }, proof_kind: 'aadhaar' },
    });
    expect(aadhaar.statusCode).toBe(400);
    expect(aadhaar.body.data.field).toBe('proof_number');
    const notAFile = await calls.clientCall<{ field: string }>('POST', 'requests/address', {
      token,
      body: { ...body, address: { ...body.address, pincode: '411038' }, proof: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.body.data.field).toBe('proof');
    // a DigiLocker return that is not this client's live request
    const stranger = await calls.clientCall<{ reason: string }>('POST', 'requests/address', {
      token,
      body: { source: 'digilocker', code: 'abc', state: 'x'.repeat(40) },
    });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toEqual(expect.objectContaining({ status: false, data: { reason: 'digilocker' } }));
  });

  it('changes the address typed with a proof: e-signed, four-eyed, sent to the KRA, depository and exchanges', async () => {
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/address', {
      token,
      body: {
        source: 'document',
        address: {
          line1: 'Flat 7, Lotus Court',
          line2: 'Kothrud',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411038',
        },
        proof_kind: 'passport',
        proof_number: 'k1234567',
        proof,
      },
    });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'address', status: 'draft' }));
    const signed = await calls.esign(token, client.mobile, request.id);
    expect(signed.body).toContain('Request signed');
    // one address request at a time once signed
    expect((await calls.clientCall('POST', 'requests/address/digilocker', { token })).statusCode).toBe(409);

    const listed = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(listed.body.data.request.summary).toEqual([
      'New address: Flat 7, Lotus Court, Kothrud, Pune, Maharashtra, 411038',
      'Typed, proved by the uploaded passport (number ending 4567)',
    ]);
    await fourEyesToDone(request.id);

    const carried = await calls.staffCall<{ request: { modifications: { registry: string; status: string }[] } }>(
      checker,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(carried.body.data.request.modifications.map((m) => [m.registry, m.status]).sort()).toEqual([
      ['bo_cdsl', 'accepted'],
      ['kra', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    const sent = await sentRecords(request.id);
    // KRA: a modification (APP_UPDTFLG 02) with the new correspondence and permanent address and its proof's number
    expect(sent.kra).toContain('<APP_UPDTFLG>02</APP_UPDTFLG>');
    expect(sent.kra).toContain('<APP_COR_ADD1>Flat 7, Lotus Court</APP_COR_ADD1>');
    expect(sent.kra).toContain('<APP_PER_PINCD>411038</APP_PER_PINCD>');
    expect(sent.kra).toContain('<APP_COR_ADD_REF>K1234567</APP_COR_ADD_REF>');
    // CDSL client master modify (BOMOD) with the address rows
    expect(sent.bo_cdsl).toContain('BOMOD');
    expect(sent.bo_cdsl).toContain('Flat 7, Lotus Court');
    expect(sent.bo_cdsl).toContain('411038');
    expect(sent.bo_cdsl).not.toContain('400069');
    // the exchanges' UCC records with the new address
    expect(sent.ucc_nse).toMatch(/"ccdAddLine1":"Flat 7, Lotus Court"/);
    expect(sent.ucc_nse).toMatch(/"ccdPinCode":"411038"/);
    expect(sent.ucc_bse).toContain('411038');
    expect(sent.ucc_mcx).toContain('Flat 7, Lotus Court');

    const account = await calls.clientCall<{ address: string; requests: RequestView[] }>('GET', 'my-account', {
      token,
    });
    expect(account.body.data.address).toBe('Flat 7, Lotus Court, Kothrud, Pune, Maharashtra, 411038');
    expect(account.body.data.requests.find((r) => r.id === request.id)?.status).toBe('done');
  });

  it("fetches the address from DigiLocker, the e-Aadhaar's last four digits its proof", async () => {
    const started = await calls.clientCall<{ url: string }>('POST', 'requests/address/digilocker', { token });
    expect(started.statusCode).toBe(200);
    const authorize = new URL(started.body.data.url, 'http://local.invalid');
    const params = Object.fromEntries(authorize.searchParams);
    const page = await app.inject({
      method: 'POST',
      url: authorize.pathname,
      headers: FORM,
      payload: new URLSearchParams(params).toString(),
    });
    const consent = formOf(page.body);
    const back = await app.inject({
      method: 'POST',
      url: '/sandbox/digilocker/oauth2/1/consent',
      headers: FORM,
      payload: new URLSearchParams({ ...params, ...consent.fields, decision: 'allow' }).toString(),
    });
    expect(back.statusCode).toBe(302);
    const returned = new URL(back.headers.location!, 'http://local.invalid').searchParams;
    const body = { source: 'digilocker', code: returned.get('code'), state: returned.get('state') };
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/address', { token, body });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    // the state is single use: the same return again is refused
    const again = await calls.clientCall('POST', 'requests/address', { token, body });
    expect(again.body.status).toBe(false);

    await calls.esign(token, client.mobile, request.id);
    const listed = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    const [line, source] = listed.body.data.request.summary;
    expect(source).toMatch(/^From DigiLocker: e-Aadhaar ending \d{4}$/);
    const pincode = /(\d{6})$/.exec(line!)![1]!;
    await fourEyesToDone(request.id);
    const sent = await sentRecords(request.id);
    expect(sent.kra).toContain(`<APP_COR_PINCD>${pincode}</APP_COR_PINCD>`);
    expect(sent.kra).toContain(`<APP_COR_ADD_REF>${source!.slice(-4)}</APP_COR_ADD_REF>`);
    expect(sent.bo_cdsl).toContain(pincode);
    expect(sent.ucc_nse).toContain(`"ccdPinCode":"${pincode}"`);
    // the next registrations carry the record's new address
    expect(await app.deps.records.getSection(client.id, '_address')).toMatchObject({ source: 'digilocker' });
  });
});
