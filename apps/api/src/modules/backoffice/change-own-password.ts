/**
 * A staff member replaces their own password: the current one must be given, the new one must
 * not be guessable. This lifts the must-change mark of a password someone else chose and signs out
 * the member's other sessions. Audited, never the password. The current password is checked under
 * the sign-in's throttle (same account, same count): a stolen session cannot guess it faster.
 */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { ChangePasswordBody } from '@ekyc/contracts/calls/backoffice-password';
import type { BackofficeDeps } from './deps.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffView } from './staff-view.ts';
import { LOCKED_OUT, SLOW_DOWN, throttleStaffLogin } from './throttle-staff-login.ts';

export async function changeOwnPassword(
  deps: Pick<BackofficeDeps, 'database' | 'config' | 'sessions' | 'staffLoginThrottle' | 'metrics'>,
  member: StaffRow,
  sessionId: string,
  body: ChangePasswordBody,
): Promise<StaffMember> {
  const db = deps.database.db;
  const check = await throttleStaffLogin(deps, member.email, async () =>
    (await verifyPassword(body.current_password, member.passwordHash)) ? true : null,
  );
  if (check.outcome === 'throttled')
    throw new AppError('RATE_LIMITED', check.locked ? LOCKED_OUT : SLOW_DOWN, {
      locked: check.locked,
      retry_after: check.retryAfterSeconds,
    });
  if (check.outcome === 'refused') throw invalidField('current_password', 'The current password is not correct');
  const weak = await weakPasswordReason(body.new_password, deps.config.staffPasswordMinScore, [
    member.email,
    member.name,
  ]);
  if (weak) throw invalidField('new_password', weak);
  const row = await staffRepo.setPassword(
    db,
    member.id,
    await hashPassword(body.new_password, deps.config.staffPasswordLogN),
  );
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: member.id,
    action: 'staff.password_changed',
  });
  await deps.sessions.revokeOthers('staff', member.id, sessionId);
  return staffView(row!);
}
