/**
 * review_obj drives the applicant's status screen (Pending, Approved, Rejected, Completed); each
 * change is audited. Written in the caller's transaction (which holds the applicant's row), so the
 * status commits with the decision that sets it; the caller tells the applicant's socket after.
 */
import type { AppDeps } from '../../app-deps.ts';
import type { Tx } from '../../db/client.ts';
import { backofficeRepository as repo } from './backoffice.repository.ts';

export interface Review {
  status: 'Pending' | 'Approved' | 'Rejected' | 'Completed';
  text: string;
}

export async function setReview(
  deps: Pick<AppDeps, 'records'>,
  tx: Tx,
  actorId: string | null,
  applicantId: string,
  review: Review,
): Promise<void> {
  const before = await deps.records.getSection<Review>(applicantId, 'review_obj', tx);
  if (before?.status === review.status && before.text === review.text) return;
  await deps.records.saveIn(tx, applicantId, { review_obj: { status: review.status, text: review.text } });
  await repo.appendAudit(tx, {
    chain: applicantId,
    applicantId,
    actorKind: actorId ? 'staff' : 'system',
    actorId,
    action: 'review.status',
    before: before ? { status: before.status } : null,
    after: { status: review.status },
  });
}
