import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { APPLICATION_STATUSES } from './backoffice-queue.ts';

/** GET /api/v1/backoffice/reports: the review team's reports over the last `days` days. */
export const reportsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

export const REVIEW_ROLES = ['maker', 'checker'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

export const reportsDataSchema = z.object({
  days: z.number(),
  /** team: everyone's figures; own: the signed-in staff member's alone. */
  scope: z.enum(['team', 'own']),
  /** A decision taking longer than this (working hours) is an SLA breach. */
  sla_working_hours: z.number(),
  /** Per staff member and role: applications decided (not stages), turnaround and breaches. */
  people: z.array(
    z.object({
      staff_id: z.string(),
      name: z.string(),
      role: z.enum(REVIEW_ROLES),
      applications: z.number(),
      stage_decisions: z.number(),
      sent_back: z.number(),
      median_working_hours: z.number().nullable(),
      breaches: z.number(),
    }),
  ),
  /** The decisions over the SLA, the longest first (at most 100). */
  breaches: z.array(
    z.object({
      applicant_id: z.string(),
      staff_id: z.string(),
      name: z.string(),
      role: z.enum(REVIEW_ROLES),
      waiting_from: z.string(),
      decided_at: z.string(),
      working_hours: z.number(),
    }),
  ),
  /** Applications sent back per reason code per week (the Monday, IST). */
  reasons: z.array(z.object({ week: z.string(), code: z.string(), applications: z.number() })),
  /** Of the applications confirmed in the period, those never sent back. */
  first_time_right: z.object({ approved: z.number(), first_time: z.number(), rate: z.number().nullable() }),
  /** Who confirmed whose work: applications per maker and checker. */
  pairs: z.array(
    z.object({
      maker_id: z.string(),
      maker: z.string(),
      checker_id: z.string(),
      checker: z.string(),
      applications: z.number(),
    }),
  ),
  /** Time in each review status of the applications confirmed in the period (calendar hours). */
  states: z.object({
    medians: z.array(
      z.object({ status: z.enum(APPLICATION_STATUSES), median_hours: z.number(), applications: z.number() }),
    ),
    /** The most recently confirmed applications (at most 50), each with its hours per status. */
    applications: z.array(
      z.object({
        id: z.string(),
        approved_at: z.string(),
        hours: z.record(z.enum(APPLICATION_STATUSES), z.number()),
      }),
    ),
  }),
});
export type ReportsData = z.infer<typeof reportsDataSchema>;
export const reportsReplySchema = replySchema(reportsDataSchema);
