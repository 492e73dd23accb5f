/**
 * An admin adds a staff account; a guessable password is refused; it is stored only as a scrypt
 * hash and, chosen by the admin, must be replaced by its holder at the first sign-in. With four
 * eyes an admin or checker grant waits for a second admin (staff-grants.ts): the account is a
 * reviewer meanwhile.
 */
import type { AddStaffBody } from '@ekyc/contracts/calls/backoffice-staff';
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { AppDeps } from '../../app-deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { backofficeRepository as repo, type StaffRow } from './backoffice.repository.ts';
import { hashPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { type GuardedRole, grantNeedsSecondAdmin, isGuardedRole, ROLE_WHILE_PENDING } from './staff-grants.ts';
import { staffView } from './staff-view.ts';

export async function addStaff(
  deps: Pick<AppDeps, 'database' | 'config'>,
  admin: StaffRow,
  body: AddStaffBody,
): Promise<StaffMember> {
  const db = deps.database.db;
  const weak = await weakPasswordReason(body.password, deps.config.staffPasswordMinScore, [body.email, body.name]);
  if (weak) throw invalidField('password', weak);
  const pending = (await grantNeedsSecondAdmin(deps, admin, body.role)) ? (body.role as GuardedRole) : null;
  const inserted = await repo.insertStaff(db, {
    email: body.email,
    name: body.name,
    role: pending ? ROLE_WHILE_PENDING : body.role,
    passwordHash: await hashPassword(body.password, deps.config.staffPasswordLogN),
    createdBy: admin.id,
    passwordChangeRequired: true,
  });
  if (!inserted) throw invalidField('email', 'A staff account with this email already exists');
  const row = pending ? (await accounts.requestRole(db, inserted.id, pending, admin.id))! : inserted;
  await repo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.added',
    after: {
      id: row.id,
      email: row.email,
      role: row.role,
      ...(pending && { pending_role: pending }),
      ...(!pending && deps.config.fourEyes && isGuardedRole(body.role) && { sole_admin: true }),
    },
  });
  return staffView(row);
}
