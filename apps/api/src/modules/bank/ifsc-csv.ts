/**
 * Reads the public IFSC CSV (BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,
 * ISO3166,NEFT,MICR,UPI,SWIFT) as a stream of rows. Quoted fields may hold commas, doubled quotes
 * and line breaks (addresses do).
 */
import type { IfscBranchRow } from '../../records/ifsc.repository.ts';

export const IFSC_CSV_COLUMNS = [
  'BANK',
  'IFSC',
  'BRANCH',
  'CENTRE',
  'DISTRICT',
  'STATE',
  'ADDRESS',
  'CONTACT',
  'IMPS',
  'RTGS',
  'CITY',
  'ISO3166',
  'NEFT',
  'MICR',
  'UPI',
  'SWIFT',
] as const;

/** Splits CSV text into records; keeps state across chunks. */
export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private quotePending = false;

  /** Feeds a chunk; returns the records completed in it. */
  push(chunk: string): string[][] {
    const out: string[][] = [];
    for (const c of chunk) {
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
        } else if (c === '"') {
          this.quotePending = true;
          continue;
        } else {
          this.field += c;
          continue;
        }
      }
      if (c === '"' && this.field === '') this.quoted = true;
      else if (c === ',') this.endField();
      else if (c === '\n') {
        this.endField();
        out.push(this.record);
        this.record = [];
      } else if (c !== '\r') this.field += c;
    }
    return out;
  }

  /** Ends the input; returns the last record when the file lacks a final newline. */
  end(): string[][] {
    if (this.quotePending) {
      this.quoted = false;
      this.quotePending = false;
    }
    if (this.field === '' && this.record.length === 0) return [];
    this.endField();
    const last = this.record;
    this.record = [];
    return [last];
  }

  private endField() {
    this.record.push(this.field);
    this.field = '';
  }
}

const blankToNull = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};
const flag = (v: string | undefined) => {
  const t = (v ?? '').trim().toLowerCase();
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  return null;
};

/** Maps a header line to column positions; throws when a required column is missing. */
export function columnIndex(header: string[]): Record<(typeof IFSC_CSV_COLUMNS)[number], number> {
  const names = header.map((h) =>
    h
      .trim()
      .replace(/^\uFEFF/, '')
      .toUpperCase(),
  );
  const index = {} as Record<(typeof IFSC_CSV_COLUMNS)[number], number>;
  for (const col of IFSC_CSV_COLUMNS) {
    const i = names.indexOf(col);
    if (i < 0 && (col === 'IFSC' || col === 'BANK')) throw new Error(`the CSV has no ${col} column`);
    index[col] = i;
  }
  return index;
}

/** A CSV record as a table row; null when its IFSC is malformed. */
export function toBranchRow(record: string[], index: ReturnType<typeof columnIndex>): IfscBranchRow | null {
  const get = (col: (typeof IFSC_CSV_COLUMNS)[number]) => (index[col] >= 0 ? record[index[col]] : undefined);
  const ifsc = (get('IFSC') ?? '').trim().toUpperCase();
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return null;
  return {
    ifsc,
    bank: blankToNull(get('BANK')) ?? ifsc.slice(0, 4),
    branch: blankToNull(get('BRANCH')),
    centre: blankToNull(get('CENTRE')),
    district: blankToNull(get('DISTRICT')),
    state: blankToNull(get('STATE')),
    address: blankToNull(get('ADDRESS')),
    contact: blankToNull(get('CONTACT')),
    city: blankToNull(get('CITY')),
    iso3166: blankToNull(get('ISO3166')),
    micr: blankToNull(get('MICR')),
    swift: blankToNull(get('SWIFT')),
    imps: flag(get('IMPS')),
    rtgs: flag(get('RTGS')),
    neft: flag(get('NEFT')),
    upi: flag(get('UPI')),
  };
}
