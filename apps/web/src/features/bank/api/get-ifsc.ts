import { ifscDetailsSchema } from '@ekyc/contracts/calls/get-ifsc';
import { IFSC_PATTERN } from '@ekyc/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const getIfsc = (ifsc: string) => apiGet('get-ifsc', ifscDetailsSchema, { ifsc });

/** The lookup runs once the IFSC has its 11 characters (section 5); codes never change, so it caches. */
export function useIfscLookup(ifsc: string) {
  return useQuery({
    queryKey: ['get-ifsc', ifsc],
    queryFn: () => getIfsc(ifsc),
    enabled: IFSC_PATTERN.test(ifsc),
    staleTime: Infinity,
    retry: false,
  });
}
