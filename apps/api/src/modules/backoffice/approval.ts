/**
 * Where an application stands in the approval lifecycle, and who may move it on (four eyes):
 * a reviewer (maker) accepts every stage; a second staff member (checker) confirms the approval
 * (review status Approved); the registrations follow (Completed once the exchanges and the
 * depository accept them). With FOUR_EYES=false one person may do both.
 */
import { STAGE } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from './deps.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import type { StaffRow } from './staff.repository.ts';
import { standingRepository as standingRepo, type QueueRow } from './standing.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

export type ApprovalStep = 'decide' | 'confirm' | 'registrations' | 'done';

/** The staff members whose decision is the standing Accept of a stage before the final one. */
export async function makersOf(tx: Tx, applicantId: string): Promise<string[]> {
  const trail = await auditRepo.auditChain(tx, applicantId);
  const lastByStage = new Map<number, { actorKind: string; actorId: string | null; accept: boolean }>();
  // segments held back (or released) after the segment stage's last accept change that decision:
  // whoever did it is one of its makers too
  let heldBy: string | null = null;
  for (const e of trail) {
    if (e.action === 'stage.activity' && e.stage !== null && e.stage < 220) {
      lastByStage.set(e.stage, {
        actorKind: e.actorKind,
        actorId: e.actorId,
        accept: (e.after as { admin_activity?: string } | null)?.admin_activity === 'Accept',
      });
      if (e.stage === STAGE.SEGMENT) heldBy = null;
    }
    if (e.action === 'segments.held' && e.actorKind === 'staff') heldBy = e.actorId;
  }
  const makers = new Set<string>();
  for (const d of lastByStage.values()) if (d.accept && d.actorKind === 'staff' && d.actorId) makers.add(d.actorId);
  if (heldBy && lastByStage.get(STAGE.SEGMENT)?.accept) makers.add(heldBy);
  return [...makers];
}

/** Every stage before the final one is accepted, and the applicant has reached the final stage. */
export async function allStagesAccepted(deps: Pick<BackofficeDeps, 'records'>, applicantId: string, tx?: Tx) {
  const list = await deps.records.kycList(applicantId, tx);
  return (
    list.some((s) => s.stage === 220) && list.filter((s) => s.stage < 220).every((s) => s.adminActivity === 'Accept')
  );
}

export async function approvalStep(deps: Pick<BackofficeDeps, 'records'>, standing: QueueRow): Promise<ApprovalStep> {
  if (standing.status === 'Completed') return 'done';
  if (standing.status === 'Approved') return 'registrations';
  if (standing.status === 'Pending' && (await allStagesAccepted(deps, standing.id))) return 'confirm';
  return 'decide';
}

/**
 * Who may confirm an approval. With four eyes on: a checker or an administrator, and not one who
 * accepted the application's stages. With it off, any staff member.
 */
export function mayConfirm(fourEyes: boolean, makers: string[], staff: Pick<StaffRow, 'id' | 'role'>): boolean {
  return !fourEyes || (staff.role !== 'reviewer' && !makers.includes(staff.id));
}

export function assertChecker(fourEyes: boolean, makers: string[], staff: Pick<StaffRow, 'id' | 'role'>): void {
  if (mayConfirm(fourEyes, makers, staff)) return;
  throw new AppError(
    'FORBIDDEN',
    staff.role === 'reviewer'
      ? 'Four eyes: only a checker or an administrator can confirm an approval.'
      : 'Four eyes: a different staff member must confirm the approval.',
    { four_eyes: true },
  );
}

export async function standingOrNotFound(db: Tx, applicantId: string): Promise<QueueRow> {
  const standing = isUuid(applicantId) ? await standingRepo.standingOf(db, applicantId) : undefined;
  if (!standing) throw new AppError('NOT_FOUND', 'Application not found');
  return standing;
}
