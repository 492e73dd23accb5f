import { z } from 'zod';
import { STAFF_ROLES, staffMemberSchema } from './backoffice-login.ts';
import { replySchema } from '../envelope.ts';
import { staffPasswordSchema } from './backoffice-password.ts';
import { saying } from '../said.ts';

/** A staff account in the admin's list: with the end of its sign-in lockout, if it is locked out. */
export const staffListEntrySchema = staffMemberSchema.extend({ locked_until: z.string().nullable() });
export type StaffListEntry = z.infer<typeof staffListEntrySchema>;

/** GET /api/v1/backoffice/staff (admin): every staff account. */
export const staffListDataSchema = z.object({ staff: z.array(staffListEntrySchema) });

/**
 * POST /api/v1/backoffice/staff (admin): adds a staff account. Without a password the new member is
 * sent an invitation by e-mail to choose their own (the only way with four eyes, which refuses a
 * password here); with one (four eyes off), its holder must change it at the first sign-in. With
 * four eyes a checker, compliance or admin account is a reviewer until a second admin approves the
 * grant.
 */
export const addStaffBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email(saying('emailInvalid'))),
  name: z
    .string()
    .trim()
    .min(3, saying('nameMin'))
    .max(60, 'Use at max 60 characters')
    .regex(/^[\p{L} .'-]+$/u, saying('nameAlphabets')),
  role: z.enum(STAFF_ROLES),
  password: z.string().min(12, 'Use at least 12 characters').max(200).optional(),
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

/** POST /api/v1/backoffice/staff/:id/active (admin): disables (signing them out) or re-enables an account. */
export const setStaffActiveBodySchema = z.object({ active: z.boolean() });

/**
 * POST /api/v1/backoffice/staff/:id/role (admin): changes a staff member's role. With four eyes the
 * admin and checker grants need a second admin (POST .../role/approve); data.staff.pending_role.
 */
export const setStaffRoleBodySchema = z.object({ role: z.enum(STAFF_ROLES) });

/**
 * POST /api/v1/backoffice/staff/:id/password (admin): without a password the member is sent a link
 * to choose a new one (the only way with four eyes); with one (four eyes off), its holder must
 * change it at the next sign-in. Either way the old password stops working.
 */
export const resetStaffPasswordBodySchema = z.object({ password: staffPasswordSchema.optional() });

/**
 * POST /api/v1/backoffice/invitation (no session): the token from an invitation or password link
 * and the password its holder chooses. Answers like sign-in: the second factor is due next
 * (data.mfa), or the session; status false when the link is not valid any more.
 */
export const acceptInvitationBodySchema = z.object({
  token: z.string().min(20, 'This link is not complete').max(200, 'This link is not complete'),
  password: staffPasswordSchema,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** With four eyes an admin never chooses a staff member's password: the member is sent a link. */
export const OWN_PASSWORD_ONLY =
  'Staff choose their own password: leave the password empty and a link is sent to their e-mail.';

/** POST /api/v1/backoffice/staff/:id/unlock (admin): lifts a sign-in lockout; data.staff is the account. */
export const unlockStaffDataSchema = z.object({ staff: staffListEntrySchema });

export const staffListReplySchema = replySchema(staffListDataSchema);
export const unlockStaffReplySchema = replySchema(unlockStaffDataSchema);
