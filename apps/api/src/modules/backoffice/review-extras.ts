/** What the review page shows beside the collected data: who holds the application, and the evidence side by side. */
import type { Claim, Evidence } from '@ekyc/contracts/calls/backoffice-operations';
import type { BackofficeDeps } from './deps.ts';
import type { StaffRow } from './staff.repository.ts';
import { touchClaim } from './claims.ts';
import { evidenceOf } from './evidence.ts';

export async function reviewExtras(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'config'>,
  staff: StaffRow,
  applicantId: string,
): Promise<{ claim: Claim | null; evidence: Evidence }> {
  const [claim, sections] = await Promise.all([
    touchClaim(deps, staff, applicantId),
    deps.records.allSections(applicantId),
  ]);
  return { claim, evidence: evidenceOf(sections) };
}
