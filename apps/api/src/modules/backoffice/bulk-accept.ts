/**
 * Bulk acceptance of clean applications: each one waiting for a decision, with every automated
 * check passed, has its pending stages accepted by the caller (the maker). Four eyes still holds:
 * each accepted application waits for a checker's confirmation. An application that is not clean,
 * or that another reviewer holds, is skipped with the reason.
 */
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { StaffRow } from './backoffice.repository.ts';
import { decideStages } from './decide-stages.ts';
import { reviewChecks } from './review-checks.ts';
import { backofficeRepository as repo } from './backoffice.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'records' | 'messaging' | 'config'>;

export interface BulkOutcome {
  id: string;
  outcome: 'accepted' | 'skipped';
  reason: string | null;
}

/** Why an application is not clean, or null when it is. */
export async function uncleanReason(deps: Pick<AppDeps, 'database' | 'records'>, id: string): Promise<string | null> {
  const standing = /^[0-9a-f-]{36}$/i.test(id) ? await repo.standingOf(deps.database.db, id) : undefined;
  if (!standing) return 'Application not found';
  if (standing.status !== 'Pending') return 'Not waiting for a decision';
  const [stages, stored] = await Promise.all([deps.records.kycList(id), deps.records.allSections(id)]);
  if (!stages.some((s) => s.stage === 220)) return 'Not finished by the applicant';
  if (stages.some((s) => s.stage < 220 && s.adminActivity === 'Reject')) return 'A stage was sent back';
  const failing = reviewChecks(stored).filter((c) => c.verdict !== 'pass' && c.verdict !== 'not_run');
  if (failing.length) return `Checks to look at: ${failing.map((c) => c.key.replace(/_/g, ' ')).join(', ')}`;
  return null;
}

export async function bulkAccept(deps: Deps, staff: StaffRow, ids: string[]): Promise<BulkOutcome[]> {
  const out: BulkOutcome[] = [];
  for (const id of ids) {
    const unclean = await uncleanReason(deps, id);
    if (unclean) {
      out.push({ id, outcome: 'skipped', reason: unclean });
      continue;
    }
    const pending = (await deps.records.kycList(id)).filter((s) => s.stage < 220 && s.adminActivity === 'Pending');
    try {
      if (pending.length)
        await decideStages(
          deps,
          staff,
          id,
          pending.map((s) => ({ stage: s.stage, activity: 'Accept' as const })),
        );
      out.push({ id, outcome: 'accepted', reason: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ id, outcome: 'skipped', reason: err.message });
    }
  }
  return out;
}
