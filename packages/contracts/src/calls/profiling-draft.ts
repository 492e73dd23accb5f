import { z } from 'zod';
import { stageReplySchema } from '../envelope.ts';

/** The client-profiling sub-steps in order (section 2); the declaration closes the stage. */
export const PROFILING_STEPS = [
  'occupation',
  'trading-experience',
  'annual-income',
  'gender-and-marital',
  'education',
  'identification',
  'plans',
  'declaration',
] as const;
export type ProfilingStep = (typeof PROFILING_STEPS)[number];

const short = z.string().max(40).optional();
const words = z.string().max(100).optional();

/**
 * What the applicant has chosen so far. Kept server-side per sub-step so a reload resumes at the
 * same sub-step with its values; checked in full only by personal-details-update.
 */
export const profilingDraftValuesSchema = z.object({
  occupation: short,
  trading_experience: short,
  income: short,
  gender: short,
  gender_confirmed: z.boolean().optional(),
  marital_status: short,
  education: short,
  other_education: words,
  mother_name: words,
  father_name: words,
  plan_selected: short,
  preference_selected: short,
  indian_citizen: z.boolean().optional(),
  resident_of_india: z.boolean().optional(),
  politically_exposed: z.boolean().optional(),
  settle: z.boolean().optional(),
  preference: z.boolean().optional(),
  bsda: z.boolean().optional(),
  family_relation: z.string().max(40).optional(),
  family_holder_name: z.string().max(200).optional(),
});
export type ProfilingDraftValues = z.infer<typeof profilingDraftValuesSchema>;

/** POST save-profiling-draft: the sub-step to resume at and the values so far. */
export const saveProfilingDraftRequestSchema = z.object({
  step: z.enum(PROFILING_STEPS),
  values: profilingDraftValuesSchema,
});
export type SaveProfilingDraftRequest = z.infer<typeof saveProfilingDraftRequestSchema>;

/**
 * GET get-profiling-draft: the saved sub-step and values, what the documents prefill (gender from
 * DigiLocker or PAN, father's name from the Aadhaar care_of), the age from the PAN date of birth
 * for the experience rule, and how many declaration switches are required (3 or 5, configurable).
 */
export const profilingDraftDataSchema = z.object({
  step: z.enum(PROFILING_STEPS),
  values: profilingDraftValuesSchema,
  prefill: z.object({ gender: z.string().optional(), father_name: z.string().optional() }),
  age: z.number().int().nullable(),
  declaration_switches: z.union([z.literal(3), z.literal(5)]),
  /** Another applicant gives the same email: the declaration page asks for the family declaration. */
  shared_email: z.literal(true).optional(),
});
export type ProfilingDraftData = z.infer<typeof profilingDraftDataSchema>;

export const profilingDraftReplySchema = stageReplySchema(profilingDraftDataSchema);

/** POST save-profiling-draft: the sub-step saved. */
export const saveProfilingDraftDataSchema = z.object({ step: z.string() });
export const saveProfilingDraftReplySchema = stageReplySchema(saveProfilingDraftDataSchema);
