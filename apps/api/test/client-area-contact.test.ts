/**
 * The client area's change of e-mail and mobile: an OTP to the contact on record and another to the
 * new one, one contact per client (a mobile another client signs in with is refused; an e-mail
 * another client gives needs the family declaration), signed with Aadhaar eSign, four-eyed and
 * carried out at the KRA, the depository and each exchange's UCC; after a mobile change the client
 * area signs in with the new mobile only. Tests wait for the request's status, never sleep.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STAGE } from '@ekyc/contracts/stages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits, signedSections } from './support/registrations.ts';
import { latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

// the registrations run on the shared job queue: on a busy machine they take their time
const WAIT = { timeout: 120_000, interval: 100 };
const uniqueEmail = (who: string) => `${who}.${randomUUID().slice(0, 8)}@example.in`;

describe('Client area: change of e-mail and mobile', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let reviewer: string;
  let checker: string;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;
  const email = uniqueEmail('meera');
  // another client of the broker, who gives the family's e-mail and has a mobile of their own
  const other = { mobile: uniqueMobile(), email: uniqueEmail('family') };

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    reviewer = await reviewerToken(app, 'client-contact.maker@broker.example');
    checker = await reviewerToken(app, 'client-contact.checker@broker.example', 'checker');
    client = await approvedApplicant(app, { pan: panWithDigits('7272'), reviewer, email });
    const fixture = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { ...other, stage: STAGE.STATUS, sections: signedSections(panWithDigits('7373')) },
    });
    expect(fixture.statusCode).toBe(200);
  }, 180_000);
  afterAll(() => app.close());

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

  async function sentRecords(id: string): Promise<Record<string, string>> {
    const rows = await query<{ registry: string; status: string; evidence_enc: string }>(
      app.deps.database.db,
      sql`select registry, status, evidence_enc from service_request_modifications where request_id = ${id}`,
    );
    expect(rows.map((r) => [r.registry, r.status]).sort()).toEqual([
      ['bo_cdsl', 'accepted'],
      ['kra', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    return Object.fromEntries(
      rows.map((r) => [r.registry, app.deps.cipher.decryptJson<{ request: string }>(r.evidence_enc).request]),
    );
  }

  it('signs the client in once the account is open', async () => {
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    token = await calls.signIn(client.mobile);
    expect(token).toMatch(/\S{20,}/);
  }, 180_000);

  it('refuses bad input with 400, the contact on record, and another client’s mobile', async () => {
    const badEmail = await calls.clientCall<{ field: string }>('POST', 'requests/contact/otp', {
      token,
      body: { field: 'email', value: 'not-an-email' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body.data.field).toBe('value');
    expect(
      (await calls.clientCall('POST', 'requests/contact/otp', { token, body: { field: 'fax', value: '1' } }))
        .statusCode,
    ).toBe(400);
    const noOtps = await calls.clientCall<{ field: string }>('POST', 'requests/contact', {
      token,
      body: { field: 'email', value: uniqueEmail('x'), otp_old: '12345' },
    });
    expect(noOtps.statusCode).toBe(400);
    const same = await calls.clientCall('POST', 'requests/contact/otp', {
      token,
      body: { field: 'email', value: email.toUpperCase() },
    });
    expect(same.body).toEqual(expect.objectContaining({ status: false, data: { reason: 'same' } }));
    // one mobile per client: another client's sign-in mobile is refused, before any OTP is sent
    const taken = await calls.clientCall('POST', 'requests/contact/otp', {
      token,
      body: { field: 'mobile', value: other.mobile },
    });
    expect(taken.body).toEqual(
      expect.objectContaining({ status: false, code: 'contactInUse', data: { reason: 'in_use' } }),
    );
  });

  it('sends one OTP to the e-mail on record and another to the new one; both must be right', async () => {
    const fresh = uniqueEmail('meera.new');
    const sent = await calls.clientCall<{ family_declaration_required: boolean }>('POST', 'requests/contact/otp', {
      token,
      body: { field: 'email', value: fresh },
    });
    expect(sent.body.status).toBe(true);
    expect(sent.body.data.family_declaration_required).toBe(false);
    const oldCode = await latestOtp(app, email);
    const newCode = await latestOtp(app, fresh);
    // the new e-mail's code given for the old one: refused, naming which
    const crossed = await calls.clientCall('POST', 'requests/contact', {
      token,
      body: { field: 'email', value: fresh, otp_old: newCode === oldCode ? '000000' : newCode, otp_new: newCode },
    });
    expect(crossed.body).toEqual(expect.objectContaining({ status: false, data: { reason: 'otp_old' } }));
    const wrongNew = await calls.clientCall('POST', 'requests/contact', {
      token,
      body: { field: 'email', value: fresh, otp_old: oldCode, otp_new: newCode === '111111' ? '222222' : '111111' },
    });
    expect(wrongNew.body).toEqual(expect.objectContaining({ status: false, data: { reason: 'otp_new' } }));
  });

  it('changes the e-mail to the family’s with the declaration, sent to the KRA, depository and exchanges', async () => {
    const sent = await calls.clientCall<{ family_declaration_required: boolean }>('POST', 'requests/contact/otp', {
      token,
      body: { field: 'email', value: other.email },
    });
    expect(sent.body.data.family_declaration_required).toBe(true);
    const codes = { otp_old: await latestOtp(app, email), otp_new: await latestOtp(app, other.email) };
    const undeclared = await calls.clientCall('POST', 'requests/contact', {
      token,
      body: { field: 'email', value: other.email, ...codes },
    });
    expect(undeclared.body).toEqual(
      expect.objectContaining({ status: false, data: { reason: 'family_declaration_required' } }),
    );
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/contact', {
      token,
      body: {
        field: 'email',
        value: other.email,
        ...codes,
        family_relation: 'spouse',
        family_holder_name: 'Arjun Verma',
      },
    });
    expect(drafted.body.status).toBe(true);
    const request = drafted.body.data.request;
    expect(request).toEqual(expect.objectContaining({ kind: 'contact', status: 'draft' }));
    expect((await calls.esign(token, client.mobile, request.id)).body).toContain('Request signed');
    const listed = await calls.staffCall<{ request: { summary: string[] } }>(
      reviewer,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(listed.body.data.request.summary).toEqual([
      `New e-mail: ${other.email} (OTP to the old and the new confirmed)`,
      "Family declaration: also the e-mail of the client's spouse, Arjun Verma",
    ]);
    await fourEyesToDone(request.id);
    const records = await sentRecords(request.id);
    expect(records.kra).toContain(`<APP_EMAIL>${other.email}</APP_EMAIL>`);
    expect(records.kra).toContain('<APP_UPDTFLG>02</APP_UPDTFLG>');
    expect(records.bo_cdsl).toContain('BOMOD');
    expect(records.bo_cdsl).toContain(other.email);
    expect(records.bo_cdsl).toContain('SPOUSE');
    expect(records.ucc_nse).toContain(`"ccdEmail":"${other.email}"`);
    expect(records.ucc_bse).toContain(other.email);
    expect(records.ucc_mcx).toContain(other.email);
    expect((await app.deps.records.get(client.id)).email).toBe(other.email);
  });

  it('changes the mobile: OTP to the old and the new, and the client area signs in with the new one', async () => {
    const fresh = uniqueMobile();
    const sent = await calls.clientCall('POST', 'requests/contact/otp', {
      token,
      body: { field: 'mobile', value: fresh },
    });
    expect(sent.body.status).toBe(true);
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/contact', {
      token,
      body: {
        field: 'mobile',
        value: fresh,
        otp_old: await latestOtp(app, client.mobile),
        otp_new: await latestOtp(app, fresh),
      },
    });
    expect(drafted.body.status).toBe(true);
    const request = drafted.body.data.request;
    await calls.esign(token, client.mobile, request.id);
    // one contact request at a time once signed
    expect(
      (
        await calls.clientCall('POST', 'requests/contact/otp', {
          token,
          body: { field: 'mobile', value: uniqueMobile() },
        })
      ).statusCode,
    ).toBe(409);
    await fourEyesToDone(request.id);
    const records = await sentRecords(request.id);
    expect(records.kra).toContain(`<APP_MOB_NO>${fresh}</APP_MOB_NO>`);
    expect(records.bo_cdsl).toContain(fresh);
    expect(records.bo_cdsl).not.toContain(client.mobile);
    expect(records.ucc_nse).toContain(`"ccdMobile":"${fresh}"`);
    expect(records.ucc_bse).toContain(fresh);
    expect(records.ucc_mcx).toContain(fresh);

    // the old mobile no longer opens the client area (no account has it: no sign-in OTP is sent to it); the new one does
    expect(await app.deps.records.findByMobile(client.mobile)).toBeNull();
    expect((await app.deps.records.findByMobile(fresh))?.id).toBe(client.id);
    const signedIn = await calls.signIn(fresh);
    const account = await calls.clientCall<{ mobile: string }>('GET', 'my-account', { token: signedIn });
    expect(account.body.data.mobile).toBe(`******${fresh.slice(-4)}`);
  });
});
