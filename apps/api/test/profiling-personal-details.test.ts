/** Client profiling over HTTP: the lists from the database, the per-sub-step draft, personal-details-update. */
import { formatDdMmYyyy, todayOf } from '@ekyc/contracts/dates';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { PERSONAL_DETAILS } from './support/personal-details.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** A date of birth that makes the applicant exactly `age` today. */
const dobForAge = (age: number) => {
  const t = todayOf();
  return formatDdMmYyyy({ ...t, day: Math.min(t.day, 28), year: t.year - age });
};

async function applicantAt(
  stage: number,
  {
    age = 35,
    gender = 'M',
    careOf = 'S/O: Ramesh  Sharma.',
    email,
  }: { age?: number; gender?: string; careOf?: string; email?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage,
      ...(email && { email }),
      sections: {
        pan_obj: { full_name: 'RAVI KUMAR SHARMA', pan_number: 'ABCPS1234K', dob: dobForAge(age), is_kra: false },
        digilocker_obj: {
          cdl_documents: [{ document_type: 'AADHAARCARD', gender, care_of: careOf }],
        },
      },
    },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

// repeated spaces in a name are collapsed before it is stored
const complete = { ...PERSONAL_DETAILS, mother_name: 'Sita  Devi' };

type Option = { code: string; name: string; labels: Record<string, string> };

describe('profiling lists', () => {
  it('serve the section 3 enumerations in order with labels in all five languages', async () => {
    const token = await applicantAt(150);
    const names = async (list: string) => {
      const res = await call<Option[]>(app, 'GET', `get-${list}-list`, { token });
      expect(res.body.status).toBe(true);
      for (const o of res.body.data)
        for (const lang of ['en', 'hi', 'be', 'gu', 'mar']) expect(o.labels[lang]?.length).toBeGreaterThan(0);
      return res.body.data;
    };
    expect((await names('occupation')).map((o) => o.name)).toEqual([
      'Private Sector',
      'Public Sector',
      'Govt./Government Sector',
      'Agriculturist',
      'Professional',
      'Housewife',
      'Retired',
      'Student',
      'Business',
    ]);
    expect((await names('experience')).map((o) => o.code)).toEqual(['lt_1', '1_5', '5_10', '10_15', '15_20', 'gt_20']);
    expect((await names('income')).map((o) => o.name)).toEqual([
      '<1 lakh',
      '1-5 lakhs',
      '5-10 lakhs',
      '10-15 lakhs',
      '10-25 lakhs',
      '>25 lakhs',
    ]);
    const education = await names('education');
    expect(education.map((o) => o.name)).toEqual(['High School', 'Graduate', 'Post Graduate', 'Other']);
    expect(education[1]!.labels.hi).toBe('स्नातक');
  });
});

describe('profiling draft', () => {
  it('starts at occupation with the document prefills, the age and the declaration reading', async () => {
    const token = await applicantAt(150, { age: 23, gender: 'F' });
    const res = await call(app, 'GET', 'get-profiling-draft', { token });
    expect(res.body.data).toEqual({
      step: 'occupation',
      values: {},
      prefill: { gender: 'F', father_name: 'Ramesh Sharma' },
      age: 23,
      declaration_switches: 3,
    });
  });

  it('resumes at the saved sub-step with its values, and stays out of get-user-details', async () => {
    const token = await applicantAt(150);
    const values = { occupation: 'student', trading_experience: 'lt_1', income: '1_5' };
    const saved = await call(app, 'POST', 'save-profiling-draft', {
      token,
      body: { step: 'gender-and-marital', values },
    });
    expect(saved.body.status).toBe(true);
    const draft = await call(app, 'GET', 'get-profiling-draft', { token });
    expect(draft.body.data).toMatchObject({ step: 'gender-and-marital', values });
    const details = await call(app, 'GET', 'get-user-details', { token });
    expect(JSON.stringify(details.body.data)).not.toContain('_profiling_draft');
  });

  it('prefills a father’s name longer than the limit whole, and keeps it beside the shortened one', async () => {
    const long = 'Venkata Subrahmanya Lakshmi Narasimha Rao';
    const token = await applicantAt(150, { careOf: `S/O ${long}` });
    const draft = await call(app, 'GET', 'get-profiling-draft', { token });
    expect(draft.body.data).toMatchObject({ prefill: { father_name: long } });
    const shortened = { ...complete, father_name: 'V S L Narasimha Rao' };
    expect((await call(app, 'POST', 'personal-details-update', { token, body: shortened })).body.status).toBe(true);
    const details = await call<[Record<string, Record<string, unknown>>]>(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].personal_obj).toMatchObject({
      father_name: 'V S L Narasimha Rao',
      father_name_document: long,
    });
  });

  it('asks for the family declaration when another applicant gives the same email, and stores it', async () => {
    const email = `family.${Date.now()}@example.com`;
    await applicantAt(150, { email });
    const token = await applicantAt(150, { email });
    const draft = await call(app, 'GET', 'get-profiling-draft', { token });
    expect(draft.body.data).toMatchObject({ shared_email: true });

    const without = await call(app, 'POST', 'personal-details-update', { token, body: complete });
    expect(without.statusCode).toBe(400);
    expect(without.body).toMatchObject({
      message: `family_relation: ${MSG.familyRelationRequired}`,
      data: { field: 'family_relation' },
    });

    const declared = { ...complete, family_relation: 'spouse', family_holder_name: '  Meena   Sharma ' };
    expect((await call(app, 'POST', 'personal-details-update', { token, body: declared })).body.status).toBe(true);
    const details = await call<[Record<string, Record<string, unknown>>]>(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].personal_obj).toMatchObject({
      family_declaration: true,
      family_relation: 'spouse',
      family_holder_name: 'Meena Sharma',
    });
  });

  it('refuses an unknown sub-step', async () => {
    const token = await applicantAt(150);
    const res = await call(app, 'POST', 'save-profiling-draft', { token, body: { step: 'salary', values: {} } });
    expect(res.statusCode).toBe(400);
  });
});

describe('personal-details-update', () => {
  it('stores personal_obj with the spec keys, completes stage 150 and sends the applicant to bank and segment', async () => {
    const token = await applicantAt(150);
    await call(app, 'POST', 'save-profiling-draft', { token, body: { step: 'declaration', values: complete } });
    const res = await call(app, 'POST', 'personal-details-update', { token, body: complete });
    expect(res.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment', stage: 160 } });

    const details = await call<[Record<string, Record<string, unknown>>]>(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].personal_obj).toMatchObject({
      is_object: true,
      occupation__name: 'Private Sector',
      trading_experience__name: '1-5 years',
      annual_income__name: '10-25 lakhs',
      education__name: 'Graduate',
      gender: 'M',
      marital_status: 'married',
      mother_name: 'Sita Devi',
      father_name: 'Ramesh Sharma',
      plan_selected: 'discounted',
      preference_selected: 'Monthly',
      indian_citizen: true,
      resident_of_india: true,
      politically_exposed: true,
      bsda: false,
    });
    // The stage has moved on: the draft is gone and profiling is closed.
    const again = await call(app, 'GET', 'get-profiling-draft', { token });
    expect(again.statusCode).toBe(200);
    expect(again.body.status).toBe(false);
    expect(again.body.data).toMatchObject({ screen: '/bank-and-segment' });
  });

  it('defaults to the premium plan, Quarterly settlement, and keeps the Other education text', async () => {
    const token = await applicantAt(150);
    const { plan_selected: _p, preference_selected: _s, bsda: _b, ...rest } = complete;
    const body = { ...rest, education: 'other', other_education: 'Chartered  Accountant' };
    expect((await call(app, 'POST', 'personal-details-update', { token, body })).body.status).toBe(true);
    const details = await call<[Record<string, Record<string, unknown>>]>(app, 'GET', 'get-user-details', { token });
    expect(details.body.data[0].personal_obj).toMatchObject({
      plan_selected: 'premium',
      preference_selected: 'Quarterly',
      bsda: true,
      education__name: 'Chartered Accountant',
    });
  });

  it.each([
    [18, 'lt_1', true],
    [18, '1_5', false],
    [23, '5_10', true],
    [23, '10_15', false],
    [30, '10_15', true],
    [30, '15_20', false],
    [40, 'gt_20', true],
  ])('at age %i, experience %s is accepted: %s', async (age, code, accepted) => {
    const token = await applicantAt(150, { age });
    const res = await call(app, 'POST', 'personal-details-update', {
      token,
      body: { ...complete, trading_experience: code },
    });
    if (accepted) expect(res.body.status).toBe(true);
    else {
      expect(res.statusCode).toBe(400);
      expect(res.body.data).toMatchObject({
        field: 'trading_experience',
        errors: [{ message: MSG.experienceTooHigh }],
      });
    }
  });

  it.each([
    [{ father_name: '' }, 'father_name', "Please enter your Father's name."],
    [{ mother_name: '' }, 'mother_name', "Please enter your Mother's name."],
    [{ father_name: 'R4mesh' }, 'father_name', 'Enter only Alphabets'],
    [{ mother_name: 'Si' }, 'mother_name', 'Use at least 3 characters'],
    [{ father_name: 'B'.repeat(31) }, 'father_name', 'Use at max 30 characters'],
    [{ education: 'doctorate' }, 'education', 'Enter Valid Education'],
    [{ education: 'other', other_education: '' }, 'other_education', 'Other education is required.'],
    [{ politically_exposed: false }, 'politically_exposed', 'Above Field is required'],
    [{ occupation: undefined }, 'occupation', 'Above Field is required'],
  ])('refuses %o with the exact message', async (change, field, message) => {
    const token = await applicantAt(150);
    const res = await call(app, 'POST', 'personal-details-update', { token, body: { ...complete, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.body.data).toMatchObject({ field, errors: [{ field, message }] });
  });

  it('changes the gender from the documents only when confirmed', async () => {
    const token = await applicantAt(150, { gender: 'M' });
    const refused = await call(app, 'POST', 'personal-details-update', { token, body: { ...complete, gender: 'F' } });
    expect(refused.body.data).toMatchObject({ field: 'gender', errors: [{ message: MSG.genderChangeUnconfirmed }] });
    const confirmed = await call(app, 'POST', 'personal-details-update', {
      token,
      body: { ...complete, gender: 'F', gender_confirmed: true },
    });
    expect(confirmed.body.status).toBe(true);
  });

  it('is refused before the profiling stage, naming the current screen', async () => {
    const token = await applicantAt(140);
    const res = await call(app, 'POST', 'personal-details-update', { token, body: complete });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(false);
    expect(res.body.data).toMatchObject({ screen: '/digilocker' });
  });
});
