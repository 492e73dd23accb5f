/**
 * The DDPI signed on its own (SEBI/HO/MIRSD/DoP/P/CIR/2022/44): an applicant who chose DDPI signs,
 * after the account-opening form, a document of its own listing its purposes, with Aadhaar OTP as
 * a transaction of its own at the sandbox ESP. It is kept apart from the form (its own file, its
 * own record, its own entries in the evidence bundle), and the depository is told of a DDPI only
 * once it is signed: the choice alone gives none. Without the choice nothing changes.
 */
import { sql } from 'drizzle-orm';
import { STAGE } from '@ekyc/contracts/stages';
import { DDPI_PURPOSES } from '@ekyc/contracts/regulation';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { parseCsv } from '../src/sandbox/registrations/cdsl-harmonised.ts';
import { ESIGN_IDENTITY } from './support/esign-applicant.ts';
import { formOf, postForm } from './support/esign-flow.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { bearer, call, latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const WAIT = { timeout: 120_000, interval: 100 };
const FAKE_FORM = { $file: '00000000-0000-4000-8000-00000000f0a1' };

let app: FastifyInstance;

/** An applicant past the form's e-sign (the form signed), with the demat choice given. */
async function signedApplicant(ddpi: boolean) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: STAGE.STATUS,
      sections: {
        ...ESIGN_IDENTITY,
        pan_obj: { ...ESIGN_IDENTITY.pan_obj, pan_number: panWithDigits('8181') },
        _demat_choice: {
          account_type: 'regular',
          chosen: 'explicit',
          holds_other_demat: true,
          ddpi: ddpi
            ? { opted: true, purposes: [...DDPI_PURPOSES], opted_at: '2026-12-01T10:00:00.000Z' }
            : { opted: false, purposes: [] },
        },
        esign_obj: { epro_id: 'EPDDPITEST', generated_doc: FAKE_FORM, signed_document: FAKE_FORM },
      },
    },
  });
  const { token, applicant_id: id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { id, token, mobile };
}

/** The DDPI's own e-sign at the sandbox ESP, as the popup runs it; answers the result page. */
async function signDdpi(token: string, mobile: string) {
  const started = await call<{ api_response: string; transaction_id: string }>(app, 'POST', 'ddpi/esign', { token });
  expect(started.statusCode).toBe(200);
  const asp = formOf(started.body.data.api_response);
  const otpPage = await postForm(app, asp.action, asp.fields);
  const espTxn = formOf(otpPage.body).fields.espTxn!;
  const signedPage = await postForm(app, `${asp.action}/otp`, {
    espTxn,
    otp: await latestOtp(app, mobile),
    action: 'sign',
  });
  const response = formOf(signedPage.body, 'esp-response');
  expect(response.action).toBe('/api/v1/ekyc/ddpi/esign-response');
  return { txn: started.body.data.transaction_id, page: await postForm(app, response.action, response.fields) };
}

beforeAll(async () => {
  app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
}, 120_000);
afterAll(() => app.close());

describe('DDPI signed on its own at opening', () => {
  it('is signed after the form as its own transaction, kept apart from the form, and in the evidence bundle', async () => {
    const a = await signedApplicant(true);
    const before = await call<{ chosen: boolean; signed: boolean; form_signed: boolean; purposes: string[] }>(
      app,
      'GET',
      'ddpi',
      { token: a.token },
    );
    expect(before.body.data).toEqual(
      expect.objectContaining({ chosen: true, signed: false, form_signed: true, purposes: [...DDPI_PURPOSES] }),
    );

    const { txn, page } = await signDdpi(a.token, a.mobile);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('DDPI signed');

    const after = await call<{ signed: boolean; signed_document: string | null }>(app, 'GET', 'ddpi', {
      token: a.token,
    });
    expect(after.body.data.signed).toBe(true);
    expect(after.body.data.signed_document).toEqual(expect.any(String));
    // its own e-sign transaction, its own signed file, never the form's
    const [row] = await query<{ status: string; epro_id: string }>(
      app.deps.database.db,
      sql`select status, epro_id from esign_transactions where txn_id = ${txn}`,
    );
    expect(row).toEqual({ status: 'signed', epro_id: expect.stringMatching(/^DDPI/) });
    const kinds = await query<{ kind: string }>(
      app.deps.database.db,
      sql`select kind from files where applicant_id = ${a.id} order by created_at`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['ddpi', 'signed-ddpi']);
    const record = await app.deps.records.getSection(a.id, '_ddpi');
    expect(record?.purposes).toEqual([...DDPI_PURPOSES]);
    expect(record?.signed_document.$file).not.toBe(FAKE_FORM.$file);
    const signed = await app.deps.records.readFile(record!.signed_document.$file);
    expect(signed!.bytes.toString('latin1')).toContain('/ByteRange');

    // signed once: a second DDPI is refused
    expect((await call(app, 'POST', 'ddpi/esign', { token: a.token })).statusCode).toBe(409);

    const compliance = await reviewerToken(app, 'ddpi.compliance@broker.example', 'compliance');
    const bundle = await app.inject({
      method: 'GET',
      url: `/api/v1/backoffice/applications/${a.id}/evidence-bundle`,
      headers: bearer(compliance),
    });
    expect(bundle.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(bundle.rawPayload));
    expect(strFromU8(files['signed-ddpi.pdf']!, true)).toContain('/ByteRange');
    const kept = JSON.parse(strFromU8(files['ddpi.json']!)) as { source: string; purposes: string[] };
    expect(kept).toEqual(expect.objectContaining({ source: 'account_opening', purposes: [...DDPI_PURPOSES] }));

    // the back office's application view shows the DDPI record with its signed document
    const view = await app.inject({
      method: 'GET',
      url: `/api/v1/backoffice/applications/${a.id}`,
      headers: bearer(compliance),
    });
    const sections = (view.json() as { data: { sections: Record<string, { path: string; file?: object }[]> } }).data
      .sections;
    expect(sections._ddpi?.find((f) => f.path === 'signed_document')?.file).toBeDefined();
  }, 60_000);

  it('without the choice there is nothing to sign', async () => {
    const a = await signedApplicant(false);
    const view = await call<{ chosen: boolean; signed: boolean }>(app, 'GET', 'ddpi', { token: a.token });
    expect(view.body.data).toEqual(expect.objectContaining({ chosen: false, signed: false }));
    expect((await call(app, 'POST', 'ddpi/esign', { token: a.token })).statusCode).toBe(409);
  });
});

describe('the depository is told of a DDPI only once its document is signed', () => {
  const cdslRows = async (applicantId: string) => {
    const [row] = await query<{ body_enc: string }>(
      app.deps.database.db,
      sql`select body_enc from registration_evidence where applicant_id = ${applicantId} and kind = 'bo_cdsl' and direction = 'request' order by id limit 1`,
    );
    const batch = JSON.parse(app.deps.cipher.decrypt(row!.body_enc)) as { file: string };
    const [header, ...rows] = parseCsv(batch.file).filter((r) => r.some(Boolean));
    return rows.map((r) => Object.fromEntries(header!.map((c, i) => [c, r[i] ?? ''])));
  };

  it('DDPI chosen but its document not signed: no DDPI row; signed: the DDPI row from the signing day', async () => {
    const reviewer = await reviewerToken(app, 'ddpi.registrations@broker.example');
    const chosen = {
      _demat_choice: {
        account_type: 'regular',
        holds_other_demat: true,
        ddpi: { opted: true, purposes: [...DDPI_PURPOSES], opted_at: '2026-11-20T10:00:00.000Z' },
      },
    };
    const unsignedPan = panWithDigits('8282');
    const unsigned = await approvedApplicant(app, {
      pan: unsignedPan,
      reviewer,
      sections: chosen,
    });
    const signedPan = panWithDigits('8283');
    const signed = await approvedApplicant(app, {
      pan: signedPan,
      reviewer,
      sections: {
        ...chosen,
        _ddpi: {
          reference: 'DDPI8283TEST',
          purposes: [...DDPI_PURPOSES],
          rule_set: '2026-11-18',
          generated_doc: FAKE_FORM,
          signed_document: FAKE_FORM,
          signed_at: '2026-11-24T10:00:00.000Z',
          source: 'account_opening',
        },
      },
    });
    for (const a of [unsigned, signed])
      await expect
        .poll(async () => (await a.registrations()).find((r) => r.kind === 'bo_cdsl')?.status, WAIT)
        .toBe('accepted');
    expect((await cdslRows(unsigned.id)).map((r) => r.Purpse)).not.toContain('POALB');
    const rows = await cdslRows(signed.id);
    expect(rows.find((r) => r.Purpse === 'POALB')).toMatchObject({ POAOrDDPITp: 'DDPI', SetUpDt: '2026-11-24' });
  }, 150_000);
});
