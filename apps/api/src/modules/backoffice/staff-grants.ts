/**
 * Which role grants need a second admin (four eyes on account control): with FOUR_EYES on, the
 * admin, checker, supervisor and compliance grants need a second admin (compliance downloads unmasked evidence bundles); other roles take effect at once. A fresh
 * installation's sole admin has no second admin to ask: their grants take effect, audited as such.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { AppDeps } from '../../app-deps.ts';
import type { StaffRow } from './backoffice.repository.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';

export type GuardedRole = 'checker' | 'supervisor' | 'compliance' | 'admin';
// a supervisor confirms approvals (a checker's power) and reopens closed applications
const GUARDED: readonly StaffRole[] = ['checker', 'supervisor', 'compliance', 'admin'];

export const isGuardedRole = (role: StaffRole): role is GuardedRole => GUARDED.includes(role);

/** Whether this admin's grant of `role` waits for a second admin. */
export async function grantNeedsSecondAdmin(
  deps: Pick<AppDeps, 'config' | 'database'>,
  admin: StaffRow,
  role: StaffRole,
): Promise<boolean> {
  if (!deps.config.fourEyes || !isGuardedRole(role)) return false;
  return accounts.otherActiveAdmins(deps.database.db, admin.id).then((n) => n > 0);
}

/** The role an account holds while its grant waits: the least privileged. */
export const ROLE_WHILE_PENDING: StaffRole = 'reviewer';
