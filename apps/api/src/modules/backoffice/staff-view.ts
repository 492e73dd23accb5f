/** The staff record as the back office's clients see it (never the password hash nor the second factor's secret). */
import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { StaffRow } from './staff.repository.ts';

export const staffView = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  password_change_required: row.passwordChangeRequired,
  mfa_enrolled: row.mfaEnrolledAt !== null,
  pending_role: row.pendingRole,
  mfa_reset_pending: row.mfaResetRequestedBy !== null,
});
