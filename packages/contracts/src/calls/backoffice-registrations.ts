import { z } from 'zod';
import { ANNUAL_INCOME } from '../enums.ts';
import { emailSchema } from '../rules.ts';

/**
 * After approval (CONTRACT.md "After the applicant signs"): the registrations an application
 * needs to trade and their standing, for the back office.
 */
export const REGISTRATION_KINDS = ['ucc_nse', 'ucc_bse', 'ucc_mcx', 'bo_cdsl', 'bo_nsdl', 'kra', 'ckyc'] as const;
export type RegistrationKindCode = (typeof REGISTRATION_KINDS)[number];
export const REGISTRATION_STATUSES = ['pending', 'submitted', 'accepted', 'rejected', 'on_hold'] as const;

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
});
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;
export const registrationListSchema = z.array(registrationEntrySchema);

export const registrationRetryParamsSchema = z.object({
  id: z.string().max(64),
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
  /** Something needs an operator: a rejection, a hold, or a deadline passed. */
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
export const FAMILY_RELATIONS = ['spouse', 'dependent_child', 'dependent_parent'] as const;
const correctionNote = z
  .string()
  .trim()
  .min(5, 'Say what the correction is based on (the client’s request or document)')
  .max(300);
export const registrationCorrectionSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('email'), value: emailSchema, note: correctionNote }),
  z.object({
    field: z.literal('annual_income'),
    value: z.enum(ANNUAL_INCOME.map((i) => i.code) as [string, ...string[]], 'Choose an income range'),
    note: correctionNote,
  }),
  z.object({
    field: z.literal('family_declaration'),
    relation: z.enum(FAMILY_RELATIONS, 'Choose how the holder is related to the client'),
    holder_name: z.string().trim().min(2, 'Enter the name of the family member').max(100),
    note: correctionNote,
  }),
]);
export type RegistrationCorrection = z.infer<typeof registrationCorrectionSchema>;
export const CORRECTION_FIELDS = ['email', 'annual_income', 'family_declaration'] as const;
