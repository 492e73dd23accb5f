/**
 * A staff member replaces their own password: the current one must be given, the new one must
 * not be guessable. This lifts the first administrator's must-change mark and signs out the member's
 * other sessions. Audited, never the password.
 */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { ChangePasswordBody } from '@ekyc/contracts/calls/backoffice-password';
import type { AppDeps } from '../../app-deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { backofficeRepository as repo, type StaffRow } from './backoffice.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffView } from './staff-view.ts';

export async function changeOwnPassword(
  deps: Pick<AppDeps, 'database' | 'config' | 'sessions'>,
  member: StaffRow,
  sessionId: string,
  body: ChangePasswordBody,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (!(await verifyPassword(body.current_password, member.passwordHash)))
    throw invalidField('current_password', 'The current password is not correct');
  const weak = await weakPasswordReason(body.new_password, deps.config.staffPasswordMinScore, [
    member.email,
    member.name,
  ]);
  if (weak) throw invalidField('new_password', weak);
  const row = await repo.setPassword(
    db,
    member.id,
    await hashPassword(body.new_password, deps.config.staffPasswordLogN),
  );
  await repo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: member.id,
    action: 'staff.password_changed',
  });
  await deps.sessions.revokeOthers('staff', member.id, sessionId);
  return staffView(row!);
}
