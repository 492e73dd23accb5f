import {
  type NominationRequestInput,
  serviceEsignDataSchema,
  serviceRequestViewSchema,
} from '@ekyc/contracts/calls/client-area';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';
import { myAccountKey } from './get-my-account';

const requestData = z.object({ request: serviceRequestViewSchema });

/** POST requests/nomination: a draft to sign. */
export function useRequestNomination() {
  return useMutation({
    mutationFn: (body: NominationRequestInput) => clientApi.data('POST', 'requests/nomination', requestData, { body }),
  });
}

/** POST requests/{id}/esign: the popup's form. */
export const startRequestSigning = (id: string) =>
  clientApi.data('POST', `requests/${encodeURIComponent(id)}/esign`, serviceEsignDataSchema);

/** GET requests/{id}: polled while the popup signs, until the request leaves its draft. */
export function useClientRequest(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['client-area', 'request', id],
    enabled: Boolean(id),
    queryFn: async () => {
      const data = await clientApi.data('GET', `requests/${encodeURIComponent(id!)}`, requestData);
      if (data.request.status !== 'draft') void queryClient.invalidateQueries({ queryKey: myAccountKey });
      return data.request;
    },
    refetchInterval: (q) => (q.state.data?.status === 'draft' ? 1500 : false),
  });
}
