import { decisionDataSchema } from '@ekyc/contracts/calls/backoffice-application';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { auditKey } from './get-audit-trail';
import { queueKey } from './list-applications';
import { staffRequest } from './staff-client';

/** Takes back a send-back made by mistake, while the applicant has not resubmitted the stage. */
export const withdrawSendBack = (id: string, stage: number) =>
  staffRequest('POST', `applications/${encodeURIComponent(id)}/withdraw-send-back`, decisionDataSchema, {
    body: { stage },
  });

export function useWithdrawSendBack(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stage: number) => withdrawSendBack(id, stage),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
