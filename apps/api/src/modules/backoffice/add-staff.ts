/** An admin adds a reviewer or an admin; a guessable password is refused; it is stored only as a scrypt hash. */
import type { AddStaffBody } from '@ekyc/contracts/calls/backoffice-staff';
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { AppDeps } from '../../app-deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { backofficeRepository as repo, type StaffRow } from './backoffice.repository.ts';
import { hashPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffView } from './staff-view.ts';

export async function addStaff(
  deps: Pick<AppDeps, 'database' | 'config'>,
  admin: StaffRow,
  body: AddStaffBody,
): Promise<StaffMember> {
  const db = deps.database.db;
  const weak = await weakPasswordReason(body.password, deps.config.staffPasswordMinScore, [body.email, body.name]);
  if (weak) throw invalidField('password', weak);
  const row = await repo.insertStaff(db, {
    email: body.email,
    name: body.name,
    role: body.role,
    passwordHash: await hashPassword(body.password, deps.config.staffPasswordLogN),
    createdBy: admin.id,
  });
  if (!row) throw invalidField('email', 'A staff account with this email already exists');
  await repo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: admin.id,
    action: 'staff.added',
    after: { id: row.id, email: row.email, role: row.role },
  });
  return staffView(row);
}
