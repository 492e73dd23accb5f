/**
 * Every back-office action is authorised here, on the server: a staff session (not an
 * applicant's), an account that is still active, and the role the action needs. Admins may do
 * everything a reviewer may; a supervisor does what a reviewer and a checker do, and assigns and
 * reopens; compliance reads what a reviewer reads (GET) and no more. An account that must replace a password someone else chose may only
 * read itself, change the password and sign out (`beforePasswordChange`).
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import { PASSWORD_CHANGE_REQUIRED } from '@ekyc/contracts/calls/backoffice-password';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardAdmitting } from '../lib/api-docs.ts';
import { AppError } from '../lib/errors.ts';
import { staffRepository as repo, type StaffRow } from './staff.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staffMember?: StaffRow;
  }
}

export function requireRole(app: FastifyInstance, role: StaffRole, options: { beforePasswordChange?: boolean } = {}) {
  const guard = async (req: FastifyRequest) => {
    await app.requireStaff(req);
    const member = await repo.staffById(app.deps.database.db, req.staff!.subjectId);
    if (!member || !member.active) throw new AppError('UNAUTHORIZED');
    if (role === 'admin' && member.role !== 'admin')
      throw new AppError('FORBIDDEN', 'Only an administrator can do this.');
    // the supervisor assigns work, reopens closed applications and reads the team's figures; staff
    // and settings stay the administrator's
    if (role === 'supervisor' && member.role !== 'supervisor' && member.role !== 'admin')
      throw new AppError('FORBIDDEN', 'Only a supervisor or an administrator can do this.');
    if (role === 'compliance' && member.role !== 'compliance' && member.role !== 'admin')
      throw new AppError('FORBIDDEN', 'Only compliance or an administrator can do this.');
    // compliance reads what a reviewer reads and takes no review action
    if (role === 'reviewer' && member.role === 'compliance' && req.method !== 'GET')
      throw new AppError('FORBIDDEN', 'Compliance reads applications; a reviewer decides them.');
    if (member.passwordChangeRequired && !options.beforePasswordChange)
      throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED, { password_change_required: true });
    req.staffMember = member;
  };
  return guardAdmitting(guard, { kind: 'staff', role, passwordFirst: !options.beforePasswordChange });
}
