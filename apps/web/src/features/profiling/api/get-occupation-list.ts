import { profilingListDataSchema } from '@ekyc/contracts/calls/get-occupation-list';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

/** GET get-occupation-list: the options with their five labels; they rarely change, so cached for the session. */
export async function getOccupationList() {
  return applicantApi.data('GET', 'get-occupation-list', profilingListDataSchema);
}

export const useOccupationList = () =>
  useQuery({ queryKey: ['profiling-list', 'occupation'], queryFn: getOccupationList, staleTime: Infinity });
