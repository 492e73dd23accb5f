/**
 * A signed-in staff member enrols a second factor of their own accord (STAFF_MFA=optional, from
 * their account page): a new secret, then its first code confirms it and gives the recovery codes.
 * From then on their sign-in asks a code (staff-mfa.ts, mfaStepFor). An enrolled account cannot
 * replace its secret this way (409): a lost phone goes through an admin's four-eyed reset.
 */
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { StaffRow } from './staff.repository.ts';
import { staffRepository as repo } from './staff.repository.ts';
import { confirmEnrolment, startEnrolment } from './staff-mfa.ts';
import { staffView } from './staff-view.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'sessions' | 'config' | 'hasher' | 'cipher'>;

const ALREADY_ENROLLED = 'Your second factor is already set up.';

export async function startOwnEnrolment(deps: Deps, member: StaffRow) {
  if (member.mfaEnrolledAt) throw new AppError('CONFLICT', ALREADY_ENROLLED);
  return startEnrolment(deps, member);
}

/** The first code of the new secret: the account is enrolled and gets its recovery codes, or null for a wrong code. */
export async function confirmOwnEnrolment(deps: Deps, member: StaffRow, code: string) {
  if (member.mfaEnrolledAt) throw new AppError('CONFLICT', ALREADY_ENROLLED);
  const codes = await confirmEnrolment(deps, member, code);
  if (!codes) return null;
  const row = (await repo.staffById(deps.database.db, member.id))!;
  return { staff: staffView(row), recovery_codes: codes };
}
