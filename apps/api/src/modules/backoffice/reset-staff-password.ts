/**
 * An admin sets a new password for another staff member (a forgotten one): it is stored only as a
 * scrypt hash, must be replaced by its holder at the next sign-in before anything else, and the
 * member's sessions end. Audited, never the password.
 */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { backofficeRepository as repo, type StaffRow } from './backoffice.repository.ts';
import { hashPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { staffView } from './staff-view.ts';

export async function resetStaffPassword(
  deps: Pick<AppDeps, 'database' | 'config' | 'sessions'>,
  admin: StaffRow,
  staffId: string,
  password: string,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (staffId === admin.id) throw new AppError('CONFLICT', 'Change your own password on the password page.');
  const member = await repo.staffById(db, staffId);
  if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
  const weak = await weakPasswordReason(password, deps.config.staffPasswordMinScore, [member.email, member.name]);
  if (weak) throw invalidField('password', weak);
  const row = (await accounts.resetPassword(db, staffId, await hashPassword(password, deps.config.staffPasswordLogN)))!;
  await deps.sessions.revokeAll('staff', staffId);
  await repo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.password_reset',
    after: { id: staffId, password_change_required: true },
  });
  return staffView(row);
}
