/**
 * The registration requests against fixtures transcribed, field by field, from the public sources
 * the adapters cite (each field with its file and line in fixtures/registrations/public-sources):
 * the CVL KRA record and service contract, NSE's NSEEntry and BSE's CLIENTDETAILS_V5 of the LYIK
 * W2W plugins. Changing any one code of a fixture makes the comparison fail (the last test of each).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { bseClientDetails } from '../src/providers/registrations/bse-ucc.ts';
import { codesFor, loadCodeTables } from '../src/providers/registrations/code-tables.ts';
import { kraRecordXml } from '../src/providers/registrations/kra-record.ts';
import { CvlKraClient, kraFetchXml } from '../src/providers/registrations/kra-upload.ts';
import { nseEntries } from '../src/providers/registrations/nse-ucc.ts';
import { subject } from './support/registration-subject.ts';

interface Field {
  source: string;
  code?: string | null;
  codeSource?: string;
}
type Fixture<K extends string> = { source: string; fields: (Field & Record<K, string>)[] };
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/registrations/public-sources', name), 'utf8')) as T;
const tables = loadCodeTables();
const codes = (p: string) => codesFor(tables, p);

/** What differs between a request (keys in order, values) and a transcribed fixture. */
function differences<K extends string>(sent: [string, string | null][], f: Fixture<K>, key: K): string[] {
  const out: string[] = [];
  const names = f.fields.map((x) => x[key]);
  if (sent.map(([k]) => k).join() !== names.join()) out.push(`keys differ from ${f.source}`);
  const value = new Map(sent);
  for (const x of f.fields)
    if ('code' in x && value.get(x[key]) !== x.code)
      out.push(`${x[key]}: sent ${String(value.get(x[key]))}, ${x.codeSource} says ${String(x.code)}`);
  return out;
}

/** The same fixture with one code changed. */
function withOneCodeChanged<K extends string>(f: Fixture<K>, index: number): Fixture<K> {
  return {
    ...f,
    fields: f.fields.map((x, i) => (i === index ? { ...x, code: x.code === 'X' ? 'Y' : 'X' } : x)),
  };
}
const codedIndexes = (f: { fields: Field[] }) => f.fields.flatMap((x, i) => ('code' in x ? [i] : []));

describe('CVL KRA record, transcribed from generate_kra_data_plugin.py and the CVL code files', () => {
  const f = fixture<Fixture<'tag'> & { operations: Record<string, string[] | string> }>('cvl-kra-kycdata.json');
  const ipv = { name: 'A VERIFIER', designation: 'KYC OFFICER', organisation: 'THE BROKER' };
  const xml = kraRecordXml(subject, {
    posCode: 'POS1',
    codes: codes('kra'),
    ipv,
    at: new Date('2026-11-24T10:00:00Z'),
    modify: false,
  });
  const body = /<KYCDATA>([\s\S]*)<\/KYCDATA>/.exec(xml)![1]!;
  const sent = [...body.matchAll(/<([A-Z0-9_]+)>([^<]*)<\/\1>/g)].map((m) => [m[1]!, m[2]!] as [string, string]);

  it('sends every KYCDATA tag of the source, in its order, with its codes (state 027, country 101, proof 31 with the last four digits)', () => {
    expect(differences(sent, f, 'tag')).toEqual([]);
    const k = new Map(sent);
    expect([k.get('APP_IPV_NAME'), k.get('APP_IPV_DESG'), k.get('APP_IPV_ORGAN')]).toEqual([
      'A VERIFIER',
      'KYC OFFICER',
      'THE BROKER',
    ]);
    // one version: no V33 tag beside V28's number
    expect(body).not.toMatch(/APP_FS_FLAG|APP_CORR_DISTRICT|APP_PERM_DISTRICT|APP_ACC_OPENDT/);
    const doc = new XMLParser({ parseTagValue: false }).parse(xml) as { ROOT: { HEADER: object; FOOTER: object } };
    expect(Object.keys(doc.ROOT.HEADER)).toEqual(['COMPANY_CODE', 'BATCH_DATE']);
  });

  it('carries the FATCA/CRS declaration: KYCDATA tags and one FATCA_ADDL_DTLS per residency abroad, in the source’s order', () => {
    const fx = f as unknown as {
      fatcaAddlDtls: { tag: string }[];
      fatcaCountryCodes: Record<string, string>;
      rootOrder: { elements: string[] };
    };
    const declared = kraRecordXml(
      {
        ...subject,
        fatca: {
          placeOfBirth: 'PUNE',
          countryOfBirth: fx.fatcaCountryCodes.INDIA!,
          citizenship: fx.fatcaCountryCodes.INDIA!,
          taxResidencies: [
            { country: fx.fatcaCountryCodes['UNITED STATES']!, tin: '123-45-6789', noTinReason: '' },
            { country: fx.fatcaCountryCodes.SINGAPORE!, tin: '', noTinReason: 'Not issued yet' },
          ],
        },
      },
      { posCode: 'POS1', codes: codes('kra'), ipv, at: new Date('2026-11-24T10:00:00Z'), modify: false },
    );
    const k = new Map(
      [.../<KYCDATA>([\s\S]*)<\/KYCDATA>/.exec(declared)![1]!.matchAll(/<([A-Z0-9_]+)>([^<]*)<\/\1>/g)].map(
        (m) => [m[1]!, m[2]!] as const,
      ),
    );
    expect(
      [
        'APP_FATCA_APPLICABLE_FLAG',
        'APP_FATCA_BIRTH_PLACE',
        'APP_FATCA_BIRTH_COUNTRY',
        'APP_FATCA_COUNTRY_RES',
        'APP_FATCA_COUNTRY_CITYZENSHIP',
      ].map((t) => k.get(t)),
    ).toEqual(['Y', 'PUNE', 'IN', 'US', 'IN']);
    const blocks = [...declared.matchAll(/<FATCA_ADDL_DTLS>([\s\S]*?)<\/FATCA_ADDL_DTLS>/g)].map((m) =>
      [...m[1]!.matchAll(/<([A-Z0-9_]+)>([^<]*)<\/\1>/g)].map((x) => [x[1]!, x[2]!] as const),
    );
    expect(blocks.map((b) => b.map(([t]) => t))).toEqual([
      fx.fatcaAddlDtls.map((x) => x.tag),
      fx.fatcaAddlDtls.map((x) => x.tag),
    ]);
    expect(blocks.map((b) => new Map(b).get('APP_FATCA_TAX_IDENTIFICATION_NO'))).toEqual(['123-45-6789', '']);
    expect(blocks.map((b) => new Map(b).get('APP_FATCA_COUNTRY_RESIDENCY'))).toEqual(['US', 'SG']);
    expect(declared).toContain('<NO_OF_FATCA_ADDL_DTLS_RECORDS>2</NO_OF_FATCA_ADDL_DTLS_RECORDS>');
    // ROOT's children in the source's order
    const order = [...declared.matchAll(/<(HEADER|KYCDATA|FATCA_ADDL_DTLS|FOOTER)>/g)].map((m) => m[1]);
    expect([...new Set(order)]).toEqual(fx.rootOrder.elements);
    // none declared: not applicable, no block
    expect(xml).toContain('<APP_FATCA_APPLICABLE_FLAG>N</APP_FATCA_APPLICABLE_FLAG>');
    expect(xml).not.toContain('<FATCA_ADDL_DTLS>');
  });

  it('a modification is the same record with APP_UPDTFLG 02', () => {
    const modified = kraRecordXml(subject, { posCode: 'POS1', codes: codes('kra'), ipv, at: new Date(), modify: true });
    expect(modified).toContain('<APP_UPDTFLG>02</APP_UPDTFLG>');
  });

  /** The CVL client against a stand-in answering each operation as `fetch` does. */
  const kraClient = (fetch: (url: string, init: RequestInit) => Promise<Response>) =>
    new CvlKraClient({
      baseUrl: 'https://kra',
      userName: 'U',
      posCode: 'P',
      password: 'pw',
      passKey: 'K',
      ipv,
      codes: codes('kra'),
      fetch,
    });

  it('calls GetPanStatus and InsertUpdateKYCRecord with the parameters of the service contract', async () => {
    const calls: { url: string; form: Record<string, string> }[] = [];
    const answers: Record<string, string> = {
      GetPassword: 'SESSION',
      GetPanStatus: '<APP_RES_ROOT><APP_PAN_INQ><APP_STATUS>005</APP_STATUS></APP_PAN_INQ></APP_RES_ROOT>',
      InsertUpdateKYCRecord: '<ROOT><KYCDATA><APP_NO>A1</APP_NO><APP_STATUS>ERR-00000</APP_STATUS></KYCDATA></ROOT>',
    };
    const fetch = async (url: string, init: RequestInit) => {
      const form = Object.fromEntries(new URLSearchParams(String(init.body)));
      calls.push({ url, form });
      const inner = answers[url.split('/').pop()!]!.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      return new Response(`<string xmlns="https://pancheck.www.kracvl.com">${inner}</string>`, {
        headers: { 'content-type': 'text/xml' },
      });
    };
    const client = kraClient(fetch);
    await client.upload(subject);
    for (const op of ['GetPassword', 'GetPanStatus', 'InsertUpdateKYCRecord'])
      expect(Object.keys(calls.find((c) => c.url.endsWith(`/${op}`))!.form)).toEqual(f.operations[op]);
    expect(calls.find((c) => c.url.endsWith('/GetPanStatus'))!.form.panNo).toBe(subject.pan);
  });

  it('fetches the KRA record with the inquiry of the public integrations', () => {
    const inquiry = f as unknown as { fetchInquiry: { tags: string[]; FETCH_TYPE: string } };
    const xml = kraFetchXml(subject.pan, subject.dob, 'P');
    expect(xml.startsWith('<APP_REQ_ROOT><APP_PAN_INQ>')).toBe(true);
    expect([...xml.matchAll(/<([A-Z_]+)>[^<]*<\/\1>/g)].map((m) => m[1])).toEqual(inquiry.fetchInquiry.tags);
    expect(xml).toContain(`<FETCH_TYPE>${inquiry.fetchInquiry.FETCH_TYPE}</FETCH_TYPE>`);
    expect(xml).toContain(`<APP_DOB_INCORP>${subject.dob}</APP_DOB_INCORP>`);
  });

  it('a new upload the KRA refuses with ERR-90061 (the PAN exists) is sent again as a modification over the KRA record', async () => {
    const uploads: string[] = [];
    const records: string[] = [];
    const downloads: Record<string, string>[] = [];
    const answers = [
      '<ROOT><KYCDATA><APP_STATUS>ERR-90061</APP_STATUS><APP_ERROR_DESC>KYC DATA ALREADY EXISTS FOR THE PAN</APP_ERROR_DESC></KYCDATA></ROOT>',
      '<ROOT><KYCDATA><APP_NO>A1</APP_NO><APP_STATUS>ERR-00000</APP_STATUS></KYCDATA></ROOT>',
    ];
    const fetch = async (url: string, init: RequestInit) => {
      const op = url.split('/').pop()!;
      const form = Object.fromEntries(new URLSearchParams(String(init.body)));
      if (op === 'InsertUpdateKYCRecord') {
        uploads.push(/<APP_UPDTFLG>(\d+)</.exec(form.inputXML!)![1]!);
        records.push(form.inputXML!);
      }
      if (op === 'SolicitPANDetailsFetchALLKRA') downloads.push(form);
      const inner =
        op === 'GetPassword'
          ? 'SESSION'
          : op === 'GetPanStatus'
            ? '<APP_RES_ROOT><APP_PAN_INQ><APP_STATUS>005</APP_STATUS></APP_PAN_INQ></APP_RES_ROOT>'
            : op === 'SolicitPANDetailsFetchALLKRA'
              ? '<ROOT><HEADER><COMPANY_CODE>X</COMPANY_CODE></HEADER><APP_PAN_INQ><APP_NAME>OLD NAME</APP_NAME>' +
                '<APP_RES_ISD>91</APP_RES_ISD><APP_RES_STD>22</APP_RES_STD><APP_RES_NO>26435678</APP_RES_NO>' +
                '<APP_DOB_DT>15/08/1990</APP_DOB_DT><APP_STATUS>002</APP_STATUS></APP_PAN_INQ></ROOT>'
              : answers[uploads.length - 1]!;
      return new Response(`<string>${inner.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`);
    };
    const client = kraClient(fetch);
    expect(await client.upload(subject)).toMatchObject({ status: 'submitted', reference: 'A1' });
    expect(uploads).toEqual(['01', '02']);
    // the download with the contract's parameters, then the application's fields over the KRA's record
    expect(downloads).toHaveLength(1);
    expect(Object.keys(downloads[0]!)).toEqual(f.operations.SolicitPANDetailsFetchALLKRA);
    expect(downloads[0]!.inputXML).toBe(kraFetchXml(subject.pan, subject.dob, 'P'));
    const modification = records[1]!;
    expect(modification).toContain('<APP_RES_NO>26435678</APP_RES_NO>');
    expect(modification).toContain(`<APP_NAME>${subject.name}</APP_NAME>`);
    expect(records[0]).toContain('<APP_RES_NO></APP_RES_NO>');
  });

  it('an interrupted first upload the KRA holds under its application number is not sent again; held under another, or a correction, it is', async () => {
    const sentFlags: string[] = [];
    const client = (heldAppNo: string) =>
      kraClient(async (url: string, init: RequestInit) => {
        const op = url.split('/').pop()!;
        const form = Object.fromEntries(new URLSearchParams(String(init.body)));
        if (op === 'InsertUpdateKYCRecord') sentFlags.push(/<APP_UPDTFLG>(\d+)</.exec(form.inputXML!)![1]!);
        const inner =
          op === 'GetPassword'
            ? 'SESSION'
            : op === 'GetPanStatus'
              ? '<APP_RES_ROOT><APP_PAN_INQ><APP_STATUS>101</APP_STATUS></APP_PAN_INQ></APP_RES_ROOT>'
              : op === 'SolicitPANDetailsFetchALLKRA'
                ? `<ROOT><APP_PAN_INQ><APP_NO>${heldAppNo}</APP_NO><APP_NAME>${subject.name}</APP_NAME>` +
                  '<APP_DOB_DT>15/08/1990</APP_DOB_DT><APP_STATUS>101</APP_STATUS></APP_PAN_INQ></ROOT>'
                : `<ROOT><KYCDATA><APP_NO>${subject.applicationNo}</APP_NO><APP_STATUS>ERR-00000</APP_STATUS></KYCDATA></ROOT>`;
        return new Response(`<string>${inner.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`);
      });
    const repeat = { ...subject, interrupted: true };
    expect(await client(subject.applicationNo).upload(repeat)).toMatchObject({
      status: 'submitted',
      reference: subject.applicationNo,
    });
    expect(sentFlags).toEqual([]);
    expect(await client('OTHER-APPLICATION').upload(repeat)).toMatchObject({ status: 'submitted' });
    expect(sentFlags).toEqual(['02']);
    // an interrupted correction is sent again, whatever the KRA holds
    await client(subject.applicationNo).upload({ ...repeat, resubmission: true });
    expect(sentFlags).toEqual(['02', '02']);
  });

  it('fails when any one code of the transcribed fixture is changed', () => {
    const coded = codedIndexes(f);
    expect(coded.length).toBeGreaterThan(15);
    for (const i of coded) expect(differences(sent, withOneCodeChanged(f, i), 'tag'), f.fields[i]!.tag).not.toEqual([]);
  });
});

describe('NSE NSEEntry, transcribed from ucc_data_parsers.py and nse_utility.py', () => {
  const f = fixture<Fixture<'key'>>('nse-ucc-entry.json');
  const entries = nseEntries(subject, '90001', codes('nse'));
  const cash = Object.entries(entries.find((e) => e.ccdSegInd === 'C')!);

  it('sends every key of the source in its order (optional ones empty), with its codes, the UPI choice in cash', () => {
    expect(differences(cash, f, 'key')).toEqual([]);
    // NA outside the cash segment (opted_for_upi_value)
    expect(entries.find((e) => e.ccdSegInd === 'F')!.ccdOptForUpi).toBe('NA');
    expect(nseEntries({ ...subject, upiOptIn: false }, '90001', codes('nse'))[0]!.ccdOptForUpi).toBe('N');
  });

  it('fails when any one code of the transcribed fixture is changed', () => {
    for (const i of codedIndexes(f))
      expect(differences(cash, withOneCodeChanged(f, i), 'key'), f.fields[i]!.key).not.toEqual([]);
  });
});

describe('BSE CLIENTDETAILS_V5, transcribed from ucc_data_parsers.py and bse_utility.py', () => {
  const f = fixture<Fixture<'key'>>('bse-ucc-v5.json');
  const sent = Object.entries(bseClientDetails(subject, { dpName: 'SANDBOX DP', codes: codes('bse') }));

  it('sends every key of the source in its order (optional ones null), CATEGORY, POLITICALEXPERSON, INCOME as the source has them', () => {
    expect(differences(sent, f, 'key')).toEqual([]);
  });

  it('fails when any one code of the transcribed fixture is changed', () => {
    for (const i of codedIndexes(f))
      expect(differences(sent, withOneCodeChanged(f, i), 'key'), f.fields[i]!.key).not.toEqual([]);
  });
});
