import { type HoldBody, holdsDataSchema, type ReleaseHoldBody } from '@ekyc/contracts/calls/backoffice-holds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { queueKey } from './list-applications';
import { staffData, staffRequest } from './staff-client';

export const holdsKey = (id: string) => ['backoffice', 'holds', id] as const;

/** An application's escalation holds, the open one (if any) as `current`. */
export function useHolds(id: string) {
  return useQuery({
    queryKey: holdsKey(id),
    queryFn: () => staffData('GET', `applications/${encodeURIComponent(id)}/holds`, holdsDataSchema),
  });
}

/** Puts the application on hold (its clock stops) or releases the hold. */
export function useHoldAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ({ kind: 'hold' } & HoldBody) | ({ kind: 'release' } & ReleaseHoldBody)) =>
      action.kind === 'hold'
        ? staffRequest('POST', `applications/${encodeURIComponent(id)}/hold`, holdsDataSchema, {
            body: { reason_code: action.reason_code, note: action.note },
          })
        : staffRequest('POST', `applications/${encodeURIComponent(id)}/hold/release`, holdsDataSchema, {
            body: { note: action.note },
          }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: holdsKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
