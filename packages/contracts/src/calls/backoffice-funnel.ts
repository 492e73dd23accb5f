import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { saying } from '../said.ts';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, saying('invalidDate'));

/** GET /api/v1/backoffice/funnel: applicants who started in the period (and campaign) given. */
export const funnelQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  utm_source: z.string().max(100).optional(),
  utm_campaign: z.string().max(100).optional(),
  refcode: z.string().max(40).optional(),
});
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

export const funnelStageSchema = z.object({
  stage: z.number(),
  name: z.string(),
  reached: z.number(),
  /** Of those who reached this stage, how many never reached the next. */
  dropped: z.number(),
  drop_pct: z.number(),
  /** Median seconds from reaching this stage to reaching the next; null when nobody moved on. */
  median_seconds: z.number().nullable(),
});

export const funnelDataSchema = z.object({
  stages: z.array(funnelStageSchema),
  started: z.number(),
  options: z.object({
    utm_source: z.array(z.string()),
    utm_campaign: z.array(z.string()),
    refcode: z.array(z.string()),
  }),
  /**
   * Reminders by SMS to applicants who stopped, per step they stopped at (of the applicants who
   * started in the period): how many were reminded, and how many came back (moved on a stage after).
   */
  reminders: z.array(z.object({ stage: z.number(), reminded: z.number(), came_back: z.number() })).optional(),
});
export type FunnelData = z.infer<typeof funnelDataSchema>;

export const funnelReplySchema = replySchema(funnelDataSchema);
