/** review_obj drives the applicant's status screen (Pending, Approved, Rejected, Completed); each change is audited. */
import type { AppDeps } from '../../app-deps.ts';
import { backofficeRepository as repo } from './backoffice.repository.ts';

export interface Review {
  status: 'Pending' | 'Approved' | 'Rejected' | 'Completed';
  text: string;
}

export async function setReview(
  deps: Pick<AppDeps, 'database' | 'records'>,
  actorId: string | null,
  applicantId: string,
  review: Review,
): Promise<void> {
  const before = await deps.records.getSection<Review>(applicantId, 'review_obj');
  if (before?.status === review.status && before.text === review.text) return;
  await deps.records.save(applicantId, { review_obj: { status: review.status, text: review.text } });
  await repo.appendAudit(deps.database.db, {
    chain: applicantId,
    applicantId,
    actorKind: actorId ? 'staff' : 'system',
    actorId,
    action: 'review.status',
    before: before ? { status: before.status } : null,
    after: { status: review.status },
  });
}
