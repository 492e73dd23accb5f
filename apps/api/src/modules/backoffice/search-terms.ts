/**
 * The terms an applicant is found by in the queue (hashed before they are stored, search-index.ts):
 * the first and the last 4 to 10 digits of the mobile number, each word of the PAN name and its
 * beginnings of 3 letters or more, and the PAN. No imports: the benchmark seeds with it too.
 */
const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

export interface PanSection {
  pan_number?: string;
  full_name?: string;
  name_on_card?: string;
}

const words = (name: string) =>
  name
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length >= 2);

/** The first and the last 4 to 10 digits: how a caller reads a number out. */
function mobileTerms(mobile: string): string[] {
  const digits = mobile.replace(/\D/g, '').slice(-10);
  const out: string[] = [];
  for (let len = 4; len <= digits.length; len += 1) out.push(`m:${digits.slice(0, len)}`, `m:${digits.slice(-len)}`);
  return out;
}

function nameTerms(name: string): string[] {
  const out: string[] = [];
  for (const w of words(name)) {
    out.push(`n:${w}`);
    for (let len = 3; len < w.length; len += 1) out.push(`n:${w.slice(0, len)}`);
  }
  return out;
}

/** The terms an applicant is found by. */
export function applicantTerms(mobile: string, pan: PanSection | undefined): string[] {
  const terms = mobileTerms(mobile);
  for (const name of new Set([pan?.full_name, pan?.name_on_card].filter((n): n is string => Boolean(n))))
    terms.push(...nameTerms(name));
  if (pan?.pan_number) terms.push(`p:${pan.pan_number.toUpperCase()}`);
  return [...new Set(terms)];
}

/**
 * What a query looks for: every hash must match (a name's words, digits of a mobile number or a
 * PAN), or the query is the beginning of a client code.
 */
export function queryTerms(q: string): { terms: string[]; clientCodePrefix?: string } {
  const compact = q.toUpperCase().replace(/[\s+-]/g, '');
  const clientCodePrefix = /^[A-Z0-9]{2,20}$/.test(compact) ? compact : undefined;
  if (PAN_PATTERN.test(compact)) return { terms: [`p:${compact}`], clientCodePrefix };
  if (/^\d{4,}$/.test(compact)) {
    const digits = compact.length > 10 ? compact.slice(-10) : compact;
    return { terms: [`m:${digits}`], clientCodePrefix };
  }
  const ws = words(q);
  return { terms: ws.length ? ws.map((w) => `n:${w}`) : [], clientCodePrefix };
}
