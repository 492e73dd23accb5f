/**
 * Every field rule of spec section 5 as a Zod schema with the spec's exact message.
 * The API validates requests with these and the web forms resolve with the same ones.
 * Written with zod/mini: the same schemas for a fraction of the bytes on a phone's first page
 * (they interoperate with classic zod objects in the call contracts).
 */
import * as z from 'zod/mini';
import {
  ACCOUNT_NUMBER_MAX,
  ACCOUNT_NUMBER_MIN,
  MINIMUM_AGE,
  MOBILE_LENGTH,
  NAME_MAX,
  NAME_MIN,
  PAN_LENGTH,
  PLACEHOLDER_EMAIL_LOCAL_PARTS,
  PLACEHOLDER_MOBILES,
  SIGNATURE_UPLOAD_MAX_BYTES,
  UPI_HANDLES,
} from './constants.ts';
import { ageOn, compareDays, parseDdMmYyyy, todayOf } from './dates.ts';
import { EDUCATION } from './basic-enums.ts';

import { type MessageKey } from './messages.ts';
import { said, saying } from './said.ts';

const text = (required: MessageKey) => z.string(saying(required));
type Ctx = Parameters<Parameters<typeof z.superRefine<unknown>>[0]>[1];
type Check<T> = (v: T, ctx: Ctx) => void;
/** A required string, normalised, then checked. */
const normalisedText = (required: MessageKey, normalise: (v: string) => string, check: Check<string>) =>
  z.pipe(text(required), z.transform(normalise)).check(z.superRefine(check));
export const optionalText = z._default(z.optional(z.string()), '');

// ---------- mobile, email, OTP ----------

export const normaliseMobile = (v: string) => v.replace(/\D/g, '');

export const mobileSchema = normalisedText('mobileRequired', normaliseMobile, (v, ctx) => {
  if (v.length === 0) ctx.addIssue(said('mobileRequired'));
  else if (!/^[6-9]/.test(v)) ctx.addIssue(said('mobileStart'));
  else if (v.length !== MOBILE_LENGTH) ctx.addIssue(said('mobileInvalid'));
  else if ((PLACEHOLDER_MOBILES as readonly string[]).includes(v)) ctx.addIssue(said('mobilePlaceholder'));
});

export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
export const normaliseEmail = (v: string) => v.trim().toLowerCase();

export const emailSchema = normalisedText('emailRequired', normaliseEmail, (v, ctx) => {
  if (v.length === 0) ctx.addIssue(said('emailRequired'));
  else if (v.length > 254 || !EMAIL_PATTERN.test(v)) ctx.addIssue(said('emailInvalid'));
  else if ((PLACEHOLDER_EMAIL_LOCAL_PARTS as readonly string[]).includes(v.split('@')[0]!))
    ctx.addIssue(said('emailPlaceholder'));
});

export const otpSchema = text('otpInvalid').check(z.refine((v) => /^\d{6}$/.test(v), saying('otpInvalid')));

// ---------- names ----------

export const collapseSpaces = (v: string) => v.replace(/\s+/g, ' ').trim();

/** Applicant name: letters only, 3 to 30 (section 5). */
export const nameSchema = normalisedText('nameRequired', collapseSpaces, (v, ctx) => {
  if (v.length === 0) ctx.addIssue(said('nameEnter'));
  else if (!/^[A-Za-z ]+$/.test(v)) ctx.addIssue(said('nameAlphabets'));
  else if (v.length < NAME_MIN) ctx.addIssue(said('nameMin'));
  else if (v.length > NAME_MAX) ctx.addIssue(said('nameMax'));
});

function parentNameSchema(required: MessageKey) {
  return normalisedText(required, collapseSpaces, (v, ctx) => {
    if (v.length === 0) ctx.addIssue(said(required));
    else if (!/^[A-Za-z ]+$/.test(v)) ctx.addIssue(said('nameAlphabets'));
    else if (v.length < NAME_MIN) ctx.addIssue(said('nameMin'));
    else if (v.length > NAME_MAX) ctx.addIssue(said('nameMax'));
  });
}
export const fatherNameSchema = parentNameSchema('fatherRequired');
export const motherNameSchema = parentNameSchema('motherRequired');

/**
 * Father's name prefilled from the locker's care_of: S/O, D/O, C/O removed, punctuation stripped.
 * The whole name: one longer than NAME_MAX is not cut without a word, the applicant is asked to
 * shorten it (section 5's limit) and the document's full name is kept beside theirs as evidence.
 */
export function cleanCareOf(careOf: string): string {
  return collapseSpaces(careOf.replace(/\b[SDCW]\s*\/\s*O\b\.?/gi, ' ').replace(/[^A-Za-z ]/g, ' '));
}

// ---------- PAN and date of birth ----------

/** Upper-cased and cut to 10 as the applicant types (section 5). */
export const normalisePan = (v: string) =>
  v
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PAN_LENGTH);
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** The fourth character 'P' marks an individual. */
export const isIndividualPan = (pan: string) => pan.charAt(3) === 'P';

export const panNumberSchema = normalisedText('panRequired', normalisePan, (v, ctx) => {
  if (v.length === 0) ctx.addIssue(said('panRequired'));
  else if (!PAN_PATTERN.test(v)) ctx.addIssue(said('panInvalid'));
  else if (!isIndividualPan(v)) ctx.addIssue(said('panNotIndividual'));
});

export const panNameSchema = normalisedText(
  'panNameRequired',
  (v) => collapseSpaces(v).toUpperCase(),
  (v, ctx) => {
    if (v.length === 0) ctx.addIssue(said('panNameRequired'));
    else if (/\d/.test(v)) ctx.addIssue(said('panNameDigits'));
    else if (v.length > NAME_MAX) ctx.addIssue(said('nameMax'));
  },
);

export interface DobOptions {
  /** The 18-years rule is skipped when a PAN record already exists (section 5). */
  requireAdult?: boolean;
  now?: () => Date;
}

export function dateOfBirthSchema({ requireAdult = true, now = () => new Date() }: DobOptions = {}) {
  return normalisedText(
    'dobRequired',
    (v) => v.trim(),
    (v, ctx) => {
      if (v.length === 0) return void ctx.addIssue(said('dobRequired'));
      const dob = parseDdMmYyyy(v);
      const today = todayOf(now());
      if (!dob || compareDays(dob, today) > 0) return void ctx.addIssue(said('invalidDate'));
      if (requireAdult && ageOn(dob, today) < MINIMUM_AGE) ctx.addIssue(said('dobAdult'));
    },
  );
}

// ---------- profiling ----------

export const EDUCATION_CODES = EDUCATION.map((e) => e.code) as [string, ...string[]];

export const educationSchema = z
  .object({
    education: z
      .string(saying('educationInvalid'))
      .check(z.refine((v) => EDUCATION_CODES.includes(v), saying('educationInvalid'))),
    other_education: optionalText,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.education === 'other' && collapseSpaces(v.other_education).length === 0)
        ctx.addIssue(said('otherEducationRequired', ['other_education']));
    }),
  );

/** Minimum years of an experience option, parsed from the digits of its code ('lt_1' is 0). */
export function experienceMinimumYears(code: string): number {
  if (code.startsWith('lt')) return 0;
  const digits = /\d+/.exec(code);
  return digits ? Number(digits[0]) : 0;
}

/** Trading experience counts from age 18: disabled when age minus 18 is below the option's minimum. */
export function isExperienceAllowed(code: string, age: number): boolean {
  return age - MINIMUM_AGE >= experienceMinimumYears(code);
}

export type DeclarationReading = 3 | 5;

/** All declarations must be on; one flow also requires the settle and preference switches (section 5). */
export function declarationsSchema(required: DeclarationReading) {
  const on = z.literal(true, saying('fieldRequired'));
  const base = { indian_citizen: on, resident_of_india: on, politically_exposed: on };
  return required === 5
    ? z.object({ ...base, settle: on, preference: on })
    : z.object({ ...base, settle: z._default(z.boolean(), true), preference: z._default(z.boolean(), true) });
}

// ---------- bank ----------

export const normaliseIfsc = (v: string) =>
  v
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 11);
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const ifscSchema = normalisedText('fieldRequired', normaliseIfsc, (v, ctx) => {
  if (v.length === 0) ctx.addIssue(said('fieldRequired'));
  else if (!IFSC_PATTERN.test(v)) ctx.addIssue(said('ifscInvalid'));
});

export const accountNumberSchema = text('accountRequired').check(
  z.superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue(said('accountRequired'));
    else if (!/^\d+$/.test(v)) ctx.addIssue(said('accountDigits'));
    else if (v.length < ACCOUNT_NUMBER_MIN) ctx.addIssue(said('accountMin'));
    else if (v.length > ACCOUNT_NUMBER_MAX) ctx.addIssue(said('accountMax'));
  }),
);

export const accountTypeSchema = z
  .string(saying('accountTypeRequired'))
  .check(z.refine((v) => v.length > 2, saying('accountTypeRequired')));

export const bankAccountFormSchema = z
  .object({
    ifsc: ifscSchema,
    account_number: accountNumberSchema,
    confirm_account_number: text('accountConfirmRequired').check(
      z.refine((v) => v.length > 0, saying('accountConfirmRequired')),
    ),
    account_type: accountTypeSchema,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.confirm_account_number !== v.account_number)
        ctx.addIssue(said('accountMismatch', ['confirm_account_number']));
    }),
  );

export const upiIdSchema = normalisedText(
  'upiRequired',
  (v) => v.trim(),
  (v, ctx) => {
    if (v.length === 0) return void ctx.addIssue(said('upiRequired'));
    const m = /^([a-zA-Z0-9._-]{2,256})@([a-zA-Z]{2,64})$/.exec(v);
    if (!m || !(UPI_HANDLES as readonly string[]).includes(m[2]!.toLowerCase())) ctx.addIssue(said('upiInvalid'));
  },
);

/** Handle suggestions after the @ sign. */
export function upiHandleSuggestions(input: string): string[] {
  const at = input.indexOf('@');
  if (at < 0) return [];
  const typed = input.slice(at + 1).toLowerCase();
  return UPI_HANDLES.filter((h) => h.startsWith(typed) && h !== typed).map((h) => `${input.slice(0, at)}@${h}`);
}

// ---------- uploads ----------

export type UploadKind =
  'cheque' | 'signature' | 'nomineeProof' | 'segmentProof' | 'identityDocument' | 'requestedDocument';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];
const UPLOAD_RULES: Record<UploadKind, { types: string[]; message: MessageKey; maxBytes?: number }> = {
  cheque: { types: IMAGE_TYPES, message: 'chequeType' },
  signature: { types: IMAGE_TYPES, message: 'chequeType', maxBytes: SIGNATURE_UPLOAD_MAX_BYTES },
  nomineeProof: { types: [...IMAGE_TYPES, 'application/pdf'], message: 'nomineeProofType' },
  segmentProof: { types: ['application/pdf'], message: 'segmentPdfOnly' },
  identityDocument: { types: [...IMAGE_TYPES, 'application/pdf'], message: 'nomineeProofType' },
  // a document a reviewer asked for (a banker's letter, a self-declaration): an image (compressed in the
  // browser first) or a PDF of at most 5 MB
  requestedDocument: {
    types: [...IMAGE_TYPES, 'application/pdf'],
    message: 'nomineeProofType',
    maxBytes: SIGNATURE_UPLOAD_MAX_BYTES,
  },
};

/** The message's key for a file that breaks the upload rule of its kind, or null when it is acceptable. */
export function uploadError(kind: UploadKind, file: { type: string; size: number }): MessageKey | null {
  const rule = UPLOAD_RULES[kind];
  if (!rule.types.includes(file.type)) return rule.message;
  if (rule.maxBytes !== undefined && file.size > rule.maxBytes) return 'signatureSize';
  return null;
}

/** The key of the message naming the types an upload kind accepts. */
export const uploadTypeMessage = (kind: UploadKind) => UPLOAD_RULES[kind].message;

/** The upload types a kind accepts, for the file input's accept attribute. */
export const uploadAccept = (kind: UploadKind) => UPLOAD_RULES[kind].types.join(',');

const DATA_URL_HEAD = /^data:[a-z]+\/[a-z0-9.+-]+;base64$/;
const isBase64Char = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;

/**
 * A data URL of base64 content: the head by a short pattern, the payload (megabytes) character by
 * character, since a pattern run over a payload of 7 MB could end in V8's "Maximum call stack size
 * exceeded" instead of an answer.
 */
export function isBase64DataUrl(v: string): boolean {
  const comma = v.indexOf(',');
  if (comma < 0 || !DATA_URL_HEAD.test(v.slice(0, comma))) return false;
  let i = comma + 1;
  while (i < v.length && isBase64Char(v.charCodeAt(i))) i++;
  if (i === comma + 1) return false;
  while (i < v.length && v.charCodeAt(i) === 61) i++;
  return i === v.length;
}

/** Base64 or data-URL content with its declared type. */
export const dataUrlSchema = z
  .string(saying('fieldRequired'))
  .check(z.refine(isBase64DataUrl, saying('fieldRequired')));

// ---------- segment ----------

export const segmentSelectionSchema = z
  .array(z.string(), saying('segmentRequired'))
  .check(z.refine((v) => v.length > 0, saying('segmentRequired')));

/** Agreement checkboxes (e-sign, DigiLocker) must be ticked. */
export const agreementSchema = z.literal(true, saying('agreeRequired'));
