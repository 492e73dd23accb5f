import { approvalReplySchema } from '@ekyc/contracts/calls/backoffice-application';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { auditKey } from './get-audit-trail';
import { queueKey } from './list-applications';
import { staffRequest } from './staff-client';

/** The checker's step: confirm the approval (Approved); the registrations lead to Completed. */
export const approveApplication = (id: string, step: 'confirm') =>
  staffRequest('POST', `applications/${encodeURIComponent(id)}/${step}`, approvalReplySchema);

export function useApproveApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: 'confirm') => approveApplication(id, step),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
