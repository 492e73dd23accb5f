/** The applicant's journey: OTPs, the spec's two readings, the selfie, reminders and retention. */
import { ESIGN_ESP_WINDOW_S, ESIGN_WINDOW_S, OTP_COUNTDOWN_S, OTP_RESEND_COUNTDOWN_S } from '@ekyc/contracts/constants';
import { z } from 'zod';
import { bool, commaList, type Mode } from './parse.ts';

export const journeyEnv = z.object({
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(5),
  OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
  /** Declarations: 3 required switches in one reading of the spec, 5 in the other. */
  DECLARATION_SWITCHES: z
    .enum(['3', '5'])
    .default('3')
    .transform((v) => Number(v) as 3 | 5),
  /**
   * The broker's own cap on nominee slots, below what the application's rule set allows
   * (regulation.ts: 3 from 1 Sep 2026, 10 from 1 Mar 2025). Unset: the rule set decides.
   */
  MAX_NOMINEES: z.coerce.number().int().min(1).max(10).optional(),
  /** Verification time shown to applicants: '1-2' working days or '7-10' business days. */
  VERIFICATION_DAYS: z.enum(['1-2', '7-10']).default('1-2'),
  /**
   * E-sign window: how long an ESP's answer is accepted after the request. The sandbox's default is
   * the spec's 120 s (90 s in one error text); with a real ESP it is the ESP's own signing session
   * (900 s: Aadhaar number, OTP by SMS and consent at the ESP take longer than 120 s).
   */
  ESIGN_WINDOW_SECONDS: z.coerce.number().int().min(30).max(3600).optional(),
  /** UPI offered as live (routes) or as 'coming soon' (some texts). */
  UPI_ENABLED: bool.default(true),
  /** UPI collect requests (to a typed UPI id), where the aggregator still allows them; UPI intent/QR is always offered. */
  UPI_COLLECT_ENABLED: bool.default(true),
  /** Resident individuals only, or also the FAQ's non-residents (both readings). */
  RESIDENT_ONLY: bool.default(true),
  OPEN_ACCOUNT_URL: z.string().default('/'),
  /** Lowest face-match score (0 to 1) that counts as the applicant's face; below it the selfie goes to a reviewer. */
  FACE_MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  /** A selfie whose device location is outside India: refused, or sent to a reviewer. */
  KYC_LOCATION_OUTSIDE_INDIA: z.enum(['refuse', 'review']).default('refuse'),
  /**
   * The actions the selfie step may ask for, none of them a blink (SEBI's KYC duties for persons
   * with disabilities): a code shown on screen (and to a screen reader) read aloud, a head turn. The
   * server picks one at random; an applicant who cannot do it asks for another of these.
   */
  KYC_LIVENESS_ACTIONS: z
    .string()
    .default('read_code,turn_head')
    .transform(commaList)
    .pipe(z.array(z.enum(['read_code', 'turn_head'])).min(1)),
  /**
   * How long after the server issues the random action its capture is accepted (seconds, by the
   * server's clock): a later capture is refused and the applicant gets a new action.
   */
  KYC_ACTION_WINDOW_SECONDS: z.coerce.number().int().min(30).max(900).default(300),
  /** An action the liveness provider cannot judge (a code read aloud; no frames): sent to a reviewer, or accepted. */
  KYC_ACTION_NOT_CHECKED: z.enum(['review', 'accept']).default('review'),
  /**
   * The country of the applicant's IP address (an offline database): outside India, or not where the
   * device says it is, sends the selfie to a reviewer; 'off' skips the check.
   */
  KYC_IP_COUNTRY: z.enum(['review', 'off']).default('review'),
  /** An address the database cannot place (loopback, private, unlisted): accepted as unknown, or sent to a reviewer. */
  KYC_IP_UNKNOWN: z.enum(['accept', 'review']).default('accept'),
  /**
   * An address in a listed hosting, cloud or VPN range (IP_HOSTING_SOURCE; the sandbox's own list
   * in sandbox mode) sends the selfie to a reviewer; 'off' skips the check.
   */
  KYC_IP_HOSTING: z.enum(['review', 'off']).default('review'),
  /** The hosting and VPN ranges list: a file path or an https address, one range a line (docs/configuration.md). */
  IP_HOSTING_SOURCE: z.string().min(1).optional(),
  /** The ranges list is read again after this many minutes (a new download is taken up without a restart). */
  IP_HOSTING_RELOAD_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Reminders to applicants who stopped: after this many hours without progress, at most REMINDER_MAX. */
  REMINDER_AFTER_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  REMINDER_MAX: z.coerce.number().int().min(0).max(10).default(2),
  /** How often the reminder job runs (minutes). */
  REMINDER_SWEEP_MINUTES: z.coerce.number().min(0.01).max(1440).default(15),
  /** An application abandoned before signing is erased after this many days without a change. */
  ABANDONED_PURGE_DAYS: z.coerce.number().int().min(30).max(3650).default(180),
  /** The applicant is told this many days before that purge (SMS, and email when known). */
  ABANDONED_NOTICE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
});

export function journeySettings(e: z.output<typeof journeyEnv>, mode: Mode) {
  return {
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      sendsPerHour: e.OTP_SENDS_PER_HOUR,
      countdownSeconds: OTP_COUNTDOWN_S,
      resendCountdownSeconds: OTP_RESEND_COUNTDOWN_S,
    },
    declarationSwitches: e.DECLARATION_SWITCHES,
    ...(e.MAX_NOMINEES !== undefined && { maxNominees: e.MAX_NOMINEES }),
    verificationDays: e.VERIFICATION_DAYS,
    // the spec's 120 s in the sandbox; an ESP's own session is longer in production
    esignWindowSeconds: e.ESIGN_WINDOW_SECONDS ?? (mode.sandbox ? ESIGN_WINDOW_S : ESIGN_ESP_WINDOW_S),
    upiEnabled: e.UPI_ENABLED,
    upiCollectEnabled: e.UPI_COLLECT_ENABLED,
    residentOnly: e.RESIDENT_ONLY,
    openAccountUrl: e.OPEN_ACCOUNT_URL,
    faceMatchThreshold: e.FACE_MATCH_THRESHOLD,
    locationOutsideIndia: e.KYC_LOCATION_OUTSIDE_INDIA,
    livenessActions: e.KYC_LIVENESS_ACTIONS,
    /** The random action's window and what an unjudged action does; the IP address's country rule. */
    livenessAction: { windowSeconds: e.KYC_ACTION_WINDOW_SECONDS, notChecked: e.KYC_ACTION_NOT_CHECKED },
    ipCountry: { check: e.KYC_IP_COUNTRY, unknown: e.KYC_IP_UNKNOWN },
    /** Hosting and VPN ranges: the check, the list's source (none: not checked outside the sandbox) and its reload. */
    ipHosting: {
      check: e.KYC_IP_HOSTING,
      ...(e.IP_HOSTING_SOURCE && { source: e.IP_HOSTING_SOURCE }),
      reloadMinutes: e.IP_HOSTING_RELOAD_MINUTES,
    },
    /** SMS reminders to applicants who stopped before signing (modules/reminders); max 0: none. */
    reminders: {
      afterHours: e.REMINDER_AFTER_HOURS,
      max: e.REMINDER_MAX,
      sweepMinutes: e.REMINDER_SWEEP_MINUTES,
    },
    /** Applications abandoned before signing: purged after these days, with a notice this many days before. */
    retention: {
      abandonedPurgeDays: e.ABANDONED_PURGE_DAYS,
      abandonedNoticeDays: Math.min(e.ABANDONED_NOTICE_DAYS, e.ABANDONED_PURGE_DAYS - 1),
    },
  };
}
