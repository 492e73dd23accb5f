import { z } from 'zod';

/**
 * POST /api/v1/backoffice/password (any signed-in staff member): replaces the caller's own password.
 * The server also refuses a password that is common or easy to guess, with the reason.
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const staffPasswordSchema = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at max 200 characters');

export const changePasswordBodySchema = z
  .object({
    current_password: z.string().min(1, 'Password is required').max(200),
    new_password: staffPasswordSchema,
  })
  .refine((b) => b.current_password !== b.new_password, {
    path: ['new_password'],
    message: 'Choose a password different from the current one',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The answer while a staff member must still replace a password someone else chose (HTTP 403). */
export const PASSWORD_CHANGE_REQUIRED = 'Set a new password before you continue';
