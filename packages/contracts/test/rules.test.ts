import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  accountNumberSchema,
  dataUrlSchema,
  isBase64DataUrl,
  bankAccountFormSchema,
  cleanCareOf,
  dateOfBirthSchema,
  declarationsSchema,
  educationSchema,
  emailSchema,
  experienceMinimumYears,
  fatherNameSchema,
  ifscSchema,
  isExperienceAllowed,
  mobileSchema,
  motherNameSchema,
  nameSchema,
  otpSchema,
  panNameSchema,
  panNumberSchema,
  segmentSelectionSchema,
  upiHandleSuggestions,
  upiIdSchema,
  uploadError,
} from '../src/rules.ts';
import { nomineeSchema, shareSubmitError, shareTotalError } from '../src/nominee-rules.ts';
import { MSG } from '../src/messages.ts';

/** The first message a schema gives for an input, or null when it passes. */
function messageOf(schema: z.ZodMiniType, input: unknown): string | null {
  const r = schema.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? 'unknown');
}

const NOW = () => new Date('2026-11-22T06:00:00Z');

describe('mobile (section 5)', () => {
  it.each([
    ['', MSG.mobileRequired],
    [undefined, MSG.mobileRequired],
    ['5123456789', MSG.mobileStart],
    ['0987654321', MSG.mobileStart],
    ['98765', MSG.mobileInvalid],
    ['98765432101', MSG.mobileInvalid],
  ])('%s -> %s', (input, message) => expect(messageOf(mobileSchema, input)).toBe(message));

  it('strips non-digits and accepts numbers starting 6 to 9', () => {
    expect(mobileSchema.parse('98765 43210')).toBe('9876543210');
    expect(mobileSchema.parse('+91-6123456789'.slice(4))).toBe('6123456789');
    for (const first of ['6', '7', '8', '9']) expect(messageOf(mobileSchema, `${first}123456789`)).toBeNull();
  });
});

describe('email', () => {
  it.each([
    ['', MSG.emailRequired],
    ['not-an-email', MSG.emailInvalid],
    ['a@b', MSG.emailInvalid],
    ['a b@c.com', MSG.emailInvalid],
  ])('%s -> %s', (input, message) => expect(messageOf(emailSchema, input)).toBe(message));
  it('lower-cases', () => expect(emailSchema.parse(' Ravi.Kumar@Example.COM ')).toBe('ravi.kumar@example.com'));
});

describe('OTP', () => {
  it('takes exactly six digits', () => {
    expect(messageOf(otpSchema, '123456')).toBeNull();
    for (const bad of ['12345', '1234567', '12a456', '']) expect(messageOf(otpSchema, bad)).toBe(MSG.otpInvalid);
  });
});

describe('name', () => {
  it.each([
    ['', MSG.nameEnter],
    [undefined, MSG.nameRequired],
    ['Ravi1', MSG.nameAlphabets],
    ['Ra', MSG.nameMin],
    ['A'.repeat(31), MSG.nameMax],
  ])('%s -> %s', (input, message) => expect(messageOf(nameSchema, input)).toBe(message));
  it('accepts letters and spaces', () => expect(nameSchema.parse('Ravi  Kumar')).toBe('Ravi Kumar'));
});

describe('PAN number', () => {
  it('upper-cases and cuts to 10', () => expect(panNumberSchema.parse('abcpk1234dxyz')).toBe('ABCPK1234D'));
  it.each([
    ['', MSG.panRequired],
    ['ABCP1234KD', MSG.panInvalid],
    ['ABCPK12345', MSG.panInvalid],
    ['ABCCK1234D', MSG.panNotIndividual],
  ])('%s -> %s', (input, message) => expect(messageOf(panNumberSchema, input)).toBe(message));
  it('accepts an individual PAN', () => expect(messageOf(panNumberSchema, 'ABCPK1234D')).toBeNull());
});

describe('PAN name', () => {
  it('upper-cases', () => expect(panNameSchema.parse('ravi kumar')).toBe('RAVI KUMAR'));
  it.each([
    ['', MSG.panNameRequired],
    ['Ravi 2', MSG.panNameDigits],
    ['A'.repeat(31), MSG.nameMax],
  ])('%s -> %s', (input, message) => expect(messageOf(panNameSchema, input)).toBe(message));
});

describe('date of birth', () => {
  const adult = dateOfBirthSchema({ now: NOW });
  const anyAge = dateOfBirthSchema({ now: NOW, requireAdult: false });
  it.each([
    ['', MSG.dobRequired],
    ['31/02/2000', MSG.invalidDate],
    ['2000-01-01', MSG.invalidDate],
    ['23/11/2026', MSG.invalidDate],
    ['23/11/2008', MSG.dobAdult],
  ])('%s -> %s', (input, message) => expect(messageOf(adult, input)).toBe(message));
  it('accepts the 18th birthday itself', () => expect(messageOf(adult, '22/11/2008')).toBeNull());
  it('skips the age rule when a PAN record exists', () => expect(messageOf(anyAge, '23/11/2010')).toBeNull());
});

describe("parents' names", () => {
  it('uses each message', () => {
    expect(messageOf(fatherNameSchema, '')).toBe(MSG.fatherRequired);
    expect(messageOf(motherNameSchema, '  ')).toBe(MSG.motherRequired);
    expect(messageOf(fatherNameSchema, 'Ab')).toBe(MSG.nameMin);
    expect(messageOf(fatherNameSchema, 'A'.repeat(31))).toBe(MSG.nameMax);
    expect(messageOf(motherNameSchema, 'Sita.')).toBe(MSG.nameAlphabets);
  });
  it('collapses repeated spaces', () => expect(fatherNameSchema.parse('  Ram   Prasad  ')).toBe('Ram Prasad'));
  it.each([
    ['S/O Ram Prasad', 'Ram Prasad'],
    ['D/O: Mohan Lal Sharma,', 'Mohan Lal Sharma'],
    ['C/O. Suresh K. Iyer', 'Suresh K Iyer'],
    ['s/o  rajesh', 'rajesh'],
    // longer than the 30 of the field: whole, for the applicant to shorten
    ['S/O Venkata Subrahmanya Lakshmi Narasimha Rao', 'Venkata Subrahmanya Lakshmi Narasimha Rao'],
  ])('cleans care_of %s', (input, out) => expect(cleanCareOf(input)).toBe(out));
});

describe('education', () => {
  it('rejects unknown and needs other_education for Other', () => {
    expect(messageOf(educationSchema, { education: 'phd' })).toBe(MSG.educationInvalid);
    expect(messageOf(educationSchema, { education: 'other', other_education: ' ' })).toBe(MSG.otherEducationRequired);
    expect(messageOf(educationSchema, { education: 'other', other_education: 'Diploma' })).toBeNull();
    expect(messageOf(educationSchema, { education: 'graduate' })).toBeNull();
  });
});

describe('trading experience from age 18', () => {
  const codes = ['lt_1', '1_5', '5_10', '10_15', '15_20', 'gt_20'];
  it('parses minimums from codes', () => expect(codes.map(experienceMinimumYears)).toEqual([0, 1, 5, 10, 15, 20]));
  it.each([
    [18, ['lt_1']],
    [23, ['lt_1', '1_5', '5_10']],
    [30, ['lt_1', '1_5', '5_10', '10_15']],
    [40, codes],
  ])('age %i enables %j', (age, allowed) => expect(codes.filter((c) => isExperienceAllowed(c, age))).toEqual(allowed));
});

describe('declarations', () => {
  const all = {
    indian_citizen: true,
    resident_of_india: true,
    politically_exposed: true,
    settle: true,
    preference: true,
  };
  it('needs all three in one reading and all five in the other', () => {
    expect(declarationsSchema(3).safeParse({ ...all, settle: false }).success).toBe(true);
    expect(declarationsSchema(5).safeParse({ ...all, settle: false }).success).toBe(false);
    expect(messageOf(declarationsSchema(3), { ...all, resident_of_india: false })).toBe(MSG.fieldRequired);
  });
});

describe('IFSC', () => {
  it.each([
    ['', MSG.fieldRequired],
    ['HDFC1234567', MSG.ifscInvalid],
    ['HDF00123456', MSG.ifscInvalid],
  ])('%s -> %s', (input, message) => expect(messageOf(ifscSchema, input)).toBe(message));
  it('upper-cases and cuts to 11', () => expect(ifscSchema.parse('hdfc0000001xx')).toBe('HDFC0000001'));
});

describe('account number', () => {
  it.each([
    ['', MSG.accountRequired],
    ['12345678', MSG.accountMin],
    ['12345678a9', MSG.accountDigits],
    ['1'.repeat(19), MSG.accountMax],
  ])('%s -> %s', (input, message) => expect(messageOf(accountNumberSchema, input)).toBe(message));
  it('needs the confirmation to match and a type', () => {
    const form = {
      ifsc: 'HDFC0000001',
      account_number: '123456789',
      confirm_account_number: '123456780',
      account_type: 'Saving',
    };
    expect(messageOf(bankAccountFormSchema, form)).toBe(MSG.accountMismatch);
    expect(messageOf(bankAccountFormSchema, { ...form, confirm_account_number: '123456789' })).toBeNull();
    expect(messageOf(bankAccountFormSchema, { ...form, confirm_account_number: '123456789', account_type: '' })).toBe(
      MSG.accountTypeRequired,
    );
  });
});

describe('UPI id', () => {
  it.each([
    ['', MSG.upiRequired],
    ['ravi@unknownbank', MSG.upiInvalid],
    ['ravi', MSG.upiInvalid],
  ])('%s -> %s', (input, message) => expect(messageOf(upiIdSchema, input)).toBe(message));
  it('accepts the allowed handles', () => {
    for (const v of ['ravi@upi', 'ravi.k@ybl', 'r-1@okaxis']) expect(messageOf(upiIdSchema, v)).toBeNull();
  });
  it('suggests handles after @', () => expect(upiHandleSuggestions('ravi@ok')).toContain('ravi@okaxis'));
});

describe('uploads', () => {
  it('applies each kind rule', () => {
    expect(uploadError('cheque', { type: 'application/pdf', size: 10 })).toBe('chequeType');
    expect(uploadError('cheque', { type: 'image/png', size: 10 })).toBeNull();
    expect(uploadError('signature', { type: 'image/jpeg', size: 5242881 })).toBe('signatureSize');
    expect(uploadError('signature', { type: 'image/jpeg', size: 5242880 })).toBeNull();
    expect(uploadError('nomineeProof', { type: 'image/gif', size: 10 })).toBe('nomineeProofType');
    expect(uploadError('nomineeProof', { type: 'application/pdf', size: 10 })).toBeNull();
    expect(uploadError('segmentProof', { type: 'image/png', size: 10 })).toBe('segmentPdfOnly');
  });
});

describe('nominee', () => {
  const schema = nomineeSchema({ now: NOW });
  const base = { first_name: 'Asha', dob: '01/01/1990', nominee_relation: 'Spouse', percentage_share: '50' };
  it('accepts a minimal adult nominee', () => expect(messageOf(schema, base)).toBeNull());
  it.each([
    [{ dob: '01/01/2030' }, MSG.invalidDate],
    [{ dob: '01/01/1900' }, MSG.invalidDate],
    [{ dob: '01/01/2015' }, MSG.guardianRequired],
    [{ dob: '01/01/2015', gaurdian_name: 'A'.repeat(21) }, MSG.guardianMax],
    [{ email: 'x@' }, MSG.nomineeEmail],
    [{ mobile: '12345' }, MSG.nomineeMobile],
    [{ pincode: '12a456' }, MSG.nomineePincode],
    [{ city: 'Pune1' }, MSG.lettersOnly],
    [{ state: 'MH-1' }, MSG.lettersOnly],
    [{ identity_doc_type: 'aadhaar', proof_number: '12345' }, MSG.aadhaarHint],
    [{ identity_doc_type: 'pan', proof_number: 'abc' }, MSG.idNumberInvalid],
    [{ percentage_share: '100.5' }, MSG.shareInvalid],
    [{ percentage_share: '33.333' }, MSG.shareInvalid],
    [{ first_name: 'A'.repeat(101) }, MSG.maxLength100],
    [{ email: `${'a'.repeat(95)}@example.com` }, MSG.maxLength100],
  ])('%j -> %s', (patch, message) => expect(messageOf(schema, { ...base, ...patch })).toBe(message));
  it('accepts a minor with a guardian and upper-cases the proof number', () => {
    const r = schema.parse({
      ...base,
      dob: '01/01/2015',
      gaurdian_name: 'Ravi',
      identity_doc_type: 'pan',
      proof_number: 'abcpk1234d',
    });
    expect(r.proof_number).toBe('ABCPK1234D');
  });
  it('checks the share total both ways', () => {
    expect(shareTotalError(['50', '30', '30'])).toBe('shareOver100');
    expect(shareTotalError(['50', '30'])).toBeNull();
    expect(shareSubmitError(['50', '30'])).toBe('shareEquals100');
    expect(shareSubmitError(['50', '30', '20'])).toBeNull();
    expect(shareSubmitError(['33.33', '33.33', '33.34'])).toBeNull();
  });
});

describe('segment', () => {
  it('needs one selection', () => {
    expect(messageOf(segmentSelectionSchema, [])).toBe(MSG.segmentRequired);
    expect(messageOf(segmentSelectionSchema, ['equity_1'])).toBeNull();
  });
});

describe('a data URL of base64 content', () => {
  const url = (payload: string, head = 'data:image/png;base64') => `${head},${payload}`;
  it('is the declared type and a payload of the base64 alphabet, then only padding', () => {
    expect(isBase64DataUrl(url('iVBORw0KGgo='))).toBe(true);
    expect(isBase64DataUrl(url('ab+/09=='))).toBe(true);
    expect(isBase64DataUrl(url(''))).toBe(false);
    expect(isBase64DataUrl(url('=='))).toBe(false);
    expect(isBase64DataUrl(url('ab=c'))).toBe(false);
    expect(isBase64DataUrl(url('ab c'))).toBe(false);
    expect(isBase64DataUrl(url('abcd', 'data:image/png'))).toBe(false);
    expect(isBase64DataUrl(url('abcd', 'data:Image/png;base64'))).toBe(false);
    expect(isBase64DataUrl('iVBORw0KGgo=')).toBe(false);
  });
  it('of many megabytes is read to its end: the size check, not the pattern, refuses it', () => {
    expect(dataUrlSchema.safeParse(url(`iVBORw0KGgo${'A'.repeat(7_000_000)}=`)).success).toBe(true);
    expect(dataUrlSchema.safeParse(url(`${'A'.repeat(7_000_000)}!`)).success).toBe(false);
  });
});
