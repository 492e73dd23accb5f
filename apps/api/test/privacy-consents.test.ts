/**
 * Consent under the DPDP Act (issue: regulation, consent records): a record per purpose with the
 * notice version and language from sign-up; withdrawal and consent again from the app; erasure on
 * request, at once before the application is signed, and under a legal hold after (retention.ts:
 * from the account's closure; privacy-retention.test.ts follows it to the erasure). The consent
 * records outlive the erasure.
 */
import { PRIVACY_NOTICE_VERSION, type ConsentsData } from '@ekyc/contracts/calls/consents';
import { STAGE } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedSections, panWithDigits } from './support/registrations.ts';
import { call, latestOtp, signUp, testApp, uniqueMobile } from './support/test-app.ts';

const purpose = (data: ConsentsData, p: string) => data.purposes.find((x) => x.purpose === p)!;

describe('Consents and erasure', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  }, 120_000);
  afterAll(() => app.close());

  const consents = async (token: string) => (await call<ConsentsData>(app, 'GET', 'get-consents', { token })).body.data;

  it('records the KYC and WhatsApp consents of sign-up with the notice version and the language', async () => {
    const mobile = uniqueMobile();
    await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: true } });
    const otp = await latestOtp(app, mobile);
    const { body } = await call<{ token: string }>(app, 'POST', 'verify-otp', {
      body: { mobile, otp, whatspp_opt: true },
    });
    const data = await consents(body.data.token);
    expect(data.notice_version).toBe(PRIVACY_NOTICE_VERSION);
    expect(purpose(data, 'kyc')).toMatchObject({
      granted: true,
      notice_version: PRIVACY_NOTICE_VERSION,
      language: 'en',
    });
    expect(purpose(data, 'communication')).toMatchObject({ granted: true });
    expect(purpose(data, 'marketing')).toEqual({
      purpose: 'marketing',
      granted: false,
      recorded_at: null,
      notice_version: null,
      language: null,
    });
    expect(data.erasure).toBeNull();
  });

  it('withdraws and gives consent from the app; WhatsApp updates follow the communication consent', async () => {
    const { token } = await signUp(app);
    const give = await call<ConsentsData>(app, 'POST', 'update-consent', {
      token,
      body: { purpose: 'marketing', granted: true },
    });
    expect(give.body.message).toBe('Consent given');
    expect(purpose(give.body.data, 'marketing').granted).toBe(true);
    const withdraw = await call<ConsentsData>(app, 'POST', 'update-consent', {
      token,
      body: { purpose: 'marketing', granted: false },
    });
    expect(withdraw.body.message).toBe('Consent withdrawn');
    expect(purpose(withdraw.body.data, 'marketing').granted).toBe(false);

    await call(app, 'POST', 'update-consent', { token, body: { purpose: 'communication', granted: true } });
    const details = await call<[{ mobile_obj: { whatspp_opt: boolean } }]>(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].mobile_obj.whatspp_opt).toBe(true);
  });

  it('refuses a purpose that cannot be withdrawn on its own, and an unconfirmed erasure, naming the field', async () => {
    const { token } = await signUp(app);
    const kyc = await call(app, 'POST', 'update-consent', { token, body: { purpose: 'kyc', granted: false } });
    expect(kyc.statusCode).toBe(400);
    expect(JSON.stringify(kyc.body)).toContain('purpose');
    const unconfirmed = await call(app, 'POST', 'request-erasure', { token, body: {} });
    expect(unconfirmed.statusCode).toBe(400);
    expect(JSON.stringify(unconfirmed.body)).toContain('confirm');
    expect((await consents(token)).erasure).toBeNull();
  });

  it('erases an unsigned application at once: the record, its files, the session; the consent records stay', async () => {
    const { token, mobile } = await signUp(app);
    const applicant = await app.deps.records.findByMobile(mobile);
    const ref = await app.deps.records.saveFile(applicant!.id, {
      kind: 'signature',
      contentType: 'image/png',
      bytes: Buffer.from('a stored signature'),
    });
    const [{ storage_key: key }] = (
      (await app.deps.database.db.execute(sql`select storage_key from files where id = ${ref.$file}`)) as unknown as {
        rows: { storage_key: string }[];
      }
    ).rows as [{ storage_key: string }];

    const res = await call<ConsentsData & { signed_out: boolean }>(app, 'POST', 'request-erasure', {
      token,
      body: { confirm: true },
    });
    expect(res.body.message).toBe('Your data has been erased');
    expect(res.body.data).toMatchObject({ signed_out: true, erasure: { hold_until: expect.any(String) } });
    expect(res.body.data.erasure!.erased_at).not.toBeNull();
    expect(purpose(res.body.data, 'kyc').granted).toBe(false);

    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(401);
    expect(await app.deps.records.findByMobile(mobile)).toBeNull();
    expect(await app.deps.records.readFile(ref.$file)).toBeNull();
    expect(await app.deps.files.get(key)).toBeNull();
    // what was consented to and withdrawn, and when, stays as proof (no personal data in it)
    const history = await app.deps.consents.history(applicant!.id);
    expect(history.map((c) => [c.purpose, c.granted, c.source])).toEqual([
      ['kyc', true, 'sign-up'],
      ['kyc', false, 'erasure-request'],
    ]);
    // the mobile can start again, as a new applicant
    const again = await signUp(app, mobile);
    expect((await app.deps.records.findByMobile(mobile))!.id).not.toBe(applicant!.id);
    expect(purpose(await consents(again.token), 'kyc').granted).toBe(true);
  });

  it('keeps a signed application under a legal hold with no end while the account is open; the closure dates it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: STAGE.STATUS, sections: signedSections(panWithDigits('5150')) },
    });
    const { token, applicant_id: id } = (created.json() as { data: { token: string; applicant_id: string } }).data;
    const res = await call<ConsentsData & { signed_out: boolean }>(app, 'POST', 'request-erasure', {
      token,
      body: { confirm: true },
    });
    expect(res.body.message).toBe('Erasure requested');
    const erasure = res.body.data.erasure!;
    expect(res.body.data.signed_out).toBe(false);
    expect(erasure.erased_at).toBeNull();
    // not five years from the request: the hold runs from the account's closure (retention.ts)
    expect(erasure.hold_until).toBeNull();
    expect(erasure.hold_reason).toContain('PMLA');
    expect(erasure.kept.map((k) => k.record_class)).toEqual(['kyc', 'pmla']);
    // a second request answers the first
    const again = await call<ConsentsData>(app, 'POST', 'request-erasure', { token, body: { confirm: true } });
    expect(again.body.data.erasure).toEqual(erasure);

    // still readable under the hold; six years on, with the account never closed, the sweep leaves it
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(200);
    await app.deps.consents.eraseDue(new Date(Date.parse(erasure.requested_at) + 6 * 365.25 * 86_400_000));
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(200);
    expect((await app.deps.consents.erasure(id))!.erasedAt).toBeNull();
  });
});
