/**
 * The list files' formats.
 *
 * UN Security Council consolidated list (https://www.un.org/securitycouncil/content/un-sc-consolidated-list,
 * the XML at https://scsanctions.un.org/resources/xml/en/consolidated.xml, described by its XSD):
 * CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL with FIRST_NAME, SECOND_NAME, THIRD_NAME, FOURTH_NAME,
 * REFERENCE_NUMBER, UN_LIST_TYPE, LISTED_ON, NATIONALITY/VALUE, INDIVIDUAL_ALIAS/ALIAS_NAME (with
 * QUALITY) and INDIVIDUAL_DATE_OF_BIRTH (TYPE_OF_DATE EXACT with DATE, or YEAR, or BETWEEN with
 * FROM_YEAR and TO_YEAR). Only individuals are read: an applicant is a person.
 *
 * SEBI's debarred entities and a provider's PEP list: SEBI publishes its orders as web pages and
 * PDFs, with no machine-readable list; the platform reads a CSV the broker keeps (or a provider
 * delivers) with a header line and the columns `name,pan,date_of_birth,reference,order_date,details`
 * (pan, date_of_birth, order_date and details may be empty; date YYYY-MM-DD or DD-MM-YYYY; a field
 * with a comma in double quotes). docs/configuration.md, Screening lists.
 */
import { xmlParser } from '../../lib/xml-parser.ts';
import type { ListedPerson } from './port.ts';

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => (v === undefined || v === null || typeof v === 'object' ? '' : String(v).trim());

function unDob(v: unknown): string | null {
  for (const d of asArray(v as Record<string, unknown> | Record<string, unknown>[])) {
    const date = text(d?.DATE);
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
    const year = text(d?.YEAR) || text(d?.FROM_YEAR);
    if (/^\d{4}$/.test(year)) return year;
  }
  return null;
}

/** The individuals of the UN consolidated list. */
export function parseUnConsolidated(xml: string): ListedPerson[] {
  const parser = xmlParser({ parseTagValue: false, trimValues: true, ignoreAttributes: true });
  const doc = parser.parse(xml) as { CONSOLIDATED_LIST?: { INDIVIDUALS?: { INDIVIDUAL?: unknown } } };
  const people = asArray(doc.CONSOLIDATED_LIST?.INDIVIDUALS?.INDIVIDUAL as Record<string, unknown>[] | undefined);
  return people.flatMap((p) => {
    const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((k) => text(p[k]))
      .filter(Boolean)
      .join(' ');
    const aliases = asArray(p.INDIVIDUAL_ALIAS as Record<string, unknown>[] | undefined)
      .map((a) => text(a?.ALIAS_NAME))
      .filter(Boolean);
    const ref = text(p.REFERENCE_NUMBER) || text(p.DATAID);
    if (!name || !ref) return [];
    const nationality = asArray(p.NATIONALITY as Record<string, unknown>[] | undefined)
      .flatMap((n) => asArray(n?.VALUE as unknown))
      .map(text)
      .filter(Boolean)
      .join(', ');
    const details: Record<string, string> = {};
    if (text(p.UN_LIST_TYPE)) details.list_type = text(p.UN_LIST_TYPE);
    if (text(p.LISTED_ON)) details.listed_on = text(p.LISTED_ON);
    if (nationality) details.nationality = nationality;
    return [{ ref, names: [name, ...aliases], dob: unDob(p.INDIVIDUAL_DATE_OF_BIRTH), pan: null, details }];
  });
}

/** One CSV line's fields (double quotes around a field with a comma; "" inside is a quote). */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const day = (v: string): string | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : /^\d{2}-\d{2}-\d{4}$/.test(v) ? v.split('-').reverse().join('-') : null;

/** A list in the platform's CSV layout (SEBI's debarred entities, a PEP list); a line without a name is skipped. */
export function parseListCsv(csv: string): ListedPerson[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim());
  const header = fields(lines[0] ?? '').map((h) => h.toLowerCase());
  const at = (name: string) => header.indexOf(name);
  if (at('name') < 0) return [];
  return lines.slice(1).flatMap((line, i) => {
    const f = fields(line);
    const get = (name: string) => (at(name) >= 0 ? (f[at(name)] ?? '') : '');
    const name = get('name');
    if (!name) return [];
    const pan = get('pan').toUpperCase();
    const orderDate = day(get('order_date'));
    const details: Record<string, string> = {};
    if (orderDate) details.order_date = orderDate;
    if (get('details')) details.details = get('details');
    return [
      {
        ref: get('reference') || `line ${i + 2}`,
        names: [name],
        dob: day(get('date_of_birth')),
        pan: PAN.test(pan) ? pan : null,
        details,
      },
    ];
  });
}
