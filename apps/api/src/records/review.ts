/**
 * review_obj drives the applicant's status screen (Pending, Approved, Rejected, Completed); each
 * change is audited. Every write goes through setReview, which asks the lifecycle table
 * (contracts/lifecycle.ts) whether the move may start from the standing it reads. Written in the
 * caller's transaction (which holds the applicant's row), so the status commits with the decision
 * that sets it; the caller tells the applicant's socket after.
 */
import { type LifecycleMove, mayMove } from '@ekyc/contracts/lifecycle';
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { ApplicantRecords } from './applicant-records.ts';

export interface Review {
  status: 'Pending' | 'Approved' | 'Rejected' | 'Completed' | 'Closed';
  text: string;
}

/**
 * Writes the review status `move` (the table's move) leads to. A status read under the lock from
 * which the table has no such move is refused (409), and nothing is written.
 */
export async function setReview(
  deps: { records: ApplicantRecords },
  tx: Tx,
  actorId: string | null,
  applicantId: string,
  review: Review,
  move: LifecycleMove,
): Promise<void> {
  const before = await deps.records.getSection(applicantId, 'review_obj', tx);
  if (before?.status === review.status && before.text === review.text) return;
  if (before && !mayMove(before.status, move))
    throw new AppError('CONFLICT', `The application cannot move from ${before.status} to ${review.status}.`, {
      status: before.status,
    });
  await deps.records.saveIn(tx, applicantId, { review_obj: { status: review.status, text: review.text } });
  await deps.records.auditIn(tx, applicantId, {
    actorId,
    action: 'review.status',
    before: before ? { status: before.status } : null,
    after: { status: review.status },
  });
}
