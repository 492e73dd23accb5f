/**
 * Which role grants need a second admin (four eyes on account control): with FOUR_EYES on, the
 * admin, checker, supervisor and compliance grants (compliance downloads unmasked evidence bundles) always wait
 * for a second admin; other roles take effect at once. A sole admin has nobody to approve theirs:
 * the second admin is added by the operator on the server (`npm run staff -- add-admin`, cli/staff.ts),
 * a different trust level from the admin pages, and approves them from then on.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { BackofficeDeps } from './deps.ts';

export type GuardedRole = 'checker' | 'supervisor' | 'compliance' | 'admin';
// a supervisor confirms approvals (a checker's power) and reopens closed applications
const GUARDED: readonly StaffRole[] = ['checker', 'supervisor', 'compliance', 'admin'];

export const isGuardedRole = (role: StaffRole): role is GuardedRole => GUARDED.includes(role);

/** Whether an admin's grant of `role` waits for a second admin. */
export const grantNeedsSecondAdmin = (deps: Pick<BackofficeDeps, 'config'>, role: StaffRole): boolean =>
  deps.config.fourEyes && isGuardedRole(role);

/** The role an account holds while its grant waits: the least privileged. */
export const ROLE_WHILE_PENDING: StaffRole = 'reviewer';
