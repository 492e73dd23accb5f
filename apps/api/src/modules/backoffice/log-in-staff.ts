/**
 * A staff member signs in with email and password (null when refused: the same answer for an
 * unknown email, a wrong password or a disabled account). A right password opens the session, or,
 * when a second factor is due (staff-mfa.ts), earns a challenge to send back with the code. Every
 * attempt is audited, never the password.
 */
import type { StaffLoginData } from '@ekyc/contracts/calls/backoffice-login';
import type { StaffMfaChallenge } from '@ekyc/contracts/calls/backoffice-mfa';
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo } from './staff.repository.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { issueChallenge, mfaStepFor, openStaffSession } from './staff-mfa.ts';

export const WRONG_CREDENTIALS = 'Incorrect email or password';

export async function logInStaff(
  deps: Pick<BackofficeDeps, 'database' | 'sessions' | 'config' | 'hasher'>,
  input: { email: string; password: string },
): Promise<StaffLoginData | StaffMfaChallenge | null> {
  const db = deps.database.db;
  const member = await staffRepo.staffByEmail(db, input.email);
  const valid = await verifyPassword(
    input.password,
    member?.passwordHash ?? (await decoyHash(deps.config.staffPasswordLogN)),
  );
  if (!member || !valid || !member.active) {
    await auditRepo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'system',
      actorId: member?.id ?? null,
      action: 'staff.login_failed',
      after: { email: input.email, reason: member && valid ? 'disabled' : 'credentials' },
    });
    return null;
  }
  const step = mfaStepFor(deps.config, member);
  return step ? issueChallenge(deps, member, step) : openStaffSession(deps, member);
}
