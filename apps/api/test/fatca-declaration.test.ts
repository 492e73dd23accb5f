/**
 * FATCA/CRS at the declaration step: place and country of birth, tax residencies outside India
 * with their TINs, checked on the server (400 naming the field), stored with the declarations,
 * printed on the form and carried to the KRA record (KYCDATA's FATCA tags and a FATCA_ADDL_DTLS
 * block per residency abroad; the tag order is checked against the public source in
 * registrations-public-source-formats.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formFacts } from '../src/documents/form-facts.ts';
import { loadCodeTables, codesFor } from '../src/providers/registrations/code-tables.ts';
import { kraRecordXml } from '../src/providers/registrations/kra-record.ts';
import { buildSubject } from '../src/modules/registrations/registration-subject.ts';
import { PERSONAL_DETAILS } from './support/personal-details.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function applicantAtProfiling() {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: 150,
      sections: {
        pan_obj: { full_name: 'RAVI KUMAR SHARMA', pan_number: 'ABCPS1234K', dob: '15/08/1990', is_kra: false },
        digilocker_obj: {
          cdl_documents: [{ document_type: 'AADHAARCARD', gender: 'M', care_of: 'S/O Ramesh Sharma' }],
        },
      },
    },
  });
  return (res.json() as { data: { token: string; applicant_id: string } }).data;
}

const US_TAXPAYER = {
  place_of_birth: 'Pune',
  country_of_birth: 'IN',
  tax_residencies: [
    { country: 'US', tin: '123-45-6789' },
    { country: 'sg', no_tin_reason: 'Not issued yet' },
  ],
};

it('refuses a residency abroad without TIN or reason, an unknown country, and "India only" beside a residency abroad', async () => {
  const { token } = await applicantAtProfiling();
  const post = (body: object) => call(app, 'POST', 'personal-details-update', { token, body });
  const noTin = await post({
    ...PERSONAL_DETAILS,
    resident_of_india: false,
    fatca: { ...US_TAXPAYER, tax_residencies: [{ country: 'US' }] },
  });
  expect(noTin.statusCode).toBe(400);
  expect(noTin.body.data).toMatchObject({ field: 'fatca.tax_residencies.0.tin' });
  const unknown = await post({
    ...PERSONAL_DETAILS,
    fatca: { ...US_TAXPAYER, country_of_birth: 'XY', tax_residencies: [] },
  });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.body.data).toMatchObject({ field: 'fatca.country_of_birth' });
  const conflict = await post({ ...PERSONAL_DETAILS, resident_of_india: true, fatca: US_TAXPAYER });
  expect(conflict.statusCode).toBe(400);
  expect(conflict.body.data).toMatchObject({ field: 'resident_of_india' });
  // the self-certification itself is required (the rules table's fatcaSelfCertification)
  const { fatca: _omitted, ...withoutFatca } = PERSONAL_DETAILS;
  const missing = await post(withoutFatca);
  expect(missing.statusCode).toBe(400);
  expect(missing.body.data).toMatchObject({ field: 'fatca' });
  // India only, and nothing abroad: "India only" stays required
  const off = await post({
    ...PERSONAL_DETAILS,
    resident_of_india: false,
    fatca: { ...US_TAXPAYER, tax_residencies: [] },
  });
  expect(off.statusCode).toBe(400);
  expect(off.body.data).toMatchObject({ field: 'resident_of_india' });
});

it('stores the declaration, prints it on the form and carries it to the KRA record, not politically exposed as declared', async () => {
  const { token, applicant_id: id } = await applicantAtProfiling();
  const res = await call(app, 'POST', 'personal-details-update', {
    token,
    body: { ...PERSONAL_DETAILS, resident_of_india: false, fatca: US_TAXPAYER },
  });
  expect(res.body.status).toBe(true);
  const details = await call<[{ personal_obj: Record<string, unknown> }]>(app, 'GET', 'get-user-details', { token });
  expect(details.body.data[0].personal_obj.fatca).toEqual({
    place_of_birth: 'Pune',
    country_of_birth: 'IN',
    tax_residencies: [
      { country: 'US', tin: '123-45-6789' },
      { country: 'SG', no_tin_reason: 'Not issued yet' },
    ],
  });
  const { applicant, sections } = await app.deps.records.snapshot(id);
  const facts = formFacts({ mobile: applicant.mobile, email: null, sections });
  expect(facts.filter((f) => f.stage === 150 && /birth|Tax residencies/.test(f.label))).toEqual([
    { stage: 150, label: 'Place of birth', value: 'Pune' },
    { stage: 150, label: 'Country of birth', value: 'IN' },
    { stage: 150, label: 'Tax residencies outside India', value: 'US: TIN 123-45-6789; SG: no TIN (Not issued yet)' },
  ]);

  const subject = await buildSubject(
    app.deps,
    {
      applicantId: id,
      clientCode: 'EKTEST2345',
      depository: 'CDSL',
      boId: null,
      exchanges: ['NSE'],
      segments: ['equity_1'],
      approvedAt: new Date(),
      completedAt: null,
      welcomeSentAt: null,
    },
    false,
  );
  expect(subject.fatca).toEqual({
    placeOfBirth: 'PUNE',
    countryOfBirth: 'IN',
    citizenship: 'IN',
    taxResidencies: [
      { country: 'US', tin: '123-45-6789', noTinReason: '' },
      { country: 'SG', tin: '', noTinReason: 'Not issued yet' },
    ],
  });
  const xml = kraRecordXml(subject, {
    posCode: 'POS1',
    codes: codesFor(loadCodeTables(), 'kra'),
    ipv: { name: 'A VERIFIER', designation: 'KYC OFFICER', organisation: 'THE BROKER' },
    at: new Date(),
    modify: false,
  });
  expect(xml).toContain(
    '<APP_FATCA_APPLICABLE_FLAG>Y</APP_FATCA_APPLICABLE_FLAG><APP_FATCA_BIRTH_PLACE>PUNE</APP_FATCA_BIRTH_PLACE>',
  );
  expect(xml.match(/<FATCA_ADDL_DTLS>/g)).toHaveLength(2);
  // "I am not a politically exposed person" was on: not a PEP for the KRA (nor, from the same subject, the exchanges)
  expect(subject.politicallyExposed).toBe(false);
  expect(xml).toContain('<APP_POL_CONN>NA</APP_POL_CONN>');
  expect(xml).toContain('<NO_OF_FATCA_ADDL_DTLS_RECORDS>2</NO_OF_FATCA_ADDL_DTLS_RECORDS>');
});
