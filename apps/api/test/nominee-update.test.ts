import { MSG } from '@ekyc/contracts/messages';
import { shareSubmitError, shareTotalError } from '@ekyc/contracts/nominee-rules';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const AADHAAR = {
  document_type: 'AADHAARCARD',
  house: '12',
  street: 'MG Road',
  locality: 'Indiranagar',
  landmark: 'Near Metro',
  district_city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  country: 'India',
};

async function applicantAt(stage: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage, sections: { digilocker_obj: { cdl_documents: [AADHAAR] } } },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

const yearsAgo = (years: number) => {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear() - years}`;
};

const nominee = (share: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Sita',
  last_name: 'Sharma',
  dob: '01/02/1985',
  nominee_relation: 'Spouse',
  percentage_share: share,
  ...extra,
});

const update = (token: string, body: Record<string, unknown>) =>
  call<{ screen: string; stage: number }>(app, 'POST', 'update-nominee', { token, body });

type Details = [
  {
    nominee_obj: {
      is_object: boolean;
      skip_nominee?: boolean;
      nominee_soa?: string;
      nominee_soa_name?: string;
      nominee_list?: Record<string, string | boolean | undefined>[];
    };
  },
];
const nomineeObj = async (token: string) =>
  (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data[0].nominee_obj;

async function imageDataUrl(format: 'png' | 'jpeg'): Promise<string> {
  const img = sharp({ create: { width: 200, height: 120, channels: 3, background: '#dde' } });
  const bytes = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

async function pdfDataUrl(): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return `data:application/pdf;base64,${Buffer.from(await doc.save()).toString('base64')}`;
}

describe('update-nominee: skipping', () => {
  it("skips with 'You have skipped Nominee', goes to segment, and nominees can still be added later", async () => {
    const token = await applicantAt(180);
    const skipped = await update(token, { skip_nominee: true });
    expect(skipped.body).toMatchObject({
      status: true,
      message: MSG.nomineeSkipped,
      data: { screen: '/bank-and-segment/segment', stage: 190 },
    });
    expect(await nomineeObj(token)).toMatchObject({ is_object: true, skip_nominee: true, nominee_list: [] });

    const later = await update(token, {
      skip_nominee: false,
      nominee_soa: 'nomination',
      updatedNomineeList: { nominee_1: nominee('100') },
    });
    expect(later.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/segment', stage: 190 } });
    const obj = await nomineeObj(token);
    expect(obj.skip_nominee).toBe(false);
    expect(obj.nominee_list).toHaveLength(1);
  });

  it('is refused outside the nominee window with the screen of the current stage', async () => {
    const token = await applicantAt(170);
    const res = await update(token, { skip_nominee: true });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(false);
    expect(res.body.data).toMatchObject({ screen: '/bank-and-segment/signature' });
    // Past segment (selfie onwards) nominees can no longer be changed online.
    const late = await update(await applicantAt(200), { skip_nominee: true });
    expect(late.statusCode).toBe(200);
    expect(late.body.status).toBe(false);
    expect(late.body.data).toMatchObject({ screen: '/take-selfie' });
  });
});

describe('update-nominee: three nominees', () => {
  it('stores 50/30/20 with a minor and a guardian, proofs front and back, the same address and the SOA name', async () => {
    const token = await applicantAt(180);
    const res = await update(token, {
      nominee_soa: 'nominee_name',
      nominee_soa_name: 'Sita Sharma',
      skip_nominee: false,
      updatedNomineeList: {
        nominee_1: nominee('50', {
          email: 'Sita@Example.com',
          mobile: '9876543210',
          identity_doc_type: 'pan',
          proof_number: 'abcps1234k',
          proof_type: 'PAN',
          proof_front: await imageDataUrl('jpeg'),
          proof_back: await pdfDataUrl(),
        }),
        nominee_2: nominee('30', {
          first_name: 'Arjun',
          nominee_relation: 'Son',
          dob: yearsAgo(10),
          gaurdian_name: 'Sita Sharma',
          same_address_flag: true,
          identity_doc_type: 'aadhaar',
          proof_number: '4321',
          proof_front: await imageDataUrl('png'),
        }),
        nominee_3: nominee('20', {
          first_name: 'Kamla',
          nominee_relation: 'Mother',
          dob: '05/06/1960',
          gaurdian_name: 'Not needed',
          address: '4 Lake View',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411001',
        }),
      },
    });
    expect(res.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/segment', stage: 190 } });

    const obj = await nomineeObj(token);
    expect(obj).toMatchObject({
      is_object: true,
      skip_nominee: false,
      nominee_soa: 'nominee_name',
      nominee_soa_name: 'Sita Sharma',
    });
    const [first, minor, third] = obj.nominee_list!;
    expect(first).toMatchObject({
      email: 'sita@example.com',
      proof_number: 'ABCPS1234K',
      percentage_share: '50',
      is_minor: false,
    });
    expect(minor).toMatchObject({
      is_minor: true,
      gaurdian_name: 'Sita Sharma',
      address: '12, MG Road',
      address2: 'Indiranagar, Near Metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      country: 'India',
    });
    // A guardian is kept only for a minor.
    expect(third).toMatchObject({ gaurdian_name: '', is_minor: false, city: 'Pune' });

    const front = await app.inject({ url: String(first!.proof_front) });
    expect(front.headers['content-type']).toBe('image/jpeg');
    const back = await app.inject({ url: String(first!.proof_back) });
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const minorFront = await app.inject({ url: String(minor!.proof_front) });
    expect((await sharp(minorFront.rawPayload).metadata()).format).toBe('png');
    expect(third!.proof_front).toBeUndefined();
  });

  it('offers the configured number of slots and refuses more', async () => {
    const token = await applicantAt(180);
    expect((await call(app, 'GET', 'get-nominee-config', { token })).body.data).toMatchObject({ max_nominees: 3 });
    const four = await update(token, {
      skip_nominee: false,
      updatedNomineeList: {
        nominee_1: nominee('25'),
        nominee_2: nominee('25'),
        nominee_3: nominee('25'),
        nominee_4: nominee('25'),
      },
    });
    expect(four.statusCode).toBe(400);
    expect(four.body.message).toBe(`updatedNomineeList: ${MSG.nomineeSlots}`);
  });

  it('refuses gaps in the slot numbering and an SOA name that is not a nominee', async () => {
    const token = await applicantAt(180);
    const gap = await update(token, {
      skip_nominee: false,
      updatedNomineeList: { nominee_1: nominee('50'), nominee_3: nominee('50') },
    });
    expect(gap.body.message).toBe(`updatedNomineeList: ${MSG.nomineeSlots}`);
    const soa = await update(token, {
      skip_nominee: false,
      nominee_soa: 'nominee_name',
      nominee_soa_name: 'Somebody Else',
      updatedNomineeList: { nominee_1: nominee('100') },
    });
    expect(soa.body.message).toBe(`nominee_soa_name: ${MSG.fieldRequired}`);
  });
});

describe('update-nominee: the section 5 messages, exact', () => {
  let token: string;
  beforeAll(async () => {
    token = await applicantAt(180);
  });

  const single = (extra: Record<string, unknown>, share = '100') =>
    update(token, { skip_nominee: false, updatedNomineeList: { nominee_1: nominee(share, extra) } });

  it.each([
    ['dob', { dob: '01/01/2999' }, MSG.invalidDate],
    ['dob', { dob: yearsAgo(100) }, MSG.invalidDate],
    ['dob', { dob: '31/02/1990' }, MSG.invalidDate],
    ['gaurdian_name', { dob: yearsAgo(17) }, MSG.guardianRequired],
    ['gaurdian_name', { dob: yearsAgo(5), gaurdian_name: 'A'.repeat(21) }, MSG.guardianMax],
    ['email', { email: 'not-an-email' }, MSG.nomineeEmail],
    ['mobile', { mobile: '12345' }, MSG.nomineeMobile],
    ['pincode', { pincode: '56003a' }, MSG.nomineePincode],
    ['city', { city: 'Pune 1' }, MSG.lettersOnly],
    ['state', { state: 'Maha-rashtra' }, MSG.lettersOnly],
    ['proof_number', { identity_doc_type: 'aadhaar', proof_number: '12345' }, MSG.aadhaarHint],
    ['proof_number', { identity_doc_type: 'pan', proof_number: 'ABCP1234K' }, MSG.idNumberInvalid],
    ['first_name', { first_name: 'A'.repeat(101) }, MSG.maxLength100],
    ['address', { address: 'A'.repeat(101) }, MSG.maxLength100],
    ['city', { city: 'A'.repeat(101) }, MSG.maxLength100],
    ['percentage_share', { percentage_share: '33.333' }, MSG.shareInvalid],
    ['state', { state: 'A'.repeat(101) }, MSG.maxLength100],
    ['proof_type', { proof_type: 'RATION_CARD' }, MSG.fieldRequired],
  ])('%s: %o gives the exact message', async (field, extra, message) => {
    const res = await single(extra);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`updatedNomineeList.nominee_1.${field}: ${message}`);
  });

  it("says 'Total share percentage can not exceed more than 100' while typing and on submit", async () => {
    expect(shareTotalError(['60', '30', '20'])).toBe('shareOver100');
    expect(shareTotalError(['60', '30'])).toBeNull();
    const res = await update(token, {
      skip_nominee: false,
      updatedNomineeList: { nominee_1: nominee('60'), nominee_2: nominee('30'), nominee_3: nominee('20') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('updatedNomineeList: Total share percentage can not exceed more than 100');
    expect(res.body).toMatchObject({ code: 'shareOver100' });
  });

  it("stops a submit whose shares do not total exactly 100: 'Total share percentgage should be equals to 100'", async () => {
    expect(shareSubmitError(['50', '30'])).toBe('shareEquals100');
    expect(shareSubmitError(['50', '30', '20'])).toBeNull();
    expect(shareSubmitError(['33.33', '33.33', '33.34'])).toBeNull();
    const res = await update(token, {
      skip_nominee: false,
      updatedNomineeList: { nominee_1: nominee('50'), nominee_2: nominee('30') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('updatedNomineeList: Total share percentgage should be equals to 100');
    expect(res.body).toMatchObject({ code: 'shareEquals100' });
    expect((await nomineeObj(token)).is_object).toBe(false);
  });

  it("refuses a proof that is neither an image nor a PDF, by its bytes: 'Only images (PNG, JPEG) or PDF files can be uploaded'", async () => {
    const gif = `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`;
    const res = await single({ proof_front: gif });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`updatedNomineeList.nominee_1.proof_front: ${MSG.nomineeProofType}`);
    const fakePdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.7\nnot really a pdf').toString('base64')}`;
    const pdf = await single({ proof_back: fakePdf });
    expect(pdf.body.message).toBe(`updatedNomineeList.nominee_1.proof_back: ${MSG.nomineeProofType}`);
    expect((await nomineeObj(token)).is_object).toBe(false);
  });

  it('refuses a proof over 2 MB', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    Buffer.from([0xff, 0xd8, 0xff]).copy(big);
    const res = await single({ proof_front: `data:image/jpeg;base64,${big.toString('base64')}` });
    expect(res.body.message).toBe(`updatedNomineeList.nominee_1.proof_front: ${MSG.nomineeProofSize}`);
  });

  it('needs a relation and at least one nominee when not skipping', async () => {
    const res = await single({ nominee_relation: 'Cousin' });
    expect(res.body.message).toBe(`updatedNomineeList.nominee_1.nominee_relation: ${MSG.fieldRequired}`);
    const none = await update(token, { skip_nominee: false, updatedNomineeList: {} });
    expect(none.body.message).toBe(`updatedNomineeList: ${MSG.fieldRequired}`);
  });
});
