/**
 * Each production adapter of the registrations builds its request in the public format the
 * research names (field names, order, code tables): NSE NSEEntry, BSE CLIENTDETAILS_V5, the MCX
 * batch and the CVL KRA record (the depositories' files: registrations-cdsl-format.test.ts and
 * registrations-nsdl-format.test.ts). The fixtures under fixtures/registrations name their sources.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { bseClientDetails, bsePasswordHash, BseUccRegistrar } from '../src/providers/registrations/bse-ucc.ts';
import { codesFor, loadCodeTables } from '../src/providers/registrations/code-tables.ts';
import { CvlKraClient, kraRecordXml, KraUploadRegistrar } from '../src/providers/registrations/kra-upload.ts';
import { mcxBatch, MCX_DETAIL_FIELDS } from '../src/providers/registrations/mcx-ucc.ts';
import { nseEntries, NseUccRegistrar } from '../src/providers/registrations/nse-ucc.ts';
import type { RegistrationSubject } from '../src/providers/registrations/port.ts';

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
  nominees: [
    { name: 'RAVI VERMA', relation: 'Brother', share: 100, dob: '', minor: false, guardianName: '', address: null },
  ],
  kycMode: 'digilocker',
  ipvDate: '20/11/2026',
  applicationDate: '24/11/2026',
  depository: 'CDSL',
  boId: '1209990012345678',
  resubmission: false,
  bo: { bsda: false, ddpiSince: null, panAadhaarSeeding: 'Y', emailOfFamily: null, signature: null },
};

/** A fetch that records each request and answers from a script. */
function recorder(answers: ((url: string, body: string) => { status?: number; body: string })[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const body = String(init.body ?? '');
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body });
    const a = answers[calls.length - 1]!(url, body);
    return new Response(a.body, { status: a.status ?? 200 });
  };
  return { calls, fetch };
}

describe('NSE UCC (NSEEntry)', () => {
  const f = fixture<{ keysInOrder: string[]; codes: Record<string, string> }>('nse-ucc-entry.json');
  const entries = nseEntries(subject, '90001', codes('nse'));

  it('sends one NSEEntry per NSE segment, keys in the order of the live integration', () => {
    expect(entries.map((e) => e.ccdSegInd)).toEqual(['C', 'F']);
    for (const e of entries) expect(Object.keys(e)).toEqual(f.keysInOrder);
  });

  it('uses NSE code tables, never the profiling values', () => {
    const [cash, fo] = entries;
    expect(cash).toMatchObject({
      ccdAddState: f.codes['ccdAddState (Maharashtra)'],
      ccdAddCountry: f.codes['ccdAddCountry (India)'],
      ccdGrosAnnlRnge: f.codes['ccdGrosAnnlRnge (5-10 lakh)'],
      ccdOccupation: f.codes['ccdOccupation (private sector)'],
      ccdGender: f.codes['ccdGender (female)'],
      ccdMaritlStatus: f.codes['ccdMaritlStatus (single)'],
      ccdDob: '15-08-1990',
      ccdPanNo: 'ABCPV4321Q',
      ccdDeposName: 'CDSL',
      ccdBenAcctNo: '1209990012345678',
    });
    expect(fo!.ccdOptForUpi).toBe(f.codes['ccdOptForUpi outside cash']);
  });

  it('posts the entries with the request id and reads PAN status I as a rejection', async () => {
    const r = recorder([
      () => ({
        body: JSON.stringify({
          status: 'FAILURE',
          reqId: 'R1',
          data: [
            { ccdCd: 'EKABCD2345', ccdSegInd: 'C', ccdPanSts: 'I', ccdCltStatus: null, errorDesc: 'PAN mismatch' },
          ],
        }),
      }),
    ]);
    const nse = new NseUccRegistrar({
      baseUrl: 'https://nse.test',
      memberCode: '90001',
      apiKey: 'k',
      codes: codes('nse'),
      fetch: r.fetch,
    });
    const answer = await nse.submit(subject, 'R1');
    expect(r.calls[0]).toMatchObject({ url: 'https://nse.test/ucc/client-profiling', method: 'POST' });
    expect(JSON.parse(r.calls[0]!.body)).toMatchObject({ reqId: 'R1', NSEEntry: entries });
    expect(answer).toMatchObject({ status: 'rejected', reason: 'PAN mismatch' });
  });
});

describe('BSE UCC (AddUCCData_V5)', () => {
  const f = fixture<{ requiredKeys: string[]; passwordHashOfSandbox: string }>('bse-ucc-v5.json');

  it('fills CLIENTDETAILS_V5 with a Y/N flag per segment', () => {
    const c = bseClientDetails(subject, '90001', codes('bse'));
    for (const k of f.requiredKeys) expect(c).toHaveProperty(k);
    expect(c).toMatchObject({
      TRANSACTIONCODE: 'N',
      CASH: 'Y',
      EQUITY_DERIVATIVE: 'Y',
      CURRENCY: 'N',
      DATEOFBIRTH: '15/08/1990',
      INCOME: '03',
    });
  });

  it('authenticates with SHA512(MD5(password)) in the headers', async () => {
    expect(bsePasswordHash('sandbox')).toBe(f.passwordHashOfSandbox);
    const r = recorder([
      () => ({ body: JSON.stringify({ STATUS: 'SUCCESS', CLIENTCODE: 'EKABCD2345', REMARKS: null }) }),
    ]);
    const bse = new BseUccRegistrar({
      baseUrl: 'https://bse.test/UCCService.svc',
      userId: 'U',
      memberCode: '90001',
      password: 'sandbox',
      codes: codes('bse'),
      fetch: r.fetch,
    });
    expect(await bse.submit(subject, 'R2')).toMatchObject({ status: 'accepted', reference: 'EKABCD2345' });
    expect(r.calls[0]!.url).toBe('https://bse.test/UCCService.svc/AddUCCData_V5');
    expect(r.calls[0]!.headers).toMatchObject({ UserId: 'U', Password: f.passwordHashOfSandbox });
  });
});

describe('MCX UCC batch', () => {
  it('writes the control record with the detail count, then one line per MCX segment', () => {
    const file = mcxBatch(subject, '90001', 'B7', codes('mcx'), new Date('2026-11-24T10:00:00Z'));
    const [control, ...details] = file.trim().split('\n');
    expect(control).toBe('10|M|90001|24112026|B7|1');
    expect(details).toHaveLength(1);
    expect(details[0]!.split('|')).toHaveLength(MCX_DETAIL_FIELDS.length + 1);
    expect(details[0]!.split('|').slice(0, 3)).toEqual(['20', 'O', 'EKABCD2345']);
  });
});

describe('CVL KRA record (InsertUpdateKYCRecord)', () => {
  const f = fixture<{ fieldsStartWith: string[]; codes: Record<string, string>; insertFormFields: string[] }>(
    'cvl-kra-kycdata.json',
  );
  const parser = new XMLParser({ parseTagValue: false });
  const xml = kraRecordXml(subject, {
    posCode: '1100000001',
    codes: codes('kra'),
    at: new Date('2026-11-24T10:00:00Z'),
  });

  it('sends KYCDATA fields in the order of a working CVL upload, with header and footer counts', () => {
    const names = [...xml.matchAll(/<(APP_[A-Z0-9_]+)>/g)].map((m) => m[1]);
    expect(names.slice(0, f.fieldsStartWith.length)).toEqual(f.fieldsStartWith);
    const doc = parser.parse(xml) as {
      ROOT: { HEADER: Record<string, string>; KYCDATA: Record<string, string>; FOOTER: Record<string, string> };
    };
    expect(doc.ROOT.HEADER).toEqual({ COMPANY_CODE: '1100000001', BATCH_DATE: '24/11/2026' });
    expect(doc.ROOT.FOOTER.NO_OF_KYC_RECORDS).toBe('1');
    expect(doc.ROOT.KYCDATA).toMatchObject({
      APP_UPDTFLG: f.codes['APP_UPDTFLG new'],
      APP_INCOME: f.codes['APP_INCOME (5-10 lakh)'],
      APP_OCC: f.codes['APP_OCC (private sector)'],
      APP_MAR_STATUS: f.codes['APP_MAR_STATUS (single)'],
      APP_KYC_MODE: f.codes['APP_KYC_MODE (DigiLocker)'],
      APP_COR_ADD_PROOF: f.codes['APP_COR_ADD_PROOF (Aadhaar, CVL)'],
      APP_UID_NO: '1234',
      APP_DOB_INCORP: '15/08/1990',
    });
    const again = parser.parse(
      kraRecordXml({ ...subject, resubmission: true }, { posCode: 'P', codes: codes('kra'), at: new Date() }),
    ) as {
      ROOT: { KYCDATA: Record<string, string> };
    };
    expect(again.ROOT.KYCDATA.APP_UPDTFLG).toBe(f.codes['APP_UPDTFLG modify']);
  });

  it('gets a session password, then posts the record with the SOAP form fields; 03 reads as on hold', async () => {
    const asmx = (inner: string) =>
      `<?xml version="1.0"?><string xmlns="https://pancheck.www.kracvl.com">${inner.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`;
    const r = recorder([
      () => ({ body: asmx('SESSION') }),
      () => ({
        body: asmx(
          '<ROOT><KYCDATA><APP_PAN_NO>ABCPV4321Q</APP_PAN_NO><APP_STATUS>ERR-00000</APP_STATUS></KYCDATA></ROOT>',
        ),
      }),
      () => ({ body: asmx('SESSION') }),
      () => ({
        body: asmx(
          '<APP_RES_ROOT><APP_PAN_INQ><APP_STATUS>003</APP_STATUS><APP_HOLD_DEACTIVE_RMKS>Photo missing</APP_HOLD_DEACTIVE_RMKS></APP_PAN_INQ></APP_RES_ROOT>',
        ),
      }),
    ]);
    const client = new CvlKraClient({
      baseUrl: 'https://kra.test',
      userName: 'U',
      posCode: 'P',
      password: 'pw',
      passKey: 'K',
      codes: codes('kra'),
      fetch: r.fetch,
    });
    const kra = new KraUploadRegistrar(client);
    expect(await kra.submit(subject)).toMatchObject({ status: 'submitted' });
    expect(r.calls.map((c) => c.url)).toEqual([
      'https://kra.test/PANInquiry.asmx/GetPassword',
      'https://kra.test/PANInquiry.asmx/InsertUpdateKYCRecord',
    ]);
    const form = new URLSearchParams(r.calls[1]!.body);
    expect([...form.keys()]).toEqual(f.insertFormFields);
    expect(form.get('password')).toBe('SESSION');
    expect(await kra.check(subject)).toMatchObject({ status: 'on_hold', reason: 'KRA status 03: Photo missing' });
  });
});
