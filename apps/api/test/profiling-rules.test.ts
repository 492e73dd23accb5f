/** The section 5 rules client profiling uses, exactly as the form and the server apply them. */
import { TRADING_EXPERIENCE } from '@ekyc/contracts/enums';
import {
  declarationStepSchema,
  educationStepSchema,
  identificationStepSchema,
} from '@ekyc/contracts/calls/personal-details-update';
import { cleanCareOf, isExperienceAllowed } from '@ekyc/contracts/rules';
import { describe, expect, it } from 'vitest';

const allowedAt = (age: number) =>
  TRADING_EXPERIENCE.filter((o) => isExperienceAllowed(o.code, age)).map((o) => o.code);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('trading experience counts from age 18', () => {
  it('at 18 only less than a year is open', () => expect(allowedAt(18)).toEqual(['lt_1']));
  it('at 23 up to 5-10 years (5 years since 18)', () => expect(allowedAt(23)).toEqual(['lt_1', '1_5', '5_10']));
  it('at 30 up to 10-15 years', () => expect(allowedAt(30)).toEqual(['lt_1', '1_5', '5_10', '10_15']));
  it('at 40 every option, more than 20 included', () =>
    expect(allowedAt(40)).toEqual(['lt_1', '1_5', '5_10', '10_15', '15_20', 'gt_20']));
});

describe("father's name from the Aadhaar care_of", () => {
  it.each([
    ['S/O Ramesh Sharma', 'Ramesh Sharma'],
    ['D/O: Suresh Patil', 'Suresh Patil'],
    ['C/O. Anil   Kumar,', 'Anil Kumar'],
    ['s/o  Mohan Lal.', 'Mohan Lal'],
    ['W/O Rajesh Gupta', 'Rajesh Gupta'],
    ['Vijay Singh', 'Vijay Singh'],
  ])('%s becomes %s', (careOf, name) => expect(cleanCareOf(careOf)).toBe(name));
});

describe('section 5 messages of the profiling fields, exact', () => {
  const names = (father: unknown, mother: unknown) =>
    firstMessage(identificationStepSchema.safeParse({ father_name: father, mother_name: mother }));

  it("asks for the father's and mother's names", () => {
    expect(names('', '')).toEqual([
      ['mother_name', "Please enter your Mother's name."],
      ['father_name', "Please enter your Father's name."],
    ]);
    expect(names(undefined, undefined)).toEqual([
      ['mother_name', "Please enter your Mother's name."],
      ['father_name', "Please enter your Father's name."],
    ]);
  });

  it('takes letters and spaces only, 3 to 30, with repeated spaces collapsed', () => {
    expect(names('Ram3sh', 'Sita Devi')).toEqual([['father_name', 'Enter only Alphabets']]);
    expect(names('Ra', 'Sita Devi')).toEqual([['father_name', 'Use at least 3 characters']]);
    expect(names('A'.repeat(31), 'Sita Devi')).toEqual([['father_name', 'Use at max 30 characters']]);
    const ok = identificationStepSchema.parse({ father_name: '  Ramesh    Sharma ', mother_name: 'Sita  Devi' });
    expect(ok).toEqual({ father_name: 'Ramesh Sharma', mother_name: 'Sita Devi' });
  });

  it('requires a valid education, and the free text for Other', () => {
    expect(firstMessage(educationStepSchema.safeParse({ education: 'phd' }))).toEqual([
      ['education', 'Enter Valid Education'],
    ]);
    expect(firstMessage(educationStepSchema.safeParse({ education: 'other', other_education: '  ' }))).toEqual([
      ['other_education', 'Other education is required.'],
    ]);
    expect(educationStepSchema.parse({ education: 'other', other_education: 'Diploma' }).other_education).toBe(
      'Diploma',
    );
  });

  it('needs the three declarations on, or five in the other reading', () => {
    const off = { indian_citizen: true, resident_of_india: false, politically_exposed: true };
    expect(firstMessage(declarationStepSchema(3).safeParse(off))).toEqual([
      ['resident_of_india', 'Above Field is required'],
    ]);
    const threeOn = { indian_citizen: true, resident_of_india: true, politically_exposed: true };
    expect(declarationStepSchema(3).parse({ ...threeOn, settle: false, preference: false })).toMatchObject({
      settle: false,
      preference: false,
      preference_selected: 'Quarterly',
      bsda: true,
    });
    expect(firstMessage(declarationStepSchema(5).safeParse({ ...threeOn, settle: false, preference: true }))).toEqual([
      ['settle', 'Above Field is required'],
    ]);
  });
});
