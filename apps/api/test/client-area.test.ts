/**
 * The client area: a client whose account is open signs in with a mobile OTP (a session
 * kind of its own), reads "My account", freezes and unfreezes online access, and changes the
 * nomination: signed with Aadhaar eSign, accepted by a maker, confirmed by a different checker, and
 * carried out as modification records at the depository and each exchange. Tests wait for the
 * request's status, never sleep.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf, postForm } from './support/esign-flow.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { bearer, latestOtp, reviewerToken, testApp } from './support/test-app.ts';

// the registrations run on the shared job queue: on a busy machine they take their time
const WAIT = { timeout: 120_000, interval: 100 };

type Envelope<T = Record<string, unknown>> = { status: boolean; message: string; data: T };
type RequestView = { id: string; number: string; kind: string; status: string; reason_code: string | null };
type Message = { channel: string; to: string; text: string; otp: string | null };

describe('Client area', () => {
  let app: FastifyInstance;
  let reviewer: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;

  const clientCall = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: object; language?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/client/${path}`,
      headers: {
        ...(options.token ? bearer(options.token) : {}),
        ...(options.language && { 'accept-language': options.language }),
        // as the web app sends it with every POST: the key belongs to the client's session
        ...(method === 'POST' && { 'idempotency-key': randomUUID().replace(/-/g, '') }),
      },
      ...(options.body && { payload: options.body }),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const staffCall = async <T = Record<string, unknown>>(
    staff: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/backoffice/${path}`,
      headers: bearer(staff),
      ...(body && { payload: body }),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const outbox = async (to: string) =>
    (await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${encodeURIComponent(to)}` })).json() as Message[];
  const signIn = async (mobile: string) => {
    await clientCall('POST', 'send-otp', { body: { mobile } });
    return clientCall<{ token?: string; reason?: string }>('POST', 'verify-otp', {
      body: { mobile, otp: await latestOtp(app, mobile) },
    });
  };

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    reviewer = await reviewerToken(app, 'client-area.maker@broker.example');
    checker = await reviewerToken(app, 'client-area.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('5151'), reviewer, email: 'asha.client@example.in' });
  }, 180_000);
  afterAll(() => app.close());

  it('signs the client in with a mobile OTP once the account is open', async () => {
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    const signed = await signIn(client.mobile);
    expect(signed.body.status).toBe(true);
    token = signed.body.data.token!;
    expect(token).toMatch(/\S{20,}/);
  }, 180_000);

  it('signs in only the mobile of an open account, and keeps client and applicant sessions apart', async () => {
    // an applicant still in the journey is no client
    const stranger = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: '9000011122', stage: 140, sections: {} },
    });
    expect(stranger.statusCode).toBe(200);
    const refused = await signIn('9000011122');
    expect(refused.body.status).toBe(false);
    expect(refused.body.data.reason).toBe('no_account');

    // a client token opens no journey call, an applicant token no client call
    const journey = await app.inject({
      method: 'GET',
      url: '/api/v1/ekyc/get-application-status',
      headers: bearer(token),
    });
    expect(journey.statusCode).toBe(401);
    expect((await clientCall('GET', 'my-account', { token: client.token })).statusCode).toBe(401);
    expect((await clientCall('GET', 'my-account')).statusCode).toBe(401);
  });

  it('shows My account: client code, BO id, segments, bank, contacts masked and the rule of the day', async () => {
    const status = await client.status();
    const { statusCode, body } = await clientCall<{
      client_code: string;
      bo_id: string;
      mobile: string;
      segments: { code: string; state: string }[];
      bank_accounts: { account_last4: string; ifsc: string }[];
      online_access: { frozen: boolean };
      nomination_rule: { max: number; mandatory: string[] };
      documents: { kind: string }[];
    }>('GET', 'my-account', { token });
    expect(statusCode).toBe(200);
    expect(body.data.client_code).toBe(status.client_code);
    expect(body.data.bo_id).toBe(status.bo_id);
    // every segment the broker offers, with its state
    expect(body.data.segments.map((s) => [s.code, s.state])).toEqual([
      ['equity_1', 'active'],
      ['equity_derivatives_1', 'inactive'],
      ['currency_derivatives_1', 'inactive'],
      ['commodity_derivatives_1', 'active'],
      ['mutual_funds_1', 'inactive'],
    ]);
    expect(body.data.bank_accounts).toEqual([expect.objectContaining({ account_last4: '5678', ifsc: 'HDFC0000001' })]);
    expect(body.data.mobile).toBe(`******${client.mobile.slice(-4)}`);
    expect(JSON.stringify(body.data)).not.toContain('50100012345678');
    expect(body.data.online_access.frozen).toBe(false);
    // the 2026 nomination norms are in force (from 1 Sep 2026)
    expect(body.data.nomination_rule).toEqual(expect.objectContaining({ max: 3, mandatory: ['name', 'relationship'] }));
  });

  it('freezes online access at once (pending orders cancelled, SMS and e-mail) and unfreezes after an OTP', async () => {
    const code = (await client.status()).client_code!;
    const frozen = await clientCall<{ request: RequestView }>('POST', 'requests/freeze', {
      token,
      body: { reason: 'Phone lost' },
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.body.data.request).toEqual(expect.objectContaining({ kind: 'freeze', status: 'done' }));
    const platform = (await app.inject({ method: 'GET', url: `/sandbox/trading-platform/clients/${code}` })).json();
    expect(platform).toEqual({ client_code: code, online_access: 'frozen', pending_orders: 0, cancelled_orders: 2 });
    const told = await outbox(client.mobile);
    expect(told[0]!.text).toContain(
      'Online access to your trading account is frozen. 2 pending order(s) were cancelled.',
    );
    expect((await outbox('asha.client@example.in'))[0]!.text).toContain(frozen.body.data.request.number);
    expect(
      (await clientCall<{ online_access: { frozen: boolean } }>('GET', 'my-account', { token })).body.data.online_access
        .frozen,
    ).toBe(true);
    // a second freeze is refused, not repeated
    expect((await clientCall('POST', 'requests/freeze', { token, body: {} })).statusCode).toBe(409);

    // the unfreeze re-verifies the client: a wrong code changes nothing
    expect((await clientCall('POST', 'requests/unfreeze/otp', { token })).statusCode).toBe(200);
    const otp = await latestOtp(app, client.mobile);
    const wrong = await clientCall('POST', 'requests/unfreeze', {
      token,
      body: { otp: otp === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.status).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: `/sandbox/trading-platform/clients/${code}` })).json().online_access,
    ).toBe('frozen');
    const unfrozen = await clientCall<{ request: RequestView }>('POST', 'requests/unfreeze', { token, body: { otp } });
    expect(unfrozen.body.data.request).toEqual(expect.objectContaining({ kind: 'unfreeze', status: 'done' }));
    expect(
      (await app.inject({ method: 'GET', url: `/sandbox/trading-platform/clients/${code}` })).json().online_access,
    ).toBe('active');

    const trail = await staffCall<{ entries: { action: string }[] }>(
      reviewer,
      'GET',
      `applications/${client.id}/audit`,
    );
    const actions = JSON.stringify(trail.body);
    expect(actions).toContain('client.access_frozen');
    expect(actions).toContain('client.access_unfrozen');
  });

  it('refuses a nomination the rules of the day do not allow, naming the field', async () => {
    const four = Array.from({ length: 4 }, (_, i) => ({
      first_name: `Nominee ${'ABCD'[i]}`,
      nominee_relation: 'Brother',
    }));
    const res = await clientCall<{ field: string }>('POST', 'requests/nomination', {
      token,
      body: { opt_out: false, nominees: four },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.data.field).toBe('nominees');
    const noRelation = await clientCall<{ field: string }>('POST', 'requests/nomination', {
      token,
      body: { opt_out: false, nominees: [{ first_name: 'Meera Verma' }] },
    });
    expect(noRelation.statusCode).toBe(400);
    expect(noRelation.body.data.field).toContain('nominee_relation');
  });

  it('changes the nomination: e-signed, four-eyed, sent as modification records, and told in Hindi', async () => {
    const drafted = await clientCall<{ request: RequestView }>('POST', 'requests/nomination', {
      token,
      language: 'hi',
      body: {
        opt_out: false,
        nominees: [
          { first_name: 'Meera Verma', nominee_relation: 'Spouse' },
          { first_name: 'Kabir Verma', nominee_relation: 'Son' },
        ],
      },
    });
    expect(drafted.statusCode).toBe(200);
    const request = drafted.body.data.request;
    expect(request.status).toBe('draft');

    // Aadhaar eSign through the sandbox ESP, as the popup does it
    const esign = await clientCall<{ api_response: string }>('POST', `requests/${request.id}/esign`, { token });
    expect(esign.statusCode).toBe(200);
    const asp = formOf(esign.body.data.api_response);
    const otpPage = await postForm(app, asp.action, asp.fields);
    expect(otpPage.statusCode).toBe(200);
    const espTxn = formOf(otpPage.body).fields.espTxn!;
    const signedPage = await postForm(app, '/sandbox/esign/esp/otp', {
      espTxn,
      otp: await latestOtp(app, client.mobile),
      action: 'sign',
    });
    const response = formOf(signedPage.body, 'esp-response');
    expect(response.action).toBe('/api/v1/client/esign-response');
    const done = await postForm(app, response.action, response.fields);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Request signed');

    const mine = await clientCall<{ request: RequestView & { signed_document: string | null } }>(
      'GET',
      `requests/${request.id}`,
      { token },
    );
    expect(mine.body.data.request.status).toBe('in_review');
    const pdf = await app.inject({ method: 'GET', url: mine.body.data.request.signed_document! });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.toString('latin1')).toContain('/ByteRange');

    // the Requests queue: the maker accepts, the same person cannot confirm, nor can a reviewer
    const queue = await staffCall<{ requests: { id: string; summary: string[] }[] }>(
      reviewer,
      'GET',
      'service-requests',
    );
    const listed = queue.body.data.requests.find((r) => r.id === request.id)!;
    expect(listed.summary).toEqual(['Nominee 1: Meera Verma, Spouse, 50%', 'Nominee 2: Kabir Verma, Son, 50%']);
    expect((await staffCall(reviewer, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(409);
    expect((await staffCall(reviewer, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await staffCall(reviewer, 'POST', `service-requests/${request.id}/confirm`)).statusCode).toBe(403);
    const confirmed = await staffCall<{ request: { status: string } }>(
      checker,
      'POST',
      `service-requests/${request.id}/confirm`,
    );
    expect(confirmed.statusCode).toBe(200);

    await expect
      .poll(
        async () =>
          (await clientCall<{ request: RequestView }>('GET', `requests/${request.id}`, { token })).body.data.request
            .status,
        WAIT,
      )
      .toBe('done');
    const carried = await staffCall<{
      request: {
        modifications: { registry: string; status: string; reference: string | null }[];
        accepted_by: string;
        confirmed_by: string;
      };
    }>(checker, 'GET', `service-requests/${request.id}`);
    const mods = carried.body.data.request.modifications;
    expect(mods.map((m) => [m.registry, m.status])).toEqual([
      ['bo_cdsl', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    expect(carried.body.data.request.accepted_by).not.toBe(carried.body.data.request.confirmed_by);

    // the depository received a modification (BOMOD) carrying the new nominees
    const { sandboxRequestsRepository } = await import('../src/sandbox/registrations/requests.repository.ts');
    const bo = await sandboxRequestsRepository.find(
      app.deps.database.db,
      'cdsl',
      `${(await client.status()).client_code}-${request.number}-BO_CDSL`,
    );
    expect(bo?.outcome).toBe('accepted');

    const account = await clientCall<{ nominees: { name: string; relation: string; share: string }[] }>(
      'GET',
      'my-account',
      { token },
    );
    expect(account.body.data.nominees).toEqual([
      { name: 'Meera Verma', relation: 'Spouse', share: '50', minor: false },
      { name: 'Kabir Verma', relation: 'Son', share: '50', minor: false },
    ]);
    // each decision told by SMS in the client's language (the request was made in Hindi)
    const sms = (await outbox(client.mobile)).map((m) => m.text);
    expect(sms[0]).toBe(`आपका अनुरोध ${request.number} (नामांकन) अब: पूरा हुआ.`);
    expect(sms).toContain(`आपका अनुरोध ${request.number} (नामांकन) अब: समीक्षा में.`);
  });
});
