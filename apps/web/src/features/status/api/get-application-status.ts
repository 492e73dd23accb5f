import { getApplicationStatusDataSchema } from '@ekyc/contracts/calls/get-application-status';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

export const getApplicationStatus = () =>
  applicantApi.data('GET', 'get-application-status', getApplicationStatusDataSchema);

/** The review status; refreshed when the profile socket reports a change (the back office decided). */
export function useApplicationStatus(version: unknown) {
  return useQuery({ queryKey: ['application-status', version], queryFn: getApplicationStatus, staleTime: 15_000 });
}
