/**
 * An admin changes another staff member's role. With four eyes an admin or checker grant waits for
 * a second admin (approve-staff-role.ts); any other change takes effect at once and drops a waiting
 * grant. The member's sessions end so the new role applies from the next sign-in. Audited.
 */
import type { StaffMember, StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { grantNeedsSecondAdmin, isGuardedRole } from './staff-grants.ts';
import { staffView } from './staff-view.ts';

export async function setStaffRole(
  deps: Pick<BackofficeDeps, 'database' | 'config' | 'sessions'>,
  admin: StaffRow,
  staffId: string,
  role: StaffRole,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (staffId === admin.id) throw new AppError('CONFLICT', 'You cannot change your own role.');
  const before = await staffRepo.staffById(db, staffId);
  if (!before) throw new AppError('NOT_FOUND', 'Staff member not found');
  const audit = (action: string, after: Record<string, unknown>) =>
    auditRepo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'staff',
      actorId: admin.id,
      action,
      before: { id: before.id, role: before.role, pending_role: before.pendingRole },
      after: { id: before.id, ...after },
    });
  if (role !== before.role && isGuardedRole(role) && grantNeedsSecondAdmin(deps, role)) {
    const row = (await accounts.requestRole(db, staffId, role, admin.id))!;
    await audit('staff.role_requested', { role: row.role, pending_role: role });
    return staffView(row);
  }
  const row = (await accounts.setRole(db, staffId, role))!;
  await deps.sessions.revokeAll('staff', staffId);
  await audit('staff.role_changed', { role });
  return staffView(row);
}
