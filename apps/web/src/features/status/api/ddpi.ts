import { ddpiDataSchema } from '@ekyc/contracts/calls/ddpi';
import { esignConsentDataSchema } from '@ekyc/contracts/calls/esign-consent';
import { useMutation, useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

export const ddpiKey = ['ddpi'] as const;

/** The DDPI: chosen, its purposes, signed on its own or not. Asked again every 2 s while its popup signs. */
export function useDdpi(signing: boolean) {
  return useQuery({
    queryKey: ddpiKey,
    queryFn: () => applicantApi.data('GET', 'ddpi', ddpiDataSchema),
    refetchInterval: signing ? 2000 : false,
  });
}

/** Opens the DDPI's own eSign transaction: the popup's HTML. */
export function useStartDdpiSigning() {
  return useMutation({ mutationFn: () => applicantApi.post('ddpi/esign', esignConsentDataSchema) });
}
