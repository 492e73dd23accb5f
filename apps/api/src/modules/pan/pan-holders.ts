/**
 * One PAN, one account: once an application holding a PAN is signed (or activated), the same
 * PAN cannot go on under another mobile number; the e-sign's consent asks again and signed_pans'
 * key refuses a second signing (records/signed.ts). Before then a second application is allowed (the
 * first may be abandoned, or someone else's attempt at this person's PAN) and the back office
 * shows both as sharing the PAN.
 */
import { STAGE } from '@ekyc/contracts/stages';
import type { PanDeps } from './deps.ts';
import { panHashOf, refuseReuse, signedRepository } from '../../records/signed.ts';
import { panRepository as repo } from './pan.repository.ts';

const BATCH = 200;

/** Indexes the pan_obj sections written since the last call, whoever wrote them. */
async function syncPanHolders(deps: Pick<PanDeps, 'database' | 'records' | 'hasher'>): Promise<void> {
  const db = deps.database.db;
  for (;;) {
    const batch = await repo.sectionsToIndex(db, BATCH);
    for (const item of batch) {
      const pan = (await deps.records.getIndexableSection(item.applicantId, 'pan_obj'))?.pan_number;
      await repo.putHolder(db, item.applicantId, panHashOf(deps, pan ?? ''), item.updatedAt);
    }
    if (batch.length < BATCH) return;
  }
}

/** The other applicant whose signed (records/signed.ts) or activated application holds this PAN, if any. */
export async function panTakenBy(
  deps: Pick<PanDeps, 'database' | 'records' | 'hasher'>,
  applicantId: string,
  pan: string,
): Promise<string | null> {
  const panHash = panHashOf(deps, pan);
  // the holders and whether the index is behind, in one statement; behind, it catches up first
  const read = await repo.holdersUnlessBehind(deps.database.db, panHash, applicantId);
  if (read.behind) await syncPanHolders(deps);
  const holders = read.behind ? await signedRepository.holdersOf(deps.database.db, panHash, applicantId) : read.holders;
  return refuseReuse(deps, applicantId, holders, STAGE.PAN);
}

/** Indexes the PAN this applicant has just had confirmed (the catch-up above covers other writers). */
export async function recordPanHolder(
  deps: Pick<PanDeps, 'database' | 'hasher'>,
  applicantId: string,
  pan: string,
): Promise<void> {
  await repo.putHolderFromSection(deps.database.db, applicantId, panHashOf(deps, pan));
}
