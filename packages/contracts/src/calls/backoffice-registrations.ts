import { z } from 'zod';
import { ANNUAL_INCOME, FAMILY_RELATIONS } from '../enums.ts';
import { emailSchema, otpSchema } from '../rules.ts';
import { replySchema } from '../envelope.ts';

/**
 * After approval (CONTRACT.md "After the applicant signs"): the registrations an application
 * needs to trade and their standing, for the back office.
 */
export const REGISTRATION_KINDS = ['ucc_nse', 'ucc_bse', 'ucc_mcx', 'bo_cdsl', 'bo_nsdl', 'kra', 'ckyc'] as const;
export type RegistrationKindCode = (typeof REGISTRATION_KINDS)[number];
/** `failed`: transient faults outlasted the retries (a dead-letter record, flagged for an operator). */
export const REGISTRATION_STATUSES = ['pending', 'submitted', 'accepted', 'rejected', 'on_hold', 'failed'] as const;

/** GET …/applications/{id}/registrations → data: one entry per registration needed. */
export const registrationEntrySchema = z.object({
  kind: z.enum(REGISTRATION_KINDS),
  status: z.enum(REGISTRATION_STATUSES),
  reference: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
  /** The date it must be done by, where the rule gives one (KRA: three working days). */
  deadline_at: z.string().nullable(),
  /** The rule in words ("Before the first order", ...). */
  deadline_rule: z.string(),
  /** Not accepted and past its deadline. */
  late: z.boolean(),
  /** Needs an operator: its retries ran out (status `failed`) and no retry has taken it up since. */
  flagged: z.boolean(),
});
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;
export const registrationListSchema = z.array(registrationEntrySchema);

export const registrationRetryParamsSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REGISTRATION_KINDS),
});

/** GET …/registrations/not-tradable: approved applications whose client cannot trade yet, oldest first. */
export const notTradableEntrySchema = z.object({
  id: z.string(),
  client_code: z.string(),
  approved_at: z.string(),
  age_hours: z.number(),
  /** The registrations still open: kind and status. */
  waiting: z.array(z.object({ kind: z.enum(REGISTRATION_KINDS), status: z.enum(REGISTRATION_STATUSES) })),
  /** Something needs an operator: a rejection, a hold, a failure, or a deadline passed. */
  needs_action: z.boolean(),
  late: z.boolean(),
  /** The registration documents are due to the client seven days from approval. */
  documents_due_at: z.string(),
});
export const notTradableListSchema = z.array(notTradableEntrySchema);
export type NotTradableEntry = z.infer<typeof notTradableEntrySchema>;

/**
 * POST …/applications/{id}/registrations/corrections: an operator corrects what a pre-check or a
 * registrar refused, from the client's own written request (named in `note`), before a retry.
 * A family declaration records that a shared mobile or email belongs to the client's family
 * (spouse, dependent child or dependent parent: the exchanges' rule for one contact per client).
 */
export const CORRECTION_FIELDS = ['email', 'annual_income', 'family_declaration'] as const;
const INCOME_CODES: readonly string[] = ANNUAL_INCOME.map((i) => i.code);

export type RegistrationCorrection = { note: string } & (
  | { field: 'email'; value: string }
  | { field: 'annual_income'; value: string }
  | { field: 'family_declaration'; relation: (typeof FAMILY_RELATIONS)[number]; holder_name: string }
);

/**
 * One object checked by what it corrects (not a discriminated union: that would add Zod code to
 * the first page's download, which shares Zod with the back office).
 */
export const registrationCorrectionSchema = z
  .object({
    field: z.enum(CORRECTION_FIELDS, 'Choose what to correct'),
    value: z.string().max(254).optional(),
    relation: z.string().max(40).optional(),
    holder_name: z.string().max(200).optional(),
    note: z.string().trim().min(5, 'Say what the correction is based on (the client’s request or document)').max(300),
  })
  .transform((v, ctx): RegistrationCorrection => {
    const refuse = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    if (v.field === 'email') {
      const email = emailSchema.safeParse(v.value ?? '');
      return email.success
        ? { field: 'email', value: email.data, note: v.note }
        : refuse('value', email.error.issues[0]!.message);
    }
    if (v.field === 'annual_income')
      return v.value && INCOME_CODES.includes(v.value)
        ? { field: 'annual_income', value: v.value, note: v.note }
        : refuse('value', 'Choose an income range');
    const relation = FAMILY_RELATIONS.find((r) => r === v.relation);
    if (!relation) return refuse('relation', 'Choose how the holder is related to the client');
    const holder = (v.holder_name ?? '').trim().replace(/\s+/g, ' ');
    if (holder.length < 2 || holder.length > 100) return refuse('holder_name', 'Enter the name of the family member');
    return { field: 'family_declaration', relation, holder_name: holder, note: v.note };
  });

export const registrationListReplySchema = replySchema(registrationListSchema);
/** POST …/registrations/{kind}/retry: the registration sent again. */
export const registrationRetryReplySchema = replySchema(registrationEntrySchema);
/**
 * A correction to a signed record takes two people (maker and checker): proposed, then approved by
 * a different checker or administrator; a new email is used only once the client confirms the OTP
 * sent to it (awaiting_otp), then applied. Or rejected.
 */
export const CORRECTION_STATUSES = ['proposed', 'awaiting_otp', 'applied', 'rejected'] as const;
/** POST …/registrations/corrections and its approval steps: the correction and where it stands. */
export const registrationCorrectionDataSchema = z.object({
  id: z.string(),
  field: z.enum(CORRECTION_FIELDS),
  status: z.enum(CORRECTION_STATUSES),
});
export const registrationCorrectionReplySchema = replySchema(registrationCorrectionDataSchema);
/** GET …/registrations/corrections: each correction with what it changes, for the checker. */
export const correctionViewSchema = registrationCorrectionDataSchema.extend({
  /** The new value (an email, an income range, or the family member's relation and name). */
  value: z.string(),
  note: z.string(),
  proposed_by: z.object({ id: z.string(), name: z.string() }),
  proposed_at: z.string(),
  decided_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The signed-in staff member proposed it, so another must approve it. */
  mine: z.boolean(),
});
export type CorrectionView = z.infer<typeof correctionViewSchema>;
export const correctionListReplySchema = replySchema(z.object({ corrections: z.array(correctionViewSchema) }));
/** POST …/corrections/{correction}/verify: the OTP the client received at the new email. */
export const correctionOtpBodySchema = z.object({ otp: otpSchema });
export const notTradableReplySchema = replySchema(notTradableListSchema);
