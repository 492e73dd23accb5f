import { clientKycDataSchema } from '@ekyc/contracts/calls/client-rekyc';
import { useQuery } from '@tanstack/react-query';
import { clientApi } from './client-api';

export const clientKycKey = ['client-area', 'kyc'] as const;

/** GET kyc: the KRA's status of the client's KYC today, and what to do about it. */
export function useClientKyc() {
  return useQuery({
    queryKey: clientKycKey,
    queryFn: () => clientApi.data('GET', 'kyc', clientKycDataSchema),
    staleTime: 60_000,
  });
}
