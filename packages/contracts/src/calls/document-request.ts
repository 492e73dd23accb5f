import { z } from 'zod';
import { stageReplySchema } from '../envelope.ts';
import { dataUrlSchema } from '../rules.ts';
import { DOCUMENT_REQUEST_KINDS } from './backoffice-document-requests.ts';

/**
 * The applicant's side of a document request: the status page lists the requests waiting for a
 * file (get-application-status, `document_requests`), and the upload page answers one. Answering
 * changes no stage: the application stays in review.
 */
export const applicantDocumentRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_REQUEST_KINDS),
  /** The reviewer's note, as written. */
  note: z.string(),
  /** requested: waiting for the file; answered: sent, the reviewer looks at it. */
  state: z.enum(['requested', 'answered']),
  requested_at: z.string(),
});
export type ApplicantDocumentRequest = z.infer<typeof applicantDocumentRequestSchema>;

export const answerDocumentRequestParamsSchema = z.object({ id: z.uuid('Not a document request id') });

/** POST document-requests/:id/answer: the file (an image or a PDF), as a data URL. */
export const answerDocumentRequestBodySchema = z.object({ document: dataUrlSchema });
export type AnswerDocumentRequestBody = z.infer<typeof answerDocumentRequestBodySchema>;

export const answerDocumentRequestDataSchema = z.object({ request: applicantDocumentRequestSchema });
export type AnswerDocumentRequestData = z.infer<typeof answerDocumentRequestDataSchema>;
export const answerDocumentRequestReplySchema = stageReplySchema(answerDocumentRequestDataSchema);
