/**
 * The checker confirms an application whose stages a reviewer accepted: the final stage is
 * accepted (the progress bar reaches 12 of 12) and the applicant's review status becomes Approved.
 * With four eyes on, the checker must not be one who accepted the stages. The registrations a
 * client needs to trade start then (exchange UCC, depository account, KRA, CKYC); Completed
 * follows when the exchanges and the depository accept them. Segments the maker held back pending
 * their proof are left out of the registrations, and the applicant is told which wait.
 */
import { mayMove } from '@ekyc/contracts/lifecycle';
import { MSG } from '@ekyc/contracts/messages';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { documentRequestsRepository } from '../../records/document-requests.repository.ts';
import { assertSoleSignedApplication } from '../../records/signed.ts';
import { allStagesAccepted, assertChecker, makersOf, standingOrNotFound } from './approval.ts';
import { auditRepository as repo } from './audit.repository.ts';
import type { StaffRow } from './staff.repository.ts';
import { awaitingRepository } from './checker-queue/awaiting.repository.ts';
import { endClaim, holdForDecision } from './claims.ts';
import { notifySegmentsPending } from './decisions/notify-segments.ts';
import { segmentHoldsRepository } from '../../records/segment-holds.repository.ts';
import { setReview } from '../../records/review.ts';
import { screenBeforeApproval, screeningHold } from './screening/approval-screening.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'config' | 'registrations' | 'hasher' | 'messaging' | 'now'>;

export async function confirmApproval(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
): Promise<{ status: 'Approved' }> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  // screened again on the lists as imported now; its hits are kept whether or not the approval goes on
  await screenBeforeApproval(deps, applicantId);
  // one transaction: the final stage accepted, the review status Approved and the registration case
  // opened commit together (a crash leaves all or nothing; the sweep starts a case whose first
  // steps were not queued)
  await db.transaction(async (tx) => {
    // Re-read under the transaction: a reviewer rejecting a stage at the same moment wins or waits.
    const standing = await holdForDecision(deps, tx, staff, applicantId);
    if (standing.status === 'Approved' || standing.status === 'Completed')
      throw new AppError('CONFLICT', 'This application is already approved.', { status: standing.status });
    if (!mayMove(standing.status, 'confirm') || !(await allStagesAccepted(deps, applicantId, tx)))
      throw new AppError('CONFLICT', 'Every stage must be accepted before the approval is confirmed.');
    if (await awaitingRepository.isReturned(tx, applicantId))
      throw new AppError('CONFLICT', 'This application was returned to its maker: it waits for their decision.');
    // a document asked of the applicant and not yet accepted holds the approval (a declined or cancelled one does not)
    const openRequests = await documentRequestsRepository.countOpen(tx, applicantId);
    if (openRequests > 0)
      throw new AppError(
        'CONFLICT',
        `A document request is open (${openRequests}): accept, decline or cancel it before the approval.`,
      );
    // a screening hit not cleared, or the client recorded as deceased, holds the approval
    await screeningHold(tx, applicantId);
    const makers = await makersOf(tx, applicantId);
    // a partial approval: the segments held back pending proof, as the checker confirmed them
    const held = (await segmentHoldsRepository.list(tx, applicantId)).map((h) => h.segment);
    assertChecker(deps.config.fourEyes, makers, staff);
    // what is approved is what was signed: a change since the last signature waits for a new one
    if (await deps.records.unsignedChanges(applicantId, tx))
      throw new AppError(
        'CONFLICT',
        'The application changed after the form was signed: the applicant signs it again first.',
      );
    // one signed application per PAN: another applicant's signed or active one wins
    await assertSoleSignedApplication(tx, deps, applicantId);
    await deps.records.setAdminActivity(applicantId, 220, 'Accept', null, tx);
    await repo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.approved',
      after: { makers, four_eyes: deps.config.fourEyes, held_segments: held },
    });
    await setReview(deps, tx, staff.id, applicantId, { status: 'Approved', text: MSG.statusVerified }, 'confirm');
    await deps.registrations.open(applicantId, tx);
  });
  await deps.records.notifyChanged(applicantId);
  await endClaim(deps, applicantId);
  // the approval stands once committed: first steps that could not be queued now are the sweep's
  await deps.registrations.start(applicantId).catch((err: unknown) => deps.registrations.onError(err as Error));
  // a partial approval: the applicant learns which segments are active and which wait for proof
  await notifySegmentsPending(deps, applicantId);
  return { status: 'Approved' };
}
