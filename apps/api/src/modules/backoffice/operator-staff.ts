/**
 * The operator's commands on the server (cli/staff.ts): shell access to the server is a different
 * trust level from the admin pages, so the operator adds an admin directly (a sole admin's grants
 * wait for a second admin, who can only come from here or from a second admin's approval). The
 * new admin chooses their own password through the link the command prints; the operator never
 * knows one. Audited as the operator's.
 */
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo } from './staff.repository.ts';
import { inviteStaff, unusablePassword } from './staff-invitations.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'config' | 'hasher' | 'messaging' | 'now'>;

export class OperatorError extends Error {}

/** Adds an admin account and answers the link its holder sets their password with. */
export async function operatorAddAdmin(deps: Deps, input: { email: string; name: string }): Promise<string> {
  const db = deps.database.db;
  const row = await staffRepo.insertStaff(db, {
    email: input.email,
    name: input.name,
    role: 'admin',
    passwordHash: await unusablePassword(deps),
    createdBy: null,
    passwordChangeRequired: false,
  });
  if (!row) throw new OperatorError(`A staff account with the email ${input.email} already exists.`);
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'system',
    actorId: null,
    action: 'staff.added',
    after: { id: row.id, email: row.email, role: row.role, by: 'operator' },
  });
  return inviteStaff(deps, row, 'join', null, false);
}

/** A new link for an existing account (its earlier links stop working), e.g. when one expired. */
export async function operatorNewLink(deps: Deps, email: string): Promise<string> {
  const row = await staffRepo.staffByEmail(deps.database.db, email);
  if (!row?.active) throw new OperatorError(`No active staff account has the email ${email}.`);
  return inviteStaff(deps, row, row.lastLoginAt ? 'password' : 'join', null, false);
}
