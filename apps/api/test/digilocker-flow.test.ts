/**
 * DigiLocker through the sandbox's own pages and wire format: OAuth 2 authorization code with
 * PKCE and state, Allow and Deny, the PAN missing from the locker, manual documents, and the
 * Aadhaar privacy rule (only the last four digits are ever stored).
 */
import { MSG } from '@ekyc/contracts/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DIGILOCKER_CLIENT } from '../src/providers/digilocker/create.ts';
import { call, latestOtp, signUpWithEmail, testApp } from './support/test-app.ts';
import { digilockerThroughSandbox, unmask } from './support/unmasking-digilocker.ts';

// Digits that no other test data uses, so the database-wide search cannot meet them by chance.
const FULL_UID = '736152948207';
let app: FastifyInstance;
let leakyFetch = false;
/** When set, the e-Aadhaar's answer waits until the PAN record has been asked for. */
let panAsked: { promise: Promise<void>; resolve: () => void } | null = null;

beforeAll(async () => {
  // The partner API as the sandbox serves it; when leakyFetch is on, the e-Aadhaar carries a full,
  // unmasked uid, as a misbehaving provider might: it must still never be stored.
  const digilocker = digilockerThroughSandbox(
    () => app,
    (body) => (leakyFetch ? unmask(FULL_UID)(body) : body),
    async (path) => {
      if (!panAsked) return;
      if (path.endsWith('/xml/eaadhaar')) await panAsked.promise;
      else if (path.includes('/xml/')) panAsked.resolve();
    },
  );
  app = await testApp({}, { digilocker });
});
afterAll(async () => app.close());

const form = (v: Record<string, string>) => ({
  payload: new URLSearchParams(v).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function atDigilocker(pan = 'BCDPS4321K', name = 'Sunita Sharma') {
  const signed = await signUpWithEmail(app);
  const res = await call(app, 'POST', 'pan-validation', {
    token: signed.token,
    query: { is_ocr: 'false' },
    body: { pan, pan_name: name, date_of_birth: '05/06/1985' },
  });
  expect(res.body.status).toBe(true);
  return signed;
}

/** initilize-digilocker, then the hidden form post to the consent page, then Allow or Deny. */
async function consent(token: string, decision: 'allow' | 'deny', start = 'initilize-digilocker') {
  const init = await call<{ data: { url: string } }>(app, 'GET', start, { token });
  expect(init.body).toMatchObject({ status: true });
  const url = new URL(init.body.data.data.url, 'http://127.0.0.1:8080');
  const params = Object.fromEntries(url.searchParams);
  const page = await app.inject({ method: 'POST', url: url.pathname, ...form(params) });
  const back = await app.inject({
    method: 'POST',
    url: '/sandbox/digilocker/oauth2/1/consent',
    ...form({ ...params, decision }),
  });
  return { params, page, back, location: new URL(String(back.headers.location)) };
}

const details = async (token: string) =>
  (await call<[Record<string, Record<string, unknown>>]>(app, 'GET', 'get-user-details', { token })).body.data[0];
const stageOf = (first: Record<string, unknown>) =>
  (first.kyc_status_obj as unknown as { kyc_list: { stage: number }[] }[])[0]!.kyc_list.at(-1)!.stage;

describe('DigiLocker Allow', () => {
  it('starts an S256 PKCE request, shows the consent page and returns a code with the state', async () => {
    const { token } = await atDigilocker();
    const { params, page, back, location } = await consent(token, 'allow');
    expect(params).toMatchObject({ response_type: 'code', code_challenge_method: 'S256', req_doctype: 'PANCR,ADHAR' });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.redirect_uri).toMatch(/\/ekyc1\/returnurl$/);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sunita Sharma');
    expect(page.body).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(back.statusCode).toBe(302);
    expect(location.pathname).toBe('/ekyc1/returnurl');
    expect(location.searchParams.get('state')).toBe(params.state);
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);

    const got = await call(app, 'GET', 'get-digi-data', {
      token,
      query: { code: location.searchParams.get('code')!, state: params.state! },
    });
    expect(got.body).toMatchObject({ status: true, data: { screen: '/digilocker', is_pan_missing: false } });
    // The same return cannot be used twice.
    const replay = await call(app, 'GET', 'get-digi-data', {
      token,
      query: { code: location.searchParams.get('code')!, state: params.state! },
    });
    expect(replay.body).toMatchObject({ status: false, data: { failed: true } });

    const first = await details(token);
    const locker = first.digilocker_obj as {
      is_pan_missing: boolean;
      cdl_documents: Record<string, string>[];
      aadhaar_photo: string;
    };
    expect(locker.is_pan_missing).toBe(false);
    expect(locker.cdl_documents.map((d) => d.document_type)).toEqual(['AADHAARCARD', 'PAN']);
    const aadhaar = locker.cdl_documents[0]!;
    expect(aadhaar).toMatchObject({ name: 'Sunita Sharma', dob: '05/06/1985', country: 'India' });
    expect(aadhaar.uid).toMatch(/^x{8}\d{4}$/);
    expect(aadhaar.care_of).toMatch(/^[SD]\/O \w+ Sharma$/);
    expect(aadhaar.pincode).toMatch(/^\d{6}$/);
    expect(locker.cdl_documents[1]).toMatchObject({ pan_number: 'BCDPS4321K', name: 'SUNITA SHARMA' });
    const photo = await app.inject({ method: 'GET', url: locker.aadhaar_photo });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(240);
    expect(stageOf(first)).toBe(140);

    const next = await call(app, 'GET', 'get-digi-data', { token });
    expect(next.body).toMatchObject({ status: true, data: { screen: '/client-profiling' } });
    expect(stageOf(await details(token))).toBe(150);
  });

  it("refuses another applicant's state and a wrong PKCE verifier", async () => {
    const a = await atDigilocker();
    const b = await atDigilocker('CDEPS2345M', 'Vikram Rao');
    const { params, location } = await consent(a.token, 'allow');
    const stolen = await call(app, 'GET', 'get-digi-data', {
      token: b.token,
      query: { code: location.searchParams.get('code')!, state: params.state! },
    });
    expect(stolen.body).toMatchObject({ status: false, message: MSG.digilockerFailed, data: { failed: true } });
    const token = await app.inject({
      method: 'POST',
      url: '/sandbox/digilocker/oauth2/1/token',
      ...form({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        client_id: SANDBOX_DIGILOCKER_CLIENT.id,
        client_secret: SANDBOX_DIGILOCKER_CLIENT.secret,
        redirect_uri: params.redirect_uri!,
        code_verifier: 'x'.repeat(64),
      }),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('DigiLocker documents', () => {
  it('asks for the e-Aadhaar and the PAN record at once: one wait on DigiLocker, not two', async () => {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((r) => (resolve = r));
    panAsked = { promise, resolve };
    try {
      const { token } = await atDigilocker('GHJPK2468L', 'Kavita Rao');
      const { params, location } = await consent(token, 'allow');
      // fetched one after the other, the e-Aadhaar would wait for a PAN request that never comes
      const res = await call(app, 'GET', 'get-digi-data', {
        token,
        query: { code: location.searchParams.get('code')!, state: params.state! },
      });
      expect(res.body).toMatchObject({ status: true, data: { is_pan_missing: false } });
      const documents = ((await details(token)).digilocker_obj as { cdl_documents: { document_type: string }[] })
        .cdl_documents;
      expect(documents.map((d) => d.document_type)).toEqual(['AADHAARCARD', 'PAN']);
    } finally {
      panAsked = null;
    }
  });
});

describe('DigiLocker Deny, retry and manual documents', () => {
  it('answers the failure, lets the applicant retry, then accepts an uploaded Aadhaar card', async () => {
    const { token } = await atDigilocker();
    const { params, location } = await consent(token, 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    const res = await call(app, 'GET', 'get-digi-data', {
      token,
      query: { error: 'access_denied', state: params.state! },
    });
    expect(res.body).toMatchObject({
      status: false,
      message: MSG.digilockerFailed,
      data: { screen: '/digilocker', failed: true },
    });
    expect(stageOf(await details(token))).toBe(140);

    const retry = await consent(token, 'deny', 'initilize-digi');
    expect(retry.back.statusCode).toBe(302);

    const jpeg = await sharp({ create: { width: 600, height: 380, channels: 3, background: '#dde' } })
      .jpeg()
      .toBuffer();
    const front = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    const missing = await call(app, 'POST', 'digi-ovd-verify', {
      token,
      query: { is_ovd: 'true' },
      body: { document_type: 'VOTERID', front },
    });
    expect(missing.statusCode).toBe(400);
    const gif = await call(app, 'POST', 'digi-ovd-verify', {
      token,
      query: { is_ovd: 'true' },
      body: {
        document_type: 'AADHAAR',
        front: 'data:image/gif;base64,R0lGODlh',
        address1: '1 Road',
        district_city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.body.message).toContain(MSG.nomineeProofType);
    const ok = await call(app, 'POST', 'digi-ovd-verify', {
      token,
      query: { is_ovd: 'true' },
      body: {
        document_type: 'AADHAAR',
        front,
        back: front,
        address1: '14 Shanti Nagar',
        district_city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
    });
    expect(ok.body).toMatchObject({ status: true, data: { screen: '/client-profiling' } });
    const first = await details(token);
    expect(stageOf(first)).toBe(150);
    const doc = (first.digilocker_obj as { cdl_documents: Record<string, string>[] }).cdl_documents[0]!;
    expect(doc).toMatchObject({ document_type: 'AADHAARCARD', district_city: 'Pune', pincode: '411001' });
    expect(doc.document).toMatch(/^\/api\/v1\/ekyc\/files\//);
  });
});

describe('PAN missing from the locker (8888)', () => {
  it('goes to /returnurl?is_pan_missing=true, also after signing in again, until the PAN card is uploaded', async () => {
    const { token, mobile } = await atDigilocker('DEFPM8888N', 'Meera Nair');
    const { params, location } = await consent(token, 'allow');
    const res = await call(app, 'GET', 'get-digi-data', {
      token,
      query: { code: location.searchParams.get('code')!, state: params.state! },
    });
    expect(res.body).toMatchObject({
      status: true,
      data: { screen: '/returnurl?is_pan_missing=true', is_pan_missing: true },
    });
    const next = await call(app, 'GET', 'get-digi-data', { token });
    expect(next.body).toMatchObject({
      message: MSG.panNotReceived,
      data: { screen: '/returnurl?is_pan_missing=true' },
    });

    await call(app, 'POST', 'send-otp', { body: { mobile } });
    const again = await call(app, 'POST', 'verify-otp', { body: { mobile, otp: await latestOtp(app, mobile) } });
    expect(again.body.data).toMatchObject({ stage: 140, pan_missing: true, screen: '/returnurl?is_pan_missing=true' });

    const jpeg = await sharp({ create: { width: 600, height: 380, channels: 3, background: '#cde' } })
      .jpeg()
      .toBuffer();
    const upload = await call(app, 'POST', 'digi-ovd-verify', {
      token,
      query: { is_ovd: 'true' },
      body: { document_type: 'PAN', front: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(upload.body).toMatchObject({ status: true, data: { screen: '/client-profiling' } });
    const first = await details(token);
    const locker = first.digilocker_obj as { is_pan_missing: boolean; cdl_documents: Record<string, string>[] };
    expect(locker.is_pan_missing).toBe(false);
    expect(locker.cdl_documents.map((d) => d.document_type)).toEqual(['AADHAARCARD', 'PAN']);
    expect(stageOf(first)).toBe(150);
  });
});

describe('Aadhaar privacy', () => {
  it('stores no full Aadhaar number anywhere in the database, even when the provider sends one', async () => {
    leakyFetch = true;
    try {
      const { token } = await atDigilocker('EFGPR5678S', 'Arjun Patel');
      const { params, location } = await consent(token, 'allow');
      const res = await call(app, 'GET', 'get-digi-data', {
        token,
        query: { code: location.searchParams.get('code')!, state: params.state! },
      });
      expect(res.body.status).toBe(true);
      const aadhaar = ((await details(token)).digilocker_obj as { cdl_documents: Record<string, string>[] })
        .cdl_documents[0]!;
      expect(aadhaar.uid).toBe(`xxxxxxxx${FULL_UID.slice(-4)}`);
    } finally {
      leakyFetch = false;
    }
    const { db } = app.deps.database;
    const rowsOf = <T>(result: unknown): T[] =>
      Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
    const tables = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const names = rowsOf<{ table_name: string }>(tables).map((r) => r.table_name);
    expect(names).toContain('applicant_sections');
    expect(names).toContain('digilocker_authorizations');
    let dump = '';
    for (const name of names) dump += JSON.stringify(rowsOf(await db.execute(sql.raw(`select * from "${name}"`))));
    // The raw tables, and every decrypted section too.
    const sections = await db.execute(sql`select distinct applicant_id from applicant_sections`);
    for (const row of rowsOf<{ applicant_id: string }>(sections))
      dump += JSON.stringify(await app.deps.records.allSections(row.applicant_id));
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).not.toContain(FULL_UID);
    expect(dump).not.toContain(FULL_UID.slice(0, 8));
    expect(dump).toContain(`xxxxxxxx${FULL_UID.slice(-4)}`);
  });
});
