/** An admin disables a staff account (its sessions end at once) or enables it again. */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { staffView } from './staff-view.ts';

export async function setStaffActive(
  deps: Pick<BackofficeDeps, 'database' | 'sessions'>,
  admin: StaffRow,
  staffId: string,
  active: boolean,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (staffId === admin.id && !active) throw new AppError('CONFLICT', 'You cannot disable your own account.');
  const before = await staffRepo.staffById(db, staffId);
  if (!before) throw new AppError('NOT_FOUND', 'Staff member not found');
  const row = (await staffRepo.setStaffActive(db, staffId, active))!;
  if (!active) await deps.sessions.revokeAll('staff', staffId);
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: active ? 'staff.enabled' : 'staff.disabled',
    before: { id: before.id, active: before.active },
    after: { id: row.id, active: row.active },
  });
  return staffView(row);
}
