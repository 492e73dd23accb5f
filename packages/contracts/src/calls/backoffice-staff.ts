import { z } from 'zod';
import { STAFF_ROLES, staffMemberSchema } from './backoffice-login.ts';
import { replySchema } from '../envelope.ts';
import { staffPasswordSchema } from './backoffice-password.ts';

/** A staff account in the admin's list: with the end of its sign-in lockout, if it is locked out. */
export const staffListEntrySchema = staffMemberSchema.extend({ locked_until: z.string().nullable() });
export type StaffListEntry = z.infer<typeof staffListEntrySchema>;

/** GET /api/v1/backoffice/staff (admin): every staff account. */
export const staffListDataSchema = z.object({ staff: z.array(staffListEntrySchema) });

/**
 * POST /api/v1/backoffice/staff (admin): adds a staff account; its holder must change the password
 * at the first sign-in. With four eyes an admin or checker account is a reviewer until a second
 * admin approves the grant.
 */
export const addStaffBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter valid email')),
  name: z
    .string()
    .trim()
    .min(3, 'Use at least 3 characters')
    .max(60, 'Use at max 60 characters')
    .regex(/^[\p{L} .'-]+$/u, 'Enter only Alphabets'),
  role: z.enum(STAFF_ROLES),
  password: z.string().min(12, 'Use at least 12 characters').max(200),
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

/** POST /api/v1/backoffice/staff/:id/active (admin): disables (signing them out) or re-enables an account. */
export const setStaffActiveBodySchema = z.object({ active: z.boolean() });

/**
 * POST /api/v1/backoffice/staff/:id/role (admin): changes a staff member's role. With four eyes the
 * admin and checker grants need a second admin (POST .../role/approve); data.staff.pending_role.
 */
export const setStaffRoleBodySchema = z.object({ role: z.enum(STAFF_ROLES) });

/** POST /api/v1/backoffice/staff/:id/password (admin): a new password its holder must change at the next sign-in. */
export const resetStaffPasswordBodySchema = z.object({ password: staffPasswordSchema });

/** POST /api/v1/backoffice/staff/:id/unlock (admin): lifts a sign-in lockout; data.staff is the account. */
export const unlockStaffDataSchema = z.object({ staff: staffListEntrySchema });

export const staffListReplySchema = replySchema(staffListDataSchema);
export const unlockStaffReplySchema = replySchema(unlockStaffDataSchema);
