/**
 * The NSDL Account Opening API body against its public source, field by field: the fixture
 * fixtures/registrations/nsdl-lyik-demat-payload.json is transcribed from a live integration's
 * sample (lyikadmin/lyik_w2w_plugins nsdl_demat_account_translator_plugin/src/lyik/demat_paload.json,
 * line beside each field), and the sandbox NSDL reads the body with its own schema written from the
 * same sample. Changing one transcribed code makes the comparison fail; changing one code in the
 * body makes the sandbox refuse it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nsdlInstruction } from '../src/providers/registrations/nsdl-bo.ts';
import { nsdlProblem, nsdlRequestSchema } from '../src/sandbox/registrations/nsdl-account-opening.ts';
import { depositorySubject, SIGNATURE } from './support/depository-subject.ts';

interface Transcribed {
  path: string;
  value?: string;
  pattern?: string;
  line: number;
  notFollowed?: string;
}
interface Fixture {
  source: string;
  primaryBeneficiaryKeys: { key: string; line: number; notFollowed?: string }[];
  addressKeys: { key: string; line: number }[];
  fields: Transcribed[];
}
const fixture = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/registrations/nsdl-lyik-demat-payload.json'), 'utf8'),
) as Fixture;

const at = (body: unknown, dotted: string): unknown =>
  dotted
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), body);

/** The transcribed fields the body does not match (each with its line in the source). */
function mismatches(body: unknown, f: Fixture): string[] {
  return f.fields
    .filter((t) => !t.notFollowed)
    .flatMap((t) => {
      const got = at(body, t.path);
      const ok =
        typeof got === 'string' && (t.value !== undefined ? got === t.value : new RegExp(t.pattern!).test(got));
      return ok ? [] : [`${t.path} = ${JSON.stringify(got)} (demat_paload.json:${t.line}: ${t.value ?? t.pattern})`];
    });
}

// the sample's choices: a woman, income below 1 lakh, a student, a minor nominee with a guardian, a DDPI
const subject = depositorySubject({ gender: 'F', income: 'lt_1', occupation: 'student', depository: 'NSDL' });
const body = nsdlInstruction(subject, 'IN309900', 'DDPI0000001');

describe('NSDL account opening body, against lyik_w2w_plugins demat_paload.json', () => {
  it('names its source and gives each transcribed field its line', () => {
    expect(fixture.source).toContain('nsdl_demat_account_translator_plugin/src/lyik/demat_paload.json');
    for (const t of fixture.fields) expect(t.line).toBeGreaterThan(0);
  });

  it('has the primary beneficiary keys, and each address its keys, in the order of the source', () => {
    const primary = body.instr.beneficiaryDetails.primaryBeneficiary;
    expect(Object.keys(primary)).toEqual(
      fixture.primaryBeneficiaryKeys.filter((k) => !k.notFollowed).map((k) => k.key),
    );
    for (const a of [primary.beneficiaryCoresAddress, primary.beneficiaryPermAddress])
      expect(Object.keys(a)).toEqual(fixture.addressKeys.map((k) => k.key));
  });

  it('matches every transcribed field it follows', () => {
    expect(mismatches(body, fixture)).toEqual([]);
  });

  it('fails when one transcribed code is changed', () => {
    const changed = structuredClone(fixture);
    changed.fields.find((t) => t.path.endsWith('primaryBeneficiary.gender'))!.value = 'F';
    expect(mismatches(body, changed)).toEqual([
      'instr.beneficiaryDetails.primaryBeneficiary.gender = "2" (demat_paload.json:11: F)',
    ]);
  });

  it('carries the zipcode, the numeric state code, the DDPI, the family declaration, the minor nominee and the signature', () => {
    const primary = body.instr.beneficiaryDetails.primaryBeneficiary;
    expect(primary.beneficiaryCoresAddress).toMatchObject({ zipcode: '400069', statecode: '27', countrycode: '356' });
    expect(primary).toMatchObject({ ddpiid: 'DDPI0000001', signature: SIGNATURE.toString('base64'), dob: '19900815' });
    const more = body.instr.beneficiaryDetails.additionalBeneDetails;
    expect(more).toMatchObject({ familyEmailFlag: 'Y', nominationOption: 'Y', numOfNominees: '1', occupation: '2' });
    expect(more.listOfNominees[0]).toMatchObject({
      minor: 'Y',
      dob: '20190102',
      guardianName: 'SITA VERMA',
      nomineeShare: '100',
      nomineeAddress: { addressType: '3', zipcode: '400069', statecode: '27' },
    });
    const plain = nsdlInstruction(
      depositorySubject({
        gender: 'M',
        income: 'gt_25',
        occupation: 'private_sector',
        nominees: [],
        bo: { bsda: false, ddpiSince: null, panAadhaarSeeding: 'Y', emailOfFamily: null, signature: null },
      }),
      'IN309900',
      'DDPI0000001',
    );
    expect(plain.instr.beneficiaryDetails.primaryBeneficiary).toMatchObject({
      gender: '1',
      grossAnnualIncome: '05',
      ddpiid: '',
    });
    expect(plain.instr.beneficiaryDetails.additionalBeneDetails).toMatchObject({
      occupation: '1',
      familyEmailFlag: 'N',
      nominationOption: 'N',
      numOfNominees: '0',
    });
  });
});

describe('the sandbox NSDL reads the body with its own schema', () => {
  const request = { requestId: 'R1', ...body };

  it('accepts the adapter body', () => {
    const parsed = nsdlRequestSchema.parse(request);
    expect(nsdlProblem(parsed, 'IN309900')).toBeNull();
  });

  it('refuses a body where one code is changed', () => {
    const withGender = structuredClone(request);
    withGender.instr.beneficiaryDetails.primaryBeneficiary.gender = 'F';
    expect(nsdlRequestSchema.safeParse(withGender).success).toBe(false);
    const withState = structuredClone(request);
    withState.instr.beneficiaryDetails.primaryBeneficiary.beneficiaryCoresAddress.statecode = 'Maharashtra';
    expect(nsdlProblem(nsdlRequestSchema.parse(withState), 'IN309900')).toBe(
      'Invalid beneficiaryCoresAddress.statecode',
    );
    const withoutGuardian = structuredClone(request);
    withoutGuardian.instr.beneficiaryDetails.additionalBeneDetails.listOfNominees[0]!.guardianName = '';
    expect(nsdlProblem(nsdlRequestSchema.parse(withoutGuardian), 'IN309900')).toBe(
      'A minor nominee needs dob and guardianName',
    );
  });
});
