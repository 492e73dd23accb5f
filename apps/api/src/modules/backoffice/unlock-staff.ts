/** An admin lifts a staff account's sign-in lockout before it ends by itself (audited). */
import type { StaffListEntry } from '@ekyc/contracts/calls/backoffice-staff';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { staffEntry } from './list-staff.ts';

export async function unlockStaff(
  deps: Pick<BackofficeDeps, 'database' | 'staffLoginThrottle'>,
  admin: StaffRow,
  staffId: string,
): Promise<StaffListEntry> {
  const db = deps.database.db;
  const member = await staffRepo.staffById(db, staffId);
  if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
  const lockedUntil = await deps.staffLoginThrottle.lockedUntil(member.email);
  await deps.staffLoginThrottle.unlock(member.email);
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.unlocked',
    before: { id: member.id, locked_until: lockedUntil?.toISOString() ?? null },
    after: { id: member.id, locked_until: null },
  });
  return staffEntry(deps, member);
}
