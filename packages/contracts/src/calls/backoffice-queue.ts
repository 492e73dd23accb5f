import { z } from 'zod';
import { queueHoldSchema } from './backoffice-holds.ts';
import { replySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/**
 * Where an application stands for the back office: still being filled in, waiting for review,
 * approved (every stage accepted and confirmed by a checker, waiting for activation), sent back to
 * the applicant (a stage rejected), activated, or closed (finally rejected, or expired after a
 * send-back the applicant never answered).
 */
export const APPLICATION_STATUSES = ['Pending', 'Approved', 'Rejected', 'Completed', 'In progress', 'Closed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The queue's sortable columns. */
export const QUEUE_SORTS = ['waiting', 'created', 'stage', 'status', 'client_code', 'reviewer'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, saying('invalidDate'));

/** GET /api/v1/backoffice/applications: the review queue, oldest waiting first. */
export const queueQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  stage: z.coerce.number().int().min(110).max(220).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  utm_source: z.string().max(100).optional(),
  /**
   * A name (whole words or their beginnings), 4 or more digits of the mobile number, a PAN, the
   * beginning of a client code, an application id, an e-mail address or a BO id (searched through
   * keyed hashes, never shown unmasked in the list).
   */
  q: z.string().trim().max(100).optional(),
  /** Claims: `mine`, `unassigned`, or a staff member's id. */
  assigned: z.union([z.enum(['mine', 'unassigned']), z.uuid()]).optional(),
  sort: z.enum(QUEUE_SORTS).default('waiting'),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  pan: z.string().nullable(),
  name: z.string().nullable(),
  stage: z.number(),
  status: z.enum(APPLICATION_STATUSES),
  waiting_since: z.string(),
  created_at: z.string(),
  utm_source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  refcode: z.string().nullable(),
  client_code: z.string().nullable(),
  /** Failed checks the reviewer must see first (shown in red). */
  alerts: z.array(z.enum(['face_match', 'liveness', 'needs_review'])),
  /** The reviewer holding the application, if any claim is current. */
  claim: z.object({ staff_id: z.string(), name: z.string() }).nullable().optional(),
  /** An open escalation hold: its reason and since when (backoffice-holds.ts). */
  hold: queueHoldSchema,
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueDataSchema = z.object({
  items: z.array(queueItemSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.record(z.enum(APPLICATION_STATUSES), z.number()),
  /** Waiting-age thresholds in hours (amber, then red). */
  sla: z.object({ amber_hours: z.number(), red_hours: z.number() }).optional(),
});
export type QueueData = z.infer<typeof queueDataSchema>;

export const queueReplySchema = replySchema(queueDataSchema);
