import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/**
 * Staff sign-in's second factor (TOTP, RFC 6238), for privileged access (SEBI cyber-security
 * framework). After a right password POST /api/v1/backoffice/login answers with a challenge instead
 * of a token when a code is due: `verify` (the account is enrolled) or `enrol` (it must enrol now).
 */
export const STAFF_MFA_STEPS = ['verify', 'enrol'] as const;
export const staffMfaChallengeSchema = z.object({
  mfa: z.enum(STAFF_MFA_STEPS),
  /** Short-lived, signed; sent back with the code. */
  challenge: z.string(),
});
export type StaffMfaChallenge = z.infer<typeof staffMfaChallengeSchema>;

const challengeField = z.string().min(1, 'Sign in again').max(400, 'Sign in again');

/** A six-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const staffMfaCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, 'Enter the 6-digit code from your authenticator app');

/** POST /api/v1/backoffice/login/mfa/enrol: a new secret for the account that must enrol. */
export const staffMfaEnrolBodySchema = z.object({ challenge: challengeField });
export const staffMfaEnrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/... as the QR code holds it. */
  otpauth_uri: z.string(),
  /** The QR code of otpauth_uri, as an SVG data URL. */
  qr_code: z.string(),
});
export const staffMfaEnrolReplySchema = replySchema(staffMfaEnrolmentSchema);

/**
 * POST /api/v1/backoffice/login/mfa: the code completes the sign-in (data.token). The first code
 * after enrolment confirms it and the reply carries the recovery codes, shown this once.
 */
export const staffMfaVerifyBodySchema = z.object({ challenge: challengeField, code: staffMfaCodeSchema });
export type StaffMfaVerifyBody = z.infer<typeof staffMfaVerifyBodySchema>;

export const WRONG_MFA_CODE = 'Incorrect code';
export const MFA_CHALLENGE_EXPIRED = 'Sign in again';
