import type { ConsentsData, RequestErasureRequest, UpdateConsentRequest } from '@ekyc/contracts/calls/consents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

const KEY = ['consents'];

export function useConsents() {
  return useQuery({ queryKey: KEY, queryFn: () => apiGet<ConsentsData>('get-consents') });
}

export function useUpdateConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConsentRequest) => apiPost<ConsentsData>('update-consent', body),
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}

export function useRequestErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestErasureRequest) =>
      apiPost<ConsentsData & { signed_out: boolean }>('request-erasure', body),
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}
