import {
  type AskDocumentBody,
  type DecideDocumentBody,
  documentRequestsDataSchema,
} from '@ekyc/contracts/calls/backoffice-document-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { staffData, staffRequest } from './staff-client';

export const documentRequestsKey = (id: string) => ['backoffice', 'document-requests', id] as const;

const base = (id: string) => `applications/${encodeURIComponent(id)}/document-requests`;

/** An application's document requests, latest first, with how many hold the approval back. */
export function useDocumentRequests(id: string) {
  return useQuery({
    queryKey: documentRequestsKey(id),
    queryFn: () => staffData('GET', base(id), documentRequestsDataSchema),
  });
}

export type DocumentRequestAction =
  | ({ type: 'ask' } & AskDocumentBody)
  | ({ type: 'decide'; requestId: string } & DecideDocumentBody)
  | { type: 'cancel'; requestId: string };

/** Asks the applicant for a document, accepts or declines an answer, or cancels a request. */
export function useDocumentRequestAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: DocumentRequestAction) => {
      if (action.type === 'ask')
        return staffRequest('POST', base(id), documentRequestsDataSchema, {
          body: { kind: action.kind, note: action.note },
        });
      const path = `${base(id)}/${encodeURIComponent(action.requestId)}`;
      return action.type === 'decide'
        ? staffRequest('POST', `${path}/decision`, documentRequestsDataSchema, {
            body: { decision: action.decision, ...(action.note && { note: action.note }) },
          })
        : staffRequest('POST', `${path}/cancel`, documentRequestsDataSchema);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: documentRequestsKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
      ]),
  });
}
