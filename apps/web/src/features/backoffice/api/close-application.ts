import { closingDataSchema } from '@ekyc/contracts/calls/backoffice-closing';
import { reasonsDataSchema } from '@ekyc/contracts/calls/backoffice-reasons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { auditKey } from './get-audit-trail';
import { queueKey } from './list-applications';
import { notesKey } from './staff-notes';
import { staffData, staffRequest } from './staff-client';

/** The coded reasons in their current version (send-back and closing). */
export function useReasons() {
  return useQuery({
    queryKey: ['backoffice', 'reasons'],
    queryFn: () => staffData('GET', 'reasons', reasonsDataSchema),
    staleTime: 60_000,
  });
}

/** A final rejection (close) or a supervisor's reopening of a closed application. */
export function useClosing(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'close'; code: string; note?: string } | { kind: 'reopen'; note: string }) =>
      staffRequest('POST', `applications/${encodeURIComponent(id)}/${action.kind}`, closingDataSchema, {
        body: action.kind === 'close' ? { code: action.code, note: action.note } : { note: action.note },
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: notesKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
