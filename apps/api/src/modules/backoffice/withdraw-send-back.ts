/**
 * A reviewer takes back a send-back made by mistake, while the applicant has not yet acted on it
 * (the stage is still rejected): the stage waits for a decision again, the applicant returns to
 * the final stage (or to the next stage still sent back) and the status screen reads "under
 * review" again once none is. Audited as `stage.send_back_withdrawn`, with the reason withdrawn.
 */
import { mayMove } from '@ekyc/contracts/lifecycle';
import { MSG } from '@ekyc/contracts/messages';
import { STAGE } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository as repo } from './audit.repository.ts';
import type { StaffRow } from './staff.repository.ts';
import { endClaim, holdForDecision } from './claims.ts';
import { setReview } from '../../records/review.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'config'>;

export async function withdrawSendBack(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  stage: number,
): Promise<{ status: string; client_code: null; awaiting_confirmation: false }> {
  const db = deps.database.db;
  const status = await db.transaction(async (tx) => {
    const standing = await holdForDecision(deps, tx, staff, applicantId);
    if (!mayMove(standing.status, 'withdraw-send-back'))
      throw new AppError('CONFLICT', 'Nothing of this application is sent back.', { status: standing.status });
    const list = await deps.records.kycList(applicantId, tx);
    const entry = list.find((s) => s.stage === stage);
    if (entry?.adminActivity !== 'Reject')
      throw new AppError('CONFLICT', 'This stage is not sent back, or the applicant has already resubmitted it.', {
        stage,
      });
    await deps.records.setAdminActivity(applicantId, stage, 'Pending', null, tx);
    const stillRejected = list.filter((s) => s.adminActivity === 'Reject' && s.stage !== stage).map((s) => s.stage);
    await deps.records.makeCurrent(applicantId, stillRejected.length ? Math.min(...stillRejected) : STAGE.STATUS, tx);
    await repo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'stage.send_back_withdrawn',
      stage,
      before: { admin_activity: 'Reject', reason: entry.reason },
      after: { admin_activity: 'Pending' },
    });
    if (stillRejected.length) return 'Rejected';
    await setReview(
      deps,
      tx,
      staff.id,
      applicantId,
      { status: 'Pending', text: MSG.statusUnderReview },
      'withdraw-send-back',
    );
    // the last send-back withdrawn after the applicant changed what the signed form prints (another
    // stage reworked meanwhile): the rework ends here, and the new form is signed again first
    return (await deps.records.voidSignatureIfChanged(applicantId, tx)) ? 'In progress' : 'Pending';
  });
  await deps.records.notifyChanged(applicantId);
  if (status !== 'Rejected') await endClaim(deps, applicantId);
  return { status, client_code: null, awaiting_confirmation: false };
}
