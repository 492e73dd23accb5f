/**
 * The provider-exchange recorder: a recorded port's call keeps, for the applicant of the request,
 * each raw HTTP request and answer it made (status, bodies, provider, time), secrets redacted and
 * encrypted at rest; a call made before the applicant is known (an e-sign answer) is kept once a
 * use-case names them; a call outside an applicant's request is not kept. The retention sweep
 * erases the exchanges with their record classes (PAN's with KYC at 5 years, the bank's with the
 * depository's at 8).
 */
import type { AccountClosure } from '@ekyc/contracts/calls/backoffice-privacy';
import { STAGE } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { fetchJson } from '../src/providers/http.ts';
import { isSecretName, REDACTED, redactBody, redactUrl } from '../src/providers/exchanges/redact.ts';
import { attributeExchanges, runInApplicantScope } from '../src/providers/exchanges/scope.ts';
import { migratedPglite } from './support/pglite-template.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { applicantAt } from './support/signing.ts';
import { bearer, reviewerToken, testApp } from './support/test-app.ts';

const YEAR_MS = 365.25 * 86_400_000;
const DAY_MS = 86_400_000;

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({}, { database: await migratedPglite() });
  await app.ready();
}, 120_000);
afterAll(() => app.close());

/** A port that asks the sandbox PAN source through the app's transport, with a credential and an OTP. */
const probe = () => ({
  async ask(secret: string) {
    return fetchJson<Record<string, unknown>>('http://sandbox.internal/sandbox/pan/TIN/PanInquiryAPIBackEnd', {
      method: 'POST',
      body: { User_ID: 'V0000001', password: secret, aadhaar_otp: '482913', inputData: [] },
      headers: { authorization: `Bearer ${secret}` },
      fetch: app.deps.selfFetch,
    }).catch((err: unknown) => ({ failed: (err as Error).message }));
  },
  async fail() {
    throw new Error('the provider is down');
  },
});

describe('redaction', () => {
  it('redacts credentials, OTPs and tokens by name in JSON, forms, XML and URLs', () => {
    expect(
      ['password', 'client_secret', 'aadhaar_otp', 'access_token', 'appKey', 'code_verifier', 'code'].every(
        isSecretName,
      ),
    ).toBe(true);
    expect(['pan', 'pincode', 'status_code', 'name', 'signature', 'transactionId'].some(isSecretName)).toBe(false);
    expect(
      JSON.parse(redactBody('{"a":{"refresh_token":"r1","name":"N"},"otp":"123456"}', 'application/json')),
    ).toEqual({
      a: { refresh_token: REDACTED, name: 'N' },
      otp: REDACTED,
    });
    expect(redactBody('grant_type=x&client_secret=s3&code=c0de', 'application/x-www-form-urlencoded')).toBe(
      'grant_type=x&client_secret=%5Bredacted%5D&code=%5Bredacted%5D',
    );
    expect(redactBody('<Req><Otp>112233</Otp><Pan>ABCDE1234F</Pan></Req>', 'application/xml')).toBe(
      `<Req><Otp>${REDACTED}</Otp><Pan>ABCDE1234F</Pan></Req>`,
    );
    expect(redactBody('<Esign apiKey="k9" txn="t1"/>', 'text/xml')).toBe(`<Esign apiKey="${REDACTED}" txn="t1"/>`);
    expect(redactUrl('https://p.test/x?token=abc&id=7')).toBe('https://p.test/x?token=%5Bredacted%5D&id=7');
  });
});

describe('the recorder', () => {
  it('keeps the raw exchange for the applicant, redacted and encrypted, and the call answers as before', async () => {
    const applicant = await applicantAt(app, STAGE.PAN, {});
    const port = app.deps.exchanges.record(probe(), 'pan', ['ask', 'fail']);
    const answer = await runInApplicantScope(
      () => applicant.id,
      () => port.ask('hunter2-credential'),
    );
    // the sandbox refused the made-up request (a 400): the port took it as its answer, and it is kept
    expect(answer).toHaveProperty('failed');
    await expect(
      runInApplicantScope(
        () => applicant.id,
        () => port.fail(),
      ),
    ).rejects.toThrow('the provider is down');

    const kept = await app.deps.exchanges.list(applicant.id);
    expect(kept.map((k) => [k.provider, k.operation, k.outcome])).toEqual([
      ['pan', 'ask', 'ok'],
      ['pan', 'fail', 'failed'],
    ]);
    const [call] = kept[0]!.http;
    expect(call).toMatchObject({
      method: 'POST',
      url: 'http://sandbox.internal/sandbox/pan/TIN/PanInquiryAPIBackEnd',
      request: { headers: { 'content-type': 'application/json' } },
      response: { status: 400 },
    });
    expect(JSON.parse(call!.request.body!)).toEqual({
      User_ID: 'V0000001',
      password: REDACTED,
      aadhaar_otp: REDACTED,
      inputData: [],
    });
    expect(JSON.stringify(kept)).not.toContain('hunter2-credential');
    expect(JSON.stringify(kept)).not.toContain('482913');
    // a call without HTTP keeps its input, and its error
    expect(kept[1]).toMatchObject({ http: [], input: [], error: 'the provider is down' });

    // at rest: encrypted
    const rows = rowsOf<{ body_enc: string }>(
      await app.deps.database.db.execute(
        sql`select body_enc from provider_exchanges where applicant_id = ${applicant.id}`,
      ),
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.body_enc).not.toContain('PanInquiryAPIBackEnd');
  });

  it('keeps a call made before the applicant is known once they are named, and none outside a request', async () => {
    const applicant = await applicantAt(app, STAGE.PAN, {});
    const port = app.deps.exchanges.record(probe(), 'esign', ['ask']);
    await runInApplicantScope(
      () => undefined,
      async () => {
        await port.ask('x');
        expect(await app.deps.exchanges.list(applicant.id)).toEqual([]);
        await attributeExchanges(applicant.id);
        await port.ask('y');
      },
    );
    expect((await app.deps.exchanges.list(applicant.id)).map((k) => k.provider)).toEqual(['esign', 'esign']);

    const before = rowsOf<{ n: number }>(
      await app.deps.database.db.execute(sql`select count(*)::int as n from provider_exchanges`),
    )[0]!.n;
    await port.ask('z');
    const after = rowsOf<{ n: number }>(
      await app.deps.database.db.execute(sql`select count(*)::int as n from provider_exchanges`),
    )[0]!.n;
    expect(after).toBe(before);
  });
});

describe('retention', () => {
  it("erases the KYC providers' exchanges at 5 years after closure, the bank's and e-sign's at 8", async () => {
    const client = await applicantAt(app, STAGE.STATUS, signedSections(panWithDigits('6201')));
    await app.deps.records.update(client.id, { clientCode: `C6201${Date.now() % 100000}` });
    for (const provider of ['pan', 'digilocker', 'bank', 'esign'] as const) {
      const port = app.deps.exchanges.record(probe(), provider, ['fail']);
      await runInApplicantScope(
        () => client.id,
        () => port.fail(),
      ).catch(() => undefined);
    }
    const providers = async () => (await app.deps.exchanges.list(client.id)).map((k) => k.provider).sort();
    expect(await providers()).toEqual(['bank', 'digilocker', 'esign', 'pan']);

    const admin = await reviewerToken(app, 'exchanges.admin@broker.example', 'admin');
    const closed = await app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/applications/${client.id}/close-account`,
      headers: bearer(admin),
      payload: {
        closed_on: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
        reason: 'Client asked to close',
      },
    });
    const closedAt = Date.parse((closed.json() as { data: AccountClosure }).data.closed_at);

    await app.deps.retention.sweep(new Date(closedAt + 4 * YEAR_MS));
    expect(await providers()).toEqual(['bank', 'digilocker', 'esign', 'pan']);
    await app.deps.retention.sweep(new Date(closedAt + 6 * YEAR_MS));
    expect(await providers()).toEqual(['bank', 'esign']);
    await app.deps.retention.sweep(new Date(closedAt + 8 * YEAR_MS + 2 * DAY_MS));
    expect(await providers()).toEqual([]);
  });
});
