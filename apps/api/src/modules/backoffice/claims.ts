/**
 * Claims: a reviewer holds an application while working on it; others see who holds it and may not
 * decide on it. An admin assigns and re-assigns. A claim lapses after the holder has been idle for
 * BACKOFFICE_CLAIM_IDLE_MINUTES (each view or decision by the holder keeps it alive). A decision
 * that hands the application on (sent back, waiting for the checker, approved) lets the claim go.
 */
import type { BackofficeDeps } from './deps.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { standingOrNotFound } from './approval.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { type ClaimRow, operationsRepository as ops } from './operations.repository.ts';
import type { QueueRow } from './standing.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'config'>;

export interface ClaimView {
  staff_id: string;
  name: string;
  mine: boolean;
  since: string;
  expires_at: string;
}

const expiresAt = (deps: Deps, claim: ClaimRow) =>
  new Date(claim.lastActiveAt.getTime() + deps.config.backoffice.claimIdleMinutes * 60_000);

export const isCurrent = (deps: Deps, claim: ClaimRow | undefined, now = new Date()): claim is ClaimRow =>
  Boolean(claim && expiresAt(deps, claim) > now);

function claimView(deps: Deps, claim: ClaimRow | undefined, viewerId: string): ClaimView | null {
  if (!isCurrent(deps, claim)) return null;
  return {
    staff_id: claim.staffId,
    name: claim.staffName,
    mine: claim.staffId === viewerId,
    since: claim.claimedAt.toISOString(),
    expires_at: expiresAt(deps, claim).toISOString(),
  };
}

export const heldBy = (claim: Pick<ClaimRow, 'staffId' | 'staffName'>) =>
  new AppError('CONFLICT', `${claim.staffName} is working on this application.`, {
    holder: { staff_id: claim.staffId, name: claim.staffName },
  });

/**
 * The start of a decision's transaction: refuses when another reviewer holds the application,
 * otherwise takes (or refreshes) the caller's claim, makes the caller the actor of what the
 * transaction writes and locks the applicant's row; answers the standing read under that lock (a
 * checker's approval committed a moment ago is seen, and nothing lands on it unseen).
 */
export async function holdForDecision(deps: Deps, tx: Tx, staff: StaffRow, applicantId: string): Promise<QueueRow> {
  const holder = await ops.takeForDecision(tx, applicantId, staff.id, deps.config.backoffice.claimIdleMinutes);
  if (holder) throw heldBy(holder);
  return standingOrNotFound(tx, applicantId);
}

export async function claimApplication(deps: Deps, staff: StaffRow, applicantId: string): Promise<ClaimView> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  await db.transaction(async (tx) => {
    await ops.lockClaim(tx, applicantId);
    const claim = await ops.claimOf(tx, applicantId);
    if (isCurrent(deps, claim) && claim.staffId !== staff.id) throw heldBy(claim);
    await ops.putClaim(tx, applicantId, staff.id, null);
    if (claim?.staffId !== staff.id || !isCurrent(deps, claim))
      await auditRepo.appendAudit(tx, {
        chain: applicantId,
        applicantId,
        actorKind: 'staff',
        actorId: staff.id,
        action: 'application.claimed',
        before: claim ? { staff_id: claim.staffId } : null,
        after: { staff_id: staff.id },
      });
  });
  return claimView(deps, await ops.claimOf(db, applicantId), staff.id)!;
}

/** The holder lets the application go (a supervisor or an admin may release anyone's claim). */
export async function releaseClaim(deps: Deps, staff: StaffRow, applicantId: string): Promise<void> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  await db.transaction(async (tx) => {
    await ops.lockClaim(tx, applicantId);
    const claim = await ops.claimOf(tx, applicantId);
    if (!claim) return;
    if (isCurrent(deps, claim) && claim.staffId !== staff.id && staff.role !== 'admin' && staff.role !== 'supervisor')
      throw heldBy(claim);
    await ops.dropClaim(tx, applicantId);
    await auditRepo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.released',
      before: { staff_id: claim.staffId },
    });
  });
}

/** A supervisor or an admin gives the application to a staff member (or takes it from one). */
export async function assignApplication(
  deps: Deps,
  admin: StaffRow,
  applicantId: string,
  staffId: string,
): Promise<ClaimView> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const target = await staffRepo.staffById(db, staffId);
  if (!target || !target.active) throw new AppError('NOT_FOUND', 'Staff member not found');
  await db.transaction(async (tx) => {
    await ops.lockClaim(tx, applicantId);
    const claim = await ops.claimOf(tx, applicantId);
    await ops.putClaim(tx, applicantId, target.id, admin.id);
    await auditRepo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: admin.id,
      action: 'application.assigned',
      before: isCurrent(deps, claim) ? { staff_id: claim.staffId } : null,
      after: { staff_id: target.id },
    });
  });
  return claimView(deps, await ops.claimOf(db, applicantId), admin.id)!;
}

/** Keeps the holder's claim alive while they look at the application. */
export async function touchClaim(deps: Deps, staff: StaffRow, applicantId: string): Promise<ClaimView | null> {
  const db = deps.database.db;
  const claim = await ops.claimOf(db, applicantId);
  if (isCurrent(deps, claim) && claim.staffId === staff.id) await ops.touchClaim(db, applicantId, staff.id);
  return claimView(deps, await ops.claimOf(db, applicantId), staff.id);
}

/** A decision that hands the application on ends the claim. */
export async function endClaim(deps: Deps, applicantId: string): Promise<void> {
  await ops.dropClaim(deps.database.db, applicantId);
}

export async function nextApplication(deps: Deps, staff: StaffRow, after: string | null): Promise<string | null> {
  return ops.nextPending(
    deps.database.db,
    staff.id,
    after && isUuid(after) ? after : null,
    deps.config.backoffice.claimIdleMinutes,
  );
}
