import { backofficeServiceRequestSchema, type ServiceRejectionReasonCode } from '@ekyc/contracts/calls/client-area';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { staffData } from './staff-client';

export const serviceRequestsKey = (which: 'open' | 'closed') => ['backoffice', 'service-requests', which] as const;

/** The Requests queue: clients' signed requests in review or with the registries (or closed ones). */
export function useServiceRequests(which: 'open' | 'closed') {
  return useQuery({
    queryKey: serviceRequestsKey(which),
    queryFn: async () =>
      (
        await staffData('GET', 'service-requests', z.object({ requests: z.array(backofficeServiceRequestSchema) }), {
          query: { which },
        })
      ).requests,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'sent_to_registries') ? 3000 : false),
  });
}

type Decision =
  | { id: string; action: 'accept' | 'confirm' }
  | { id: string; action: 'reject'; reason_code: ServiceRejectionReasonCode };

/** The maker's accept, the checker's confirm (four eyes) or a rejection with its coded reason. */
export function useDecideServiceRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      staffData(
        'POST',
        `service-requests/${encodeURIComponent(d.id)}/${d.action}`,
        z.object({ request: backofficeServiceRequestSchema }),
        {
          ...(d.action === 'reject' && { body: { reason_code: d.reason_code } }),
        },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['backoffice', 'service-requests'] }),
  });
}
