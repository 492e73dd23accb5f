/**
 * Four eyes on account control: a second admin, neither the one who asked for the grant nor its
 * holder, approves a waiting admin or checker grant; it then takes effect (the holder's sessions
 * end, so it applies from the next sign-in). Audited with both admins.
 */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { staffView } from './staff-view.ts';

export const SECOND_ADMIN_NEEDED = 'A second administrator must approve this.';

export async function approveStaffRole(
  deps: Pick<BackofficeDeps, 'database' | 'sessions'>,
  admin: StaffRow,
  staffId: string,
): Promise<StaffMember> {
  const db = deps.database.db;
  const before = await staffRepo.staffById(db, staffId);
  if (!before) throw new AppError('NOT_FOUND', 'Staff member not found');
  if (!before.pendingRole || !before.pendingRoleBy) throw new AppError('CONFLICT', 'No role grant is waiting.');
  if (before.pendingRoleBy === admin.id || staffId === admin.id) throw new AppError('FORBIDDEN', SECOND_ADMIN_NEEDED);
  const row = (await accounts.setRole(db, staffId, before.pendingRole))!;
  await deps.sessions.revokeAll('staff', staffId);
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.role_granted',
    before: { id: before.id, role: before.role },
    after: { id: row.id, role: row.role, requested_by: before.pendingRoleBy, approved_by: admin.id },
  });
  return staffView(row);
}
