/**
 * An admin resets another staff member's password (a forgotten one); the old one stops working and
 * the member's sessions end. Without a new password (always, with four eyes) the member is sent a
 * link to choose their own (staff-invitations.ts), so the admin never knows a password of theirs;
 * with four eyes off an admin may choose one, which the holder must replace at the next sign-in.
 * Audited, never the password.
 */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import { OWN_PASSWORD_ONLY } from '@ekyc/contracts/calls/backoffice-staff';
import type { BackofficeDeps } from './deps.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { hashPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { inviteStaff, unusablePassword } from './staff-invitations.ts';
import { staffView } from './staff-view.ts';

export async function resetStaffPassword(
  deps: Pick<BackofficeDeps, 'database' | 'config' | 'sessions' | 'hasher' | 'messaging' | 'now'>,
  admin: StaffRow,
  staffId: string,
  password: string | undefined,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (staffId === admin.id) throw new AppError('CONFLICT', 'Change your own password on the password page.');
  const member = await staffRepo.staffById(db, staffId);
  if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
  if (password !== undefined && deps.config.fourEyes) throw invalidField('password', OWN_PASSWORD_ONLY);
  if (password !== undefined) {
    const weak = await weakPasswordReason(password, deps.config.staffPasswordMinScore, [member.email, member.name]);
    if (weak) throw invalidField('password', weak);
  }
  const hash =
    password === undefined ? await unusablePassword(deps) : await hashPassword(password, deps.config.staffPasswordLogN);
  const row = (await accounts.resetPassword(db, staffId, hash, password !== undefined))!;
  await deps.sessions.revokeAll('staff', staffId);
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.password_reset',
    after: { id: staffId, password_change_required: row.passwordChangeRequired, link_sent: password === undefined },
  });
  if (password === undefined) await inviteStaff(deps, row, 'password', admin.id, true);
  return staffView(row);
}
