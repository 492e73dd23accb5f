import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { staffNoteTextSchema } from './backoffice-checker-queue.ts';

/**
 * Closing cases: a final rejection with a coded reason, the expiry of an
 * application sent back and left unanswered, and a supervisor's reopening of either.
 */
export const CLOSURE_KINDS = ['rejected', 'expired'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

/** POST …/applications/:id/close: a final rejection with a configured reason (purpose `close`). */
export const closeBodySchema = z.object({
  code: z.string().trim().min(1, 'Choose a reason').max(40),
  /** Staff's own words: kept in the notes, never shown to the applicant. */
  note: z.string().trim().max(500).optional(),
});

/** POST …/applications/:id/reopen (supervisor): the closure undone, with why. */
export const reopenBodySchema = z.object({ note: staffNoteTextSchema });

export const closingDataSchema = z.object({ status: z.string() });
export const closingReplySchema = replySchema(closingDataSchema);
