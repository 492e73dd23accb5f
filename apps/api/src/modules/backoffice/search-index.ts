/**
 * The queue's search without plain text: each applicant's searchable terms are stored as keyed
 * hashes (every run of 4 to 10 digits of the mobile number, each word of the PAN name and its
 * beginnings of 3 letters or more, the PAN). A query is turned into the same hashes.
 */
import type { AppDeps } from '../../app-deps.ts';
import { operationsRepository as ops } from './operations.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'records' | 'hasher' | 'cipher'>;

const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
const BATCH = 200;

interface PanSection {
  pan_number?: string;
  full_name?: string;
  name_on_card?: string;
}

const words = (name: string) =>
  name
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length >= 2);

export function mobileTerms(mobile: string): string[] {
  const digits = mobile.replace(/\D/g, '').slice(-10);
  const out: string[] = [];
  for (let len = 4; len <= digits.length; len += 1)
    for (let i = 0; i + len <= digits.length; i += 1) out.push(`m:${digits.slice(i, i + len)}`);
  return out;
}

export function nameTerms(name: string): string[] {
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

/** Brings the terms of new applicants and changed PAN sections up to date. */
export async function syncSearchTerms(deps: Deps): Promise<void> {
  const db = deps.database.db;
  for (;;) {
    const batch = await ops.dirtySearchApplicants(db, BATCH);
    for (const item of batch) {
      const pan = await deps.records.getIndexableSection<PanSection>(item.id, 'pan_obj');
      const terms = applicantTerms(deps.cipher.decrypt(item.mobileEnc), pan ?? undefined);
      await ops.putSearchTerms(
        db,
        item.id,
        terms.map((t) => deps.hasher.hash('search', t)),
      );
    }
    if (batch.length < BATCH) return;
  }
}

export const hashTerms = (deps: Pick<AppDeps, 'hasher'>, terms: string[]) =>
  terms.map((t) => deps.hasher.hash('search', t));
