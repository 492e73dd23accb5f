/**
 * The nominee rules of spec section 5 (and the rule set in force, regulation.ts): each nominee's
 * fields and the shares that must add up to 100. Written with zod/mini, as rules.ts.
 */
import * as z from 'zod/mini';
import {
  ADDRESS_FIELD_MAX,
  GUARDIAN_NAME_MAX,
  MINIMUM_AGE,
  MOBILE_LENGTH,
  NOMINEE_FIELDS,
  NOMINEE_MAX_AGE,
  NOMINEE_SHARE_TOTAL,
  PINCODE_LENGTH,
  type NomineeField,
} from './constants.ts';
import { ageOn, compareDays, parseDdMmYyyy, todayOf } from './dates.ts';
import { NOMINEE_RELATIONS } from './basic-enums.ts';
import { type MessageKey } from './messages.ts';
import { collapseSpaces, EMAIL_PATTERN, optionalText, PAN_PATTERN } from './rules.ts';
import { said, saying } from './said.ts';

/** An optional text field with its rules, '' when absent. */
const optionalWith = (...checks: Array<[(v: string) => boolean, MessageKey]>) =>
  z._default(z.optional(z.string().check(...checks.map(([ok, code]) => z.refine<string>(ok, saying(code))))), '');
const lettersOrEmpty = (v: string) => v === '' || /^[A-Za-z ]+$/.test(v);
const within100 = (v: string) => v.length <= ADDRESS_FIELD_MAX;

export const shareSchema = z
  .string(saying('fieldRequired'))
  .check(z.refine((v) => /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/.test(v), saying('shareInvalid')));

export interface NomineeSchemaOptions {
  now?: () => Date;
  /**
   * The fields the rule set in force makes mandatory (regulation.ts). By default the product
   * specification's: date of birth and share too. From 1 Sep 2026 only name and relationship, plus
   * date of birth and guardian for a minor.
   */
  mandatory?: readonly NomineeField[];
}

export function nomineeSchema({ now = () => new Date(), mandatory = NOMINEE_FIELDS }: NomineeSchemaOptions = {}) {
  const dobMandatory = mandatory.includes('date_of_birth');
  const shareMandatory = mandatory.includes('share');
  return z
    .object({
      first_name: z.string(saying('nameRequired')).check(
        z.refine((v) => v.length > 0, saying('nameRequired')),
        z.refine((v) => v.length <= ADDRESS_FIELD_MAX, saying('maxLength100')),
      ),
      last_name: optionalText,
      email: optionalWith(
        [within100, 'maxLength100'],
        [(v) => v === '' || v.length > ADDRESS_FIELD_MAX || EMAIL_PATTERN.test(v.toLowerCase()), 'nomineeEmail'],
      ),
      mobile: optionalWith([(v) => v === '' || (v.length === MOBILE_LENGTH && /^[6-9]\d+$/.test(v)), 'nomineeMobile']),
      dob: dobMandatory ? z.string(saying('invalidDate')) : optionalText,
      /** The applicant says the nominee is a minor: date of birth and guardian become mandatory. */
      is_minor: z._default(z.optional(z.boolean()), false),
      address: optionalWith([within100, 'maxLength100']),
      address2: optionalWith([within100, 'maxLength100']),
      pincode: optionalWith([(v) => v === '' || (v.length === PINCODE_LENGTH && /^\d+$/.test(v)), 'nomineePincode']),
      city: optionalWith([within100, 'maxLength100'], [lettersOrEmpty, 'lettersOnly']),
      state: optionalWith([lettersOrEmpty, 'lettersOnly']),
      country: z._default(z.optional(z.string()), 'India'),
      nominee_relation: z.enum(NOMINEE_RELATIONS, saying('fieldRequired')),
      percentage_share: shareMandatory
        ? shareSchema
        : z._default(z.optional(z.union([z.literal(''), shareSchema])), ''),
      proof_type: optionalText,
      identity_doc_type: z._default(z.optional(z.enum(['aadhaar', 'pan', ''])), ''),
      proof_number: z.pipe(
        optionalText,
        z.transform((v: string) => v.toUpperCase()),
      ),
      gaurdian_name: optionalText,
      same_address_flag: z._default(z.optional(z.boolean()), false),
    })
    .check(
      z.superRefine((v, ctx) => {
        const dob = parseDdMmYyyy(v.dob);
        const today = todayOf(now());
        if (v.dob === '' && !dobMandatory) {
          if (v.is_minor) ctx.addIssue(said('dobRequired', ['dob']));
          if (v.is_minor && collapseSpaces(v.gaurdian_name).length === 0)
            ctx.addIssue(said('guardianRequired', ['gaurdian_name']));
        } else if (!dob || compareDays(dob, today) > 0 || ageOn(dob, today) >= NOMINEE_MAX_AGE) {
          ctx.addIssue(said('invalidDate', ['dob']));
        } else if (ageOn(dob, today) < MINIMUM_AGE) {
          const g = collapseSpaces(v.gaurdian_name);
          if (g.length === 0) ctx.addIssue(said('guardianRequired', ['gaurdian_name']));
          else if (g.length > GUARDIAN_NAME_MAX) ctx.addIssue(said('guardianMax', ['gaurdian_name']));
        }
        if (v.identity_doc_type === 'aadhaar' && !/^\d{4}$/.test(v.proof_number))
          ctx.addIssue(said('aadhaarHint', ['proof_number']));
        if (v.identity_doc_type === 'pan' && !PAN_PATTERN.test(v.proof_number))
          ctx.addIssue(said('idNumberInvalid', ['proof_number']));
      }),
    );
}

export function totalShare(shares: readonly string[]): number {
  return Math.round(shares.reduce((sum, s) => sum + (Number(s) || 0), 0) * 100) / 100;
}

/**
 * Equal shares for n nominees in hundredths of a percent, the odd unit to the first nominee
 * (3 → 33.34, 33.33, 33.33).
 */
export function equalShares(n: number): string[] {
  if (n <= 0) return [];
  const base = Math.floor(10000 / n);
  const odd = 10000 - base * n;
  return Array.from({ length: n }, (_, i) => ((i === 0 ? base + odd : base) / 100).toFixed(2).replace(/\.00$/, ''));
}

/**
 * The shares a nominee list is saved with. With shares optional (the rule set says so), none given
 * means equal shares; some given must be all given and total NOMINEE_SHARE_TOTAL (100). Null with the error otherwise.
 */
export function resolveShares(
  shares: readonly string[],
  shareMandatory: boolean,
): { shares: string[]; error: null } | { shares: null; error: MessageKey } {
  const given = shares.filter((s) => s !== '');
  if (!shareMandatory && given.length === 0) return { shares: equalShares(shares.length), error: null };
  if (given.length !== shares.length) return { shares: null, error: 'shareEquals100' };
  const error = shareSubmitError(shares);
  return error ? { shares: null, error } : { shares: [...shares], error: null };
}

/** While typing: the total may not pass 100. */
export function shareTotalError(shares: readonly string[]): MessageKey | null {
  return totalShare(shares) > NOMINEE_SHARE_TOTAL ? 'shareOver100' : null;
}

/** On submit: the total must be exactly 100. */
export function shareSubmitError(shares: readonly string[]): MessageKey | null {
  const total = totalShare(shares);
  if (total > NOMINEE_SHARE_TOTAL) return 'shareOver100';
  return total === NOMINEE_SHARE_TOTAL ? null : 'shareEquals100';
}
