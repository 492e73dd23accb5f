import { assistedKycDataSchema, type RequestAssistedKyc } from '@ekyc/contracts/calls/assisted-kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

const KEY = ['assisted-kyc'];

/** The booking and the days and slots offered; a refusal is an error (the page's LoadFailed or toast). */
export function useAssistedKyc() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => applicantApi.data('GET', 'get-assisted-kyc', assistedKycDataSchema),
  });
}

export function useBookAssistedKyc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestAssistedKyc) =>
      applicantApi.data('POST', 'request-assisted-kyc', assistedKycDataSchema, { body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

export function useCancelAssistedKyc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => applicantApi.data('POST', 'cancel-assisted-kyc', assistedKycDataSchema),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}
