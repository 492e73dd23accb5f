/**
 * Who sees the whole team's figures on the reports: supervisors and administrators. Everyone else (a reviewer, a
 * checker, compliance) sees their own. The one place this is decided.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';

const TEAM_FIGURES: ReadonlySet<StaffRole> = new Set<StaffRole>(['supervisor', 'admin']);

export function seesTeamFigures(roles: readonly StaffRole[]): boolean {
  return roles.some((role) => TEAM_FIGURES.has(role));
}
