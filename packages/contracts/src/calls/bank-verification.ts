import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { ACCOUNT_TYPES } from '../enums.ts';
import { accountNumberSchema, accountTypeSchema, ifscSchema } from '../rules.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/** POST bank-verification?is_vpa=false: the penny drop of a manually entered account (section 7). */
export const bankVerificationQuerySchema = z.object({
  is_vpa: z
    .enum(['true', 'false'])
    .optional()
    .default('false')
    .transform((v) => v === 'true'),
});

export const bankVerificationRequestSchema = z
  .object({
    ifsc: ifscSchema,
    account_number: accountNumberSchema,
    account_type: z.pipe(accountTypeSchema, z.enum(ACCOUNT_TYPES, saying('accountTypeRequired'))),
    /** Branch fields from the lookup, echoed back; the server trusts its own lookup instead. */
    bank_name: z.string().max(200).optional(),
    branch: z.string().max(200).optional(),
    address: z.string().max(500).optional(),
    city: z.string().max(100).optional(),
    state: z.string().max(100).optional(),
    micr: z.string().max(20).optional(),
  })
  .meta({ examples: [{ ifsc: 'HDFC0000001', account_number: '50100123456789', account_type: 'Saving' }] });
export type BankVerificationRequest = z.input<typeof bankVerificationRequestSchema>;

/** How the holder name the bank returns compares with the name on PAN. */
export const NAME_MATCH_RESULTS = ['exact', 'close', 'mismatch'] as const;
export const NAME_MATCH_REASONS = [
  'identical',
  'order_swapped',
  'initials',
  'middle_name',
  'spelling',
  'joint_holder',
  'partial',
  'different',
  'not_available',
] as const;
export type NameMatchReason = (typeof NAME_MATCH_REASONS)[number];

export const nameMatchSchema = z.object({
  result: z.enum(NAME_MATCH_RESULTS),
  /** 0 to 100. */
  score: z.number(),
  reason: z.enum(NAME_MATCH_REASONS),
  bank_name_on_account: z.string(),
});
export type NameMatch = z.infer<typeof nameMatchSchema>;

export const bankVerificationDataSchema = z.object({
  screen: screenSchema,
  stage: z.number().optional(),
  name_match: nameMatchSchema.optional(),
});

/** A refusal names how the account holder's name matched, when it was compared. */
export const bankVerificationReplySchema = stageReplySchema(
  bankVerificationDataSchema,
  refusalDataSchema({ name_match: bankVerificationDataSchema.shape.name_match }),
);
