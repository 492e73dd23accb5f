/**
 * Bulk acceptance of clean applications: each one waiting for a decision, with every automated
 * check passed, has its pending stages accepted by the caller (the maker). Four eyes still holds:
 * each accepted application waits for a checker's confirmation. An application that is not clean,
 * or that another reviewer holds, is skipped with the reason.
 */
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { StaffRow } from './staff.repository.ts';
import { decideStages } from './decide-stages.ts';
import type { ReviewCheck } from '@ekyc/contracts/calls/backoffice-application';
import { reviewChecks, selfieNeedsReview } from './review-checks.ts';
import { standingRepository as repo } from './standing.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'messaging' | 'config' | 'cipher'>;

export interface BulkOutcome {
  id: string;
  outcome: 'accepted' | 'skipped';
  reason: string | null;
}

/** Checks a clean application has recorded, each a pass: the selfie against the Aadhaar photo, and the PAN. */
const REQUIRED_CHECKS: ReviewCheck['key'][] = ['face_match', 'pan_name_dob'];
const named = (key: string) => key.replace(/_/g, ' ');

/**
 * Why an application is not clean, or null when it is: clean means every check it recorded passed
 * and the required ones were recorded; a check not run, one for a person to weigh, or a selfie the
 * liveness step sent to manual review is skipped with its reason.
 */
async function uncleanReason(deps: Pick<BackofficeDeps, 'database' | 'records'>, id: string): Promise<string | null> {
  const standing = isUuid(id) ? await repo.standingOf(deps.database.db, id) : undefined;
  if (!standing) return 'Application not found';
  if (standing.status !== 'Pending') return 'Not waiting for a decision';
  const [stages, stored] = await Promise.all([deps.records.kycList(id), deps.records.allSections(id)]);
  if (!stages.some((s) => s.stage === 220)) return 'Not finished by the applicant';
  if (stages.some((s) => s.stage < 220 && s.adminActivity === 'Reject')) return 'A stage was sent back';
  const checks = reviewChecks(stored);
  const toLookAt = [
    ...REQUIRED_CHECKS.filter((key) => !checks.some((c) => c.key === key)).map((key) => `${named(key)} (not recorded)`),
    ...checks.filter((c) => c.verdict !== 'pass').map((c) => `${named(c.key)} (${c.verdict.replace(/_/g, ' ')})`),
  ];
  if (selfieNeedsReview(stored['livness_obj'])) toLookAt.push('selfie (sent to manual review)');
  if (toLookAt.length) return `Checks to look at: ${toLookAt.join(', ')}`;
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
