/**
 * Conformance with the spec and the contract, as a client written from them alone sees it: field
 * rules (section 5), file links' HTTP codes (contract), the review and e-KYC records (section 3),
 * progress and data.screen (section 4), the liveness module's outcomes (section 4).
 */
import { MSG } from '@ekyc/contracts/messages';
import { progressOf, routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, selfieImages } from './support/selfie-images.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { inMumbai } from './support/journey-applicant.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
}, 180_000);
afterAll(() => app.close());

async function applicantAt(stage: number, sections: Record<string, object> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage, sections },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { token: data.token, id: data.applicant_id };
}

type Entry = { stage: number; admin_activity: string | null };
type Details = [
  {
    kyc_status_obj: [{ kyc_list: Entry[] }];
    review_obj: Record<string, unknown>;
    ekyc_obj: Record<string, unknown>;
  },
];
const details = async (token: string) => (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data[0];

const nominee = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Sita',
  dob: '01/02/1985',
  nominee_relation: 'Spouse',
  percentage_share: '100',
  ...extra,
});

describe('contract: HTTP codes', () => {
  it('contract: a step called outside its stage window is a handled outcome, 200 with status false and data.screen', async () => {
    const { token } = await applicantAt(STAGE.SELFIE);
    const res = await call<{ screen: string }>(app, 'POST', 'update-nominee', { token, body: { skip_nominee: true } });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toBe('This step is not available at your current stage.');
    expect(res.body.data.screen).toBe(routeForStage(STAGE.SELFIE));
  });
});

describe('section 5: field rules', () => {
  it('section 5: nominee email at most 100 characters', async () => {
    const { token } = await applicantAt(180);
    const email = `${'a'.repeat(95)}@example.com`; // 107 characters, otherwise valid
    const res = await call(app, 'POST', 'update-nominee', {
      token,
      body: { skip_nominee: false, updatedNomineeList: { nominee_1: nominee({ email }) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toContain('email');
    expect(res.body.message).toContain(MSG.maxLength100);

    const fits = await call(app, 'POST', 'update-nominee', {
      token,
      body: { skip_nominee: false, updatedNomineeList: { nominee_1: nominee({ email: 'sita@example.com' }) } },
    });
    expect(fits.body.status).toBe(true);
  });
});

describe('contract HTTP codes: file links', () => {
  async function signedLink() {
    const { token, id } = await applicantAt(150);
    const ref = await app.deps.records.saveFile(id, {
      kind: 'proof',
      contentType: 'image/png',
      bytes: Buffer.from('png'),
    });
    await app.deps.records.seed(id, { signature_obj: { document: ref, upload_type: 'upload' } });
    const res = await call<[{ signature_obj: { document: string } }]>(app, 'GET', 'get-user-details', { token });
    return { token, link: res.body.data[0].signature_obj.document, fileId: ref.$file };
  }

  it('contract: a file link answers 401 when its token is missing, forged, expired or revoked', async () => {
    const { token, link } = await signedLink();
    expect((await app.inject({ url: link })).statusCode).toBe(200);
    const path = link.split('?')[0]!;
    const missing = await app.inject({ url: path });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ status: false, message: MSG.unauthorized });
    expect((await app.inject({ url: link.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(401);
    expect((await app.inject({ url: link.replace(/exp=\d+/, 'exp=1') })).statusCode).toBe(401);
    expect((await app.inject({ url: link.replace(/exp=\d+/, 'exp=soon') })).statusCode).toBe(401);
    expect((await call(app, 'POST', 'logout', { token })).statusCode).toBe(200);
    expect((await app.inject({ url: link })).statusCode).toBe(401);
  });

  it('contract: a file link answers 404 when it names no stored file (400 when its id is no uuid)', async () => {
    const { id } = await applicantAt(150);
    const { sessionId } = await app.deps.sessions.create('applicant', id);
    const nothing = app.deps.records.fileUrl({ $file: '00000000-0000-4000-8000-000000000000' }, sessionId);
    const res = await app.inject({ url: nothing });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false });
    // an id that is no uuid names no file either: refused before any lookup, naming the field
    const malformed = await app.inject({ url: '/api/v1/ekyc/files/not-a-file' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: false, data: { field: expect.stringContaining('id') } });
  });
});

describe('section 3: review_obj and ekyc_obj', () => {
  it('section 3: review_obj has status Pending and its text from the moment the applicant has signed', async () => {
    const before = await applicantAt(210);
    expect((await details(before.token)).review_obj).toEqual({ is_object: false });
    const { token } = await applicantAt(220);
    expect((await details(token)).review_obj).toEqual({
      is_object: true,
      status: 'Pending',
      text: MSG.statusUnderReview,
    });
    const status = await call<{ status: string; text: string }>(app, 'GET', 'get-application-status', { token });
    expect(status.body.data).toMatchObject({ status: 'Pending', text: MSG.statusUnderReview });
  });

  it('section 3: a review status the back office set is kept when the applicant signs again', async () => {
    const { token, id } = await applicantAt(220);
    await app.deps.records.save(id, { review_obj: { status: 'Rejected', text: MSG.statusRejected } });
    await app.deps.records.completeStage(id, 210);
    expect((await details(token)).review_obj).toMatchObject({ status: 'Rejected' });
  });

  it('section 3: ekyc_obj names the route that verified identity (DigiLocker) and when', async () => {
    const aadhaar = { document_type: 'AADHAARCARD', name: 'Ravi Kumar', pincode: '560038' };
    const pan = { document_type: 'PAN', name: 'Ravi Kumar' };
    const { token } = await applicantAt(140, {
      pan_obj: { pan_number: 'ABCPK1234D', full_name: 'RAVI KUMAR', dob: '01/01/1990', is_kra: false },
      digilocker_obj: { is_pan_missing: false, cdl_documents: [aadhaar, pan] },
    });
    expect((await details(token)).ekyc_obj).toEqual({ is_object: false });
    const started = Date.now();
    const res = await call<{ screen: string }>(app, 'GET', 'get-digi-data', { token });
    expect(res.body).toMatchObject({ status: true, data: { screen: '/client-profiling' } });
    const ekyc = (await details(token)).ekyc_obj;
    expect(ekyc).toMatchObject({
      is_object: true,
      route: 'digilocker',
      documents: [
        { document_type: 'AADHAARCARD', source: 'digilocker' },
        { document_type: 'PAN', source: 'digilocker' },
      ],
      kra_registered: false,
    });
    expect(Date.parse(ekyc.verified_at as string)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('section 3: ekyc_obj names manual documents when the applicant uploads them instead', async () => {
    const { token } = await applicantAt(140, {
      pan_obj: { pan_number: 'ABCPK1234D', full_name: 'RAVI KUMAR', dob: '01/01/1990', is_kra: false },
    });
    const jpeg = await sharp({ create: { width: 600, height: 380, channels: 3, background: '#dde' } })
      .jpeg()
      .toBuffer();
    const res = await call(app, 'POST', 'digi-ovd-verify', {
      token,
      query: { is_ovd: 'true' },
      body: {
        document_type: 'AADHAAR',
        front: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        address1: '14 Shanti Nagar',
        district_city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
    });
    expect(res.body.status).toBe(true);
    expect((await details(token)).ekyc_obj).toMatchObject({
      is_object: true,
      route: 'manual',
      documents: [{ document_type: 'AADHAARCARD', source: 'manual' }],
      aadhaar_signed_xml: false,
    });
  });

  it('section 3: ekyc_obj names the KRA route when the applicant confirms the KRA address', async () => {
    const { token } = await applicantAt(140, {
      pan_obj: { pan_number: 'ABCPK9999D', full_name: 'RAVI KUMAR', dob: '01/01/1990', is_kra: true },
      kra_data_obj: { kra_address: '12 MG Road, Bengaluru', address1: '12 MG Road', pincode: '560001' },
    });
    const res = await call<{ screen: string }>(app, 'GET', 'kra-digilocker', { token });
    expect(res.body.status).toBe(true);
    expect((await details(token)).ekyc_obj).toMatchObject({
      is_object: true,
      route: 'kra',
      documents: [{ document_type: 'KRA', source: 'kra' }],
      kra_registered: true,
    });
  });
});

describe('section 4: progress and screens', () => {
  it('section 4: progress counts 12 of 12 at the status stage once the applicant has signed', async () => {
    const { token } = await applicantAt(220);
    const list = (await details(token)).kyc_status_obj[0].kyc_list;
    expect(list.at(-1)).toMatchObject({ stage: 220, admin_activity: 'Pending' });
    expect(progressOf(list)).toMatchObject({ steps: 12 });
  });

  it('section 4: a 400 for a signed-in applicant carries data.screen of the current stage, field errors kept', async () => {
    const { token } = await applicantAt(180);
    const res = await call<{ screen: string; field: string; errors: unknown[] }>(app, 'POST', 'update-nominee', {
      token,
      body: { skip_nominee: 'maybe' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.data).toMatchObject({ screen: '/bank-and-segment/nominee', field: 'skip_nominee' });
    expect(res.body.data.errors.length).toBeGreaterThan(0);

    // a field rule of the use case (not the schema): the same
    const atPan = await applicantAt(130);
    const pan = await call<{ screen: string }>(app, 'POST', 'pan-validation', { token: atPan.token, body: {} });
    expect(pan.statusCode).toBe(400);
    expect(pan.body.data.screen).toBe('/pan-verification');

    // no signed-in applicant: nothing to name
    const anonymous = await call<Record<string, unknown>>(app, 'POST', 'update-nominee', {
      body: { skip_nominee: 'maybe' },
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.body.data.screen).toBeUndefined();
  });

  it("section 4: the liveness module's 'other' outcome shows 'Unkown status'", async () => {
    const images = await selfieImages();
    const { token } = await applicantAt(200);
    const t = await call<{ transaction_id: string; module_url: string }>(app, 'GET', 'get-hypervege-token', { token });
    await call(app, 'POST', 'upload-liveliness', {
      token,
      body: {
        image: dataUrl(images.woman),
        transaction_id: t.body.data.transaction_id,
        location: inMumbai(),
      },
    });
    const page = await app.inject({ method: 'GET', url: t.body.data.module_url });
    expect(page.body).toMatch(/name="outcome" value="other"/);
    const moduleToken = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const done = await app.inject({
      method: 'POST',
      url: '/sandbox/liveness/module',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: moduleToken,
        transactionId: t.body.data.transaction_id,
        outcome: 'other',
      }).toString(),
    });
    expect(done.statusCode).toBe(200);
    const poll = await call<{ retry: boolean; screen: string }>(app, 'GET', 'upload-liveliness', { token });
    expect(poll.body).toMatchObject({
      status: false,
      message: MSG.livenessUnknown,
      data: { retry: false, screen: '/take-selfie' },
    });
  });
});
