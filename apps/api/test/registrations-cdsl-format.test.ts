/**
 * The CDSL BO set-up batch against its public source, field by field: the fixture
 * fixtures/registrations/cdsl-lyik-test-json.json is transcribed from a live integration's output
 * (lyikadmin/lyik_w2w_plugins cdsl_demat_data_parser_plugins/src/lyik/test.json, line 1, record by
 * record), and the sandbox CDSL reads the batch with its own parser written from the same sources.
 * Changing one transcribed code makes the comparison fail; changing one code in the file makes the
 * sandbox refuse it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdslBoBatch } from '../src/providers/registrations/cdsl-bo.ts';
import { parseCsv, readCdslBatch } from '../src/sandbox/registrations/cdsl-harmonised.ts';
import { depositorySubject, SIGNATURE } from './support/depository-subject.ts';

interface Transcribed {
  field: string;
  value?: string;
  pattern?: string;
  at: string;
  notFollowed?: string;
}
interface Fixture {
  source: string;
  records: Record<'FH' | 'NM' | 'NMG', Transcribed[]>;
}
const fixture = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/registrations/cdsl-lyik-test-json.json'), 'utf8'),
) as Fixture;

const options = {
  dpId: '12099900',
  batchId: 'B1',
  ddpiId: 'DDPI0000001',
  tradingMemberId: '90001',
  at: new Date('2026-11-24T10:00:00Z'),
};

/** The file's rows by party, each as column → value. */
function partiesOf(file: string) {
  const [header, ...rows] = parseCsv(file).filter((r) => r.some(Boolean));
  const named = rows.map((r) => Object.fromEntries(header!.map((c, i) => [c, r[i] ?? ''])));
  return { header: header!, rows: named };
}

/** The transcribed fields the file does not match (each with its place in the source). */
function mismatches(file: string, f: Fixture): string[] {
  const { rows } = partiesOf(file);
  const out: string[] = [];
  for (const [purpose, fields] of Object.entries(f.records)) {
    const row = rows.find((r) => r.Purpse === purpose);
    if (!row) {
      out.push(`${purpose}: no row`);
      continue;
    }
    for (const t of fields.filter((x) => !x.notFollowed)) {
      const got = row[t.field] ?? '';
      const ok = t.value !== undefined ? got === t.value : new RegExp(t.pattern!).test(got);
      if (!ok) out.push(`${purpose}.${t.field} = ${JSON.stringify(got)} (${t.at}: ${t.value ?? t.pattern})`);
    }
  }
  return out;
}

describe('CDSL harmonised BO batch, against lyik_w2w_plugins test.json', () => {
  const subject = depositorySubject();
  const batch = cdslBoBatch(subject, options);

  it('names its source and gives each transcribed field its record', () => {
    expect(fixture.source).toContain('cdsl_demat_data_parser_plugins/src/lyik/test.json');
    for (const t of Object.values(fixture.records).flat()) expect(t.at).toMatch(/^test\.json:1 record/);
  });

  it('matches every transcribed field it follows', () => {
    expect(mismatches(batch.file, fixture)).toEqual([]);
  });

  it('fails when one transcribed code is changed', () => {
    const changed = structuredClone(fixture);
    changed.records.FH.find((t) => t.field === 'Gndr')!.value = 'M';
    expect(mismatches(batch.file, changed)).toEqual(['FH.Gndr = "MALE" (test.json:1 record 1: M)']);
    const other = structuredClone(fixture);
    other.records.NM.find((t) => t.field === 'FlgForShrPctgEqlty')!.value = 'N';
    expect(mismatches(batch.file, other)).toHaveLength(1);
  });

  it('carries BSDA, PAN-Aadhaar seeding, the family declaration, the minor nominee, the DDPI and the signature', () => {
    const { rows } = partiesOf(batch.file);
    const holder = rows[0]!;
    expect(rows.map((r) => [r.Purpse, r.PurpCd, r.RcdSRNumber])).toEqual([
      ['FH', 'PERAD', '1'],
      ['FH', 'CORAD', '2'],
      ['NM', 'NOMAD', '3'],
      ['NMG', '', '4'],
      ['POALB', '', '5'],
    ]);
    expect(holder).toMatchObject({
      BSDAFlg: 'BSDA',
      PANVrfyFlg: 'PANVAL',
      FmlyFlgForEmailAdr: 'SPOUSE',
      FmlyFlgForMobNbOf: 'NO',
      NoNmntnFlg: 'NO',
      SndrRefNb1: 'A1B2C3D4E5F6A7B8',
      CtrySubDvsnCd: '27',
      BkAcctTp: 'SVG',
      BOUCCLkFlg: 'YES',
      UnqClntId: 'EKABCD2345',
      Brkr: '90001',
      SgntrSz: String(SIGNATURE.length),
      BirthDt: '1990-08-15',
    });
    expect(rows[2]).toMatchObject({
      NmneeMnrInd: 'YES',
      BirthDt: '2019-01-02',
      SrlNbr: '1',
      NmneePctgOfShr: '100.00',
      RltshWthBnfclOwnr: 'DAUGHTER',
    });
    expect(rows[3]).toMatchObject({ FrstNm: 'SITA VERMA', SrlNbr: '1' });
    expect(rows[4]).toMatchObject({ POAOrDDPITp: 'DDPI', POAOrDDPIId: 'DDPI0000001', SetUpDt: '2026-11-22' });
    expect(batch.signatures).toEqual([
      {
        RcrdNb: '1',
        SgntryId: 'FH1',
        Sgn: `0x${SIGNATURE.toString('hex').toUpperCase()}`,
        SgntrSz: String(SIGNATURE.length),
      },
    ]);
  });

  it('writes the other choices with their codes: regular account, PAN not seeded, a woman, no nominee, no DDPI', () => {
    const plain = cdslBoBatch(
      depositorySubject({
        gender: 'F',
        income: 'gt_25',
        nominees: [],
        bo: { bsda: false, ddpiSince: null, panAadhaarSeeding: 'R', emailOfFamily: null, signature: null },
      }),
      options,
    );
    const { rows } = partiesOf(plain.file);
    expect(rows.map((r) => r.Purpse)).toEqual(['FH', 'FH']);
    expect(rows[0]).toMatchObject({
      Gndr: 'FMALE',
      GrssAnlIncmRg: '25T1CR',
      BSDAFlg: 'NBSD',
      PANVrfyFlg: 'PANVNS',
      FmlyFlgForEmailAdr: 'NO',
      NoNmntnFlg: 'OON',
      SgntrSz: '',
    });
    expect(plain.signatures).toEqual([]);
  });
});

describe('the sandbox CDSL reads the batch with its own parser', () => {
  const batch = cdslBoBatch(depositorySubject(), options);

  it('accepts the adapter batch', () => {
    expect(readCdslBatch(batch, '12099900')).toEqual({ ok: true, pan: 'ABCPV4321Q', problem: null });
  });

  it('refuses a file where one code is changed, naming the field', () => {
    const changed = (from: string, to: string) => ({ ...batch, file: batch.file.replace(from, to) });
    expect(readCdslBatch(changed(',MALE,', ',M,'), '12099900')).toMatchObject({ problem: 'Invalid Gndr' });
    expect(readCdslBatch(changed(',BSDA,', ',Y,'), '12099900')).toMatchObject({ problem: 'Invalid BSDAFlg' });
    expect(readCdslBatch(changed(',PANVAL,', ',Y,'), '12099900')).toMatchObject({ problem: 'Invalid PANVrfyFlg' });
    expect(readCdslBatch(changed(',SITA VERMA,', ',,'), '12099900')).toMatchObject({
      problem: 'A minor nominee needs a guardian (NMG) row',
    });
  });

  it('refuses a signature whose size is not the one declared, and a header that is not the harmonised one', () => {
    const sig = batch.signatures[0]!;
    expect(readCdslBatch({ ...batch, signatures: [{ ...sig, Sgn: `${sig.Sgn}00` }] }, '12099900')).toMatchObject({
      problem: 'SgntrSz does not match the signature',
    });
    expect(readCdslBatch({ ...batch, file: batch.file.replace('BSDAFlg', 'BsdaFlag') }, '12099900')).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});
