import { z } from 'zod';
import { emptyDataSchema, replySchema } from '../envelope.ts';
import { staffMemberSchema } from './backoffice-login.ts';

/**
 * POST /api/v1/backoffice/mfa/enrol (signed in): a staff member who has no second factor sets one
 * up of their own accord (STAFF_MFA=optional); the reply is a new secret as for login/mfa/enrol
 * (409 once enrolled). POST /api/v1/backoffice/mfa/confirm with its first code enrols the account:
 * its sign-in asks a code from then on, and the reply carries the recovery codes, this once.
 */
export const staffOwnMfaConfirmBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const staffOwnMfaConfirmDataSchema = z.object({
  staff: staffMemberSchema,
  recovery_codes: z.array(z.string()),
});
export const staffOwnMfaConfirmReplySchema = replySchema(z.union([staffOwnMfaConfirmDataSchema, emptyDataSchema]));
