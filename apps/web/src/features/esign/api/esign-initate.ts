import { esignInitateDataSchema } from '@ekyc/contracts/calls/esign-initate';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

export const esignInitate = () => applicantApi.data('GET', 'esign-initate', esignInitateDataSchema);

/** The account-opening form to preview, download and sign. */
export function useEsignInitate(enabled: boolean) {
  return useQuery({
    queryKey: ['esign-initate'],
    queryFn: esignInitate,
    enabled,
    staleTime: 20 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}
