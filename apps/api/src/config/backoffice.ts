/** The back office: staff passwords, sign-in and second factor, four eyes, the queue and send-backs. */
import { z } from 'zod';
import { bool, commaList, type Mode } from './parse.ts';

export const backofficeEnv = z.object({
  /** scrypt cost (log2 N) of new staff password hashes; below 15 only when NODE_ENV=test. */
  STAFF_PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  /** Lowest zxcvbn score (0-4) a staff password must reach. */
  STAFF_PASSWORD_MIN_SCORE: z.coerce.number().int().min(0).max(4).default(3),
  /** Staff sign-in: wrong passwords in a row before the account locks. */
  STAFF_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** Staff sign-in: how long a lockout lasts (an admin can lift it sooner). */
  STAFF_LOGIN_LOCKOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Staff sign-in: the wait after a wrong password, doubled after each (0 switches the wait off). */
  STAFF_LOGIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
  /**
   * Staff sign-in's second factor (TOTP): `required` (every account enrols at its first sign-in) or
   * `optional` (only enrolled accounts give a code). Default required; optional in sandbox mode
   * unless set. A production start refuses optional.
   */
  STAFF_MFA: z.enum(['required', 'optional']).optional(),
  /** The issuer shown in the staff's authenticator app next to their email. */
  STAFF_MFA_ISSUER: z.string().trim().min(1).max(60).default('eKYC back office'),
  STAFF_INVITATION_HOURS: z.coerce.number().int().min(1).max(336).default(72),
  BACKOFFICE_ADMIN_EMAIL: z.email().optional(),
  BACKOFFICE_ADMIN_PASSWORD: z.string().min(12).optional(),
  /**
   * Four eyes: the reviewer who accepts the stages (maker) may not also confirm the approval or
   * activate the account (checker). Default true, false in sandbox mode unless set.
   */
  FOUR_EYES: bool.optional(),
  /** A reviewer's claim on an application lapses after this many idle minutes. */
  BACKOFFICE_CLAIM_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The queue colours an application's waiting age amber, then red, past these many hours. */
  BACKOFFICE_SLA_AMBER_HOURS: z.coerce.number().min(0.1).max(720).default(4),
  BACKOFFICE_SLA_RED_HOURS: z.coerce.number().min(0.1).max(720).default(24),
  BACKOFFICE_SLA_WORKING_HOURS: z.coerce.number().min(0.5).max(200).default(9),
  /** Evidence bundles one staff member may download per hour (each download is audited). */
  EVIDENCE_BUNDLES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  // an application sent back and left unanswered closes after this many days; reminders go out the
  // listed numbers of days before (Zerodha resets after 3 or 15 days)
  SEND_BACK_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(15),
  SEND_BACK_REMINDER_DAYS: z
    .string()
    .default('3,1')
    .transform((v) => [...new Set(commaList(v).map(Number))])
    .pipe(z.array(z.number().int().min(1).max(364)).max(5)),
});

export function backofficeSettings(e: z.output<typeof backofficeEnv>, mode: Mode) {
  const mfaMode: 'required' | 'optional' = e.STAFF_MFA ?? (mode.sandbox ? 'optional' : 'required');
  return {
    /** scrypt cost (log2 N) of new staff password hashes. */
    staffPasswordLogN: e.STAFF_PASSWORD_SCRYPT_LOG_N,
    staffPasswordMinScore: e.STAFF_PASSWORD_MIN_SCORE,
    staffLogin: {
      maxFailures: e.STAFF_LOGIN_MAX_FAILURES,
      lockoutSeconds: e.STAFF_LOGIN_LOCKOUT_SECONDS,
      delaySeconds: e.STAFF_LOGIN_DELAY_SECONDS,
    },
    /** Staff sign-in's second factor: required of every account, or only of enrolled ones. */
    staffMfa: { mode: mfaMode, issuer: e.STAFF_MFA_ISSUER },
    /** How long a staff invitation or password link works (hours). */
    staffInvitationHours: e.STAFF_INVITATION_HOURS,
    backofficeAdmin: { email: e.BACKOFFICE_ADMIN_EMAIL, password: e.BACKOFFICE_ADMIN_PASSWORD },
    /** A different staff member confirms the approval and activates the account (maker-checker). */
    fourEyes: e.FOUR_EYES ?? !mode.sandbox,
    /** The review queue: claim idle lapse and waiting-age colour thresholds. */
    backoffice: {
      claimIdleMinutes: e.BACKOFFICE_CLAIM_IDLE_MINUTES,
      slaAmberHours: e.BACKOFFICE_SLA_AMBER_HOURS,
      slaRedHours: e.BACKOFFICE_SLA_RED_HOURS,
      /** The reports' turnaround target: a decision taking longer (in working hours) is an SLA breach. */
      slaWorkingHours: e.BACKOFFICE_SLA_WORKING_HOURS,
      evidenceBundlesPerHour: e.EVIDENCE_BUNDLES_PER_HOUR,
      /** A send-back left unanswered closes after this many days, with reminders the listed days before. */
      sendBackExpiryDays: e.SEND_BACK_EXPIRY_DAYS,
      sendBackReminderDays: e.SEND_BACK_REMINDER_DAYS.filter((d) => d < e.SEND_BACK_EXPIRY_DAYS),
    },
  };
}
