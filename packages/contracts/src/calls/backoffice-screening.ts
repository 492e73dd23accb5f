import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import {
  HIT_STATUSES,
  MATCHED_ON,
  RISK_CATEGORIES,
  RISK_FACTORS,
  SCREENING_LISTS,
  SCREENING_STEPS,
} from '../screening.ts';
import { staffNoteTextSchema } from './backoffice-checker-queue.ts';

/**
 * Screening hits and the risk category in the back office: GET …/applications/:id/screening lists
 * the hits with the matched entry; POST …/screening/hits/:hitId resolves one (cleared with a note,
 * or confirmed: the approval stays refused and the reviewer closes the application).
 */
export const screeningEntrySchema = z.object({
  list: z.enum(SCREENING_LISTS),
  ref: z.string(),
  name: z.string(),
  date_of_birth: z.string().nullable(),
  /** What the list says besides (order date, listed on, nationality ...). */
  details: z.record(z.string(), z.string()),
});

export const screeningHitSchema = z.object({
  id: z.string(),
  entry: screeningEntrySchema,
  matched_on: z.enum(MATCHED_ON),
  score: z.number(),
  found_at_step: z.enum(SCREENING_STEPS),
  found_at: z.string(),
  status: z.enum(HIT_STATUSES),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type ScreeningHitView = z.infer<typeof screeningHitSchema>;

export const riskAssessmentSchema = z.object({
  category: z.enum(RISK_CATEGORIES),
  factors: z.array(z.enum(RISK_FACTORS)),
  rule_set: z.string(),
  assessed_at: z.string(),
});
export type RiskAssessmentView = z.infer<typeof riskAssessmentSchema>;

export const screeningDataSchema = z.object({
  hits: z.array(screeningHitSchema),
  risk: riskAssessmentSchema.nullable(),
  deceased: z.object({ marked_at: z.string(), marked_by: z.string() }).nullable(),
});
export const screeningReplySchema = replySchema(screeningDataSchema);

export const resolveHitBodySchema = z.object({
  outcome: z.enum(['cleared', 'confirmed']),
  note: staffNoteTextSchema,
});
export type ResolveHitBody = z.infer<typeof resolveHitBodySchema>;

/** POST …/applications/:id/deceased (a supervisor or an administrator): the demise recorded, with a note. */
export const markDeceasedBodySchema = z.object({ note: staffNoteTextSchema });
export const deceasedDataSchema = z.object({ marked_at: z.string(), stops: z.array(z.string()) });
export const deceasedReplySchema = replySchema(deceasedDataSchema);

/** POST …/screening/import (an administrator): the lists read again now, instead of at the next schedule. */
export const screeningImportDataSchema = z.object({
  lists: z.array(z.object({ list: z.enum(SCREENING_LISTS), entries: z.number(), changed: z.boolean() })),
});
export const screeningImportReplySchema = replySchema(screeningImportDataSchema);
