/**
 * Closing cases, through the lifecycle table (close, expire, reopen):
 * - a final rejection by staff, with a configured closing reason: the application stands Closed,
 *   the applicant's status page and an SMS and email say so in their language, and its PAN no
 *   longer blocks another application (the signed PAN's claim is released: records/signed.ts). The
 *   KRA and exchange registrations start only at the approval, so a closed application has none to
 *   withdraw;
 * - the expiry of a send-back the applicant left unanswered (send-back-expiry.ts), the same way;
 * - a supervisor's reopening: the closure removed, the standing as before it (sent back, or under
 *   review), the PAN claimed again unless another application signed it meanwhile (409).
 */
import type { ClosureKind } from '@ekyc/contracts/calls/backoffice-closing';
import { mayMove } from '@ekyc/contracts/lifecycle';
import { MSG } from '@ekyc/contracts/messages';
import type { BackofficeDeps } from '../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { closuresRepository as closures } from '../../../records/closures.repository.ts';
import { setReview } from '../../../records/review.ts';
import { applicantPanHash, isSignedPanTaken, signedRepository } from '../../../records/signed.ts';
import { standingOrNotFound } from '../approval.ts';
import { auditRepository as repo } from '../audit.repository.ts';
import type { StaffRow } from '../staff.repository.ts';
import { endClaim, holdForDecision } from '../claims.ts';
import { writeNote } from '../notes/staff-notes.ts';
import { currentReason } from '../reasons/reason-catalogue.ts';
import { notifyClosure } from './notify-closure.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'messaging' | 'config' | 'cipher' | 'hasher'>;

/** Closes the application in the caller's transaction (the applicant's row locked, the standing read). */
export async function closeIn(
  deps: Pick<BackofficeDeps, 'records'>,
  tx: Tx,
  applicantId: string,
  closure: { kind: ClosureKind; code: string; version: number; by: string | null; from: string },
): Promise<void> {
  await closures.put(tx, applicantId, {
    kind: closure.kind,
    code: closure.code,
    reasonVersion: closure.version,
    closedBy: closure.by,
    closedFrom: closure.from as 'Pending' | 'Rejected',
  });
  await closures.releaseSignedPan(tx, applicantId);
  await setReview(
    deps,
    tx,
    closure.by,
    applicantId,
    { status: 'Closed', text: MSG.statusClosed },
    closure.kind === 'expired' ? 'expire' : 'close',
  );
  await repo.appendAudit(tx, {
    chain: applicantId,
    applicantId,
    actorKind: closure.by ? 'staff' : 'system',
    actorId: closure.by,
    action: 'application.closed',
    before: { status: closure.from },
    after: { status: 'Closed', kind: closure.kind, code: closure.code, version: closure.version },
  });
}

export async function rejectFinally(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  code: string,
  note: string | undefined,
): Promise<{ status: string }> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const reason = await currentReason(db, 'code', code, 'close');
  await db.transaction(async (tx) => {
    const standing = await holdForDecision(deps, tx, staff, applicantId);
    if (!mayMove(standing.status, 'close'))
      throw new AppError('CONFLICT', 'Only an application under review or sent back can be rejected finally.', {
        status: standing.status,
      });
    await closeIn(deps, tx, applicantId, {
      kind: 'rejected',
      code,
      version: reason.version,
      by: staff.id,
      from: standing.status,
    });
    if (note) await writeNote(deps, tx, staff.id, applicantId, 'closure', note);
  });
  await deps.records.notifyChanged(applicantId);
  await endClaim(deps, applicantId);
  await notifyClosure(deps, applicantId, reason.texts);
  return { status: 'Closed' };
}

/** A supervisor reopens a closed application, saying why. */
export async function reopenApplication(
  deps: Deps,
  supervisor: StaffRow,
  applicantId: string,
  note: string,
): Promise<{ status: string }> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const status = await db.transaction(async (tx) => {
    await repo.actAs(tx, supervisor.id);
    await deps.records.lock(applicantId, tx);
    const standing = await standingOrNotFound(tx, applicantId);
    const closure = await closures.of(tx, applicantId);
    if (!closure || !mayMove(standing.status, 'reopen'))
      throw new AppError('CONFLICT', 'This application is not closed.', { status: standing.status });
    await closures.remove(tx, applicantId);
    // the PAN it signed is its own again, unless another application signed it meanwhile
    const signedAt = (await deps.records.getSection(applicantId, 'esign_obj', tx))?.signed_at;
    const panHash = signedAt ? await applicantPanHash(deps, applicantId, tx) : null;
    if (panHash) {
      const [other] = await signedRepository.holdersOf(tx, panHash, applicantId);
      if (other)
        throw new AppError('CONFLICT', 'Another application with this PAN was signed since: it cannot be reopened.', {
          other_application: other,
        });
      try {
        await signedRepository.claimPan(tx, applicantId, panHash, new Date(signedAt!));
      } catch (err) {
        if (isSignedPanTaken(err))
          throw new AppError('CONFLICT', 'Another application with this PAN was signed since: it cannot be reopened.');
        throw err;
      }
    }
    const after = await standingOrNotFound(tx, applicantId);
    const review =
      after.status === 'Rejected'
        ? { status: 'Rejected' as const, text: MSG.statusRejected }
        : { status: 'Pending' as const, text: MSG.statusUnderReview };
    await setReview(deps, tx, supervisor.id, applicantId, review, 'reopen');
    await writeNote(deps, tx, supervisor.id, applicantId, 'reopen', note);
    await repo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: supervisor.id,
      action: 'application.reopened',
      before: { status: 'Closed', kind: closure.kind, code: closure.code },
      after: { status: review.status },
    });
    return review.status;
  });
  await deps.records.notifyChanged(applicantId);
  return { status };
}
