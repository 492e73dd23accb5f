import { z } from 'zod';
import { stageReplySchema } from '../envelope.ts';

/**
 * The demat account's kind and the DDPI (regulation.ts): a Basic Services Demat Account by default
 * for an eligible applicant, a regular one only on the applicant's explicit, recorded choice; DDPI
 * optional and separate, never a precondition.
 */
export const DEMAT_ACCOUNT_TYPES = ['bsda', 'regular'] as const;

export const REGULAR_ACCOUNT_DECLARATION =
  'Although I am eligible for a Basic Services Demat Account (BSDA), I choose to open a regular demat account and understand that its annual maintenance charges may be higher.';

export const dematChoiceRequestSchema = z
  .object({
    account_type: z.enum(DEMAT_ACCOUNT_TYPES),
    /** The applicant already holds a demat account as sole or first holder (not eligible for a BSDA). */
    holds_other_demat: z.boolean().optional().default(false),
    /** The explicit declaration a regular account needs when the applicant is eligible for a BSDA. */
    regular_declaration: z.boolean().optional().default(false),
    /** The optional DDPI, signed separately. */
    ddpi: z.boolean().optional().default(false),
  })
  .strict();

export const dematChoiceDataSchema = z.object({
  account_type: z.enum(DEMAT_ACCOUNT_TYPES),
  /** 'default' until the applicant chooses. */
  chosen: z.enum(['default', 'explicit']),
  eligible_for_bsda: z.boolean(),
  holds_other_demat: z.boolean(),
  bsda_slabs: z.array(z.object({ upTo: z.number(), amc: z.number() })),
  regular_declaration: z.string(),
  ddpi: z.object({ opted: z.boolean(), purposes: z.array(z.string()) }),
  rule_set: z.string(),
});
export type DematChoiceData = z.infer<typeof dematChoiceDataSchema>;

export const dematChoiceReplySchema = stageReplySchema(dematChoiceDataSchema);
