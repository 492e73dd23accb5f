import { breachSchema } from '@ekyc/contracts/calls/backoffice-privacy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { breachesKey } from './list-breaches';
import { staffRequest } from './staff-client';

export const markBoardNotified = (id: string) =>
  staffRequest('POST', `privacy/breaches/${encodeURIComponent(id)}/board-notified`, breachSchema);

export function useMarkBoardNotified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markBoardNotified,
    onSuccess: () => client.invalidateQueries({ queryKey: breachesKey }),
  });
}
