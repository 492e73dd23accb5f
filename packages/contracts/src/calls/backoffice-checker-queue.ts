import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/**
 * The checker's queue: applications whose every stage a maker accepted, waiting
 * for a second staff member to confirm the approval; the maker's note comes with each one.
 */

/** A note staff leave on an application: never shown to the applicant. */
export const NOTE_KINDS = ['handover', 'return', 'override', 'internal', 'closure', 'reopen'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export const staffNoteSchema = z.object({
  kind: z.enum(NOTE_KINDS),
  /** The stage an `override` note explains (a check failed or not run, accepted anyway). */
  stage: z.number().nullable(),
  note: z.string(),
  staff_name: z.string(),
  at: z.string(),
});
export type StaffNote = z.infer<typeof staffNoteSchema>;

/** A note's text as staff write it. */
export const staffNoteTextSchema = z
  .string()
  .trim()
  .min(3, 'Write at least 3 characters')
  .max(500, 'Use at most 500 characters');

/** GET /api/v1/backoffice/applications/awaiting-confirmation: oldest waiting first. */
export const awaitingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const awaitingItemSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  name: z.string().nullable(),
  waiting_since: z.string(),
  /** The staff whose accepts stand (names). */
  makers: z.array(z.string()),
  /** The maker's latest note for the checker (null when they left none). */
  note: z.string().nullable(),
  /** Whether the viewer may confirm it (four eyes: not one of its makers). */
  can_confirm: z.boolean(),
  /** A partial approval: the segment codes held back pending their proof (empty when none). */
  held_segments: z.array(z.string()),
  claim: z.object({ staff_id: z.string(), name: z.string() }).nullable(),
});
export const awaitingDataSchema = z.object({ items: z.array(awaitingItemSchema), total: z.number() });
export type AwaitingData = z.infer<typeof awaitingDataSchema>;
export const awaitingReplySchema = replySchema(awaitingDataSchema);

/** GET …/awaiting-confirmation/next?after=<id>: the oldest the viewer may confirm that nobody else holds. */
export const awaitingNextQuerySchema = z.object({ after: z.string().max(64).optional() });

/** POST /api/v1/backoffice/applications/bulk-confirm: each confirmed on its own, four-eyed and audited. */
export const bulkConfirmBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export const bulkConfirmDataSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), outcome: z.enum(['confirmed', 'skipped']), reason: z.string().nullable() }),
  ),
});
export type BulkConfirmData = z.infer<typeof bulkConfirmDataSchema>;
export const bulkConfirmReplySchema = replySchema(bulkConfirmDataSchema);

/** POST …/applications/:id/return-to-maker: the checker hands it back with a note. */
export const returnToMakerBodySchema = z.object({ note: staffNoteTextSchema });
export const returnToMakerDataSchema = z.object({ status: z.string(), returned_to: z.string().nullable() });
export const returnToMakerReplySchema = replySchema(returnToMakerDataSchema);

/** GET/POST …/applications/:id/notes: the staff notes of one application, oldest first. */
export const notesDataSchema = z.object({ notes: z.array(staffNoteSchema) });
export const notesReplySchema = replySchema(notesDataSchema);
export const addNoteBodySchema = z.object({ note: staffNoteTextSchema });
