import { assistedKycCallsDataSchema, assistedKycDoneDataSchema } from '@ekyc/contracts/calls/backoffice-assisted-kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffData } from './staff-client';

const key = ['backoffice', 'assisted-kyc'] as const;

/** The assisted video KYC calls to make, earliest first. */
export function useAssistedKycCalls() {
  return useQuery({
    queryKey: key,
    queryFn: () => staffData('GET', 'assisted-kyc', assistedKycCallsDataSchema),
    refetchInterval: 30_000,
  });
}

export function useMarkCallDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applicantId: string) =>
      staffData('POST', `assisted-kyc/${encodeURIComponent(applicantId)}/done`, assistedKycDoneDataSchema),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
