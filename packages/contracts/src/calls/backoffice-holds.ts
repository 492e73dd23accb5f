import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { staffNoteTextSchema } from './backoffice-checker-queue.ts';

/**
 * An escalation hold: a reviewer or a supervisor stops the application's clock with a coded reason
 * and a note (a compliance question, a call to the exchange, a suspected fraud under review) and
 * releases it with another note. Held time is not the team's time: the reports' turnaround and SLA
 * breaches leave it out. At most one hold is open per application; every hold and release is
 * audited. The notes are staff's own words, never shown to the applicant.
 */
export const HOLD_REASONS = [
  'COMPLIANCE_REVIEW',
  'SUSPECTED_FRAUD',
  'THIRD_PARTY_CONFIRMATION',
  'SUPERVISOR_QUERY',
  'SYSTEM_ISSUE',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** POST …/applications/:id/hold: the hold's coded reason and why, in staff's words. */
export const holdBodySchema = z.object({
  reason_code: z.enum(HOLD_REASONS, 'Choose a reason'),
  note: staffNoteTextSchema,
});
export type HoldBody = z.infer<typeof holdBodySchema>;

/** POST …/applications/:id/hold/release: why the hold ends. */
export const releaseHoldBodySchema = z.object({ note: staffNoteTextSchema });
export type ReleaseHoldBody = z.infer<typeof releaseHoldBodySchema>;

export const holdSchema = z.object({
  reason_code: z.enum(HOLD_REASONS),
  note: z.string(),
  held_by: z.object({ staff_id: z.string(), name: z.string() }),
  held_at: z.string(),
  released_by: z.object({ staff_id: z.string(), name: z.string() }).nullable(),
  released_at: z.string().nullable(),
  release_note: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

/** The open hold (null when none) and the application's holds, latest first. */
export const holdsDataSchema = z.object({ current: holdSchema.nullable(), holds: z.array(holdSchema) });
export type HoldsData = z.infer<typeof holdsDataSchema>;
export const holdsReplySchema = replySchema(holdsDataSchema);

/** The flag of a held application in the queue. */
export const queueHoldSchema = z
  .object({ reason_code: z.enum(HOLD_REASONS), since: z.string() })
  .nullable()
  .optional();
