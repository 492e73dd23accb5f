import { bulkConfirmDataSchema } from '@ekyc/contracts/calls/backoffice-checker-queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { awaitingKey } from './list-awaiting-confirmation';
import { queueKey } from './list-applications';
import { staffData } from './staff-client';

/** Confirms several approvals, each on its own (four eyes and the audit per application). */
export function useBulkConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      staffData('POST', 'applications/bulk-confirm', bulkConfirmDataSchema, { body: { ids } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: awaitingKey }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
