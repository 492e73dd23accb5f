/**
 * A staff member signs in with email and password (null when refused: the same answer for an
 * unknown email, a wrong password or a disabled account). Every attempt is audited, never the password.
 */
import type { StaffLoginData } from '@ekyc/contracts/calls/backoffice-login';
import type { AppDeps } from '../../app-deps.ts';
import { backofficeRepository as repo } from './backoffice.repository.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { staffView } from './staff-view.ts';

export const WRONG_CREDENTIALS = 'Incorrect email or password';

export async function logInStaff(
  deps: Pick<AppDeps, 'database' | 'sessions' | 'config'>,
  input: { email: string; password: string },
): Promise<StaffLoginData | null> {
  const db = deps.database.db;
  const member = await repo.staffByEmail(db, input.email);
  const valid = await verifyPassword(
    input.password,
    member?.passwordHash ?? (await decoyHash(deps.config.staffPasswordLogN)),
  );
  if (!member || !valid || !member.active) {
    await repo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'system',
      actorId: member?.id ?? null,
      action: 'staff.login_failed',
      after: { email: input.email, reason: member && valid ? 'disabled' : 'credentials' },
    });
    return null;
  }
  const { token } = await deps.sessions.create('staff', member.id);
  await repo.touchLogin(db, member.id);
  await repo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: member.id,
    action: 'staff.login',
  });
  return { token, staff: staffView({ ...member, lastLoginAt: new Date() }) };
}
