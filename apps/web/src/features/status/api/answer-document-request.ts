import {
  answerDocumentRequestDataSchema,
  type AnswerDocumentRequestBody,
} from '@ekyc/contracts/calls/document-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST document-requests/:id/answer: the document a reviewer asked for; no stage moves. */
export const answerDocumentRequest = (id: string, body: AnswerDocumentRequestBody) =>
  apiPost(`document-requests/${encodeURIComponent(id)}/answer`, answerDocumentRequestDataSchema, body);

export function useAnswerDocumentRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerDocumentRequestBody) => answerDocumentRequest(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['application-status'] }),
  });
}
