/**
 * The queue's search without plain text: each applicant's searchable terms are stored as keyed
 * hashes (the first and the last 4 to 10 digits of the mobile number, each word of the PAN name
 * and its beginnings of 3 letters or more, the PAN). A query is turned into the same hashes.
 */
import type { BackofficeDeps } from './deps.ts';
import { operationsRepository as ops } from './operations.repository.ts';
import { applicantTerms } from './search-terms.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'hasher' | 'cipher'>;

const BATCH = 200;

/** Brings the terms of new applicants and changed PAN sections up to date. */
export async function syncSearchTerms(deps: Deps): Promise<void> {
  const db = deps.database.db;
  for (;;) {
    const batch = await ops.dirtySearchApplicants(db, BATCH);
    for (const item of batch) {
      const pan = await deps.records.getIndexableSection(item.id, 'pan_obj');
      const terms = applicantTerms(deps.cipher.decrypt(item.mobileEnc), pan ?? undefined);
      await ops.putSearchTerms(db, item.id, hashTerms(deps, terms));
    }
    if (batch.length < BATCH) return;
  }
}

/** 128 bits of the keyed hash are plenty to tell terms apart and halve the index. */
export const hashTerms = (deps: Pick<BackofficeDeps, 'hasher'>, terms: string[]) =>
  terms.map((t) => deps.hasher.hash('search', t).slice(0, 32));
