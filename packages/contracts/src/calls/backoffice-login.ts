import { z } from 'zod';
import { emptyDataSchema, replySchema } from '../envelope.ts';
import { staffMfaChallengeSchema } from './backoffice-mfa.ts';
import { saying } from '../said.ts';

/** POST /api/v1/backoffice/login (contract): a staff member signs in; data.token is their bearer token. */
/** reviewer: accepts and rejects stages (the maker); checker: also confirms approvals, which with
 * four eyes only a checker or an admin may do; compliance: reads what a reviewer reads and takes no
 * review action, downloads evidence bundles and moves rule sets; admin: everything, and manages staff */
export const STAFF_ROLES = ['reviewer', 'checker', 'supervisor', 'compliance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffLoginBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email(saying('emailInvalid'))),
    password: z.string().min(1, 'Password is required').max(200),
  })
  .meta({ examples: [{ email: 'reviewer@broker.example', password: 'a long passphrase of your own' }] });

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** The password was chosen by someone else (the first administrator's): set a new one before anything else. */
  password_change_required: z.boolean(),
  /** The account has a second factor (TOTP) enrolled. */
  mfa_enrolled: z.boolean(),
  /** An admin or checker role granted by one admin, waiting for a second admin's approval (four eyes). */
  pending_role: z.enum(['checker', 'supervisor', 'compliance', 'admin']).nullable(),
  /** An admin asked to reset this account's second factor; a second admin must approve. */
  mfa_reset_pending: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffLoginDataSchema = z.object({
  token: z.string(),
  staff: staffMemberSchema,
  /** Only right after enrolling a second factor: one-time recovery codes, shown this once. */
  recovery_codes: z.array(z.string()).optional(),
});
export type StaffLoginData = z.infer<typeof staffLoginDataSchema>;

/**
 * POST login: signed in, a second factor due (backoffice-mfa.ts), or (status false) empty data for
 * wrong credentials. POST login/mfa answers the same way.
 */
export const staffLoginReplySchema = replySchema(
  z.union([staffLoginDataSchema, staffMfaChallengeSchema, emptyDataSchema]),
);
/**
 * HTTP 429 of login: too many attempts. The account's throttle says how long to wait and whether
 * the account is locked; the per-address limit's 429 carries no data.
 */
export const staffLoginThrottledReplySchema = replySchema(
  z.object({ locked: z.boolean().optional(), retry_after: z.number().optional() }),
);

/** GET me, POST password, POST staff, POST staff/{id}/active: the staff member. */
export const staffMemberDataSchema = z.object({ staff: staffMemberSchema });
export const staffMemberReplySchema = replySchema(staffMemberDataSchema);
