import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { staffNoteTextSchema } from './backoffice-checker-queue.ts';

/**
 * A document request: a reviewer asks the applicant for one more document without sending a stage
 * back (the stages keep their decisions). The applicant reads the note, uploads the file on a page
 * of the app, and the reviewer accepts or declines it; a request not yet decided may be cancelled.
 * While one is requested or answered the approval waits.
 */
export const DOCUMENT_REQUEST_KINDS = [
  'self_declaration',
  'bankers_letter',
  'address_proof',
  'income_proof',
  'other',
] as const;
export type DocumentRequestKind = (typeof DOCUMENT_REQUEST_KINDS)[number];

export const DOCUMENT_REQUEST_STATES = ['requested', 'answered', 'accepted', 'declined', 'cancelled'] as const;
export type DocumentRequestState = (typeof DOCUMENT_REQUEST_STATES)[number];

/** POST …/applications/:id/document-requests: what to send and the note the applicant reads. */
export const askDocumentBodySchema = z.object({
  kind: z.enum(DOCUMENT_REQUEST_KINDS, 'Choose the kind of document'),
  note: staffNoteTextSchema,
});
export type AskDocumentBody = z.infer<typeof askDocumentBodySchema>;

/** POST …/document-requests/:requestId/decision: accept or decline the answered file, with an optional note. */
export const decideDocumentBodySchema = z.object({
  decision: z.enum(['accept', 'decline'], 'Choose accept or decline'),
  note: z.string().trim().max(500, 'Use at most 500 characters').optional(),
});
export type DecideDocumentBody = z.infer<typeof decideDocumentBodySchema>;

export const documentRequestParamsSchema = z.object({
  id: z.uuid('Not an application id'),
  requestId: z.uuid('Not a document request id'),
});

const staffRefSchema = z.object({ staff_id: z.string(), name: z.string() });

export const staffDocumentRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_REQUEST_KINDS),
  note: z.string(),
  state: z.enum(DOCUMENT_REQUEST_STATES),
  requested_by: staffRefSchema,
  requested_at: z.string(),
  answered_at: z.string().nullable(),
  /** The answered file as a short-lived link bound to the reader's session (null before an answer). */
  file: z.object({ url: z.string(), content_type: z.string() }).nullable(),
  decided_by: staffRefSchema.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type StaffDocumentRequest = z.infer<typeof staffDocumentRequestSchema>;

/** An application's document requests, latest first, and how many hold the approval back. */
export const documentRequestsDataSchema = z.object({
  open: z.number(),
  requests: z.array(staffDocumentRequestSchema),
});
export type DocumentRequestsData = z.infer<typeof documentRequestsDataSchema>;
export const documentRequestsReplySchema = replySchema(documentRequestsDataSchema);
