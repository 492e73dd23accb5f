/**
 * An admin adds a staff account. Without a password (always, with four eyes) the new member is sent
 * an invitation to choose their own (staff-invitations.ts): no admin knows a password they could
 * sign in with as that member. With four eyes off an admin may still choose one, which its holder
 * must replace at the first sign-in. With four eyes a checker, compliance or admin grant waits for
 * a second admin (staff-grants.ts): the account is a reviewer meanwhile.
 */
import { type AddStaffBody, OWN_PASSWORD_ONLY } from '@ekyc/contracts/calls/backoffice-staff';
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { BackofficeDeps } from './deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { hashPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { type GuardedRole, grantNeedsSecondAdmin, ROLE_WHILE_PENDING } from './staff-grants.ts';
import { inviteStaff, unusablePassword } from './staff-invitations.ts';
import { staffView } from './staff-view.ts';

export async function addStaff(
  deps: Pick<BackofficeDeps, 'database' | 'config' | 'hasher' | 'messaging' | 'now'>,
  admin: StaffRow,
  body: AddStaffBody,
): Promise<StaffMember> {
  const db = deps.database.db;
  if (body.password !== undefined && deps.config.fourEyes) throw invalidField('password', OWN_PASSWORD_ONLY);
  if (body.password !== undefined) {
    const weak = await weakPasswordReason(body.password, deps.config.staffPasswordMinScore, [body.email, body.name]);
    if (weak) throw invalidField('password', weak);
  }
  const pending = grantNeedsSecondAdmin(deps, body.role) ? (body.role as GuardedRole) : null;
  const inserted = await staffRepo.insertStaff(db, {
    email: body.email,
    name: body.name,
    role: pending ? ROLE_WHILE_PENDING : body.role,
    passwordHash:
      body.password === undefined
        ? await unusablePassword(deps)
        : await hashPassword(body.password, deps.config.staffPasswordLogN),
    createdBy: admin.id,
    passwordChangeRequired: body.password !== undefined,
  });
  if (!inserted) throw invalidField('email', 'A staff account with this email already exists');
  const row = pending ? (await accounts.requestRole(db, inserted.id, pending, admin.id))! : inserted;
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.added',
    after: { id: row.id, email: row.email, role: row.role, ...(pending && { pending_role: pending }) },
  });
  if (body.password === undefined) await inviteStaff(deps, row, 'join', admin.id, true);
  return staffView(row);
}
