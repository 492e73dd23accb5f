/**
 * The depositories' production adapters build their requests in the public format the research
 * names (field names, order, code tables): the CDSL harmonised BO file and the NSDL account-opening
 * JSON. The fixtures under fixtures/registrations name their sources. (NSE, BSE and the CVL KRA:
 * registrations-public-source-formats.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDSL_HARMONISED_HEADER, cdslBoFile } from '../src/providers/registrations/cdsl-bo.ts';
import { codesFor, loadCodeTables } from '../src/providers/registrations/code-tables.ts';
import { nsdlInstruction } from '../src/providers/registrations/nsdl-bo.ts';
import type { RegistrationSubject } from '../src/providers/registrations/port.ts';
import { parseCsv } from '../src/sandbox/registrations/routes.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/registrations', name), 'utf8')) as T;
const tables = loadCodeTables();
const codes = (p: string) => codesFor(tables, p);

const subject: RegistrationSubject = {
  applicationNo: 'A1B2C3D4E5F6A7B8',
  clientCode: 'EKABCD2345',
  pan: 'ABCPV4321Q',
  name: 'ASHA KUMARI VERMA',
  firstName: 'ASHA',
  middleName: 'KUMARI',
  lastName: 'VERMA',
  fatherName: 'RAJ VERMA',
  dob: '15/08/1990',
  gender: 'F',
  maritalStatus: 'single',
  mobile: '9876543210',
  email: 'asha@example.com',
  address: {
    line1: '12, MG Road',
    line2: 'Andheri East',
    line3: '',
    city: 'Mumbai',
    district: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400069',
    country: 'IN',
  },
  aadhaarLast4: '1234',
  income: '5_10',
  occupation: 'private_sector',
  politicallyExposed: false,
  bank: {
    ifsc: 'HDFC0000001',
    micr: '400240002',
    accountNumber: '50100012345678',
    bankName: 'HDFC BANK',
    accountType: 'savings',
  },
  segments: ['equity_1', 'equity_derivatives_1', 'commodity_derivatives_1'],
  nominees: [{ name: 'RAVI VERMA', relation: 'Brother', share: 100 }],
  kycMode: 'digilocker',
  ipvDate: '20/11/2026',
  applicationDate: '24/11/2026',
  depository: 'CDSL',
  boId: '1209990012345678',
  resubmission: false,
  kraRegistered: false,
  guardianName: '',
  upiOptIn: true,
};

describe('CDSL harmonised BO file', () => {
  const f = fixture<{ headerStartsWith: string[]; headerEndsWith: string[]; codes: Record<string, string> }>(
    'cdsl-harmonised-bo.json',
  );
  const csv = cdslBoFile(subject, {
    dpId: '12099900',
    batchId: 'B1',
    codes: codes('cdsl'),
    at: new Date('2026-11-24T10:00:00Z'),
  });
  const [header, ...rows] = parseCsv(csv).filter((r) => r.some(Boolean));
  const at = (row: string[], col: string) => row[header!.indexOf(col)];

  it('has the harmonised header, in order', () => {
    expect(header!.slice(0, f.headerStartsWith.length)).toEqual(f.headerStartsWith);
    expect(header!.slice(-f.headerEndsWith.length)).toEqual(f.headerEndsWith);
    expect(header).toEqual([...CDSL_HARMONISED_HEADER]);
  });

  it('groups the holder, address and nominee rows under one RcrdNb, numbered by RcdSRNumber', () => {
    expect(rows.map((r) => [at(r, 'Purpse'), at(r, 'PurpCd'), at(r, 'RcrdNb'), at(r, 'RcdSRNumber')])).toEqual([
      ['FH', '', '1', '1'],
      ['FH', 'CORAD', '1', '2'],
      ['FH', 'PERAD', '1', '3'],
      ['NM', '', '1', '4'],
    ]);
    const holder = rows[0]!;
    expect(at(holder, 'BOTxnTyp')).toBe(f.codes.BOTxnTyp);
    expect(at(holder, 'GrssAnlIncmRg')).toBe(f.codes['GrssAnlIncmRg (5-10 lakh)']);
    expect(at(holder, 'Ocptn')).toBe(f.codes['Ocptn (private sector)']);
    expect(at(holder, 'Gndr')).toBe(f.codes['Gndr (female)']);
    expect(at(holder, 'PANVrfyFlg')).toBe(f.codes.PANVrfyFlg);
    expect(at(holder, 'MdOfOpr')).toBe(f.codes.MdOfOpr);
    expect(at(holder, 'AccntOpSrc')).toBe(f.codes.AccntOpSrc);
    expect(at(holder, 'BirthDt')).toBe('19900815');
    // Aadhaar travels masked: only its last four digits
    expect(at(holder, 'UID')).toBe('XXXXXXXX1234');
    expect(at(rows[3]!, 'NmneePctgOfShr')).toBe('100.00');
  });
});

describe('NSDL account opening JSON', () => {
  const f = fixture<{ primaryBeneficiaryKeys: string[]; codes: Record<string, string> }>('nsdl-account-opening.json');
  it('builds instr.beneficiaryDetails and instr.bankDetails with NSDL codes', () => {
    const body = nsdlInstruction({ ...subject, depository: 'NSDL' }, 'IN309900', codes('nsdl'));
    const primary = body.instr.beneficiaryDetails.primaryBeneficiary;
    expect(Object.keys(primary)).toEqual(f.primaryBeneficiaryKeys);
    expect(primary.dob).toBe('19900815');
    expect(primary.beneficiaryCoresAddress).toMatchObject({ addressType: '1', countrycode: '356' });
    expect(primary.beneficiaryPermAddress.addressType).toBe('4');
    expect(body.instr.bankDetails.accountType).toBe('10');
  });
});
