/**
 * An admin resets another staff member's second factor (a lost phone): the member enrols again at
 * the next sign-in, and their sessions end. With four eyes the first admin's call only asks for it
 * and a different admin's call carries it out. Audited.
 */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { SECOND_ADMIN_NEEDED } from './approve-staff-role.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { staffView } from './staff-view.ts';

export async function resetStaffMfa(
  deps: Pick<BackofficeDeps, 'database' | 'config' | 'sessions'>,
  admin: StaffRow,
  staffId: string,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (staffId === admin.id) throw new AppError('CONFLICT', 'You cannot reset your own second factor.');
  const member = await staffRepo.staffById(db, staffId);
  if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
  const audit = (action: string, after: Record<string, unknown>) =>
    auditRepo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'staff',
      actorId: admin.id,
      action,
      after,
    });
  if (deps.config.fourEyes && member.mfaResetRequestedBy === null) {
    const row = (await accounts.requestMfaReset(db, staffId, admin.id))!;
    await audit('staff.mfa_reset_requested', { id: staffId });
    return staffView(row);
  }
  if (deps.config.fourEyes && member.mfaResetRequestedBy === admin.id)
    throw new AppError('FORBIDDEN', SECOND_ADMIN_NEEDED);
  const row = (await accounts.clearMfa(db, staffId))!;
  await deps.sessions.revokeAll('staff', staffId);
  await audit('staff.mfa_reset', {
    id: staffId,
    requested_by: member.mfaResetRequestedBy ?? admin.id,
    approved_by: admin.id,
  });
  return staffView(row);
}
