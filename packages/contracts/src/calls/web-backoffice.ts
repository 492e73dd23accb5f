/**
 * Back-office reply data the web reads that the call contracts do not name as schemas of their own:
 * compositions of the contracts' schemas, one per reply shape (each API route's `ok(...)` data).
 */
import { z } from 'zod';
import type { RuleDifference } from '../regulation.ts';
import type { ApplicationRuleSetData } from './backoffice-rule-set.ts';
import { assistedKycCallSchema } from './assisted-kyc.ts';
import { staffMemberSchema } from './backoffice-login.ts';
import { claimSchema } from './backoffice-operations.ts';
import { CORRECTION_FIELDS } from './backoffice-registrations.ts';

/** POST staff, POST password, POST staff/:id/active, GET me: the staff member as saved. */
export const staffMemberDataSchema = z.object({ staff: staffMemberSchema });

/** POST applications/:id/decisions. */
export const decisionDataSchema = z.object({
  status: z.string(),
  client_code: z.string().nullable(),
  awaiting_confirmation: z.boolean().optional(),
});

/** POST applications/:id/registrations/corrections. */
export const correctionDataSchema = z.object({ field: z.enum(CORRECTION_FIELDS) });

/** GET assisted-kyc: the calls to make; POST assisted-kyc/:applicant/done. */
export const assistedKycCallListSchema = z.array(assistedKycCallSchema);
export const assistedKycDoneDataSchema = z.object({ applicant_id: z.string() });

/** POST applications/:id/claim | release | assign. */
export const claimDataSchema = z.object({ claim: claimSchema.nullable() });

/** GET reviewers: who an admin may assign an application to. */
export const reviewerSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(['reviewer', 'admin']) });
export type Reviewer = z.infer<typeof reviewerSchema>;
export const reviewersDataSchema = z.object({ reviewers: z.array(reviewerSchema) });

/** GET/POST applications/:id/rule-set (the interfaces of backoffice-rule-set.ts as a schema). */
const ruleDifferenceSchema = z.custom<RuleDifference>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string',
);
export const applicationRuleSetDataSchema: z.ZodType<ApplicationRuleSetData> = z.object({
  id: z.string(),
  started_on: z.string(),
  moves: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      at: z.string(),
      by: z.string(),
      changes: z.array(ruleDifferenceSchema),
    }),
  ),
  newer: z.array(z.object({ id: z.string(), changes: z.array(ruleDifferenceSchema) })),
});
