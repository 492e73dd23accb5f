/**
 * One PAN, one account: once an application holding a PAN is e-signed (or activated), the same
 * PAN cannot go on under another mobile number. Before then a second application is allowed (the
 * first may be abandoned, or someone else's attempt at this person's PAN) and the back office
 * shows both as sharing the PAN.
 */
import { STAGE } from '@ekyc/contracts/stages';
import type { AppDeps } from '../../app-deps.ts';
import { panRepository as repo } from './pan.repository.ts';

const BATCH = 200;

/** Indexes the pan_obj sections written since the last call, whoever wrote them. */
async function syncPanHolders(deps: Pick<AppDeps, 'database' | 'records' | 'hasher'>): Promise<void> {
  const db = deps.database.db;
  for (;;) {
    const batch = await repo.sectionsToIndex(db, BATCH);
    for (const item of batch) {
      const pan = (await deps.records.getIndexableSection<{ pan_number?: string }>(item.applicantId, 'pan_obj'))
        ?.pan_number;
      await repo.putHolder(db, item.applicantId, deps.hasher.hash('pan', (pan ?? '').toUpperCase()), item.updatedAt);
    }
    if (batch.length < BATCH) return;
  }
}

/** The other applicant whose e-signed or activated application holds this PAN, if any. */
export async function panTakenBy(
  deps: Pick<AppDeps, 'database' | 'records' | 'hasher'>,
  applicantId: string,
  pan: string,
): Promise<string | null> {
  await syncPanHolders(deps);
  const [holder] = await repo.signedHolders(
    deps.database.db,
    deps.hasher.hash('pan', pan.toUpperCase()),
    applicantId,
    STAGE.STATUS,
  );
  if (!holder) return null;
  await repo.auditRefusedReuse(deps.database.db, holder, applicantId);
  return holder;
}

/** Indexes the PAN this applicant has just had confirmed (the catch-up above covers other writers). */
export async function recordPanHolder(
  deps: Pick<AppDeps, 'database' | 'hasher'>,
  applicantId: string,
  pan: string,
): Promise<void> {
  await repo.putHolderFromSection(deps.database.db, applicantId, deps.hasher.hash('pan', pan.toUpperCase()));
}
