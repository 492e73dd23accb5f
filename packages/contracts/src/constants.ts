/** Business constants and limits of spec section 9. */
export const OTP_LENGTH = 6;
export const OTP_COUNTDOWN_S = 30;
export const OTP_RESEND_COUNTDOWN_S = 20;
export const MOBILE_LENGTH = 10;
export const PINCODE_LENGTH = 6;
export const PAN_LENGTH = 10;
export const IFSC_LENGTH = 11;
export const ACCOUNT_NUMBER_MIN = 9;
export const ACCOUNT_NUMBER_MAX = 18;
export const NAME_MIN = 3;
export const NAME_MAX = 30;
export const GUARDIAN_NAME_MAX = 20;
export const ADDRESS_FIELD_MAX = 100;
export const MINIMUM_AGE = 18;
export const NOMINEE_MAX_AGE = 100;

/**
 * The e-sign window (section 9): 120 s, the timer's reading; the other reading, 90 s, is the
 * time-limit error's own text (MSG.timeLimit90). A deployment sets another with ESIGN_WINDOW_SECONDS.
 */
export const ESIGN_WINDOW_S = 120;
/**
 * The e-sign window with a real ESP: its own signing session (Aadhaar number, OTP by SMS and consent
 * at the ESP take longer than 120 s). The default of ESIGN_WINDOW_SECONDS outside the sandbox.
 */
export const ESIGN_ESP_WINDOW_S = 900;
export const ESIGN_TIMER_COLOUR_STEPS_S = [20, 15, 10] as const;

export const LIVENESS_POLL_MS = 2000;
export const LIVENESS_POLL_CAP_MS = 120000;
export const UPI_WAIT_S = 58;
export const UPI_LOADER_S = 120;
export const PROGRESS_ANIMATION_S = 2;
export const PROGRESS_STEPS = 12;
/** Each accepted or pending step's share of the bar, as section 4 gives it (12 × 8.33, the last step 100). */
export const PROGRESS_STEP_PERCENT = 8.33;

export const DEFAULT_MAX_NOMINEES = 3;
/** The nominee fields a rule set may make mandatory (regulation.ts). */
export const NOMINEE_FIELDS = ['name', 'relationship', 'date_of_birth', 'share'] as const;
export type NomineeField = (typeof NOMINEE_FIELDS)[number];
export const NOMINEE_SHARE_TOTAL = 100;
export const SIGNATURE_UPLOAD_MAX_BYTES = 5242880;
export const SIGNATURE_MIN_POINTS = 50;
export const SIGNATURE_CROP_ASPECT = 16 / 9;
export const SIGNATURE_ZOOM_STEP = 0.1;
export const SIGNATURE_ROTATION_STEP = 90;
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_MAX_PX = 800;
export const SELFIE_PX = 300;
export const ESIGN_POPUP = { width: 400, height: 700 } as const;
export const OTP_CONTACT_TRUNCATE = 20;
export const FILE_NAME_TRUNCATE = 15;
export const DIGILOCKER_AGREEMENT_TRUNCATE = 90;
export const DIGILOCKER_VALUE_TRUNCATE = 36;
export const DIGILOCKER_VALUE_TRUNCATE_OVER = 40;

export const PENNY_DROP_AMOUNT_RS = 1;
/** Both readings of the verification time (section 1). */
export const VERIFICATION_DAYS = { primary: '1 to 2 working days', alternative: '7 to 10 business days' } as const;

export const DEMAT_HOLDING_PROOF_LIMIT = 10000;
export const SALARY_SLIP_MAX_AGE_MONTHS = 3;
export const BANK_STATEMENT_MONTHS = 6;
export const MARKET_DATA_DELAY_MIN = 15;
export const MOBILE_VIEWPORT_MAX_PX = 1024;

/** Placeholder contact data the exchanges refuse (BSE notice 20210503-41; regulation.ts). */
export const PLACEHOLDER_MOBILES = ['6666666666', '1111100000'] as const;
export const PLACEHOLDER_EMAIL_LOCAL_PARTS = ['notprovided'] as const;

export const DEFAULT_PLAN = 'premium';
export const DEFAULT_SETTLEMENT = 'Quarterly';

/** The five languages of section 1, by the spec's own codes: the one list the API and the web read. */
export const LANGUAGES = ['en', 'hi', 'be', 'gu', 'mar'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's BCP 47 tag (HTML lang, Accept-Language, Intl): the spec's be is bn, its mar is mr. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en', hi: 'hi', be: 'bn', gu: 'gu', mar: 'mr' };
/** The tag with India's region, for dates and numbers written the Indian way (bn-IN). */
export const localeOf = (language: Language) => `${LANGUAGE_TAGS[language]}-IN`;
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
/** The language of a BCP 47 tag by its primary subtag (hi-IN → hi, bn → be, mr → mar); null for one the app lacks. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => LANGUAGE_TAGS[language] === primary) ?? null;
}
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  be: 'বাংলা',
  gu: 'ગુજરાતી',
  mar: 'मराठी',
};

/** The 23 allowed UPI handle suffixes (section 5). */
export const UPI_HANDLES = [
  'upi',
  'ybl',
  'okaxis',
  'okhdfcbank',
  'okicici',
  'oksbi',
  'paytm',
  'ibl',
  'axl',
  'apl',
  'ptyes',
  'ptaxis',
  'pthdfc',
  'ptsbi',
  'axisbank',
  'icici',
  'sbi',
  'hdfcbank',
  'kotak',
  'yesbank',
  'idfcbank',
  'airtel',
  'freecharge',
] as const;
