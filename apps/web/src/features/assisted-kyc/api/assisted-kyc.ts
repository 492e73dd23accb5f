import type { AssistedKycData, RequestAssistedKyc } from '@ekyc/contracts/calls/assisted-kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

const KEY = ['assisted-kyc'];

export function useAssistedKyc() {
  return useQuery({ queryKey: KEY, queryFn: () => apiGet<AssistedKycData>('get-assisted-kyc') });
}

export function useBookAssistedKyc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestAssistedKyc) => apiPost<AssistedKycData>('request-assisted-kyc', body),
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}

export function useCancelAssistedKyc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<AssistedKycData>('cancel-assisted-kyc'),
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}
