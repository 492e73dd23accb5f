import type { ApprovalReply } from '@ekyc/contracts/calls/backoffice-application';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { auditKey } from './get-audit-trail';
import { queueKey } from './list-applications';
import { staffRequest } from './staff-client';

/** The checker's steps: confirm the approval (Approved), then activate the account (Completed). */
export const approveApplication = (id: string, step: 'confirm' | 'activate') =>
  staffRequest<ApprovalReply>('POST', `applications/${encodeURIComponent(id)}/${step}`);

export function useApproveApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: 'confirm' | 'activate') => approveApplication(id, step),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
